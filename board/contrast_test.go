package board

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	tokenRE  = regexp.MustCompile(`--((?:fg|bg)-[a-z]+):\s*#([0-9a-f]{6});`)
	colourRE = regexp.MustCompile(`(?i)#[0-9a-f]{3,8}\b|\brgba?\(|\bhsla?\(`)
	varRE    = regexp.MustCompile(`var\(--([a-z-]+)\)`)
	declRE   = regexp.MustCompile(`--([a-z-]+):`)
)

// schemes returns the light and dark :root blocks of the style sheet and the rest of it.
func schemes(t *testing.T) (light, dark, rest string) {
	t.Helper()
	i := strings.Index(style, ":root {")
	j := strings.Index(style[i:], "}") + i
	m := strings.Index(style, "@media (prefers-color-scheme: dark) {")
	k := strings.Index(style[m:], ":root {") + m
	l := strings.Index(style[k:], "}") + k
	if i < 0 || m < j || k < m {
		t.Fatal("style sheet lacks the light :root block followed by the dark one")
	}
	return style[i:j], style[k:l], style[:i] + style[j:k] + style[l:]
}

func colours(t *testing.T, block string) (fg, bg map[string]string) {
	t.Helper()
	fg, bg = map[string]string{}, map[string]string{}
	for _, m := range tokenRE.FindAllStringSubmatch(block, -1) {
		if strings.HasPrefix(m[1], "fg-") {
			fg[m[1]] = m[2]
		} else {
			bg[m[1]] = m[2]
		}
	}
	return fg, bg
}

// luminance is the WCAG 2 relative luminance of an sRGB colour written as 6 hex digits.
func luminance(hex string) float64 {
	v, _ := strconv.ParseUint(hex, 16, 32)
	ch := func(shift uint) float64 {
		c := float64((v>>shift)&0xff) / 255
		if c <= 0.04045 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(16) + 0.7152*ch(8) + 0.0722*ch(0)
}

// contrast is the WCAG 2 contrast ratio of two colours, from 1 to 21.
func contrast(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// TestContrastRatioIsWCAGs: the ratio computed here is WCAG's on known pairs.
func TestContrastRatioIsWCAGs(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want float64
	}{{"000000", "ffffff", 21}, {"ffffff", "ffffff", 1}, {"777777", "ffffff", 4.48}, {"767676", "ffffff", 4.54}} {
		if got := contrast(tc.a, tc.b); math.Abs(got-tc.want) > 0.01 {
			t.Errorf("contrast(#%s, #%s) = %.3f, want %.2f", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestTextContrastPassesWCAGAA: WCAG 2.1 SC 1.4.3: every text colour the style sheet
// declares reaches 4.5:1 on every background it declares, in the light and the dark
// scheme, and no rule names a colour outside those two blocks.
func TestTextContrastPassesWCAGAA(t *testing.T) {
	light, dark, rest := schemes(t)
	lfg, lbg := colours(t, light)
	dfg, dbg := colours(t, dark)
	if len(lfg) < 3 || len(lbg) < 2 {
		t.Fatalf("light scheme declares %d text and %d background colours", len(lfg), len(lbg))
	}
	for name, set := range map[string][2]map[string]string{"light": {lfg, lbg}, "dark": {dfg, dbg}} {
		for f, fc := range set[0] {
			for b, bc := range set[1] {
				if r := contrast(fc, bc); r < 4.5 {
					t.Errorf("%s: --%s #%s on --%s #%s: contrast %.2f, want >= 4.5", name, f, fc, b, bc, r)
				}
			}
		}
	}
	for _, pair := range [][2]map[string]string{{lfg, dfg}, {lbg, dbg}} {
		for k := range pair[0] {
			if _, ok := pair[1][k]; !ok {
				t.Errorf("--%s has no dark value", k)
			}
		}
	}
	if m := colourRE.FindString(rest); m != "" {
		t.Errorf("a rule outside the colour blocks names a colour: %q", m)
	}
	declared := map[string]bool{}
	for _, m := range declRE.FindAllStringSubmatch(light, -1) {
		declared[m[1]] = true
	}
	for _, m := range varRE.FindAllStringSubmatch(style, -1) {
		if !declared[m[1]] {
			t.Errorf("var(--%s) is used but not declared in :root", m[1])
		}
	}
}
