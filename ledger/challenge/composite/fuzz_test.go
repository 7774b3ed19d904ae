package composite

import (
	"encoding/json"
	"testing"

	"github.com/arena/arena/challenge/abi"
)

// FuzzScore: grades come from a bench module, so Score is fed whatever one writes. It
// never panics, and whatever it accepts it scores within range, with factors that only
// reduce.
func FuzzScore(f *testing.F) {
	f.Add([]byte(`{"cases":[{"id":"a","kind":"tool","score":1000000,"observed":true,"expected_tools":1,"actual_tools":9}]}`))
	f.Add([]byte(`{"cases":[{"id":"a","kind":"memory","category":"canary","score":0,"notes":["canary-leak"]},{"id":"b","kind":"memory","score":3,"group":"g","observed":true}]}`))
	f.Add([]byte(`{"cases":[{"id":"a","kind":"tool","score":-1}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var g abi.Grades
		if json.Unmarshal(b, &g) != nil {
			return
		}
		r, err := Score(g.Cases)
		if err != nil {
			return
		}
		if r.Composite < 0 || r.Composite > One || r.SE < 0 || r.SE > One || r.Gate <= 0 || r.Gate > One ||
			r.E > One || r.M > One || r.O > One || r.C > One || r.N != len(g.Cases) {
			t.Fatalf("out of range: %+v", r)
		}
	})
}
