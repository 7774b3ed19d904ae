package tender

import (
	"slices"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// check is one scorability check of a criteria digest, as the ledger keeps it.
type check struct {
	ID        CheckID      `json:"id"`
	Digest    string       `json:"digest"`
	Criteria  []string     `json:"criteria"`
	Asker     book.Address `json:"asker"`
	Fee       book.Amount  `json:"grading_fee"` // paid with the check; to its graders, or back when it fails
	State     string       `json:"state"`
	Flagged   []int        `json:"flagged"` // the kept verdict's, once agreed
	Reasons   []string     `json:"reasons"`
	AskedAt   int64        `json:"asked_at"`
	CheckedAt int64        `json:"checked_at"`
	Round     round.ID     `json:"round"`
}

// CheckCriteria applies a Check: it asks the committee whether criteria can be scored from a proposal's text alone,
// with the grading fee from the sender's wallet. A digest with an agreed verdict, or
// with a check whose attempt is still open, is refused; a check whose attempt timed out
// is moved on to its next attempt by the same transaction.
func (s *State) CheckCriteria(env round.Env, b Check) (book.Outcome, *book.Error) {
	if err := s.Runs(); err != nil {
		return book.Outcome{}, err
	}
	if err := checkCriteria(b.Criteria); err != nil {
		return book.Outcome{}, err
	}
	d := Digest(b.Criteria)
	if prev := s.check(s.latest[d]); prev != nil {
		switch prev.State {
		case CheckScorable, CheckNotScorable:
			return book.Outcome{}, errCheckedAlready
		case CheckRunning:
			r := env.Rounds.Get(prev.Round)
			if env.At.Now <= r.Current().Deadline {
				return book.Outcome{}, errCheckRunning
			}
			st := env.Rounds.Expire(r, env.At)
			return book.Outcome{Events: append(st.Events, env.Ended(r, st)...)}, nil
		}
	}
	if !s.canPay(env, book.Amount{}) {
		return book.Outcome{}, errGradingFee
	}
	at := env.At
	env.Book.Escrow(at.From, GradePool, s.terms.GradingFee)
	c := &check{
		ID: CheckID(len(s.checks) + 1), Digest: d, Criteria: slices.Clone(b.Criteria), Asker: at.From,
		Fee: s.terms.GradingFee, State: CheckRunning, Flagged: []int{}, Reasons: []string{}, AskedAt: at.Now,
	}
	r := env.Rounds.Open(CheckKind, uint64(c.ID), 0, nil, env.Chain, at)
	c.Round = r.ID
	s.checks = append(s.checks, c)
	s.latest[d] = c.ID
	return book.Outcome{Created: uint64(c.ID), Events: []book.Event{{
		Type: "check_opened", Height: at.Height, Round: uint64(r.ID), Attempt: 1, Address: book.AddrPtr(at.From), Note: d,
	}}}, nil
}

// checkCriteria refuses criteria a tender could not publish: 1 to 8, none blank or
// longer than MaxCriterionLen.
func checkCriteria(cs []string) *book.Error {
	if len(cs) < CriteriaMin || len(cs) > CriteriaMax {
		return errCriteriaCount
	}
	for _, c := range cs {
		if !words(c, 1, MaxCriterionLen) {
			return errCriterionText
		}
	}
	return nil
}

// CheckVerdict reads a committee member's result for an admitted attempt of round r as
// a verdict, refusing a round of another kind and a malformed result.
func (s *State) CheckVerdict(r *round.Round, res CheckResult) (round.Verdict, *book.Error) {
	if err := s.Runs(); err != nil {
		return nil, err
	}
	if r.Kind != CheckKind {
		return nil, errNotCheckRound
	}
	if err := checkCheckResult(&res, len(s.check(CheckID(r.Subject)).Criteria)); err != nil {
		return nil, err
	}
	return &checkVerdict{cloneCheckResult(res)}, nil
}

// checkSettled keeps a scorability round's verdict: the digest is scorable or not, for
// good, and the graders who agreed share the fee. A failure is never a finding: the
// check fails, its fee goes back to the asker, and the digest may be checked again.
func (s *State) checkSettled(env round.Env, r *round.Round) []book.Event {
	c := s.check(CheckID(r.Subject))
	_, l, _ := r.Kept()
	res := checkResultOf(l.Verdict)
	if res.Error != "" {
		return []book.Event{s.checkFailed(env, c, r)}
	}
	c.State, c.CheckedAt = CheckNotScorable, env.At.Now
	c.Flagged, c.Reasons = append([]int{}, res.Flagged...), append([]string{}, res.Reasons...)
	if res.Scorable {
		c.State = CheckScorable
	}
	s.markCheck(c.ID)
	ev := []book.Event{{Type: "check_settled", Height: env.At.Height, Round: uint64(r.ID), Address: book.AddrPtr(c.Asker), Note: c.State}}
	return append(ev, payGraders(env, r, 0, 0, c.Fee)...)
}

// checkFailed ends a check that kept no finding (its round ran out of attempts, or it
// agreed only on a failure): the fee goes back to the asker.
func (s *State) checkFailed(env round.Env, c *check, r *round.Round) book.Event {
	c.State, c.CheckedAt = CheckFailed, env.At.Now
	env.Book.Release(GradePool, c.Asker, c.Fee)
	s.markCheck(c.ID)
	return book.Event{Type: "check_settled", Height: env.At.Height, Round: uint64(r.ID), Address: book.AddrPtr(c.Asker), Amount: book.AmountPtr(c.Fee), Note: c.State}
}

// CheckOf returns the latest scorability check of a criteria digest.
func (s *State) CheckOf(digest string) (CheckView, bool) {
	c := s.check(s.latest[digest])
	if c == nil {
		return CheckView{}, false
	}
	return s.checkView(c), true
}

// Checks returns every scorability check by id.
func (s *State) Checks() []CheckView {
	out := make([]CheckView, len(s.checks))
	for i, c := range s.checks {
		out[i] = s.checkView(c)
	}
	return out
}

func (s *State) checkView(c *check) CheckView {
	return CheckView{
		ID: c.ID, Digest: c.Digest, Criteria: slices.Clone(c.Criteria), Asker: c.Asker, State: c.State,
		Flagged: append([]int{}, c.Flagged...), Reasons: append([]string{}, c.Reasons...), AskedAt: c.AskedAt, CheckedAt: c.CheckedAt, Round: c.Round,
	}
}
