package challenge

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/challenge/composite"
	"github.com/arena/arena/sandbox"
)

// Check checks bench version b before it may be used: its module is fetched by digest
// and gated; the check seed's full dataset is generated twice, under different WASI
// random keys and clock starts, and must be the same bytes; the dataset must name the
// bench, version, seed and profile it was asked for and hold at least min_cases cases;
// grading an empty transcript (every case answered with nothing, no call) must give one
// grade per case that the composite accepts, of exactly the kinds registered; and every
// other registered profile must generate a dataset that names itself. The verdict is the
// check dataset's digest, its case count and its kinds, or the classed failure.
func (h *Host) Check(ctx context.Context, b challenge.BenchView) (res challenge.BenchCheck) {
	defer func() {
		if p := recover(); p != nil {
			res = challenge.BenchCheck{Error: grading.ClassifyRun(fmt.Errorf("panic: %v", p)).Error()}
		}
	}()
	res, err := h.check(ctx, b)
	if err != nil {
		return challenge.BenchCheck{Error: grading.ClassifyRun(err).Error()}
	}
	return res
}

func (h *Host) check(ctx context.Context, b challenge.BenchView) (challenge.BenchCheck, error) {
	if local := sandbox.Local(); local != b.Platform {
		return challenge.BenchCheck{}, failPlatform(local, b.Platform)
	}
	bench, err := h.benchModule(ctx, b)
	if err != nil {
		return challenge.BenchCheck{}, err
	}
	seed := b.CheckSeed
	raw, dsha, d, err := bench.generate(ctx, seed, abi.ProfileFull, wasi{entropy: entropyOf("generate", seed), clock: runClock})
	if err != nil {
		return challenge.BenchCheck{}, err
	}
	again, _, _, err := bench.generate(ctx, seed, abi.ProfileFull, wasi{entropy: entropyOf("check", seed), clock: otherClock})
	if err != nil {
		return challenge.BenchCheck{}, err
	}
	if !bytes.Equal(raw, again) {
		return challenge.BenchCheck{}, ledger.NewError(ledger.Expected, msgNotDeterministic)
	}
	if err := identity(d, b, seed, abi.ProfileFull); err != nil {
		return challenge.BenchCheck{}, err
	}
	if len(d.Cases) < b.MinCases {
		return challenge.BenchCheck{}, failMinCases(len(d.Cases), b.MinCases)
	}
	kinds, err := gradeEmpty(ctx, bench, raw, dsha, d, b)
	if err != nil {
		return challenge.BenchCheck{}, err
	}
	for _, p := range b.Profiles {
		if p == abi.ProfileFull {
			continue
		}
		_, _, pd, err := bench.generate(ctx, seed, p, wasi{entropy: entropyOf("generate", seed), clock: runClock})
		if err != nil {
			return challenge.BenchCheck{}, err
		}
		if err := identity(pd, b, seed, p); err != nil {
			return challenge.BenchCheck{}, err
		}
	}
	return challenge.BenchCheck{Dataset: dsha, Cases: len(d.Cases), Kinds: kinds}, nil
}

// identity refuses a dataset that does not name the bench, version, seed and profile
// it was generated for.
func identity(d *abi.Dataset, b challenge.BenchView, seed, profile string) error {
	switch {
	case d.Bench != b.Name:
		return failIdentity("bench", d.Bench, b.Name)
	case d.Version != b.Version:
		return failIdentity("version", strconv.FormatUint(uint64(d.Version), 10), strconv.FormatUint(uint64(b.Version), 10))
	case d.Seed != seed:
		return failIdentity("seed", d.Seed, seed)
	case d.Profile != profile:
		return failIdentity("profile", d.Profile, profile)
	}
	return nil
}

// gradeEmpty grades a transcript in which every case was answered with nothing and no
// call, and returns the case kinds the grades name, sorted.
func gradeEmpty(ctx context.Context, bench *bench, raw []byte, dsha string, d *abi.Dataset, b challenge.BenchView) ([]string, error) {
	t := abi.Transcript{Bench: b.Module, Dataset: dsha, Seed: d.Seed, Probe: emptyRecord(d.Probe.ID), Cases: make([]abi.Record, len(d.Cases))}
	for i, c := range d.Cases {
		t.Cases[i] = emptyRecord(c.ID)
	}
	grades, err := bench.grade(ctx, raw, d, t.Canonical(), wasi{entropy: entropyOf("grade", d.Seed), clock: runClock})
	if err != nil {
		return nil, err
	}
	score, err := composite.Score(grades)
	if err != nil {
		return nil, failComposite(err)
	}
	if err := checkShape(score); err != nil {
		return nil, err
	}
	var kinds []string
	for _, g := range grades {
		if !slices.Contains(kinds, g.Kind) {
			kinds = append(kinds, g.Kind)
		}
	}
	slices.Sort(kinds)
	want := slices.Sorted(slices.Values(b.Kinds))
	if !slices.Equal(kinds, want) {
		return nil, failKinds(kinds, want)
	}
	return kinds, nil
}

// emptyRecord is a case answered with nothing and no call.
func emptyRecord(id string) abi.Record {
	return abi.Record{ID: id, Calls: []abi.Call{}, Outcome: abi.OutcomeOK}
}
