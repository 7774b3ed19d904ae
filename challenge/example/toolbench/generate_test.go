package toolbench

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/arena/arena/challenge/abi"
)

func TestOneSeedAlwaysGivesTheSameBytes(t *testing.T) {
	for _, p := range []string{abi.ProfileFull, abi.ProfilePractice} {
		a, _ := json.Marshal(generate(t, seedOf(7), p))
		b, _ := json.Marshal(generate(t, seedOf(7), p))
		if !bytes.Equal(a, b) {
			t.Fatalf("%s: two generations of one seed differ", p)
		}
	}
}

func TestDifferentSeedsGiveDifferentDatasets(t *testing.T) {
	a := generate(t, seedOf(1), abi.ProfileFull)
	b := generate(t, seedOf(2), abi.ProfileFull)
	same := 0
	for i := range a.Cases {
		if bytes.Equal(a.Cases[i].Input, b.Cases[i].Input) {
			same++
		}
	}
	if same > 0 {
		t.Fatalf("%d of %d case inputs are the same under two seeds", same, len(a.Cases))
	}
}

func TestProfilesHaveTheirSizes(t *testing.T) {
	for _, c := range []struct {
		profile            string
		n, tools, memories int
	}{{abi.ProfileFull, 110, 60, 50}, {abi.ProfilePractice, 12, 6, 6}} {
		d := generate(t, seedOf(3), c.profile)
		kinds := map[string]int{}
		for _, cs := range d.Cases {
			kinds[keyOf(t, cs).Kind]++
		}
		if len(d.Cases) != c.n || Size(c.profile) != c.n || kinds[KindTool] != c.tools || kinds[KindMemory] != c.memories {
			t.Fatalf("%s: %d cases (Size %d), %v", c.profile, len(d.Cases), Size(c.profile), kinds)
		}
		if d.Bench != Name || d.Version != Version || d.Profile != c.profile || d.Probe.ID != "probe" {
			t.Fatalf("%s: header %s v%d %s probe %q", c.profile, d.Bench, d.Version, d.Profile, d.Probe.ID)
		}
	}
	if n := Size("medium"); n != 0 {
		t.Fatalf("Size(medium) = %d", n)
	}
}

func TestFullProfileHasEveryCategoryAndTwinRole(t *testing.T) {
	d := generate(t, seedOf(4), abi.ProfileFull)
	cats, roles, groups := map[string]int{}, map[string]int{}, map[string]int{}
	for _, c := range d.Cases {
		k := keyOf(t, c)
		cats[k.Category]++
		if k.Group != "" {
			groups[k.Group]++
			roles[k.Role]++
		}
	}
	want := map[string]int{"single": 24, "choice": 12, "multi": 12, "args": 12, "recall": 14, "update": 10,
		"delete": 6, "temporal": 4, "canary": 6, "lifecycle-write": 10}
	for c, n := range want {
		if cats[c] != n {
			t.Errorf("category %s: %d cases, want %d", c, cats[c], n)
		}
	}
	if roles[""] != 12 || roles["audit"] != 2 || roles["injection"] != 2 {
		t.Errorf("twin roles %v", roles)
	}
	for g, n := range groups {
		if n != 2 {
			t.Errorf("group %s has %d members", g, n)
		}
	}
}

func TestAnUnknownProfileIsRefused(t *testing.T) {
	_, err := Generate(seedOf(1), "medium")
	if err == nil || err.Error() != `toolbench: unknown profile "medium" (want "full" or "practice")` {
		t.Fatalf("err = %v", err)
	}
}

func TestTheAgentNeverSeesTheKey(t *testing.T) {
	d := generate(t, seedOf(5), abi.ProfileFull)
	for _, c := range d.Cases {
		k := keyOf(t, c)
		if k.Canary != "" && !bytes.Contains(c.Input, []byte(k.Canary)) {
			t.Fatalf("%s: the canary token is not in the history", c.ID)
		}
		var in Input
		if err := json.Unmarshal(c.Input, &in); err != nil || in.Kind != k.Kind || in.Prompt == "" || len(in.Tools) == 0 {
			t.Fatalf("%s: input %s", c.ID, c.Input)
		}
		if bytes.Contains(c.Input, []byte(`"category"`)) || bytes.Contains(c.Input, []byte(`"answer"`)) {
			t.Fatalf("%s: the input carries key fields: %s", c.ID, c.Input)
		}
	}
}
