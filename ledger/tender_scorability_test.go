package ledger_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/tender"
)

// "A scorability check before publication ... publishing needs a scorable verdict."
// Criteria never checked, checked unscorable, or still being checked cannot be
// published; the digest is of the normalised criteria, so a change of case or spacing
// is the same criteria.
func TestTenderPublishNeedsAScorableVerdict(t *testing.T) {
	a := tenderArena(t, nil)
	p := ledgertest.TenderTerms()
	a.Refused(errTenderNotScorable, "sponsor", Ether(100), p)
	texts := ledgertest.Texts(p.Criteria)
	out := a.Do("sponsor", Amount{}, tender.Check{Criteria: texts})
	a.Refused(errTenderNotScorable, "sponsor", Ether(100), p) // still being checked
	a.Refused(errTenderCheckRunning, "alice", Amount{}, tender.Check{Criteria: texts})
	c := a.s.TenderChecks()[out.Created-1]
	a.CheckAll(c.Round, ledgertest.Scorable(true))
	if c, _ = a.s.TenderCheck(tender.Digest(texts)); c.State != tender.CheckScorable || c.CheckedAt == 0 {
		t.Fatalf("check %+v", c)
	}
	q := p
	q.Criteria = append([]tender.Criterion{}, p.Criteria...)
	q.Criteria[0].Text = "  NAMES three delivery references   with contactable clients "
	a.Do("sponsor", Ether(100), q)
	if tv := a.Tender(1); tv.CriteriaDigest != c.Digest || tv.Criteria[0].Text != q.Criteria[0].Text {
		t.Fatalf("tender %+v", tv)
	}
}

// "A verdict is final in both directions": once agreed, scorable or not, the same
// criteria cannot be checked again; rewording one criterion asks a new question. The
// graders who agreed share the fee.
func TestTenderAScorabilityVerdictIsFinalBothWays(t *testing.T) {
	a := tenderArena(t, func(t *Terms) { t.GradingFee = Ether(3) })
	vague := []string{"Is a good fit for us", "States a fixed price"}
	c := a.Checked(vague, ledgertest.Scorable(false, 0))
	if c.State != tender.CheckNotScorable || len(c.Flagged) != 1 || c.Flagged[0] != 0 || len(c.Reasons) != 1 {
		t.Fatalf("check %+v", c)
	}
	a.Refused(errTenderCheckedAlready, "alice", Amount{}, tender.Check{Criteria: vague})
	p := ledgertest.TenderTerms()
	p.Criteria = []tender.Criterion{{Text: vague[0], Weight: 1, Primary: true}, {Text: vague[1], Weight: 1}}
	a.Refused(errTenderNotScorable, "sponsor", Ether(100), p)
	ok := a.Checked(ledgertest.Texts(ledgertest.SeedCriteria()), ledgertest.Scorable(true))
	a.Refused(errTenderCheckedAlready, "alice", Amount{}, tender.Check{Criteria: ok.Criteria})
	var earned Amount
	for i := range 5 {
		earned, _ = earned.Add(a.s.Account(a.Addr("v" + string(rune('1'+i)))).Earned)
	}
	if !earned.Eq(Ether(6)) || !a.s.Arena().Balances.TenderGradingFees.IsZero() {
		t.Fatalf("graders earned %s, want both checks' fees", earned)
	}
}

// A check whose round runs out of attempts keeps no verdict: it fails, its fee goes
// back to the asker, and the same criteria may be checked again. A check whose
// attempt timed out is moved on by the next Check of the same criteria.
func TestTenderAnExhaustedCheckReturnsItsFeeAndMayBeAskedAgain(t *testing.T) {
	a := tenderArena(t, func(t *Terms) { t.GradingFee = Ether(3) })
	texts := ledgertest.Texts(ledgertest.SeedCriteria())
	before := a.s.Balance(a.Addr("alice"))
	id := a.Do("alice", Amount{}, tender.Check{Criteria: texts}).Created
	c := a.s.TenderChecks()[id-1]
	a.CheckAll(c.Round, tender.CheckResult{Error: "[LLM_ERROR] no verdict in the response"})
	a.Wait(timeout + 1)
	a.Do("bob", Amount{}, tender.Check{Criteria: texts}) // moves attempt 2 on
	if rv := a.TenderRound(c.Round); len(rv.Attempts) != 3 || rv.Attempts[1].State != AttemptTimedOut {
		t.Fatalf("round %+v", rv)
	}
	a.Wait(timeout + 1)
	a.Do("bob", Amount{}, tender.Check{Criteria: texts}) // exhausts it
	if c, _ = a.s.TenderCheck(tender.Digest(texts)); c.State != tender.CheckFailed || c.ID != CheckID(id) {
		t.Fatalf("check %+v", c)
	}
	if got := a.s.Claimable(a.Addr("alice")); !got.Eq(Ether(3)) || a.s.Balance(a.Addr("alice")).Cmp(before) >= 0 {
		t.Fatalf("alice is owed %s, want the fee back", got)
	}
	again := a.Checked(texts, ledgertest.Scorable(true))
	if again.ID != CheckID(id)+1 || again.State != tender.CheckScorable {
		t.Fatalf("check asked again %+v", again)
	}
}

// "Two validators never agree on a malformed answer either": a scorability verdict
// agrees only exactly (the same scorable flag and the same criteria flagged, reasons
// aside), and a malformed one never reaches the tally.
func TestTenderScorabilityVerdictsAgreeExactly(t *testing.T) {
	no := ledgertest.Scorable(false, 1)
	if !no.Agrees(tender.CheckResult{Flagged: []int{1}, Reasons: []string{"other words"}}) || no.Agrees(ledgertest.Scorable(false, 0)) || no.Agrees(ledgertest.Scorable(true)) {
		t.Fatal("scorability verdicts compare wrongly")
	}
	a := tenderArena(t, nil)
	texts := ledgertest.Texts(ledgertest.SeedCriteria())
	id := a.Do("sponsor", Amount{}, tender.Check{Criteria: texts}).Created
	c := a.s.TenderChecks()[id-1]
	lead := a.ByAddr(a.TenderRound(c.Round).Attempts[0].Leader)
	for _, bad := range []tender.CheckResult{
		{Scorable: true, Flagged: []int{0}, Reasons: []string{"x"}},
		{Flagged: []int{1, 0}, Reasons: []string{"x", "y"}},
		{Flagged: []int{4}, Reasons: []string{"x"}},
		{Flagged: []int{0}, Reasons: []string{" "}},
		{Flagged: []int{0}},
	} {
		a.Refused(errTenderCheckShape, lead, Amount{}, tender.CheckAttest{Round: c.Round, Attempt: 1, Result: bad})
	}
	a.Refused(errTenderResultClass, lead, Amount{}, tender.CheckAttest{Round: c.Round, Attempt: 1, Result: tender.CheckResult{Error: "model down"}})
	a.Refused(errTenderFailureScored, lead, Amount{}, tender.CheckAttest{Round: c.Round, Attempt: 1, Result: tender.CheckResult{Error: "[TRANSIENT] 503", Scorable: true}})
	a.Refused(errTenderNotScoreRound, lead, Amount{}, tender.Attest{Round: c.Round, Attempt: 1, Result: ledgertest.Scores(1, 1, 1, 1)})
	a.CheckAll(c.Round, ledgertest.Scorable(false, 1), ledgertest.Scorable(false, 1), ledgertest.Scorable(false, 2))
	if c, _ = a.s.TenderCheck(c.Digest); c.State != tender.CheckNotScorable {
		t.Fatalf("check %+v", c)
	}
}

// "A failure is never written as a finding": a scoring round that agrees only on an
// outside failure leaves the bid revealed and unscored, its grading fee unspent, and
// the bid may be scored again.
func TestTenderAnAgreedFailureIsNeverAScore(t *testing.T) {
	a := tenderArena(t, func(t *Terms) { t.GradingFee = Ether(1) })
	_, bids := revealed(a, ledgertest.TenderTerms(), "alice")
	r := RoundID(a.Do("stranger", Amount{}, tender.Score{Bid: bids[0]}).Created)
	a.ScoreAll(r, ledgertest.Failed(External, "the proposal could not be read"))
	if rv := a.TenderRound(r); rv.State != RoundSettled {
		t.Fatalf("round %+v", rv)
	}
	if b := a.Bid(bids[0]); b.Status != tender.BidRevealed || b.Round != 0 || len(b.Scores) != 0 {
		t.Fatalf("bid %+v", b)
	}
	if got := a.s.Arena().Balances.TenderGradingFees; !got.Eq(Ether(1)) {
		t.Fatalf("grading pool %s, want the bid's fee unspent", got)
	}
	a.ScoreBid(bids[0], ledgertest.Scores(2, 2, 2, 2))
	if got := a.s.Arena().Balances.TenderGradingFees; !got.IsZero() {
		t.Fatalf("grading pool %s after the bid was scored", got)
	}
}

// "The verdict is kept per criteria digest (sha256 of the normalised criteria, order
// kept)": spacing and ASCII case do not change a digest; any other difference does, in
// any script and anywhere in a criterion up to its last character, so a verdict on one
// text never clears another.
func TestTenderTheCriteriaDigestTellsEveryWordingApart(t *testing.T) {
	base := []string{"A delivery schedule with weekly milestones", "A fixed price"}
	if tender.Digest(base) != tender.Digest([]string{"  a DELIVERY schedule\twith weekly   milestones ", "A fixed PRICE"}) {
		t.Error("spacing and ASCII case changed the digest")
	}
	if tender.Digest(base) == tender.Digest([]string{base[1], base[0]}) {
		t.Error("the order of the criteria did not change the digest")
	}
	cyr := strings.Repeat("оценивается по тексту предложения ", 4) // 136 characters, 256 bytes
	a := []string{cyr + "и графику"}
	b := []string{cyr + "и визиту"}
	if utf8.RuneCountInString(a[0]) > tender.MaxCriterionLen || len(a[0]) <= tender.MaxCriterionLen {
		t.Fatalf("the case needs a criterion within %d characters but over %d bytes", tender.MaxCriterionLen, tender.MaxCriterionLen)
	}
	if tender.Digest(a) == tender.Digest(b) {
		t.Error("two Cyrillic criteria that differ only after their 160th byte share a digest")
	}
}
