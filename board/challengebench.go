package board

import (
	"strconv"
	"strings"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/round"
)

// benchRow is one bench version: its frozen identity and its check.
type benchRow struct {
	ID         ledger.BenchID
	Name       string
	Version    uint32
	Module     string
	Short      string
	Size       string
	URL        string
	State      string
	Reason     string
	Registrant string
	Registered string
	Checked    string
	Frozen     []term // the frozen metadata, in words
	Fold       []term // the frozen fold constants, in words
	CheckSeed  string
	Dataset    string
	Cases      int
	Round      round.ID
	Checks     []checkAtt
}

// checkAtt is one member's verdict on a bench check: a classed failure, or the digest
// of the dataset it generated for the check seed, its cases and their kinds.
type checkAtt struct {
	Attempt   int
	Validator string
	Height    uint64
	Error     string
	Dataset   string
	Cases     int
	Kinds     string
	Agrees    bool
	Late      bool
}

func (v *views) benchRow(b *ledger.BenchView) benchRow {
	br := benchRow{ID: b.ID, Name: b.Name, Version: b.Version, Module: b.Module, Short: short(b.Module),
		Size: plural(int(b.Size), "byte", "bytes"), URL: b.URL, State: b.State, Reason: b.Reason,
		Registrant: v.name(b.Registrant), Registered: stamp(b.RegisteredAt), Checked: stamp(b.CheckedAt),
		Frozen: frozen(b), Fold: foldTerms(b.Fold), CheckSeed: b.CheckSeed, Dataset: b.Dataset, Cases: b.Cases, Round: b.Round}
	for _, a := range b.Checks {
		br.Checks = append(br.Checks, checkAtt{Attempt: a.Attempt, Validator: v.name(a.Validator), Height: a.Height,
			Error: a.Result.Error, Dataset: a.Result.Dataset, Cases: a.Result.Cases, Kinds: strings.Join(a.Result.Kinds, ", "),
			Agrees: a.Agrees, Late: a.Late})
	}
	return br
}

// frozen lists what a bench version froze besides its module and fold constants.
func frozen(b *ledger.BenchView) []term {
	model := "none: programs reach no model"
	if b.Model != "" {
		model = b.Model
	}
	return []term{
		{"Case kinds", strings.Join(b.Kinds, ", ")},
		{"Cases a run needs to rank", itoa(int64(b.MinCases))},
		{"Profiles", strings.Join(b.Profiles, ", ")},
		{"Pinned model", model},
		{"Quorum, and committee size", itoa(int64(b.Quorum))},
		{"Gas to initialise a program", itoa(b.InitGas)},
		{"Gas per case", itoa(b.CaseGas)},
		{"Gas per bench operation", itoa(b.BenchGas)},
		{"Memory cap", pages(b.MaxPages)},
		{"Platform", b.Platform},
	}
}

// foldTerms lists a bench version's frozen fold constants.
func foldTerms(f challenge.FoldTerms) []term {
	z := trimmed(f.ZMilli, 1000)
	if f.ZMilli == 0 {
		z += ": the statistical band is off"
	}
	return []term{
		{"Dethrone margin", trimmed(f.MarginPPM, challenge.PPM) + " of the champion's composite"},
		{"Dethrone z", z},
		{"Champion share", trimmed(f.ChampionPPM, challenge.PPM)},
		{"Tail", plural(f.Tail, "runner-up", "runners-up") + ", equal shares"},
		{"Confirmation seeds per contested pair", itoa(int64(f.ConfirmSeeds))},
		{"Rollout agents", itoa(int64(f.RolloutAgents))},
	}
}

// pages writes a memory cap in 64 KiB wasm pages: "2048 pages (128 MiB)".
func pages(n uint32) string {
	kib := uint64(n) * 64
	size := strconv.FormatUint(kib, 10) + " KiB"
	if kib%1024 == 0 {
		size = strconv.FormatUint(kib/1024, 10) + " MiB"
	}
	return plural(int(n), "page", "pages") + " (" + size + ")"
}
