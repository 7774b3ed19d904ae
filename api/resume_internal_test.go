package api

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// FuzzParseHeight: a resume point from outside is accepted exactly when it is a
// decimal block height that fits in 64 bits, and then names that height; anything else
// is a 400 [EXPECTED] naming the parameter, never a panic or a 500.
func FuzzParseHeight(f *testing.F) {
	for _, s := range []string{"0", "7", "007", "18446744073709551615", "18446744073709551616", "", "-1", "+1", " 1", "1e3", "0x10", "٣"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		h, ok, err := parseHeight("since", v)
		digits := v != "" && strings.Trim(v, "0123456789") == ""
		if err != nil {
			st, d := classify(err)
			if st != http.StatusBadRequest || d.Class != "EXPECTED" || !strings.HasPrefix(d.Message, `since must be a block height (a decimal number), got "`) {
				t.Fatalf("parseHeight(%q) refused with %d %+v", v, st, d)
			}
			if digits && len(strings.TrimLeft(v, "0")) <= 19 {
				t.Fatalf("parseHeight(%q) refused a height: %v", v, err)
			}
			return
		}
		if !ok || !digits {
			t.Fatalf("parseHeight(%q) = %d, %v; want a refusal", v, h, ok)
		}
		if want := strings.TrimLeft(v, "0"); strconv.FormatUint(h, 10) != max(want, "0") {
			t.Fatalf("parseHeight(%q) = %d", v, h)
		}
	})
}
