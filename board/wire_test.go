package board

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/arena/arena/ledger"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// decoder reads the data block back into cards, as board.js's expand does: a number
// where a string belongs is an index into the string table, and a field left out is
// its zero.
type decoder struct {
	table []string
	err   error
}

type obj = map[string]any

// decodeData parses the text of the data block into its page size, top rung and cards.
func decodeData(data string) (size, top int, cards []card, err error) {
	var raw struct {
		N   int               `json:"n"`
		Top int               `json:"top"`
		S   []string          `json:"s"`
		C   []json.RawMessage `json:"c"`
	}
	dec := json.NewDecoder(strings.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return 0, 0, nil, err
	}
	d := &decoder{table: raw.S}
	for i, m := range raw.C {
		var o obj
		if err := json.Unmarshal(m, &o); err != nil {
			return 0, 0, nil, fmt.Errorf("card %d: %w", i, err)
		}
		cards = append(cards, d.card(o))
	}
	return raw.N, raw.Top, cards, d.err
}

func (d *decoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf(format, args...)
	}
}

func (d *decoder) str(o obj, k string) string {
	switch v := o[k].(type) {
	case nil:
		return ""
	case string:
		return v
	case float64:
		if int(v) < 0 || int(v) >= len(d.table) || float64(int(v)) != v {
			d.fail("%s: no string %v in the table", k, v)
			return ""
		}
		return d.table[int(v)]
	default:
		d.fail("%s: %T where a string belongs", k, v)
		return ""
	}
}

func (d *decoder) num(o obj, k string) int {
	switch v := o[k].(type) {
	case nil:
		return 0
	case float64:
		return int(v)
	default:
		d.fail("%s: %T where a number belongs", k, v)
		return 0
	}
}

func (d *decoder) flag(o obj, k string) bool {
	switch v := o[k]; v {
	case nil:
		return false
	case float64(1):
		return true
	default:
		d.fail("%s: %v where 1 or nothing belongs", k, v)
		return false
	}
}

func (d *decoder) list(o obj, k string) []any {
	v, _ := o[k].([]any)
	if _, ok := o[k]; ok && v == nil {
		d.fail("%s: not a list", k)
	}
	return v
}

func (d *decoder) strs(o obj, k string) []string {
	var out []string
	for _, v := range d.list(o, k) {
		out = append(out, d.str(obj{"v": v}, "v"))
	}
	return out
}

func (d *decoder) objs(o obj, k string) []obj {
	var out []obj
	for _, v := range d.list(o, k) {
		m, ok := v.(obj)
		if !ok {
			d.fail("%s: %T where an object belongs", k, v)
		}
		out = append(out, m)
	}
	return out
}

func (d *decoder) card(o obj) card {
	c := card{ID: ledger.EntryID(d.num(o, "i")), Task: ledger.TaskID(d.num(o, "t")), TaskTitle: d.str(o, "tt"),
		Solver: d.str(o, "so"), Seq: d.num(o, "q"), Filed: d.str(o, "f"), State: d.str(o, "st"),
		Outcome: d.str(o, "o"), Bond: d.str(o, "b"), WorkURL: d.str(o, "wu"), Work: d.str(o, "w"),
		WorkCut: d.flag(o, "wc"), Status: d.str(o, "ss"), Uncrossed: d.flag(o, "ux")}
	c.WorkLen = len(c.Work)
	if _, ok := o["wl"]; ok {
		c.WorkLen = d.num(o, "wl")
	}
	if g, ok := o["g"].(obj); ok {
		c.Grade = d.grade(g)
	}
	if a, ok := o["a"].(obj); ok {
		c.Appeal = &appealCard{Appellant: d.str(a, "ap"), Argument: d.str(a, "ar"), Bond: d.str(a, "b"),
			Round: ledger.RoundID(d.num(a, "r")), Against: ledger.RoundID(d.num(a, "ag")), Filed: d.str(a, "f"),
			Outcome: d.str(a, "o"), Bounty: d.str(a, "bo"), Panel: d.num(a, "pn"), Quorum: d.num(a, "qu")}
	}
	if p, ok := o["pl"].(obj); ok {
		c.Place = &placeCard{Rank: d.num(p, "rk"), Share: d.str(p, "sh"), Amount: d.str(p, "am")}
	}
	for _, m := range d.objs(o, "tm") {
		c.Team = append(c.Team, memberCard{Address: d.str(m, "a"), Share: d.str(m, "sh"), Prize: d.str(m, "p"), Bond: d.str(m, "bd")})
	}
	for _, r := range d.objs(o, "r") {
		c.Rounds = append(c.Rounds, d.round(r))
	}
	for _, x := range d.objs(o, "x") {
		c.Crossings = append(c.Crossings, crossCard{Sink: d.str(x, "s"), Tx: d.str(x, "tx"), HTTP: d.num(x, "h"), At: d.str(x, "at")})
	}
	return c
}

func (d *decoder) grade(o obj) *gradeCard {
	return &gradeCard{Round: ledger.RoundID(d.num(o, "r")), Attempt: d.num(o, "at"), Tier: d.num(o, "ti"),
		Label: d.str(o, "l"), JudgedTier: d.num(o, "jt"), JudgedLabel: d.str(o, "jl"), JudgedScore: d.num(o, "js"),
		Score: d.num(o, "sc"), Diff: d.str(o, "d"), Verdict: d.str(o, "v"), Error: d.str(o, "e"),
		Causes: d.strs(o, "ca"), Reason: d.str(o, "re"), Rationale: d.str(o, "ra"), Checks: d.checks(o),
		Prose: d.strs(o, "pr"), Dropped: d.strs(o, "dr"), NoDet: d.flag(o, "nd"), Similarity: d.num(o, "si"), Excluded: d.num(o, "ex"),
		DuplicateOf: ledger.EntryID(d.num(o, "du")), Digest: d.str(o, "wd"), Leader: d.str(o, "le"),
		Agreed: d.strs(o, "ag"), Disagreed: d.strs(o, "di"), Failed: d.strs(o, "fa"), Settled: d.str(o, "se"), AppealUntil: d.str(o, "au")}
}

func (d *decoder) checks(o obj) []checkCard {
	var out []checkCard
	for _, c := range d.objs(o, "ch") {
		out = append(out, checkCard{Criterion: d.str(c, "c"), Expr: d.str(c, "x"), Kind: d.str(c, "k"),
			Source: d.str(c, "so"), Passed: d.flag(c, "p"), Error: d.str(c, "e")})
	}
	return out
}

func (d *decoder) round(o obj) roundCard {
	r := roundCard{ID: ledger.RoundID(d.num(o, "i")), Regrade: d.flag(o, "rg"), Argument: d.str(o, "ar"),
		Opened: d.str(o, "o"), State: d.str(o, "st"), Committee: d.num(o, "cm"), Quorum: d.num(o, "qu"), Says: d.str(o, "sa"), Checks: d.checks(o)}
	for _, v := range d.list(o, "ea") {
		r.Earlier = append(r.Earlier, ledger.EntryID(d.num(obj{"v": v}, "v")))
	}
	for _, c := range d.objs(o, "cl") {
		r.Calls = append(r.Calls, callCard{Purpose: d.str(c, "pu"), Provider: d.str(c, "pv"), Model: d.str(c, "m"),
			Prompt: d.str(c, "ps"), Response: d.str(c, "rs"), Fallback: d.flag(c, "fb"), Why: d.str(c, "wy")})
	}
	for _, a := range d.objs(o, "at") {
		at := attemptCard{N: d.num(a, "n"), Leader: d.str(a, "le"), Opened: d.str(a, "o"), Deadline: d.str(a, "dl"), State: d.str(a, "st")}
		for _, t := range d.objs(a, "as") {
			at.Atts = append(at.Atts, attCard{Validator: d.str(t, "v"), Height: uint64(d.num(t, "h")), Agrees: d.flag(t, "ag"), Late: d.flag(t, "lt"), Says: d.str(t, "sa")})
		}
		r.Attempts = append(r.Attempts, at)
	}
	return r
}

// sameCards compares cards, an empty list and a missing one alike.
func sameCards(want, got []card) string { return cmp.Diff(want, got, cmpopts.EquateEmpty()) }

// TestDataBlockCarriesEveryCard: the data block the script pages through holds every
// field of every card, the demo's, the crossed demo's and a thousand scaled ones,
// exactly as built.
func TestDataBlockCarriesEveryCard(t *testing.T) {
	crossed, xs := loadCrossed(t)
	for _, tc := range []struct {
		name string
		snap ledger.Snapshot
		xs   map[ledger.TaskID][]Crossing
	}{{"demo", loadSnapshot(t, "demo"), nil}, {"crossed", crossed, xs}, {"scaled", scaled(t, 1_000), nil}} {
		size, top, got, err := decodeData(textOfScript(t, render(t, tc.snap, WithCrossings(tc.xs))))
		if err != nil {
			t.Fatalf("%s: decode the data block: %v", tc.name, err)
		}
		if size != pageSize || top != ledger.Rungs-1 {
			t.Errorf("%s: page size %d, top %d; want %d, %d", tc.name, size, top, pageSize, ledger.Rungs-1)
		}
		if d := sameCards(index(&tc.snap, crossings{true, tc.xs}).cards(), got); d != "" {
			t.Errorf("%s: the data block differs from the cards (-want +got):\n%s", tc.name, d)
		}
	}
}

// TestDataBlockWritesRepeatsOnce: a string that repeats across cards (an address, a
// label, a summary) is in the table once and is not written out again in any card.
func TestDataBlockWritesRepeatsOnce(t *testing.T) {
	s := loadSnapshot(t, "demo")
	data := textOfScript(t, render(t, s))
	for _, v := range []string{s.Entries[0].Solver.String(), s.Arena.Ladder[3].Label, ledger.EntryGraded} {
		if n := strings.Count(data, `"`+v+`"`); n != 1 {
			t.Errorf("%q is written %d times, want once, in the table", v, n)
		}
	}
}

// FuzzQuote: the data block's strings are quoted exactly as encoding/json quotes them,
// so '<', '>', '&', U+2028, U+2029 and invalid UTF-8 never reach the page raw.
func FuzzQuote(f *testing.F) {
	for _, s := range []string{"", "plain", closeScript, lineSep, "\x00\x1f\b\f\t\n\r\"\\", "\xff\xfe<\xc0", "é😀"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		if err := json.NewEncoder(&want).Encode(s); err != nil {
			t.Fatal(err)
		}
		got := appendQuoted(nil, s)
		if !bytes.Equal(got, bytes.TrimSuffix(want.Bytes(), []byte("\n"))) {
			t.Errorf("appendQuoted(%q) = %s, want %s", s, got, want.Bytes())
		}
		if !utf8.Valid(got) || bytes.ContainsAny(got, "<>&\u2028\u2029") {
			t.Errorf("appendQuoted(%q) = %s carries a raw character", s, got)
		}
	})
}
