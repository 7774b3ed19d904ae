package match_test

import (
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/receipt"
)

// TestTheReadmeStatesEveryEpisodeField: the README's "Episodes" table names, in its
// first column, exactly the fields an episode's JSON carries, and its turns row names
// every field of a turn, of a decision and of its receipt.
func TestTheReadmeStatesEveryEpisodeField(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	start := strings.Index(text, "**Episodes.**")
	end := strings.Index(text[max(start, 0):], "### Checking a match without the source")
	if start < 0 || end < 0 {
		t.Fatal("the README has no Episodes paragraph before its checking section")
	}
	section := text[start : start+end]
	tick := regexp.MustCompile("`([a-z_]+)`")
	var named []string
	turns := ""
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 4 || strings.HasPrefix(strings.TrimSpace(cells[1]), "---") || strings.TrimSpace(cells[1]) == "field" {
			continue
		}
		for _, m := range tick.FindAllStringSubmatch(cells[1], -1) {
			named = append(named, m[1])
			if m[1] == "turns" {
				turns = cells[2]
			}
		}
	}
	slices.Sort(named)
	if want := jsonNames(reflect.TypeFor[match.Episode]()); !slices.Equal(named, want) {
		t.Errorf("the README's episode fields %v, the episode's JSON %v", named, want)
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[match.EpisodeTurn](), reflect.TypeFor[match.DecisionView](), reflect.TypeFor[match.AgentKeyed]()} {
		for _, name := range jsonNames(typ) {
			if !strings.Contains(turns, "`"+name+"`") && !strings.Contains(section, "`"+name+"`") {
				t.Errorf("the README's Episodes never names %s's field %q", typ.Name(), name)
			}
		}
	}
	raw, err := json.Marshal(receipt.Receipt{})
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]any
	if err := json.Unmarshal(raw, &fields); err != nil {
		t.Fatal(err)
	}
	for name := range fields {
		if !strings.Contains(turns, "`"+name+"`") {
			t.Errorf("the README's turns row never names the receipt's field %q", name)
		}
	}
}

// jsonNames returns the JSON names of t's encoded fields, sorted.
func jsonNames(t reflect.Type) []string {
	var out []string
	for f := range t.Fields() {
		tag := f.Tag.Get("json")
		if tag == "-" || !f.IsExported() {
			continue
		}
		out = append(out, strings.Split(tag, ",")[0])
	}
	slices.Sort(out)
	return out
}
