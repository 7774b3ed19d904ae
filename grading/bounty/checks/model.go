package checks

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// answer is the arena_compile schema: {"checks":[{"criterion","expr","mandatory"}]}.
type answer struct {
	Checks []struct {
		Criterion string `json:"criterion"`
		Expr      string `json:"expr"`
		Mandatory bool   `json:"mandatory"`
	} `json:"checks"`
}

// ErrUnparsable is returned by Decode for an answer that is not arena_compile JSON.
var ErrUnparsable = errors.New("compile answer is not arena_compile JSON")

// Decode reads a model compiler's answer to pending and returns its checks as
// candidates, with the criteria it left uncompiled. A check is matched to a pending
// criterion by its text (case and spacing ignored); a check naming no pending
// criterion is dropped with its reason, since a model cannot add criteria to a rubric.
// The model's "mandatory" is not used: Criterion.Mandatory comes from the rubric's own
// words. An answer wrapped in a ``` fence is accepted.
func Decode(text string, pending []Criterion) (cands []Candidate, uncompiled []Criterion, dropped []string, err error) {
	var a answer
	if err := json.Unmarshal([]byte(unfence(text)), &a); err != nil {
		return nil, pending, nil, fmt.Errorf("%w: %v", ErrUnparsable, err)
	}
	byKey := map[string]Criterion{}
	for _, c := range pending {
		byKey[key(c.Text)] = c
	}
	answered := map[string]bool{}
	for _, ch := range a.Checks {
		c, ok := byKey[key(ch.Criterion)]
		if !ok {
			dropped = append(dropped, "criterion not in the rubric: "+clip(ch.Expr))
			continue
		}
		answered[c.Text] = true
		cands = append(cands, Candidate{Criterion: c, Expr: strings.TrimSpace(ch.Expr), Source: FromModel})
	}
	for _, c := range pending {
		if !answered[c.Text] {
			uncompiled = append(uncompiled, c)
		}
	}
	return cands, uncompiled, dropped, nil
}

// key is the form criteria are matched in: bullet marker, case, spacing and the
// prompt's neutralised angle brackets ignored.
func key(s string) string {
	s = strings.NewReplacer("＜", "<", "＞", ">").Replace(strings.TrimSpace(s))
	return strings.ToLower(strings.Join(strings.Fields(strings.TrimPrefix(s, "- ")), " "))
}

// unfence strips a surrounding ``` or ```json fence.
func unfence(s string) string {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "```") {
		return s
	}
	s = strings.TrimPrefix(s, "```")
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return strings.TrimSuffix(strings.TrimSpace(s), "```")
}
