package audit_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/arena/arena/account"
	"github.com/arena/arena/audit"
	"github.com/arena/arena/blobs"
	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/challenge/example"
	gchallenge "github.com/arena/arena/grading/challenge"
	"github.com/arena/arena/grading/host"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/challenge/koth"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/season"
	"github.com/arena/arena/sandbox"
)

// "arena audit run ID regenerates the dataset from the seed with the bench, re-grades
// the published transcript, recomputes the composite and checks both digests against
// the validators' signatures, with nothing but the published data": a run of the
// example agent, settled 3-of-3, re-derives step by step.
func TestAFinalRunReDerives(t *testing.T) {
	f := runFixture(t)
	rep := f.audit(t, f.snap(t), f.log(), f.sources())
	if !rep.OK() {
		t.Fatalf("the run does not re-derive:\n%s", rep)
	}
	for _, want := range []string{"seed", "bench module", "program", "dataset", "transcript", "composite", "quorum", "kept", "signer"} {
		if !strings.Contains(rep.String(), want) {
			t.Errorf("no %s step in\n%s", want, rep)
		}
	}
}

// From a snapshot alone (no log), the anchor and the signatures are said to need the
// arena directory, and everything else still re-derives.
func TestASnapshotAloneSaysWhatItCannotCheck(t *testing.T) {
	f := runFixture(t)
	rep := f.audit(t, f.snap(t), nil, f.sources())
	if !rep.OK() {
		t.Fatalf("the run does not re-derive from its snapshot:\n%s", rep)
	}
	for _, want := range []string{"a snapshot holds no block hashes", "a snapshot holds no signed transactions"} {
		if !strings.Contains(rep.String(), want) {
			t.Errorf("no %q in\n%s", want, rep)
		}
	}
}

// A log that begins at a state-sync snapshot says which attestations it cannot hold
// (those recorded at or below its base) and why, and everything else re-derives; an
// attestation recorded after its base that the log does not hold is still a mismatch.
func TestALogFromASnapshotSaysWhichSignaturesItDoesNotHold(t *testing.T) {
	f := runFixture(t)
	var at uint64 // the last attestation's block
	for _, x := range f.snap(t).Challenges[0].Runs[0].Attestations {
		at = max(at, x.Height)
	}
	log := f.log()
	log.Anchor, log.Attests, log.Base = nil, nil, at
	rep := f.audit(t, f.snap(t), log, f.sources())
	if !rep.OK() {
		t.Fatalf("the run does not re-derive from a log that begins after it:\n%s", rep)
	}
	for _, want := range []string{
		fmt.Sprintf("this log begins at the snapshot of height %d, after the run's anchor: a log from genesis holds its block hash", at),
		fmt.Sprintf("this log begins at the snapshot of height %d, after the attestation: a log from genesis holds its signed transaction", at),
	} {
		if !strings.Contains(rep.String(), want) {
			t.Errorf("no %q in\n%s", want, rep)
		}
	}
	log = f.log()
	log.Attests, log.Base = nil, at-1
	if rep := f.audit(t, f.snap(t), log, f.sources()); rep.OK() || !strings.Contains(rep.String(), "the log holds no challenge_attest of this round and attempt from this validator") {
		t.Errorf("attestations after the log's base missing from it passed:\n%s", rep)
	}
}

// Each doctored number or artifact is caught by the step that re-derives it: a dataset
// digest, a composite, the transcript's bytes in the store, a transcript published
// under its own digest that grades otherwise, the seed, the kept result, and a
// signature by someone off the committee.
func TestADoctoredRunIsCaught(t *testing.T) {
	f := runFixture(t)
	for _, tc := range []struct {
		name, step, line string
		edit             func(*testing.T, *ledger.RunView, *audit.RunLog) []blobs.Source
	}{
		{"dataset", "dataset", "sha256 of the dataset the bench generates", func(_ *testing.T, r *ledger.RunView, _ *audit.RunLog) []blobs.Source {
			r.Attestations[0].Result.Dataset = strings.Repeat("0", 64)
			return f.sources()
		}},
		{"canonical", "canonical", "sha256 of the program without its custom sections", func(_ *testing.T, r *ledger.RunView, _ *audit.RunLog) []blobs.Source {
			r.Attestations[1].Result.Canonical = strings.Repeat("0", 64)
			return f.sources()
		}},
		{"composite", "composite", "the composite is not the re-graded transcript's", func(_ *testing.T, r *ledger.RunView, _ *audit.RunLog) []blobs.Source {
			r.Attestations[1].Result.Composite.Composite++
			return f.sources()
		}},
		{"transcript bytes", "transcript", "does not match its digest", func(t *testing.T, r *ledger.RunView, _ *audit.RunLog) []blobs.Source {
			st := f.copyStore(t)
			d := r.Attestations[0].Result.Transcript
			b, _ := st.Get(d)
			os.WriteFile(filepath.Join(st.Dir(), d), append(b, ' '), 0o644)
			return []blobs.Source{st}
		}},
		{"regraded transcript", "composite", "the composite is not the re-graded transcript's", func(t *testing.T, r *ledger.RunView, _ *audit.RunLog) []blobs.Source {
			st := f.copyStore(t)
			var tr abi.Transcript
			b, _ := st.Get(r.Attestations[2].Result.Transcript)
			json.Unmarshal(b, &tr)
			for i := range tr.Cases {
				tr.Cases[i].Response = "no"
			}
			canon := tr.Canonical()
			d := abi.Digest(canon)
			if err := st.Put(d, strings.NewReader(string(canon))); err != nil {
				t.Fatal(err)
			}
			r.Attestations[2].Result.Transcript = d
			return []blobs.Source{st}
		}},
		{"seed", "seed", "keccak256", func(_ *testing.T, r *ledger.RunView, _ *audit.RunLog) []blobs.Source {
			r.Seed = strings.Repeat("1", 64)
			return f.sources()
		}},
		{"kept", "kept", "the leader's", func(_ *testing.T, r *ledger.RunView, _ *audit.RunLog) []blobs.Source {
			r.Kept.Composite.SE++
			return f.sources()
		}},
		{"signer", "signer", "", func(t *testing.T, _ *ledger.RunView, log *audit.RunLog) []blobs.Source {
			stranger, _ := account.Generate()
			tx := *log.Attests[0].Tx
			tx.From = stranger.Address()
			if err := stranger.SignTx(&tx); err != nil {
				t.Fatal(err)
			}
			tx.From = log.Attests[0].Tx.From
			log.Attests[0].Tx = &tx
			return f.sources()
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			snap := f.snap(t)
			log := f.log()
			src := tc.edit(t, &snap.Challenges[0].Runs[0], log)
			rep := f.audit(t, snap, log, src)
			if rep.OK() {
				t.Fatalf("a doctored %s passed:\n%s", tc.name, rep)
			}
			for _, s := range rep.Steps {
				if !s.OK && strings.Contains(s.Name, tc.step) && strings.Contains(s.Note, tc.line) {
					return
				}
			}
			t.Errorf("a doctored %s failed no %q step saying %q:\n%s", tc.name, tc.step, tc.line, rep)
		})
	}
}

// A run refused on an agreed failure re-derives though its program is held nowhere: no
// attestation scored a run of it, so there is nothing of it to check but the kept
// failure.
func TestARefusedRunNeedsNoProgram(t *testing.T) {
	f := runFixture(t)
	snap := f.snap(t)
	r := &snap.Challenges[0].Runs[0]
	fail := challenge.RunResult{Error: "[EXTERNAL] The artifact at https://example.org/a.wasm does not match its digest"}
	r.State, r.Kept = challenge.RunRefused, &fail
	for i := range r.Attestations {
		r.Attestations[i].Result = fail
	}
	st := f.copyStore(t)
	os.Remove(filepath.Join(st.Dir(), r.Program))
	rep := f.audit(t, snap, nil, []blobs.Source{st})
	if !rep.OK() || !strings.Contains(rep.String(), "not held, and no attestation scored a run of it") {
		t.Fatalf("a refused run without its program:\n%s", rep)
	}
}

// A confirmation run's seed is its pair's CRN seed (over the two entries' canonical
// program digests, the version and k) anchored to the state hash after the block whose
// fold opened it: a CRN that is not the pair's is caught, and so is a seed on another
// anchor; from a snapshot alone the CRN is checked and the seed is reported unchecked.
func TestAConfirmationSeedIsItsPairsCRNAnchored(t *testing.T) {
	f := runFixture(t)
	other := f.anchor
	other.Hash[0] ^= 1
	for _, tc := range []struct {
		name         string
		crn          func(uint64) uint64
		anchor       *audit.Block
		crnOK, seeds bool // seeds: the seed step must be ok
	}{
		{"the pair's, on the fold's block", func(c uint64) uint64 { return c }, &f.anchor, true, true},
		{"the pair's, from a snapshot", func(c uint64) uint64 { return c }, nil, true, true},
		{"the pair's, on another block", func(c uint64) uint64 { return c }, &other, true, false},
		{"another", func(c uint64) uint64 { return c + 1 }, &f.anchor, false, false},
	} {
		snap := f.snap(t)
		e := snap.Challenges[0].Entries[0]
		if e.Canonical == "" || e.Canonical == e.Program {
			t.Fatalf("the fixture's entry holds canonical digest %q (program %s)", e.Canonical, e.Program)
		}
		r := &snap.Challenges[0].Runs[0]
		r.Purpose, r.Pair, r.K = challenge.PurposeConfirm, e.ID, 2
		crn := koth.CRNSeed([]string{e.Canonical, e.Canonical}, r.Version, 2)
		r.CRN = tc.crn(crn)
		r.Seed = challenge.ConfirmSeed(r.CRN, f.anchor.Hash)
		var log *audit.RunLog
		if tc.anchor != nil {
			log = f.log()
			log.Anchor = tc.anchor
		}
		rep := f.audit(t, snap, log, f.sources())
		seen := 0
		for _, s := range rep.Steps {
			want := tc.crnOK
			switch s.Name {
			case "crn":
			case "seed":
				want = tc.seeds
				if tc.anchor == nil && s.Got != "-" {
					t.Errorf("%s: the seed step derived %s from a snapshot alone:\n%s", tc.name, s.Got, rep)
				}
			default:
				continue
			}
			seen++
			if s.OK != want {
				t.Errorf("%s: step %s ok=%v, want %v:\n%s", tc.name, s.Name, s.OK, want, rep)
			}
		}
		if seen != 2 {
			t.Errorf("%s: %d crn and seed steps, want 2:\n%s", tc.name, seen, rep)
		}
	}
}

// fixture is a ledger with a settled run of the example agent "sharp" on the example
// bench, the store holding the bench, the program and the transcript, and what the
// log holds about the run.
type fixture struct {
	state   *ledger.State
	store   *blobs.Store
	rt      *sandbox.Runtime
	anchor  audit.Block
	attests []audit.SignedTx
	round   ledger.RoundID
}

var (
	fixtureOnce sync.Once
	shared      *fixture
	fixtureErr  string
)

func runFixture(t *testing.T) *fixture {
	t.Helper()
	fixtureOnce.Do(func() { shared, fixtureErr = buildFixture() })
	if fixtureErr != "" {
		t.Fatal(fixtureErr)
	}
	return shared
}

// chainer applies signed transactions to a state, one block each.
type chainer struct {
	s      *ledger.State
	height uint64
	time   int64
	err    string
}

func (c *chainer) do(k *account.Key, value ledger.Amount, body ledger.Body) (ledger.Outcome, *ledger.Tx) {
	if c.err != "" {
		return ledger.Outcome{}, nil
	}
	c.height++
	c.time++
	tx := ledgertest.Stamped(c.s.Terms(), &ledger.Tx{From: k.Address(), Nonce: c.s.NextNonce(k.Address()), Value: value, Body: body})
	if err := k.SignTx(tx); err != nil {
		c.err = err.Error()
		return ledger.Outcome{}, nil
	}
	if err := c.s.Check(tx); err != nil {
		c.err = string(body.Kind()) + ": " + err.Error()
		return ledger.Outcome{}, nil
	}
	out, err := c.s.Apply(tx, ledger.Block{Height: c.height, Time: c.time})
	if err != nil || out.Err != "" {
		c.err = string(body.Kind()) + ": " + out.Err
		if err != nil {
			c.err += err.Error()
		}
	}
	return out, tx
}

func buildFixture() (*fixture, string) {
	ctx := context.Background()
	keys := make([]*account.Key, 5)
	for i := range keys {
		keys[i], _ = account.Generate()
	}
	sponsor, committer, vals := keys[0], keys[1], keys[2:]
	terms := ledger.Terms{
		Chain: "audit-test", Name: "audit", Symbol: "GEN", EntryBond: ledger.Ether(1), AppealBond: ledger.Ether(1),
		AppealWindowS: 3600, GradingWindowS: 86400, Attempts: 3, RoundTimeoutS: 600,
		Validators: []ledger.Address{vals[0].Address(), vals[1].Address(), vals[2].Address()},
		Genesis:    []ledger.Allocation{{Address: sponsor.Address(), Amount: ledger.Ether(100)}, {Address: committer.Address(), Amount: ledger.Ether(100)}},
	}
	s, err := ledger.New(terms)
	if err != nil {
		return nil, err.Error()
	}
	dir, err := os.MkdirTemp("", "audit-run")
	if err != nil {
		return nil, err.Error()
	}
	st, err := blobs.Open(dir)
	if err != nil {
		return nil, err.Error()
	}
	rt, err := sandbox.New(ctx, sandbox.Config{})
	if err != nil {
		return nil, err.Error()
	}
	bench, prog := example.Bench(), mustAgent("sharp")
	for _, b := range [][]byte{bench, prog} {
		if err := st.Put(abi.Digest(b), strings.NewReader(string(b))); err != nil {
			return nil, err.Error()
		}
	}
	c := &chainer{s: s}
	c.do(sponsor, ledger.Amount{}, challenge.BenchRegister{
		Name: "toolbench", Version: 1, Module: abi.Digest(bench), Size: int64(len(bench)), Kinds: []string{abi.KindMemory, abi.KindTool},
		MinCases: 100, Profiles: []string{abi.ProfileFull, abi.ProfilePractice}, Quorum: 3, InitGas: 200_000_000, CaseGas: 200_000_000,
		BenchGas: 50_000_000_000, MaxPages: sandbox.DefaultMaxPages, Platform: challenge.Platform, Fold: challenge.DefaultFold(),
	})
	bv, _ := s.Bench(1)
	for _, v := range vals {
		c.do(v, ledger.Amount{}, challenge.BenchCheckAttest{Round: bv.Round, Attempt: 1,
			Result: challenge.BenchCheck{Dataset: strings.Repeat("b", 64), Cases: 120, Kinds: []string{abi.KindMemory, abi.KindTool}}})
	}
	c.do(sponsor, ledger.Ether(10), challenge.Publish{Bench: "toolbench", Title: "tools", Deposit: ledger.Ether(1), PerEpoch: ledger.Ether(1), EpochS: 60, End: 1 << 40})
	fee, _ := ledger.Ether(1).Add(terms.GradingFee)
	c.do(committer, fee, challenge.Commit{Challenge: 1, Program: abi.Digest(prog), Size: int64(len(prog)), Profile: abi.ProfileFull})
	f := &fixture{state: s, store: st, rt: rt, anchor: audit.Block{Height: c.height, Hash: s.Hash()}}
	c.height++
	c.time++
	s.BeginBlock(ledger.Block{Height: c.height, Time: c.time})
	if c.err != "" {
		return nil, c.err
	}
	run, _ := s.Run(1)
	bv, _ = s.Bench(1)
	h := &gchallenge.Host{Host: host.Host{Runtime: rt, Store: st}}
	out := h.Run(ctx, gchallenge.Run{ID: run.ID, Program: run.Program, Seed: run.Seed, Profile: run.Profile, Bench: bv})
	if !out.Result.Scored() {
		return nil, "the run failed: " + out.Result.Error
	}
	for _, v := range vals {
		_, tx := c.do(v, ledger.Amount{}, challenge.Attest{Round: run.Round, Attempt: 1, Result: out.Result})
		f.attests = append(f.attests, audit.SignedTx{Height: c.height, Tx: tx})
	}
	if c.err != "" {
		return nil, c.err
	}
	if run, _ = s.Run(1); run.State != challenge.RunFinal {
		return nil, "the run is " + run.State
	}
	c.time += season.MinEpochS
	c.do(sponsor, ledger.Amount{}, challenge.Fold{Challenge: 1})
	if c.err != "" {
		return nil, c.err
	}
	f.round = run.Round
	return f, ""
}

func mustAgent(name string) []byte {
	b, ok := example.Agent(name)
	if !ok {
		panic("no example agent " + name)
	}
	return b
}

// snap returns a fresh snapshot, which a test may doctor.
func (f *fixture) snap(t *testing.T) *ledger.Snapshot {
	t.Helper()
	s := f.state.Snapshot()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var out ledger.Snapshot
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return &out
}

// log returns a fresh copy of what the log holds about run 1.
func (f *fixture) log() *audit.RunLog {
	r, _ := f.state.GradingRound(f.round)
	a := f.anchor
	return &audit.RunLog{Anchor: &a, Committee: r.Committee, Attests: append([]audit.SignedTx(nil), f.attests...)}
}

func (f *fixture) sources() []blobs.Source { return []blobs.Source{f.store} }

// copyStore returns a new store holding every blob of the fixture's, to doctor.
func (f *fixture) copyStore(t *testing.T) *blobs.Store {
	t.Helper()
	st, err := blobs.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ents, _ := os.ReadDir(f.store.Dir())
	for _, e := range ents {
		if b, err := f.store.Get(e.Name()); err == nil {
			if err := st.Put(e.Name(), strings.NewReader(string(b))); err != nil {
				t.Fatal(err)
			}
		}
	}
	return st
}

func (f *fixture) audit(t *testing.T, snap *ledger.Snapshot, log *audit.RunLog, src []blobs.Source) *audit.Report {
	t.Helper()
	rep, err := audit.Run(t.Context(), snap, 1, audit.RunInputs{Blobs: src, Runtime: f.rt, Log: log})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// "arena audit challenge N re-runs the koth fold": the fixture's fold, which paid the
// lone champion the whole epoch's emission, re-derives from the views.
func TestEveryFoldReDerives(t *testing.T) {
	f := runFixture(t)
	rep, err := audit.Challenge(f.snap(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() || !strings.Contains(rep.String(), "fold 1") || lastLine(rep) != audit.Derived {
		t.Fatalf("the folds do not re-derive:\n%s", rep)
	}
}

// A doctored payment, champion or pool is caught by the step that re-derives it, and
// the report closes with a mismatch of the challenge's payout.
func TestADoctoredFoldIsCaught(t *testing.T) {
	f := runFixture(t)
	for _, tc := range []struct {
		name, step string
		edit       func(*ledger.ChallengeView)
	}{
		{"payment", "fold 1", func(c *ledger.ChallengeView) { c.Folds[0].Payments[0].Amount = ledger.Ether(2) }},
		{"champion", "fold 1", func(c *ledger.ChallengeView) { c.Folds[0].Champion = 0 }},
		{"pool", "pool", func(c *ledger.ChallengeView) { c.Pool = ledger.Ether(10) }},
	} {
		snap := f.snap(t)
		tc.edit(&snap.Challenges[0])
		rep, err := audit.Challenge(snap, 1)
		if err != nil {
			t.Fatal(err)
		}
		failed := false
		for _, s := range rep.Steps {
			failed = failed || (!s.OK && s.Name == tc.step)
		}
		if !failed {
			t.Errorf("a doctored %s failed no %q step:\n%s", tc.name, tc.step, rep)
		}
		if want := "MISMATCH: the challenge's payout does not follow from the published data"; lastLine(rep) != want {
			t.Errorf("a doctored %s closes with %q, want %q", tc.name, lastLine(rep), want)
		}
	}
}
