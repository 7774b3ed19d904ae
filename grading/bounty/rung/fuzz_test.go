package rung

import (
	"errors"
	"testing"
)

// FuzzParse: Parse never panics; what it accepts is a rung of the ladder, which reads
// back as itself by number, by label and by its worth on the hundred-point scale.
func FuzzParse(f *testing.F) {
	for _, tc := range parseTests {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrNoRung) {
				t.Fatalf("Parse(%q) error %v is not ErrNoRung", s, err)
			}
			return
		}
		if r.Rung < 0 || r.Rung > 5 {
			t.Fatalf("Parse(%q) = rung %d", s, r.Rung)
		}
		for _, again := range []string{r.Rung.String(), r.Rung.Label(), itoa(r.Rung.Worth()) + "/100"} {
			r2, err := Parse(again)
			if err != nil || r2.Rung != r.Rung {
				t.Fatalf("Parse(%q) = %d; Parse(%q) = %d, %v", s, r.Rung, again, r2.Rung, err)
			}
		}
	})
}
