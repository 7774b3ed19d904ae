package demo

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/challenge/example"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
)

// challengePlan is the demo's benchmark challenge: the example bench toolbench v1 and
// three of its example agents, each committed by its own solver (the fold's tail takes
// one entry per committer). steady is the first champion; steady-plus leads it by a
// little, inside the dethrone band, so the pair is confirmed on shared seeds; sharp
// leads by far more than the band and dethrones outright.
var challengePlan = struct {
	bench                      string
	version                    uint32
	initGas, caseGas, benchGas int64
	title                      string
	pool, perEpoch, deposit    uint64 // whole units
	epochS, lifeS              int64
	agents                     []challengeAgent
}{
	bench: "toolbench", version: 1,
	initGas: 200_000_000, caseGas: 200_000_000, benchGas: 50_000_000_000,
	title: "Tool use and memory: king of the hill on toolbench",
	pool:  60, perEpoch: 10, deposit: 2,
	epochS: 86400, lifeS: 30 * 86400,
	agents: []challengeAgent{{"steady", "alice"}, {"steady-plus", "bob"}, {"sharp", "carol"}},
}

// challengeAgent is one example agent and who commits it.
type challengeAgent struct{ name, committer string }

// challengeRun is what the driver keeps of the challenge story as it goes.
type challengeRun struct {
	bench     ledger.BenchID
	id        ledger.ChallengeID
	programs  map[string]string                  // by agent: the module's sha256
	entries   map[string]ledger.ChallengeEntryID // by agent
	agentOf   map[ledger.ChallengeEntryID]string
	printed   map[ledger.RunID]bool
	audited   ledger.RunID
	auditNote string
	auditOK   bool
}

// challengeStory runs the challenge: the bench is uploaded, registered and checked; the
// sponsor publishes a challenge with an emission pool; steady and steady-plus commit and
// are run; the first fold crowns steady and sends the close pair to confirmation; the
// validators run the confirmations; the second fold decides the pair on its common
// seeds; sharp commits, is run, and the third fold crowns it without confirmation.
func (d *driver) challengeStory(ctx context.Context, a *arena) error {
	p := challengePlan
	d.chal = &challengeRun{programs: map[string]string{}, entries: map[string]ledger.ChallengeEntryID{},
		agentOf: map[ledger.ChallengeEntryID]string{}, printed: map[ledger.RunID]bool{}}
	fmt.Fprintf(d.out, "\nbenchmark challenge on the example bench %s v%d\n", p.bench, p.version)
	if err := <-d.warm; err != nil {
		return err
	}
	steps := []func(context.Context, *arena) error{
		d.uploadModules, d.registerBench, d.publishChallenge,
		d.commitAgents(p.agents[:2]), d.waitRuns("the entry runs of steady and steady-plus"), d.foldNext,
		d.waitRuns("the confirmation runs"), d.foldNext,
		d.commitAgents(p.agents[2:]), d.waitRuns("sharp's entry run"), d.foldNext,
		d.auditRun,
	}
	for _, step := range steps {
		if err := step(ctx, a); err != nil {
			return err
		}
	}
	return nil
}

// uploadModules stores the bench and every agent in the node's artifact store through
// PUT /v1/blobs, each signed by the account that will name it; a transaction carries
// only the digests.
func (d *driver) uploadModules(ctx context.Context, a *arena) error {
	put := func(who string, b []byte) (string, error) {
		k, err := a.node.Keystore().Load(d.senders[who].Address(), "")
		if err != nil {
			return "", fmt.Errorf("%s's key: %w", who, err)
		}
		sha, err := d.c.WithSigner(k).PutBlob(ctx, b)
		if err != nil {
			return "", fmt.Errorf("%s uploads %d bytes: %w", who, len(b), err)
		}
		return sha, nil
	}
	sha, err := put("sponsor", example.Bench())
	if err != nil {
		return err
	}
	fmt.Fprintf(d.out, "  the sponsor uploads the bench module: %s (%d bytes)\n", short(sha), len(example.Bench()))
	for _, ag := range challengePlan.agents {
		wasm, ok := example.Agent(ag.name)
		if !ok {
			return fmt.Errorf("no example agent %q", ag.name)
		}
		if d.chal.programs[ag.name], err = put(ag.committer, wasm); err != nil {
			return err
		}
		fmt.Fprintf(d.out, "  %s uploads %s: %s (%d bytes)\n", ag.committer, ag.name, short(d.chal.programs[ag.name]), len(wasm))
	}
	return nil
}

// registerBench registers toolbench v1 with the default fold terms and waits for its
// check to settle.
func (d *driver) registerBench(ctx context.Context, _ *arena) error {
	p := challengePlan
	wasm := example.Bench()
	if d.round > 1 { // a later round of a long run (Options.Rounds) publishes on the first round's bench
		bs, err := d.c.Benches(ctx)
		if err != nil {
			return err
		}
		for _, b := range bs {
			if b.Name == p.bench && b.Version == p.version && b.State == challenge.BenchAccepted {
				d.chal.bench = b.ID
				fmt.Fprintf(d.out, "bench %s v%d: registered in the first round\n", b.Name, b.Version)
				return nil
			}
		}
		return fmt.Errorf("round %d: no accepted bench %s v%d from the first round", d.round, p.bench, p.version)
	}
	out, err := d.send(ctx, "sponsor", ledger.Amount{}, challenge.BenchRegister{
		Name: p.bench, Version: p.version, Module: abi.Digest(wasm), Size: int64(len(wasm)),
		Kinds: []string{abi.KindMemory, abi.KindTool}, MinCases: 100, Profiles: []string{challenge.ProfileFull, challenge.ProfilePractice},
		Quorum: 3, InitGas: p.initGas, CaseGas: p.caseGas, BenchGas: p.benchGas, MaxPages: challenge.DefaultPages,
		Platform: challenge.Platform, Fold: challenge.DefaultFold(),
	})
	if err != nil {
		return err
	}
	d.chal.bench = ledger.BenchID(out.Created)
	var b ledger.BenchView
	if err := d.poll(ctx, "the bench check", func() bool {
		var err error
		b, err = d.c.Bench(ctx, d.chal.bench)
		return err == nil && b.State != challenge.BenchChecking
	}); err != nil {
		return err
	}
	fmt.Fprintf(d.out, "bench %s v%d registered and checked by %d validators: %s, %d cases of %v, check dataset %s\n",
		b.Name, b.Version, len(b.Checks), b.State, b.Cases, b.Kinds, short(b.Dataset))
	if b.State != challenge.BenchAccepted {
		return fmt.Errorf("bench %s v%d was %s: %s", b.Name, b.Version, b.State, b.Reason)
	}
	return nil
}

// publishChallenge publishes the challenge on the accepted bench, funding its pool.
func (d *driver) publishChallenge(ctx context.Context, _ *arena) error {
	p := challengePlan
	s, err := d.c.Snapshot(ctx)
	if err != nil {
		return err
	}
	out, err := d.send(ctx, "sponsor", ledger.Ether(p.pool), challenge.Publish{
		Bench: p.bench, Title: p.title, Deposit: ledger.Ether(p.deposit), PerEpoch: ledger.Ether(p.perEpoch),
		EpochS: p.epochS, End: s.Arena.Time + p.lifeS,
	})
	if err != nil {
		return err
	}
	d.chal.id = ledger.ChallengeID(out.Created)
	fmt.Fprintf(d.out, "challenge %d published: %q, pool %d %s paid %d per daily fold, deposit %d\n",
		d.chal.id, p.title, p.pool, d.terms.Symbol, p.perEpoch, p.deposit)
	return nil
}

// commitAgents returns the step that commits each of ags by digest, staking the
// deposit and the grading fee; the engine makes the block that anchors their runs.
func (d *driver) commitAgents(ags []challengeAgent) func(context.Context, *arena) error {
	return func(ctx context.Context, _ *arena) error {
		for _, ag := range ags {
			if err := d.commitAgent(ctx, ag); err != nil {
				return err
			}
		}
		return nil
	}
}

// commitAgent commits one example agent by digest, staking the deposit and the grading
// fee.
func (d *driver) commitAgent(ctx context.Context, ag challengeAgent) error {
	wasm, _ := example.Agent(ag.name)
	value, _ := ledger.Ether(challengePlan.deposit).Add(d.terms.GradingFee)
	out, err := d.send(ctx, ag.committer, value, challenge.Commit{
		Challenge: d.chal.id, Program: d.chal.programs[ag.name], Size: int64(len(wasm)), Profile: challenge.ProfileFull,
	})
	if err != nil {
		return err
	}
	id := ledger.ChallengeEntryID(out.Created)
	d.chal.entries[ag.name], d.chal.agentOf[id] = id, ag.name
	fmt.Fprintf(d.out, "  entry %d: %s commits %s (%s)\n", id, ag.committer, ag.name, short(d.chal.programs[ag.name]))
	return nil
}

// waitRuns returns the step that waits until no run of the challenge is anchoring or
// running, then prints every run that ended since the last wait: its id, purpose, state
// and composite.
func (d *driver) waitRuns(what string) func(context.Context, *arena) error {
	return func(ctx context.Context, _ *arena) error {
		var c ledger.ChallengeView
		if err := d.poll(ctx, what, func() bool {
			var err error
			c, err = d.c.Challenge(ctx, d.chal.id)
			return err == nil && !slices.ContainsFunc(c.Runs, func(r ledger.RunView) bool {
				return r.State == challenge.RunAnchoring || r.State == challenge.RunRunning
			})
		}); err != nil {
			return err
		}
		for _, r := range c.Runs {
			if !d.chal.printed[r.ID] {
				d.chal.printed[r.ID] = true
				fmt.Fprintf(d.out, "  run %d (%s, %s): %s\n", r.ID, d.chal.agentOf[r.Entry], runPurpose(r), runResult(r))
			}
		}
		return nil
	}
}

// foldNext advances the dev clock into the next epoch and folds it, printing the
// champion, the payments and the pairs sent to confirmation.
func (d *driver) foldNext(ctx context.Context, _ *arena) error {
	if err := d.advanceBy(ctx, challengePlan.epochS, "the next epoch of the challenge"); err != nil {
		return err
	}
	if _, err := d.send(ctx, "dave", ledger.Amount{}, challenge.Fold{Challenge: d.chal.id}); err != nil {
		return err
	}
	c, err := d.c.Challenge(ctx, d.chal.id)
	if err != nil {
		return err
	}
	f := c.Folds[len(c.Folds)-1]
	fmt.Fprintf(d.out, "fold of epoch %d (dave folds; anyone may): champion entry %d (%s), paying %s %s\n",
		f.Epoch, f.Champion, d.chal.agentOf[f.Champion], units(f.Amount), d.terms.Symbol)
	for _, pm := range f.Payments {
		fmt.Fprintf(d.out, "  %s %s to entry %d (%s, %s)\n", pm.Role, units(pm.Amount), pm.Entry, d.chal.agentOf[pm.Entry], d.names[pm.Address])
	}
	if n := len(c.Folds); n > 1 && c.Folds[n-2].Champion != f.Champion {
		fmt.Fprintf(d.out, "  %s\n", d.dethroneReason(c, c.Folds[n-2].Champion, f.Champion))
	}
	for _, pr := range f.Contested {
		fmt.Fprintf(d.out, "  entry %d (%s) is inside the band of entry %d: confirmation runs %v on shared seeds\n",
			pr.Challenger, d.chal.agentOf[pr.Challenger], pr.Champion, f.Opened)
	}
	return nil // the runs the fold opened take their seeds from the next block, the engine's
}

// poll asks done every 50 ms until it holds, for at most two minutes (a run is seconds
// of work for each of three validators, on a machine that may be busy).
func (d *driver) poll(ctx context.Context, what string, done func() bool) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	for !done() {
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for %s: %w", what, ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
	return nil
}

// runPurpose names a run's purpose, with its seed index for a confirmation.
func runPurpose(r ledger.RunView) string {
	if r.Purpose == challenge.PurposeConfirm {
		return fmt.Sprintf("confirmation k=%d against entry %d", r.K, r.Pair)
	}
	return r.Purpose + " run"
}

// runResult says how a run ended: its composite and standard error, or why none.
func runResult(r ledger.RunView) string {
	if r.Kept == nil {
		return r.State
	}
	k := r.Kept
	if k.Error != "" {
		return r.State + ": " + k.Error
	}
	return fmt.Sprintf("%s, composite %s ± %s over %d cases (dataset %s, transcript %s, %d/%d attestations)",
		r.State, micros(k.Composite.Composite), micros(k.Composite.SE), k.Composite.N, short(k.Dataset), short(k.Transcript),
		agreeing(r), len(r.Attestations))
}

// agreeing counts the attestations that agree with the leader's.
func agreeing(r ledger.RunView) int {
	n := 0
	for _, a := range r.Attestations {
		if a.Agrees {
			n++
		}
	}
	return n
}

// micros renders a score in millionths as a decimal.
func micros(v int64) string {
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	return fmt.Sprintf("%s%d.%06d", sign, v/1_000_000, v%1_000_000)
}

// short is the first 12 hex digits of a digest.
func short(sha string) string {
	if len(sha) > 12 {
		return sha[:12]
	}
	return sha
}

func benchIn(s ledger.Snapshot, id ledger.BenchID) (ledger.BenchView, bool) {
	for _, b := range s.Benches {
		if b.ID == id {
			return b, true
		}
	}
	return ledger.BenchView{}, false
}

func challengeIn(s ledger.Snapshot, id ledger.ChallengeID) (ledger.ChallengeView, bool) {
	for _, c := range s.Challenges {
		if c.ID == id {
			return c, true
		}
	}
	return ledger.ChallengeView{}, false
}
