package audit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/challenge/composite"
	"github.com/arena/arena/ledger/challenge/koth"
	"github.com/arena/arena/sandbox"
	"github.com/arena/arena/sandbox/gas"
)

// RunInputs is what a run's audit reads besides the snapshot: where the published
// artifacts are, the sandbox that runs the bench, and what the arena's log says about
// the run.
type RunInputs struct {
	// Blobs are asked in order for the bench module, the program and each transcript;
	// every answer is checked against its digest.
	Blobs []blobs.Source
	// Runtime runs the bench module. Required.
	Runtime *sandbox.Runtime
	// Log is what the arena's log holds about the run; nil when auditing a snapshot
	// alone, and then the anchor and the signatures are not checked.
	Log *RunLog
}

// RunLog is what the arena's log holds about one run beyond the views: the block that
// created it (an entry run's commit, or the fold that opened a confirmation or rescore
// run; the run's anchor is the state hash after it), its round's committee, and every
// admitted challenge_attest of its round as signed.
type RunLog struct {
	Anchor    *Block           // nil when the log does not say
	Committee []ledger.Address // the run round's committee
	Attests   []SignedTx       // in log order
	// Base is the snapshot height a log restored by state sync begins at (0 for a log
	// from genesis): it holds no block at or below it, so no attestation recorded there.
	Base uint64
}

// Block is one committed block: its height and the state hash after it.
type Block struct {
	Height uint64
	Hash   [32]byte
}

// SignedTx is a transaction as the log holds it, in the block at Height.
type SignedTx struct {
	Height uint64
	Tx     *ledger.Tx
}

// The WASI an audit gives the bench. A bench registration checked that two generations
// with different random keys and clocks give the same bytes, so an accepted bench
// depends on the request alone; the audit gives it values no validator used, so that a
// score that leaned on them would show here.
var (
	auditEntropy = [32]byte{'a', 'u', 'd', 'i', 't'}
	auditClock   = int64(946_684_800) // 2000-01-01
)

// Run re-derives challenge run id from published data alone: the run's seed from its
// anchor (for a confirmation run, also the CRN seed of its pair), the bench module and
// the program by digest, the dataset regenerated from the seed with the bench against
// every attestation's dataset digest, each published transcript against its
// attestation's digest, each transcript re-graded with the bench and scored against
// the attested composite exactly, the result the ledger kept (exact, or the median row
// when the bench pins a model) and, with the log, each attestation's signature and its
// signer's seat on the committee.
func Run(ctx context.Context, snap *ledger.Snapshot, id ledger.RunID, in RunInputs) (*Report, error) {
	run, c, ok := runOf(snap, id)
	if !ok {
		return nil, fmt.Errorf("no run %d in the snapshot", id)
	}
	b, ok := benchOf(snap, run.Bench)
	if !ok {
		return nil, fmt.Errorf("run %d names bench %d, which the snapshot lacks", id, run.Bench)
	}
	r := &Report{Subject: fmt.Sprintf("challenge run %d (%s run of entry %d on %s version %d, %s)", id, run.Purpose, run.Entry, b.Name, b.Version, run.State), Number: "the run's score"}
	r.runSeed(run, c, in.Log)
	if run.Seed == "" {
		return r, nil
	}
	a := &runAudit{r: r, run: run, bench: b, in: in}
	a.artifacts(ctx)
	var ignored []outvoted
	for _, x := range run.Attestations {
		if !x.Result.Scored() {
			continue
		}
		from := len(r.Steps)
		a.attestation(ctx, x)
		if !x.Agrees || x.Late {
			ignored = append(ignored, newOutvoted(r, from, fmt.Sprintf("attempt %d: %s", x.Attempt, x.Validator)))
		}
	}
	from := len(r.Steps)
	r.kept(run, b)
	if run.Kept != nil && run.State != challenge.RunProvisional && r.okFrom(from) {
		r.catchOutvoted(ignored)
	}
	r.signatures(run, in.Log)
	return r, nil
}

// runSeed checks the run's seed: keccak256("arena challenge run" ‖ anchor ‖ id) for an
// entry or rescore run, or, for a confirmation run, its pair's CRN seed (over the two
// entries' canonical program digests) anchored to the state hash at the end of the
// block whose fold opened it (challenge.ConfirmSeed). Without the log's anchor the CRN
// is still checked and the seed is reported as not checked.
func (r *Report) runSeed(run ledger.RunView, c ledger.ChallengeView, log *RunLog) {
	anchored := "keccak256(\"arena challenge run\" ‖ the state hash after block %d ‖ run id)"
	want := func(anchor [32]byte) string { return challenge.RunSeed(anchor, run.ID) }
	if run.Purpose == challenge.PurposeConfirm {
		crn, ok := r.confirmCRN(run, c)
		if !ok {
			return
		}
		anchored = "sha256(24 zero bytes ‖ the CRN seed big-endian ‖ 0x00 ‖ the state hash after block %d, whose fold opened the run)"
		want = func(anchor [32]byte) string { return challenge.ConfirmSeed(crn, anchor) }
	}
	switch {
	case run.Seed == "":
		r.Steps = append(r.Steps, Step{Name: "seed", Want: "-", Got: "-", OK: true, Note: "the run waits for its anchor; nothing else is published yet"})
	case log != nil && log.Anchor == nil && log.Base > 0:
		r.Steps = append(r.Steps, Step{Name: "seed", Want: run.Seed, Got: "-", OK: true,
			Note: fmt.Sprintf("this log begins at the snapshot of height %d, after the run's anchor: a log from genesis holds its block hash", log.Base)})
	case log == nil || log.Anchor == nil:
		r.Steps = append(r.Steps, Step{Name: "seed", Want: run.Seed, Got: "-", OK: true, Note: "a snapshot holds no block hashes: audit from the arena directory to check the anchor"})
	default:
		r.check("seed", run.Seed, want(log.Anchor.Hash), fmt.Sprintf(anchored, log.Anchor.Height))
	}
}

// confirmCRN checks a confirmation run's CRN seed against the one koth derives from the
// canonical program digests of its entry and its pair (what the fold ranked them by),
// the version and k, and returns it.
func (r *Report) confirmCRN(run ledger.RunView, c ledger.ChallengeView) (uint64, bool) {
	self, ok := entryIn(c, run.Entry)
	if !ok {
		r.fail("crn", fmt.Sprintf("the run's entry %d is not in challenge %d", run.Entry, c.ID))
		return 0, false
	}
	pair, ok := entryIn(c, run.Pair)
	if !ok {
		r.fail("crn", fmt.Sprintf("the pair's entry %d is not in challenge %d", run.Pair, c.ID))
		return 0, false
	}
	if self.Canonical == "" || pair.Canonical == "" {
		r.fail("crn", fmt.Sprintf("entries %d and %d do not both hold a canonical program digest", self.ID, pair.ID))
		return 0, false
	}
	crn := koth.CRNSeed([]string{self.Canonical, pair.Canonical}, run.Version, run.K)
	r.check("crn", run.CRN, crn, fmt.Sprintf("the CRN seed of canonical programs %s and %s on version %d, k %d",
		short(self.Canonical), short(pair.Canonical), run.Version, run.K))
	return crn, true
}

// runAudit is one run's audit under way: the artifacts it fetched and the dataset it
// regenerated, each nil when it could not be had.
type runAudit struct {
	r       *Report
	run     ledger.RunView
	bench   ledger.BenchView
	in      RunInputs
	module  *sandbox.Module
	dataset []byte
	dsha    string
	canon   string                         // the program's canonical digest (gas.Canonical), "" when not held
	graded  map[string]challenge.RunResult // by transcript digest: members who agree publish one transcript
}

// artifacts fetches and compiles the bench module, fetches the program, and
// regenerates the dataset from the run's seed.
func (a *runAudit) artifacts(ctx context.Context) {
	wasm, err := blobs.Fetch(ctx, a.bench.Module, a.in.Blobs...)
	if err != nil {
		a.r.fail("bench module", fetchFailure(err))
		return
	}
	a.r.check("bench module", a.bench.Module, abi.Digest(wasm), fmt.Sprintf("%d bytes, frozen at registration", len(wasm)))
	if prog, err := blobs.Fetch(ctx, a.run.Program, a.in.Blobs...); err != nil {
		if a.scored() {
			a.r.fail("program", fetchFailure(err))
		} else {
			a.r.Steps = append(a.r.Steps, Step{Name: "program", Want: a.run.Program, Got: "-", OK: true,
				Note: "not held, and no attestation scored a run of it: " + fetchFailure(err)})
		}
	} else {
		a.r.check("program", fmt.Sprintf("%s, %d bytes", a.run.Program, a.run.Size), fmt.Sprintf("%s, %d bytes", abi.Digest(prog), len(prog)), "the committed digest and size")
		if a.canon, err = gas.Canonical(prog); err != nil {
			a.r.fail("program", "its sections cannot be read: "+err.Error())
		}
	}
	if a.module, err = a.in.Runtime.Compile(ctx, wasm, sandbox.Offer{}); err != nil {
		a.r.fail("bench module", "it does not compile: "+grading.ClassifyRun(err).Error())
		return
	}
	out, err := a.command(ctx, abi.Request{Op: abi.OpGenerate, Seed: a.run.Seed, Profile: a.run.Profile})
	if err != nil {
		a.r.fail("dataset", "the bench did not generate: "+grading.ClassifyRun(err).Error())
		return
	}
	a.dataset, a.dsha = out, abi.Digest(out)
}

// scored reports whether any attestation of the run scored it.
func (a *runAudit) scored() bool {
	for _, x := range a.run.Attestations {
		if x.Result.Scored() {
			return true
		}
	}
	return false
}

// command runs the bench once with req and returns its stdout.
func (a *runAudit) command(ctx context.Context, req abi.Request) ([]byte, error) {
	in, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	out, _, err := a.in.Runtime.Command(ctx, a.module, in, auditEntropy, auditClock, sandbox.Limits{MaxPages: a.bench.MaxPages, Gas: a.bench.BenchGas})
	return out, err
}

// attestation checks one scored attestation: its dataset digest against the
// regenerated dataset, its transcript against its digest and the run, and its
// composite and gas against the transcript re-graded by the bench.
func (a *runAudit) attestation(ctx context.Context, x challenge.RunAttestationView) {
	name := fmt.Sprintf("attempt %d %s", x.Attempt, short(x.Validator.String()))
	res := x.Result
	if a.dataset != nil {
		a.r.check(name+" dataset", res.Dataset, a.dsha, "sha256 of the dataset the bench generates from the run's seed")
	}
	if a.canon != "" {
		a.r.check(name+" canonical", res.Canonical, a.canon, "sha256 of the program without its custom sections")
	}
	t, err := blobs.Fetch(ctx, res.Transcript, a.in.Blobs...)
	if err != nil {
		a.r.fail(name+" transcript", fetchFailure(err))
		return
	}
	a.r.check(name+" transcript", res.Transcript, abi.Digest(t), "sha256 of the published transcript")
	if why := a.transcriptNames(t); why != "" {
		a.r.fail(name+" transcript", why)
		return
	}
	if a.dataset == nil {
		return
	}
	got, ok := a.graded[res.Transcript]
	if !ok {
		got, err = a.regrade(ctx, t)
		if a.graded == nil {
			a.graded = map[string]challenge.RunResult{}
		}
		if err == nil {
			a.graded[res.Transcript] = got
		}
	}
	if err != nil {
		a.r.fail(name+" composite", err.Error())
		return
	}
	var diff []string
	if !challenge.SameResult(res.Composite, got.Composite) {
		diff = append(diff, "the composite is not the re-graded transcript's: attested "+resultJSON(res.Composite)+", derived "+resultJSON(got.Composite))
	}
	if res.Gas != got.Gas {
		diff = append(diff, fmt.Sprintf("the gas is not the transcript's sum: attested %d, derived %d", res.Gas, got.Gas))
	}
	note := "the transcript re-graded by the bench and scored: every field and the gas equal"
	if len(diff) > 0 {
		note = diff[0]
		if len(diff) > 1 {
			note += "; " + diff[1]
		}
	}
	a.r.Steps = append(a.r.Steps, Step{Name: name + " composite", Want: scoreLine(res), Got: scoreLine(got), OK: len(diff) == 0, Note: note})
}

// transcriptNames returns why transcript t cannot be this run's (not canonical, or
// naming another bench, program, dataset or seed), or "".
func (a *runAudit) transcriptNames(t []byte) string {
	var tr abi.Transcript
	if err := json.Unmarshal(t, &tr); err != nil {
		return "the published transcript is not one: " + err.Error()
	}
	switch {
	case !bytes.Equal(tr.Canonical(), t):
		return "the published transcript's bytes are not canonical"
	case tr.Bench != a.bench.Module:
		return "the transcript names bench " + tr.Bench
	case tr.Program != a.run.Program:
		return "the transcript names program " + tr.Program
	case tr.Seed != a.run.Seed:
		return "the transcript names seed " + tr.Seed
	case a.dataset != nil && tr.Dataset != a.dsha:
		return "the transcript names dataset " + tr.Dataset + "; the seed generates " + a.dsha
	}
	return ""
}

// regrade grades transcript t on the regenerated dataset with the bench and scores it.
func (a *runAudit) regrade(ctx context.Context, t []byte) (challenge.RunResult, error) {
	var d abi.Dataset
	if err := json.Unmarshal(a.dataset, &d); err != nil {
		return challenge.RunResult{}, fmt.Errorf("the generated dataset is not one: %w", err)
	}
	out, err := a.command(ctx, abi.Request{Op: abi.OpGrade, Dataset: a.dataset, Transcript: t})
	if err != nil {
		return challenge.RunResult{}, fmt.Errorf("the bench did not grade: %w", err)
	}
	var g abi.Grades
	if err := json.Unmarshal(out, &g); err != nil {
		return challenge.RunResult{}, fmt.Errorf("the bench's grades are not JSON: %w", err)
	}
	if len(g.Cases) != len(d.Cases) {
		return challenge.RunResult{}, fmt.Errorf("the bench graded %d cases of %d", len(g.Cases), len(d.Cases))
	}
	score, err := composite.Score(g.Cases)
	if err != nil {
		return challenge.RunResult{}, fmt.Errorf("the grades do not score: %w", err)
	}
	var tr abi.Transcript
	_ = json.Unmarshal(t, &tr) // transcriptNames decoded it already
	gas := tr.Probe.Gas
	for _, c := range tr.Cases {
		gas += c.Gas
	}
	return challenge.RunResult{Dataset: a.dsha, Transcript: abi.Digest(t), Canonical: a.canon, Composite: score, Gas: gas}, nil
}

// kept checks the result the ledger kept: for a run settled on a result, the agreeing
// attestations of the settled attempt reach the bench's quorum and the kept result is
// theirs (exactly, or the median row by composite then validator when the bench pins
// a model); for a provisional run, the median row of every scored attestation.
func (r *Report) kept(run ledger.RunView, b ledger.BenchView) {
	if run.Kept == nil {
		return
	}
	var rows []challenge.RunAttestationView
	switch run.State {
	case challenge.RunProvisional:
		for _, x := range run.Attestations {
			if x.Result.Scored() {
				rows = append(rows, x)
			}
		}
	default:
		last := 0
		for _, x := range run.Attestations {
			last = max(last, x.Attempt)
		}
		for _, x := range run.Attestations {
			if x.Attempt == last && x.Agrees && !x.Late {
				rows = append(rows, x)
			}
		}
		r.Steps = append(r.Steps, Step{Name: "quorum", Want: fmt.Sprintf("at least %d", b.Quorum), Got: fmt.Sprint(len(rows)),
			OK: len(rows) >= b.Quorum, Note: fmt.Sprintf("members of attempt %d, leader included, who agree", last)})
	}
	if len(rows) == 0 {
		r.fail("kept", "no attestation the kept result could come from")
		return
	}
	want := rows[0]
	how := "the leader's, which every agreeing member attested exactly"
	if b.Model != "" || run.State == challenge.RunProvisional {
		want, how = medianRow(rows), "the median row by composite, then validator address"
	} else {
		for _, x := range rows[1:] {
			if !sameRun(x.Result, want.Result) {
				r.fail("kept", fmt.Sprintf("%s agrees but attested another result than %s", x.Validator, want.Validator))
				return
			}
		}
		// The snapshot does not name the attempt's leader, and the leader need not have
		// attested first; every agreeing row is the same result, so the kept one may
		// come from any of them.
		if i := slices.IndexFunc(rows, func(x challenge.RunAttestationView) bool {
			return run.KeptFrom != nil && x.Validator == *run.KeptFrom
		}); i >= 0 {
			want = rows[i]
		}
	}
	from := "-"
	if run.KeptFrom != nil {
		from = run.KeptFrom.String()
	}
	if !sameRun(*run.Kept, want.Result) {
		how += "; the kept result is not that attestation's in every field"
	}
	r.Steps = append(r.Steps, Step{Name: "kept", Want: scoreLine(*run.Kept) + " from " + from, Got: scoreLine(want.Result) + " from " + want.Validator.String(),
		OK: sameRun(*run.Kept, want.Result) && from == want.Validator.String(), Note: how})
}

// medianRow returns the median of rows by composite then validator address, the lower
// middle of an even count, by the ledger's own rule.
func medianRow(rows []challenge.RunAttestationView) challenge.RunAttestationView {
	return challenge.Median(rows, func(x challenge.RunAttestationView) int64 { return x.Result.Composite.Composite },
		func(x challenge.RunAttestationView) ledger.Address { return x.Validator })
}

// signatures checks each attestation against the log: a challenge_attest transaction
// of the run's round and attempt from its validator, whose signature recovers to that
// validator, who sits on the round's committee, carrying exactly the result the ledger
// shows (its dataset and transcript digests included).
func (r *Report) signatures(run ledger.RunView, log *RunLog) {
	if len(run.Attestations) == 0 {
		return
	}
	if log == nil {
		r.Steps = append(r.Steps, Step{Name: "signatures", Want: fmt.Sprint(len(run.Attestations)), Got: "-", OK: true,
			Note: "a snapshot holds no signed transactions: audit from the arena directory to check them"})
		return
	}
	for _, x := range run.Attestations {
		name := fmt.Sprintf("attempt %d %s signer", x.Attempt, short(x.Validator.String()))
		tx, ok := attestTx(log, run.Round, x)
		switch {
		case !ok && x.Height <= log.Base:
			r.Steps = append(r.Steps, Step{Name: name, Want: fmt.Sprintf("block %d", x.Height), Got: "-", OK: true,
				Note: fmt.Sprintf("this log begins at the snapshot of height %d, after the attestation: a log from genesis holds its signed transaction", log.Base)})
			continue
		case !ok:
			r.fail(name, "the log holds no challenge_attest of this round and attempt from this validator")
			continue
		}
		h, err := tx.Tx.SigningHash()
		if err != nil {
			r.fail(name, err.Error())
			continue
		}
		who, err := ledger.Recover(h, tx.Tx.Sig)
		if err != nil {
			r.fail(name, err.Error())
			continue
		}
		body := tx.Tx.Body.(challenge.Attest)
		note := fmt.Sprintf("the challenge_attest in block %d is signed by its committee member and carries the result shown", tx.Height)
		switch {
		case !slices.Contains(log.Committee, who):
			note = "the signer is not on the round's committee"
		case !sameRun(body.Result, x.Result):
			note = "the signed result is not the one the ledger shows"
		}
		ok = who == x.Validator && slices.Contains(log.Committee, who) && sameRun(body.Result, x.Result)
		r.Steps = append(r.Steps, Step{Name: name, Want: x.Validator.String(), Got: who.String(), OK: ok, Note: note})
	}
}

// attestTx finds the signed challenge_attest behind attestation x of round rd.
func attestTx(log *RunLog, rd ledger.RoundID, x challenge.RunAttestationView) (SignedTx, bool) {
	for _, t := range log.Attests {
		b, ok := t.Tx.Body.(challenge.Attest)
		if ok && t.Tx.From == x.Validator && b.Round == rd && b.Attempt == x.Attempt {
			return t, true
		}
	}
	return SignedTx{}, false
}

// sameRun reports whether two run results are equal in every field.
func sameRun(a, b challenge.RunResult) bool {
	return a.Error == b.Error && a.Dataset == b.Dataset && a.Transcript == b.Transcript && a.Canonical == b.Canonical && a.Gas == b.Gas && challenge.SameResult(a.Composite, b.Composite)
}

// scoreLine summarises a result: its composite, SE, case count and gas, or its failure.
func scoreLine(res challenge.RunResult) string {
	if !res.Scored() {
		return res.Error
	}
	k := res.Composite
	return fmt.Sprintf("composite %d ± %d micros, n %d, gas %d", k.Composite, k.SE, k.N, res.Gas)
}

func resultJSON(c composite.Result) string {
	b, _ := json.Marshal(c) // ints and strings only
	return string(b)
}

// short abbreviates a long hex string for a step's name.
func short(s string) string {
	if len(s) > 14 {
		return s[:10] + "…"
	}
	return s
}

func runOf(snap *ledger.Snapshot, id ledger.RunID) (ledger.RunView, ledger.ChallengeView, bool) {
	for _, c := range snap.Challenges {
		for _, r := range c.Runs {
			if r.ID == id {
				return r, c, true
			}
		}
	}
	return ledger.RunView{}, ledger.ChallengeView{}, false
}

func benchOf(snap *ledger.Snapshot, id ledger.BenchID) (ledger.BenchView, bool) {
	for _, b := range snap.Benches {
		if b.ID == id {
			return b, true
		}
	}
	return ledger.BenchView{}, false
}

func entryIn(c ledger.ChallengeView, id ledger.ChallengeEntryID) (ledger.ChallengeEntryView, bool) {
	for _, e := range c.Entries {
		if e.ID == id {
			return e, true
		}
	}
	return ledger.ChallengeEntryView{}, false
}

// fetchFailure is an artifact's failure to be fetched in the protocol's words, as a
// validator's result would carry it: "[EXTERNAL] The artifact at … does not match its
// digest …".
func fetchFailure(err error) string { return grading.ClassifyRun(err).Error() }
