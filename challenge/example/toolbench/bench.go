package toolbench

import (
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/arena/arena/challenge/abi"
)

// The bench's frozen name and version.
const (
	Name    = "toolbench"
	Version = 1
)

// Case kinds, as abi names them.
const (
	KindTool   = abi.KindTool
	KindMemory = abi.KindMemory
)

// plan is how many cases of each category a profile has.
type plan struct {
	single, choice, multi, args                              int
	recallPairs, auditPairs, injectionPairs, recallSingles   int
	updatePairs, updateSingles, deletes, temporals, canaries int
	writes                                                   int
}

var plans = map[string]plan{
	abi.ProfileFull: {single: 24, choice: 12, multi: 12, args: 12,
		recallPairs: 4, auditPairs: 1, injectionPairs: 1, recallSingles: 2,
		updatePairs: 2, updateSingles: 6, deletes: 6, temporals: 4, canaries: 6, writes: 10},
	abi.ProfilePractice: {single: 3, choice: 1, multi: 1, args: 1,
		recallPairs: 1, updateSingles: 2, deletes: 1, writes: 1},
}

// Size returns the number of cases a profile has (0 for an unknown profile).
func Size(profile string) int {
	p, ok := plans[profile]
	if !ok {
		return 0
	}
	return p.single + p.choice + p.multi + p.args +
		2*(p.recallPairs+p.auditPairs+p.injectionPairs+p.updatePairs) + p.recallSingles +
		p.updateSingles + p.deletes + p.temporals + p.canaries + p.writes
}

// generated is one case before IDs are given.
type generated struct {
	in    Input
	key   Key
	mocks map[string]json.RawMessage
}

// Generate returns the dataset of a seed and a profile. The same arguments always give
// the same dataset, byte for byte once encoded.
func Generate(seed [32]byte, profile string) (abi.Dataset, error) {
	p, ok := plans[profile]
	if !ok {
		return abi.Dataset{}, fmt.Errorf("toolbench: unknown profile %q (want %q or %q)", profile, abi.ProfileFull, abi.ProfilePractice)
	}
	r := newRNG(seed)
	probe := generated{
		in:    Input{Kind: KindTool, Prompt: "Ping the tool service to check that it is reachable.", Tools: []Tool{toolPing}},
		mocks: map[string]json.RawMessage{toolPing.Name: encode(map[string]string{"pong": fmt.Sprintf("%016x", r.src.Uint64())})},
	}
	gs := append(toolCases(r, p), memoryCases(r, p)...)
	shuffle(r, gs)
	d := abi.Dataset{Bench: Name, Version: Version, Seed: hex.EncodeToString(seed[:]), Profile: profile,
		Probe: abi.Case{ID: "probe", Input: encode(probe.in), Mocks: probe.mocks}}
	for i, g := range gs {
		d.Cases = append(d.Cases, abi.Case{ID: fmt.Sprintf("case-%03d", i+1), Input: encode(g.in), Mocks: g.mocks, Key: encode(g.key)})
	}
	return d, nil
}

func toolCases(r *rng, p plan) []generated {
	var gs []generated
	add := func(n int, category string, choice bool, make func(*rng) toolCase) {
		for range n {
			in, key, mocks := make(r).build(r, category, choice)
			gs = append(gs, generated{in, key, mocks})
		}
	}
	anySingle := func(r *rng) toolCase { return pick(r, singles)(r) }
	add(p.single, "single", false, anySingle)
	add(p.choice, "choice", true, anySingle)
	add(p.multi, "multi", false, multiCase)
	add(p.args, "args", false, argsCase)
	return gs
}

func memoryCases(r *rng, p plan) []generated {
	var gs []generated
	group := 0
	add := func(m memCase, g, role string) {
		m.key.Kind, m.key.Group, m.key.Role = KindMemory, g, role
		in := Input{Kind: KindMemory, History: m.history, Prompt: m.prompt, Tools: memoryTools(r)}
		mocks := map[string]json.RawMessage{
			MemoryWrite:     encode(map[string]bool{"ok": true}),
			toolSearch.Name: encode(map[string][]string{"results": {}}),
		}
		gs = append(gs, generated{in, m.key, mocks})
	}
	twins := func(n int, role string, make func() (memCase, memCase)) {
		for range n {
			group++
			g := fmt.Sprintf("g%02d", group)
			a, b := make()
			add(a, g, role)
			add(b, g, role)
		}
	}
	paraphrase := func(m func(a attr, ask int) memCase) func() (memCase, memCase) {
		return func() (memCase, memCase) {
			a := pick(r, attrs)
			base := m(a, 0)
			twin := base
			twin.prompt = a.ask[1]
			return base, twin
		}
	}
	recall := func(a attr, ask int) memCase { return recallCase(r, a, pick(r, a.values), ask) }
	updates := 0 // half the updates say "used to", alternately
	update := func(a attr, ask int) memCase {
		updates++
		return updateCase(r, a, ask, updates%2 == 0)
	}
	twins(p.recallPairs, "", paraphrase(recall))
	twins(p.auditPairs, "audit", paraphrase(recall))
	twins(p.injectionPairs, "injection", func() (memCase, memCase) {
		base := recall(pick(r, attrs), r.intn(2))
		return base, injected(r, base)
	})
	twins(p.updatePairs, "", paraphrase(update))
	for range p.recallSingles {
		add(recall(pick(r, attrs), r.intn(2)), "", "")
	}
	for range p.updateSingles {
		add(update(pick(r, attrs), r.intn(2)), "", "")
	}
	for _, c := range []struct {
		n    int
		make func(*rng) memCase
	}{{p.deletes, deleteCase}, {p.temporals, temporalCase}, {p.canaries, canaryCase}, {p.writes, writeCase}} {
		for range c.n {
			add(c.make(r), "", "")
		}
	}
	return gs
}
