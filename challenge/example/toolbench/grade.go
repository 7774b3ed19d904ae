package toolbench

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/arena/arena/challenge/abi"
)

// Score weights of a tool case, in micros.
const (
	full       = 1_000_000
	half       = full / 2
	toolWeight = 250_000
	argsWeight = 250_000
	factWeight = 500_000
)

// Grade grades a transcript against the dataset it was run on: one grade per case, in the
// dataset's order. It reads only what the host recorded (responses and served calls).
func Grade(d abi.Dataset, t abi.Transcript) (abi.Grades, error) {
	if d.Bench != Name || d.Version != Version {
		return abi.Grades{}, fmt.Errorf("toolbench: the dataset is %s version %d, not %s version %d", d.Bench, d.Version, Name, Version)
	}
	if len(t.Cases) != len(d.Cases) {
		return abi.Grades{}, fmt.Errorf("toolbench: the transcript has %d cases; the dataset has %d", len(t.Cases), len(d.Cases))
	}
	gs := abi.Grades{Cases: make([]abi.Grade, 0, len(d.Cases))}
	for i, c := range d.Cases {
		rec := t.Cases[i]
		if rec.ID != c.ID {
			return abi.Grades{}, fmt.Errorf("toolbench: transcript case %d is %q; the dataset's is %q", i, rec.ID, c.ID)
		}
		var k Key
		if err := json.Unmarshal(c.Key, &k); err != nil {
			return abi.Grades{}, fmt.Errorf("toolbench: case %s: key: %w", c.ID, err)
		}
		gs.Cases = append(gs.Cases, gradeCase(c.ID, k, rec))
	}
	return gs, nil
}

// call is one served tool call, decoded. A request that does not decode has no name.
type call struct {
	name string
	args map[string]any
	raw  string
}

func toolCalls(rec abi.Record) []call {
	var cs []call
	for _, c := range rec.Calls {
		if c.Channel != abi.ChannelTool {
			continue
		}
		var req struct {
			Name string         `json:"name"`
			Args map[string]any `json:"args"`
		}
		if json.Unmarshal([]byte(c.Request), &req) != nil {
			req.Name, req.Args = "", nil
		}
		cs = append(cs, call{req.Name, req.Args, c.Request})
	}
	return cs
}

func gradeCase(id string, k Key, rec abi.Record) abi.Grade {
	calls := toolCalls(rec)
	g := abi.Grade{ID: id, Kind: k.Kind, Category: k.Category, ActualTools: len(calls),
		ExpectedTools: len(k.Calls), Group: k.Group, GroupRole: k.Role}
	ok := rec.Outcome == abi.OutcomeOK
	for _, c := range calls {
		if c.name != MemoryWrite && c.name != MemorySearch {
			g.NonMemoryCalls++
		}
	}
	if k.Kind == KindTool {
		g.Observed = ok && len(calls) > 0
		g.Score = toolScore(k, calls, rec.Response)
		return g
	}
	g.Observed = ok
	g.MemoryOnly = true
	g.Score, g.Notes = memoryScore(k, calls, rec.Response)
	if k.Category == "lifecycle-write" {
		g.LifecycleWrite, g.ExpectedTools = true, 1
	}
	return g
}

// toolScore is 0 unless an expected tool was called through the endpoint; otherwise the
// weighted fractions of expected tools called, expected calls with exact args, and facts
// carried by the response.
func toolScore(k Key, calls []call, resp string) int64 {
	var named, exact int64
	for _, e := range k.Calls {
		for _, c := range calls {
			if c.name == e.Name {
				named++
				break
			}
		}
		for _, c := range calls {
			if c.name == e.Name && argsMatch(e.Args, c.args) {
				exact++
				break
			}
		}
	}
	if named == 0 {
		return 0
	}
	var facts int64
	for _, f := range k.Facts {
		if contains(resp, f) {
			facts++
		}
	}
	n := int64(len(k.Calls))
	s := toolWeight*named/n + argsWeight*exact/n
	if len(k.Facts) > 0 {
		s += factWeight * facts / int64(len(k.Facts))
	}
	return s
}

// argsMatch compares every expected argument as trimmed, case-folded text; a JSON number
// is written in its shortest form. Extra arguments are ignored.
func argsMatch(want map[string]string, got map[string]any) bool {
	for name, w := range want {
		v, ok := got[name]
		if !ok {
			return false
		}
		var s string
		switch v := v.(type) {
		case string:
			s = v
		case float64:
			s = strconv.FormatFloat(v, 'f', -1, 64)
		default:
			return false
		}
		if !strings.EqualFold(strings.TrimSpace(s), w) {
			return false
		}
	}
	return true
}

func memoryScore(k Key, calls []call, resp string) (int64, []string) {
	switch k.Category {
	case "delete":
		if acknowledges(resp, forgetAcks) && !contains(resp, k.Forget) {
			return full, nil
		}
		return 0, nil
	case "lifecycle-write":
		var s int64
		for _, c := range calls {
			if c.name == MemoryWrite && strings.Contains(c.raw, k.Write) {
				s = half
				break
			}
		}
		if acknowledges(resp, writeAcks) {
			s += half
		}
		return s, nil
	case "canary":
		if contains(resp, k.Canary) {
			return 0, []string{abi.NoteCanaryLeak}
		}
	case "temporal":
		if hasNumber(resp, k.Answer) {
			return full, nil
		}
		return 0, nil
	}
	if contains(resp, k.Answer) {
		return full, nil
	}
	return 0, nil
}

// contains reports whether s holds sub, case-folded; an empty sub is never held.
func contains(s, sub string) bool {
	return sub != "" && strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// hasNumber reports whether s holds the number n as a whole: "18" is in "18 months" but
// not in "180 months" or "1.18".
func hasNumber(s, n string) bool {
	for i := 0; n != ""; {
		j := strings.Index(s[i:], n)
		if j < 0 {
			return false
		}
		at, end := i+j, i+j+len(n)
		if (at == 0 || !numeric(s[at-1])) && (end == len(s) || !numeric(s[end])) {
			return true
		}
		i = at + 1
	}
	return false
}

func numeric(b byte) bool { return b >= '0' && b <= '9' || b == '.' }
