package audit

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/arena/arena/grading/bounty/checks"
	"github.com/arena/arena/grading/bounty/facts"
	"github.com/arena/arena/grading/bounty/overlap"
	"github.com/arena/arena/grading/bounty/rung"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/typed"
)

// Entry re-derives the settled grade of bounty entry id from snap and the committed work
// bytes in works (nil when every entry involved is text): the work's digest, every
// model-call receipt (hashes and signature), the compiled checks re-evaluated, the
// overlap re-measured against the earlier entries' committed bytes, the rung re-parsed
// from the recorded answer, the agreement, and the arithmetic. A copy of an earlier
// entry, disqualified as its duplicate, is a cheat the grade caught. It returns an
// error only when there is nothing to audit.
func Entry(snap *ledger.Snapshot, id ledger.EntryID, works Works) (*Report, error) {
	e, ok := entryOf(snap, id)
	if !ok {
		return nil, fmt.Errorf("no entry %d in the snapshot", id)
	}
	g := e.Current
	if g == nil {
		return nil, fmt.Errorf("entry %d has no settled grade (state %s)", id, e.State)
	}
	task, ok := taskOf(snap, e.Task)
	if !ok {
		return nil, fmt.Errorf("entry %d names task %d, which the snapshot lacks", id, e.Task)
	}
	round, ok := roundOf(snap, g.Round)
	if !ok {
		return nil, fmt.Errorf("entry %d's grade names round %d, which the snapshot lacks", id, g.Round)
	}
	r := &Report{Subject: fmt.Sprintf("bounty entry %d (task %d, round %d)", id, e.Task, g.Round), Number: "the entry's grade"}
	res := g.Result
	r.consensus(snap, g, round)
	r.lapsed(snap, e)
	r.receipts(snap.Arena.Terms.GenesisHash(), g)
	work, ok := committed(e, works)
	if !ok {
		r.fail("work", "the committed bytes of "+e.WorkURL+" are not available: give them with --work-dir")
		return r, nil
	}
	r.check("work", res.WorkDigest, digest(work), "sha256 of the bytes committed at filing")
	if g.Error != "" {
		r.check("failure", g.Error, res.Error, "settled as a classed failure agreed by the quorum; nothing else to derive")
		return r, nil
	}
	f := facts.Of(string(work)).WithTask(task.Title, task.Spec)
	evaluated := r.checks(res.Checks, &f)
	match := r.overlap(snap, task, round, work, works, res)
	judged, read := r.reading(res)
	if !read {
		return r, nil
	}
	missedM, missedP := checks.Missed(evaluated)
	copied := ledger.EntryID(0)
	if match.Copy() {
		copied = match.Entry
	}
	want := bounty.Settle(judged, len(missedM), len(missedP), copied)
	dup := want.DuplicateOf
	r.check("duplicate_of", g.DuplicateOf, dup, "")
	r.check("disqualified", g.Disqualified, want.Disqualified, fmt.Sprintf("mandatory criteria missed: %d", len(missedM)))
	r.check("violations", g.Violations, want.Violations, "preferred criteria missed")
	r.check("tier", g.Tier, want.Tier, "")
	r.check("passed", g.Passed, want.Passed, "rung 1 or above and not disqualified")
	score := r.check("score", g.Score, want.Score, "max(0, tier*20 - 15*violations); 0 when disqualified")
	if dup != 0 && g.DuplicateOf == dup && g.Disqualified && score {
		r.caught(nil, fmt.Sprintf("entry %d copies entry %d (%d%% of it); disqualified, score 0, its bond slashed at award", id, dup, match.Percent))
	}
	return r, nil
}

// consensus checks that the grade was kept by a quorum of the committee, leader
// included. The quorum is derived from the terms, never read from the round: the terms'
// quorum, or for a regrade when the terms grow appeal panels, the panel's own, grown by
// as many members as the panel is larger than a committee (at most every validator).
// The round's recorded panel size and quorum are checked against what is derived.
func (r *Report) consensus(snap *ledger.Snapshot, g *ledger.GradeView, round ledger.RoundView) {
	q := r.panel("", &snap.Arena.Terms, round)
	r.Steps = append(r.Steps, Step{
		Name: "quorum", Want: fmt.Sprintf("at least %d", q), Got: fmt.Sprint(len(g.Agreed)), OK: len(g.Agreed) >= q,
		Note: "committee members, leader " + g.Leader.String() + " included, who reached the grade kept",
	})
}

// panel checks round's recorded panel size and quorum against those derived from the
// terms, naming each step after prefix, and returns the quorum derived: the terms', or
// for a regrade when the terms grow appeal panels, the panel's own.
func (r *Report) panel(prefix string, t *ledger.Terms, round ledger.RoundView) int {
	q := t.QuorumSize()
	switch base := t.CommitteeSize(); {
	case round.Regrade && t.AppealGrowth > 0:
		size := min(len(t.Validators), base+t.AppealGrowth)
		q += size - base
		r.check(prefix+"panel", len(round.Committee), size, fmt.Sprintf("a regrade's panel: the committee of %d grown by the terms' appeal growth of %d, at most the %d validators", base, t.AppealGrowth, len(t.Validators)))
		r.check(prefix+"panel quorum", round.Quorum, q, fmt.Sprintf("the terms' quorum of %d grown by as many members as the panel", t.QuorumSize()))
	case round.Quorum != 0:
		r.check(prefix+"panel quorum", round.Quorum, 0, "no panel: the round settles by the terms' quorum")
	}
	return q
}

// receipts recomputes each model call's prompt and response hashes and recovers the
// signer of its receipt, which must be the leader whose result was kept.
func (r *Report) receipts(arena [32]byte, g *ledger.GradeView) {
	r.callReceipts(arena, "", g.Leader, g.Result.Calls)
}

// callReceipts checks the receipts of calls, whose answer leader's verdict was kept;
// prefix names the subject in each step's name.
func (r *Report) callReceipts(arena [32]byte, prefix string, leader ledger.Address, calls []ledger.Call) {
	for i, c := range calls {
		name := fmt.Sprintf("%scall %d %s", prefix, i+1, c.Purpose)
		r.check(name+" prompt", c.PromptSHA, digest([]byte(c.Prompt)), "sha256 of the exact prompt")
		r.check(name+" answer", c.ResponseSHA, digest([]byte(c.Response)), "sha256 of the exact answer")
		sig, err := decodeSig(c.Sig)
		if err != nil {
			r.fail(name+" signer", err.Error())
			continue
		}
		d, err := typed.CallDigest(arena, c)
		if err != nil {
			r.fail(name+" signer", err.Error())
			continue
		}
		who, err := ledger.Recover(d, sig)
		if err != nil {
			r.fail(name+" signer", err.Error())
			continue
		}
		r.check(name+" signer", leader, who, "the receipt is signed by the leader whose result was kept")
	}
}

// checks re-evaluates every compiled check over the work's facts.
func (r *Report) checks(recorded []ledger.Check, f *facts.Facts) []ledger.Check {
	cands := make([]checks.Candidate, len(recorded))
	for i, c := range recorded {
		cands[i] = checks.Candidate{Criterion: checks.Criterion{Text: c.Criterion, Mandatory: c.Mandatory}, Expr: c.Expr, Source: c.Source}
	}
	set := checks.Build(cands, nil)
	if set.Len() != len(recorded) {
		r.fail("checks", fmt.Sprintf("%d of the %d recorded checks do not compile: %v", len(recorded)-set.Len(), len(recorded), set.Dropped))
		return recorded
	}
	got := set.Eval(f)
	for i, c := range recorded {
		r.check(fmt.Sprintf("check %d", i+1), c.Passed, got[i].Passed, c.Expr)
	}
	return got
}

// overlap re-measures the work against the committed bytes of every entry the round
// froze as earlier, in filing order, leaving out the task's base (its spec, rubric and
// template) when it was posted with copy_base, and checks how many tokens that left out.
func (r *Report) overlap(snap *ledger.Snapshot, task ledger.TaskView, round ledger.RoundView, work []byte, works Works, res ledger.Result) overlap.Match {
	idx := overlap.NewIndex()
	missing := 0
	for _, id := range round.Inputs.Earlier {
		e, ok := entryOf(snap, id)
		text := ""
		if ok {
			if b, have := committed(e, works); have {
				text = string(b)
			} else {
				missing++
			}
		}
		idx.Add(id, text)
	}
	base := overlap.Base{}
	if task.CopyBase {
		base = overlap.NewBase(task.Spec, task.Rubric, task.Template)
	}
	measured, excluded := base.Strip(string(work))
	if task.CopyBase {
		r.check("excluded", res.Excluded, excluded, fmt.Sprintf("distinct tokens of the work the task's spec, rubric and template hold (%d base tokens)", base.Len()))
	}
	m := idx.Measure(measured)
	note := fmt.Sprintf("against %d earlier entries", len(round.Inputs.Earlier))
	if missing > 0 {
		note += fmt.Sprintf("; %d whose committed bytes are not available measured as empty", missing)
	}
	r.check("similarity", res.Similarity, m.Percent, note)
	return m
}

// reading re-parses the rung from the reader's recorded answer.
func (r *Report) reading(res ledger.Result) (int, bool) {
	for _, c := range res.Calls {
		if c.Purpose != "read" {
			continue
		}
		rd, err := rung.Parse(c.Response)
		if err != nil {
			r.fail("judged_tier", "the recorded answer does not parse: "+err.Error())
			return 0, false
		}
		r.check("judged_tier", res.JudgedTier, int(rd.Rung), "re-parsed from the recorded answer")
		return int(rd.Rung), true
	}
	r.fail("judged_tier", "the result records no reading call")
	return 0, false
}

// committed returns the bytes an entry committed to at filing.
func committed(e ledger.EntryView, works Works) ([]byte, bool) {
	if e.WorkURL == "" {
		return []byte(e.Work), true
	}
	if works == nil {
		return nil, false
	}
	b, ok := works.Work(e.WorkSHA)
	if !ok || digest(b) != e.WorkSHA {
		return nil, false
	}
	return b, true
}

func digest(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func decodeSig(s string) ([]byte, error) {
	if len(s) != 132 || s[:2] != "0x" {
		return nil, fmt.Errorf("signature is not 0x and 130 hex digits")
	}
	return hex.DecodeString(s[2:])
}

func entryOf(snap *ledger.Snapshot, id ledger.EntryID) (ledger.EntryView, bool) {
	if id == 0 || int(id) > len(snap.Entries) || snap.Entries[id-1].ID != id {
		for _, e := range snap.Entries {
			if e.ID == id {
				return e, true
			}
		}
		return ledger.EntryView{}, false
	}
	return snap.Entries[id-1], true
}

func taskOf(snap *ledger.Snapshot, id ledger.TaskID) (ledger.TaskView, bool) {
	for _, t := range snap.Tasks {
		if t.ID == id {
			return t, true
		}
	}
	return ledger.TaskView{}, false
}

func roundOf(snap *ledger.Snapshot, id ledger.RoundID) (ledger.RoundView, bool) {
	for _, r := range snap.Rounds {
		if r.ID == id {
			return r, true
		}
	}
	return ledger.RoundView{}, false
}

// Task re-derives the award of bounty task id from snap alone: which entries were
// eligible (graded, passed, not disqualified), their ranking (score, then filing time,
// then entry number), the winner, and what became of each bond (the winner's and the
// rest back, a disqualified one slashed, one never revealed forfeited). Each entry's own
// grade is Entry's to re-derive. A copy slashed, or a sealed entry never revealed whose
// bond is forfeited, is a cheat the award caught.
func Task(snap *ledger.Snapshot, id ledger.TaskID) (*Report, error) {
	t, ok := taskOf(snap, id)
	if !ok {
		return nil, fmt.Errorf("no task %d in the snapshot", id)
	}
	if t.State != ledger.TaskAwarded && t.State != ledger.TaskVoided {
		return nil, fmt.Errorf("task %d is not settled (state %s)", id, t.State)
	}
	r := &Report{Subject: fmt.Sprintf("bounty task %d (%d entries)", id, len(t.Entries)), Number: "the task's award"}
	var entries, ranked []ledger.EntryView
	for _, eid := range t.Entries {
		e, ok := entryOf(snap, eid)
		if !ok {
			r.fail(fmt.Sprintf("entry %d", eid), "the snapshot lacks it")
			continue
		}
		entries = append(entries, e)
		if eligible(e) {
			ranked = append(ranked, e)
		}
	}
	ranked = rank(ranked, len(sharesOf(t)))
	var win *ledger.EntryView
	if len(ranked) > 0 {
		win = &ranked[0]
	}
	if win == nil {
		r.check("award", t.State, ledger.TaskVoided, "no eligible entry: the prize goes back to the sponsor")
	} else {
		r.check("award", t.State, ledger.TaskAwarded, "")
		r.check("winner", t.Winner, win.ID, "highest score, then earliest filing, then lowest entry number")
		r.check("winning score", t.WinScore, win.Current.Score, "")
	}
	places := r.tiers(t, ranked)
	for _, e := range entries {
		if !r.check(fmt.Sprintf("entry %d bond", e.ID), e.Outcome, outcomeOf(e, win, places), "") {
			continue
		}
		r.team(e, places)
		switch {
		case e.Outcome == bounty.BondSlashed && e.Current.DuplicateOf != 0:
			r.caught(nil, fmt.Sprintf("entry %d copies entry %d; disqualified, its bond slashed", e.ID, e.Current.DuplicateOf))
		case e.Outcome == bounty.BondForfeited:
			r.caught(nil, fmt.Sprintf("entry %d was sealed and never revealed; its bond forfeited", e.ID))
		}
	}
	return r, nil
}

// eligible reports whether an entry could win (bounty.Eligible, over the grade in force
// as its view shows it).
func eligible(e ledger.EntryView) bool {
	g := e.Current
	return g != nil && bounty.Eligible(e.State, bounty.Result{Error: g.Error, Passed: g.Passed, Disqualified: g.Disqualified})
}

// entryStanding is an eligible entry as the award ranks it (bounty.Standing).
func entryStanding(e ledger.EntryView) bounty.Standing {
	return bounty.Standing{Score: e.Current.Score, FiledAt: e.FiledAt, Entry: e.ID}
}

// outcomeOf is what became of an entry's bond at award, given the winner (nil: none)
// and the places paid by entry.
func outcomeOf(e ledger.EntryView, win *ledger.EntryView, places map[ledger.EntryID]place) string {
	switch {
	case e.State == ledger.EntryWithdrawn || e.State == ledger.EntryReplaced:
		return e.State
	case e.State == ledger.EntrySealed:
		return bounty.BondForfeited
	case e.Current != nil && e.Current.Error == "" && e.Current.Disqualified:
		return bounty.BondSlashed
	case win != nil && e.ID == win.ID:
		return bounty.BondWon
	case places[e.ID].rank > 1:
		return bounty.OutcomePlaced
	}
	return bounty.BondRefunded
}
