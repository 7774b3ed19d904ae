package e2e

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/challenge/example"
	"github.com/arena/arena/challenge/example/learning"
	"github.com/arena/arena/client"
	"github.com/arena/arena/learn/data"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/match"
)

// The contests the network runs besides the clients' bounties, every upload and every
// transaction through node 0's API alone: a benchmark challenge and a learning
// challenge, whose committees run programs in sandboxes and which therefore start
// before the first fault and run across the faults; a tender and an agent match, once
// the traffic has stopped. Each is audited on every node, the late one included.

// Bounds of the contests; like the harness's, each turns a hang into a failure.
const (
	contestLimit = 10 * time.Minute // a bench checked, a program run or a pair scored, a match played
	auditLimit   = 3 * time.Minute  // one `arena audit`, which may re-run a bench or a pair
	learnTrain   = 32 << 10         // the embedded train split's bytes the learning challenge codes, cut at a line
	learnHeld    = 8 << 10          // and its held-out split's
)

// submit sends body with value from s through its node and records the receipt in the
// book, so that the next check looks the transaction up on every node. A send that
// failed, or a transaction the ledger refused, is an error naming what it was for.
func (n *network) submit(ctx context.Context, what string, s *client.Sender, v ledger.Amount, b ledger.Body) (ledger.Outcome, error) {
	rc, err := s.Send(ctx, v, b)
	if err != nil {
		return ledger.Outcome{}, fmt.Errorf("%s: send %s: %w", what, b.Kind(), err)
	}
	n.book.add(ack{from: s.Address(), kind: b.Kind(), rc: rc})
	if !rc.Outcome.OK() {
		return rc.Outcome, fmt.Errorf("%s: %s refused: %s", what, b.Kind(), rc.Outcome.Err)
	}
	return rc.Outcome, nil
}

// must is submit on the test's goroutine, failing the test on an error.
func (n *network) must(what string, s *client.Sender, v ledger.Amount, b ledger.Body) ledger.Outcome {
	n.t.Helper()
	out, err := n.submit(n.t.Context(), what, s, v, b)
	if err != nil {
		n.t.Fatal(err)
	}
	return out
}

// funded returns a sender of a fresh key on node 0, funded with amount by the faucet.
func (n *network) funded(ctx context.Context, what string, amount ledger.Amount) (*client.Sender, *account.Key, error) {
	k, err := account.Generate()
	if err != nil {
		return nil, nil, err
	}
	s := n.nodes[0].c.Sender(k)
	_, err = n.submit(ctx, what, s, ledger.Amount{}, ledger.Faucet{To: s.Address(), Amount: amount})
	return s, k, err
}

// until polls cond every 500 ms until it holds, and is an error after limit.
func until(ctx context.Context, what string, limit time.Duration, cond func() bool) error {
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			return fmt.Errorf("%s: not within %s", what, limit)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s: %w", what, ctx.Err())
		case <-time.After(500 * time.Millisecond):
		}
	}
	return nil
}

// heavy is the benchmark challenge and the learning challenge, started on a goroutine
// of their own before the first fault: what they made, and how their start ended.
type heavy struct {
	done chan struct{} // closed when the start is over
	err  error         // its failure, once done is closed
	took time.Duration // wall time of the start

	// The benchmark challenge: the bench's sponsor, the agent's solver, their ids.
	sponsor, solver *client.Sender
	bench           ledger.BenchView
	challenge       ledger.ChallengeID
	run             ledger.RunView

	// The learning challenge: its sponsor, its id, its one pair's run, the held-out
	// split it reveals once submissions close, and when they close.
	learnSponsor *client.Sender
	learnKey     *account.Key // the sponsor's, which signs the held-out split's upload
	learn        ledger.LearnChallengeID
	learnRun     ledger.LearnRunID
	trainBytes   int64
	held         []byte
	closeAt      int64
}

// running reports whether the heavy contests' start is still under way.
func (h *heavy) running() bool {
	if h == nil {
		return false
	}
	select {
	case <-h.done:
		return false
	default:
		return true
	}
}

// startHeavy starts both contests on a goroutine: every module and split uploaded to
// node 0 alone and every transaction sent to it, so that the validators of the other
// three nodes fetch each artifact from node 0 by digest while they are killed, paused
// and cut off. It returns at once; finishHeavy waits for it.
func (n *network) startHeavy() *heavy {
	h := &heavy{done: make(chan struct{})}
	ctx := n.t.Context()
	go func() {
		defer close(h.done)
		begin := time.Now()
		h.err = n.publishLearning(ctx, h)
		if h.err == nil {
			h.err = n.runBench(ctx, h)
		}
		if h.err == nil {
			h.err = until(ctx, "the learning pair scored", contestLimit, func() bool {
				r, err := n.nodes[0].c.LearnRun(ctx, h.learnRun)
				return err == nil && r.State != learn.RunAnchoring && r.State != learn.RunRunning
			})
		}
		h.took = time.Since(begin)
	}()
	return h
}

// publishLearning publishes the learning challenge on the first learnTrain bytes of
// the embedded train split, its held-out split's first learnHeld bytes committed by
// digest, and commits the example pair "order2": the split and both modules uploaded
// to node 0 alone.
func (n *network) publishLearning(ctx context.Context, h *heavy) error {
	const what = "learning challenge"
	c := n.nodes[0].c
	sponsor, sk, err := n.funded(ctx, what, ledger.Ether(100))
	if err != nil {
		return err
	}
	learner, lk, err := n.funded(ctx, what, ledger.Ether(10))
	if err != nil {
		return err
	}
	h.learnSponsor, h.learnKey = sponsor, sk
	train, held := data.Prefix(data.Train(), learnTrain), data.Prefix(data.Heldout(), learnHeld)
	arch, _ := learning.Arch("order2")
	tr, _ := learning.Train("order2")
	uploads := []struct {
		k *account.Key
		b []byte
	}{{sk, train}, {lk, arch}, {lk, tr}}
	for _, u := range uploads {
		if _, err := c.WithSigner(u.k).PutBlob(ctx, u.b); err != nil {
			return fmt.Errorf("%s: upload to node0: %w", what, err)
		}
	}
	a, err := c.Arena(ctx)
	if err != nil {
		return err
	}
	h.trainBytes, h.held, h.closeAt = int64(len(train)), held, a.Time+3600
	out, err := n.submit(ctx, what, sponsor, ledger.Ether(60), learn.Publish{
		Title: "Compress Jane Austen", Dataset: abi.Digest(train), DatasetBytes: int64(len(train)),
		Heldout: abi.Digest(held), HeldoutBytes: int64(len(held)),
		CloseAt: h.closeAt, RevealBy: a.Time + 86400, End: a.Time + 2*86400,
		Deposit: ledger.Ether(1), PerEpoch: ledger.Ether(10), EpochS: 3600,
		ParamCap: 8 << 20, DataCap: 576 << 10, ByteGas: 4 << 20, Quorum: 3, Platform: learn.Platform,
	})
	if err != nil {
		return err
	}
	h.learn = ledger.LearnChallengeID(out.Created)
	v, err := c.LearnChallenge(ctx, h.learn)
	if err != nil {
		return err
	}
	value, _ := v.Deposit.Add(v.GradingFee)
	out, err = n.submit(ctx, what, learner, value, learn.Commit{Challenge: h.learn,
		Arch: abi.Digest(arch), ArchSize: int64(len(arch)), Train: abi.Digest(tr), TrainSize: int64(len(tr))})
	if err != nil {
		return err
	}
	h.learnRun = ledger.LearnRunID(out.Created)
	return nil
}

// runBench registers the example bench, waits for its committee's check, publishes a
// challenge on it and commits the example agent "sharp", then waits for the run to be
// final: the bench module and the program uploaded to node 0 alone.
func (n *network) runBench(ctx context.Context, h *heavy) error {
	const what = "benchmark challenge"
	c := n.nodes[0].c
	sponsor, sk, err := n.funded(ctx, what, ledger.Ether(100))
	if err != nil {
		return err
	}
	solver, ak, err := n.funded(ctx, what, ledger.Ether(10))
	if err != nil {
		return err
	}
	h.sponsor, h.solver = sponsor, solver
	bench := example.Bench()
	agent, _ := example.Agent("sharp")
	for i, k := range []*account.Key{sk, ak} {
		if _, err := c.WithSigner(k).PutBlob(ctx, [][]byte{bench, agent}[i]); err != nil {
			return fmt.Errorf("%s: upload to node0: %w", what, err)
		}
	}
	out, err := n.submit(ctx, what, sponsor, ledger.Amount{}, challenge.BenchRegister{
		Name: "toolbench", Version: 1, Module: abi.Digest(bench), Size: int64(len(bench)),
		Kinds: []string{abi.KindMemory, abi.KindTool}, MinCases: 100, Profiles: []string{challenge.ProfileFull, challenge.ProfilePractice},
		Quorum: 3, InitGas: 200_000_000, CaseGas: 200_000_000, BenchGas: 50_000_000_000, MaxPages: challenge.DefaultPages,
		Platform: challenge.Platform, Fold: challenge.DefaultFold(),
	})
	if err != nil {
		return err
	}
	id := ledger.BenchID(out.Created)
	if err := until(ctx, "the bench checked", contestLimit, func() bool {
		h.bench, err = c.Bench(ctx, id)
		return err == nil && h.bench.State != challenge.BenchChecking
	}); err != nil {
		return err
	}
	if h.bench.State != challenge.BenchAccepted {
		return fmt.Errorf("%s: bench %s (%s): want accepted", what, h.bench.State, h.bench.Reason)
	}
	a, err := c.Arena(ctx)
	if err != nil {
		return err
	}
	out, err = n.submit(ctx, what, sponsor, ledger.Ether(50), challenge.Publish{
		Bench: "toolbench", Title: "Tool use and memory", Deposit: ledger.Ether(2), PerEpoch: ledger.Ether(10),
		EpochS: 3600, End: a.Time + 30*86400,
	})
	if err != nil {
		return err
	}
	h.challenge = ledger.ChallengeID(out.Created)
	if _, err := n.submit(ctx, what, solver, ledger.Ether(2), challenge.Commit{Challenge: h.challenge,
		Program: abi.Digest(agent), Size: int64(len(agent)), Profile: challenge.ProfileFull}); err != nil {
		return err
	}
	return until(ctx, "the entry's run final", contestLimit, func() bool {
		cv, err := c.Challenge(ctx, h.challenge)
		if err != nil || len(cv.Runs) != 1 {
			return false
		}
		h.run = cv.Runs[0]
		return h.run.State == challenge.RunFinal
	})
}

// awaitHeavy waits for the heavy contests' start to be over, failing the test if it
// failed.
func (n *network) awaitHeavy(h *heavy) {
	n.t.Helper()
	select {
	case <-h.done:
	case <-time.After(2 * contestLimit):
		n.t.Fatalf("the benchmark and learning challenges' start not over within %s", 2*contestLimit)
	}
	if h.err != nil {
		n.t.Fatal(h.err)
	}
	n.t.Logf("figure: the benchmark and learning challenges, started before the faults, scored %s after they began", h.took.Round(time.Second))
}

// finishHeavy settles both heavy contests, the traffic stopped: the benchmark run's
// quorum checked, its epoch folded; the learning challenge's submissions closed, its
// held-out split uploaded to node 0 and revealed, the pair measured on it and the epoch
// folded.
func (n *network) finishHeavy(h *heavy) {
	n.t.Helper()
	ctx := n.t.Context()
	c := n.nodes[0].c

	if h.run.Kept == nil {
		n.t.Fatalf("run %d final with no kept result", h.run.ID)
	}
	scored := 0
	for _, at := range h.run.Attestations {
		if at.Result.Scored() {
			scored++
		}
	}
	// One validator a node: a quorum of scored attestations is at least two nodes that
	// ran the bench and the program without the upload.
	if scored < h.bench.Quorum || h.bench.Quorum < 2 {
		n.t.Fatalf("run %d: %d scored attestations, want the bench's quorum of %d", h.run.ID, scored, h.bench.Quorum)
	}
	n.must("benchmark challenge", h.sponsor, ledger.Amount{}, ledger.Advance{Seconds: 3600})
	n.must("benchmark challenge", h.solver, ledger.Amount{}, challenge.Fold{Challenge: h.challenge})
	cv, err := c.Challenge(ctx, h.challenge)
	if err != nil {
		n.t.Fatal(err)
	}
	if len(cv.Folds) != 1 || len(cv.Folds[0].Payments) == 0 {
		n.t.Fatalf("challenge %d folds %+v: want one paying the champion", h.challenge, cv.Folds)
	}

	r, err := c.LearnRun(ctx, h.learnRun)
	if err != nil {
		n.t.Fatal(err)
	}
	if r.State != learn.RunWaiting || r.Kept == nil || !r.Kept.Scored() || r.Kept.Bytes != h.trainBytes {
		n.t.Fatalf("learning run %d %s, kept %+v: want scored over the %d-byte split, waiting for the reveal", h.learnRun, r.State, r.Kept, h.trainBytes)
	}
	a, err := c.Arena(ctx)
	if err != nil {
		n.t.Fatal(err)
	}
	if a.Time < h.closeAt {
		n.must("learning challenge", h.learnSponsor, ledger.Amount{}, ledger.Advance{Seconds: h.closeAt - a.Time})
	}
	if _, err := c.WithSigner(h.learnKey).PutBlob(ctx, h.held); err != nil {
		n.t.Fatalf("held-out split to node0: %v", err)
	}
	n.must("learning challenge", h.learnSponsor, ledger.Amount{}, learn.Reveal{Challenge: h.learn, Heldout: abi.Digest(h.held)})
	n.waitFor("the learning pair measured on the held-out split", contestLimit, func() bool {
		r, err = c.LearnRun(ctx, h.learnRun)
		return err == nil && r.State != learn.RunWaiting && r.State != learn.RunHeldout
	})
	if r.State != learn.RunFinal || r.Score == nil || r.HeldoutKept == nil {
		n.t.Fatalf("learning run %d %s, held-out %+v, score %+v: want final with a held-out measurement", h.learnRun, r.State, r.HeldoutKept, r.Score)
	}
	n.must("learning challenge", h.learnSponsor, ledger.Amount{}, challenge.Fold{Challenge: challenge.ChallengeID(h.learn), Contest: learn.FoldKind})
	lv, err := c.LearnChallenge(ctx, h.learn)
	if err != nil {
		n.t.Fatal(err)
	}
	if len(lv.Folds) != 1 || lv.Folds[0].Amount.IsZero() {
		n.t.Fatalf("learning challenge %d folds %+v: want one paying the pair's owner", h.learn, lv.Folds)
	}
	n.t.Logf("challenge %d: run %d composite %d over %d cases; learning run %d: %d bits over %d bytes, final %d micros; both folded, from modules and splits uploaded to node0 alone",
		h.challenge, h.run.ID, h.run.Kept.Composite.Composite, h.run.Kept.Composite.N, h.learnRun, r.Kept.Bits, r.Kept.Bytes, r.Score.Final)
}

// netMatchPrompts are the system prompts of the agent match's two agents, both on the
// builtin reader node 0's operator serves.
var netMatchPrompts = [2]string{"You are Alice's agent. Keep your HP up and strike when you are charged.", "You are Bob's agent. Win the battle."}

// runMatch runs an agent match as the README does, against node 0: `arena match
// create` in node 0's directory (its operator's key, the seed secret kept there), a bet
// on agent 0's first move, both entrants' joins; node 0's operator then plays every
// turn and finishes it. It returns the match's id once it is finished.
func (n *network) runMatch() ledger.MatchID {
	n.t.Helper()
	ctx := n.t.Context()
	const what = "agent match"
	var entrants [2]*client.Sender
	for i := range entrants {
		s, _, err := n.funded(ctx, what, ledger.Ether(20))
		if err != nil {
			n.t.Fatal(err)
		}
		entrants[i] = s
	}
	fan, _, err := n.funded(ctx, what, ledger.Ether(20))
	if err != nil {
		n.t.Fatal(err)
	}
	out := arena(n.t, "match", "create", "--dir", n.nodes[0].home,
		"--entrant", entrants[0].Address().String(), "--entrant", entrants[1].Address().String(), "--model", "builtin",
		"--system-prompt", netMatchPrompts[0], "--system-prompt", netMatchPrompts[1], "--entry-fee", "5", "--fee-bps", "200")
	num, _, ok := strings.Cut(strings.TrimPrefix(out, "created match "), ":")
	id, err := strconv.ParseUint(num, 10, 64)
	if !ok || err != nil {
		n.t.Fatalf("arena match create said %q: want \"created match N: ...\"", out)
	}
	m := ledger.MatchID(id)
	n.must(what, fan, ledger.Ether(2), match.Bet{Match: m, Turn: 1, Agent: 0, Move: "attack"})
	for _, s := range entrants {
		n.must(what, s, ledger.Ether(5), match.Join{Match: m})
	}
	var mv ledger.MatchView
	n.waitFor("the match played to its end", contestLimit, func() bool {
		mv, err = n.nodes[0].c.Match(ctx, m)
		return err == nil && (mv.State == match.StateFinished || mv.State == match.StateVoid)
	})
	if mv.State != match.StateFinished || mv.Winner == nil || mv.ResultHash == "" || mv.Operator != n.operator {
		n.t.Fatalf("match %d %s (%s) by operator %s: want finished with a winner and a result hash, by the founding terms' operator %s",
			m, mv.State, mv.VoidReason, mv.Operator, n.operator)
	}
	if len(mv.Bets) != 1 || mv.Bets[0].State == match.BetOpen {
		n.t.Fatalf("match %d bets %+v: want the one bet settled", m, mv.Bets)
	}
	n.t.Logf("match %d: %d turns played by node0's operator, winner %d, the bet %s", m, len(mv.Turns), *mv.Winner, mv.Bets[0].State)
	return m
}

// contests are the ids of every contest the network ran besides the bounties.
type contests struct {
	tender    ledger.TenderID
	match     ledger.MatchID
	run       ledger.RunID
	challenge ledger.ChallengeID
	learnRun  ledger.LearnRunID
}

// auditContests runs, on every node side by side, `arena audit tender`, `match`, `run`,
// `challenge` and `learn` for each contest: every settled number re-derived from each
// node's own directory, fetching from the other nodes what it does not hold.
func (n *network) auditContests(cs contests) {
	n.t.Helper()
	for _, job := range []struct {
		noun string
		id   uint64
	}{{"tender", uint64(cs.tender)}, {"match", uint64(cs.match)}, {"run", uint64(cs.run)}, {"challenge", uint64(cs.challenge)}, {"learn", uint64(cs.learnRun)}} {
		jobs := make([][]uint64, len(n.nodes))
		for i := range jobs {
			jobs[i] = []uint64{job.id}
		}
		n.auditAll(job.noun, jobs)
	}
	n.t.Logf("the tender, the match, the benchmark run and its fold, and the learning run audited on each of %d nodes", len(n.nodes))
}
