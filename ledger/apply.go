package ledger

import (
	"fmt"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/govern"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/tender"
)

// Check is the admission check: it reports, as an [EXPECTED] *Error, whether tx names
// this arena (its genesis hash) and chain, carries the sender's next nonce, is within its
// validity bound at the arena's clock, has a body and no value its kind does not take,
// whether the fee is at most the sender's maximum, and whether the sender's wallet holds
// the fee and the value. It changes nothing. A
// transaction it refuses is refused by Apply without consuming the nonce, so engines keep
// such transactions out of blocks.
func (s *State) Check(tx *Tx) error {
	if err := s.check(tx, s.height+1, s.Now()); err != nil {
		return err
	}
	return nil
}

// CheckIn is Check at the clock block b will give the arena once it begins (Apply's),
// without beginning it: an engine admits the transactions of a block it builds with it,
// so that one past its validity bound at that block's time is left out of the block.
func (s *State) CheckIn(tx *Tx, b Block) error {
	if err := s.check(tx, max(s.height, b.Height), s.ClockAt(b.Time)); err != nil {
		return err
	}
	return nil
}

// check is the admission check of tx in a block at height at the arena's clock now.
func (s *State) check(tx *Tx, height uint64, now int64) *Error {
	switch {
	case tx == nil || tx.Body == nil || !knownBody(tx.Body):
		return errNoBody
	case tx.Arena != s.termsHash:
		return errArena
	case tx.Chain != s.terms.Chain:
		return errChain
	case tx.Nonce != s.NextNonce(tx.From):
		return errNonce
	case now < 0 || uint64(now) > tx.ValidUntil:
		return errExpired
	case !takesValue(tx.Body.Kind()) && !tx.Value.IsZero():
		return errNoValue
	}
	if isGovernance(tx.Body) { // a refused proposal or vote costs nothing, as an expired transaction
		if err := s.gov.Refusal(s.govEnv(tx.From, height), tx.Body); err != nil {
			return err
		}
	}
	if isValidatorBody(tx.Body) {
		if err := s.validatorRefusal(tx, height); err != nil {
			return err
		}
	}
	fee, ok := s.fee(tx)
	spendable := s.Spendable(tx.From)
	if ok && fee.Cmp(tx.MaxFee) > 0 {
		return errMaxFee
	}
	if !ok || spendable.Cmp(fee) < 0 {
		return errFee
	}
	if total, over := fee.Add(tx.Value); over || spendable.Cmp(total) < 0 {
		return errFunds
	}
	return nil
}

// Spendable returns what a can pay a transaction's fee and value with: its wallet and
// what the arena owes it, which tops the wallet up (so a grader whose wallet is empty can
// still withdraw what it earned).
func (s *State) Spendable(a Address) Amount {
	acc := s.book.Account(a)
	sum, over := acc.Wallet.Add(acc.Claimable)
	if over {
		return acc.Wallet // bounded by the money that exists; never reached
	}
	return sum
}

// Fee returns what tx pays at admission under the arena's fee schedule.
func (s *State) Fee(tx *Tx) Amount {
	fee, _ := s.fee(tx) // an overflowing fee is refused by Check
	return fee
}

// fee returns tx's fee, sizing tx only when the schedule charges by the byte.
func (s *State) fee(tx *Tx) (Amount, bool) {
	if s.terms.FeePerByte.IsZero() {
		return s.terms.FeePerTx, true
	}
	return s.terms.Fee(tx.Size())
}

// Apply applies tx, whose signature the engine has already verified, in block b, and
// returns what it did. A transaction Check refuses changes nothing. Any other refusal
// consumes the sender's nonce, moves no value and comes back as Outcome.Err. Apply
// returns an error (wrapping ErrCorrupt) only when the state broke an invariant; the node
// must then stop, or an *UpgradeNeeded when b is applied under a protocol version this
// binary does not know, before b changes anything. It never panics on any input.
func (s *State) Apply(tx *Tx, b Block) (Outcome, error) {
	if b.Height > s.height {
		if err := s.NeedsUpgrade(b.Height); err != nil {
			return Outcome{}, err
		}
	}
	s.BeginBlock(b)
	if err := s.book.Fault(); err != nil {
		return Outcome{}, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if err := s.check(tx, s.height, s.Now()); err != nil {
		return Outcome{Err: err.Error()}, nil
	}
	s.hash = nil
	s.book.BumpNonce(tx.From)
	fee := s.Fee(tx)
	need, _ := fee.Add(tx.Value) // Check bounded it by what the sender can spend
	s.book.Cover(tx.From, need)
	s.book.PayFee(tx.From, fee)
	out, refusal := s.dispatch(tx)
	if err := s.book.Fault(); err != nil {
		return Outcome{}, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if refusal != nil {
		return Outcome{Err: refusal.Error()}, nil
	}
	if err := s.book.CheckIdentity(); err != nil {
		return Outcome{}, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return out, nil
}

// env is what a kind sees of the ledger at the moment at.
func (s *State) env(at book.At) round.Env {
	return round.Env{Book: s.book, Rounds: s.rounds, Chain: s.terms.Chain, Ended: s.ended, At: at}
}

// dispatch hands each body to the rules that own it, one line per body type. Each
// handler checks everything before it changes anything, so a refusal leaves the state as
// it was.
func (s *State) dispatch(tx *Tx) (Outcome, *Error) {
	env := s.env(book.At{Height: s.height, Now: s.Now(), From: tx.From, Value: tx.Value})
	switch b := tx.Body.(type) {
	case bounty.PostTask:
		return s.bounty.Post(env, b)
	case bounty.Submit:
		return s.bounty.Submit(env, b)
	case bounty.Grade:
		return s.bounty.Grade(env, b)
	case bounty.Attest:
		return s.attest(env, b.Round, b.Attempt, func(r *round.Round) (round.Verdict, *Error) { return s.bounty.Verdict(r, b.Result, env.At.Now) })
	case bounty.Appeal:
		return s.bounty.Appeal(env, b)
	case bounty.Award:
		return s.toOutbox(s.bounty.Award(env, b))
	case bounty.Reveal:
		return s.bounty.Reveal(env, b)
	case bounty.TopUp:
		return s.bounty.TopUp(env, b)
	case bounty.Extend:
		return s.bounty.Extend(env, b)
	case bounty.WithdrawEntry:
		return s.bounty.Withdraw(env, b)
	case bounty.Replace:
		return s.bounty.Replace(env, b)
	case bounty.AskQuestion:
		return s.bounty.Ask(env, b)
	case bounty.AnswerQuestion:
		return s.bounty.Answer(env, b)
	case tender.Check:
		return s.tender.CheckCriteria(env, b)
	case tender.CheckAttest:
		return s.tenderAttest(env, b.Round, b.Attempt, func(r *round.Round) (round.Verdict, *Error) { return s.tender.CheckVerdict(r, b.Result) })
	case tender.Publish:
		return s.tender.Publish(env, b)
	case tender.Commit:
		return s.tender.Commit(env, b)
	case tender.Amend:
		return s.tender.Amend(env, b)
	case tender.Withdraw:
		return s.tender.Withdraw(env, b)
	case tender.Ask:
		return s.tender.Ask(env, b)
	case tender.Answer:
		return s.tender.Answer(env, b)
	case tender.Reveal:
		return s.tender.Reveal(env, b)
	case tender.Score:
		return s.tender.Score(env, b)
	case tender.Attest:
		return s.tenderAttest(env, b.Round, b.Attempt, func(r *round.Round) (round.Verdict, *Error) { return s.tender.Verdict(r, b.Result) })
	case tender.Appeal:
		return s.tender.Appeal(env, b)
	case tender.Resolve:
		return s.tender.Resolve(env, b)
	case tender.Expire:
		return s.tender.Expire(env, b)
	case tender.Award:
		return s.toOutbox(s.tender.Award(env, b))
	case tender.Decline:
		return s.tender.Decline(env, b)
	case match.Create:
		return s.match.Create(env, b)
	case match.Join:
		return s.match.Join(env, b)
	case match.Commit:
		return s.match.Commit(env, b)
	case match.Bet:
		return s.match.Bet(env, b)
	case match.Reveal:
		return s.match.Reveal(env, b)
	case match.Finish:
		return s.match.Finish(env, b)
	case match.Reclaim:
		return s.match.Reclaim(env, b)
	case challenge.BenchRegister:
		return s.chall.Register(env, b)
	case challenge.BenchCheckAttest:
		return s.attest(env, b.Round, b.Attempt, func(r *round.Round) (round.Verdict, *Error) { return s.chall.CheckVerdict(r, b.Result) })
	case challenge.Publish:
		return s.chall.Publish(env, b)
	case challenge.Commit:
		return s.chall.Commit(env, b)
	case challenge.Attest:
		return s.attest(env, b.Round, b.Attempt, func(r *round.Round) (round.Verdict, *Error) { return s.chall.RunVerdict(r, b.Result) })
	case challenge.Fold:
		return s.fold(env, b)
	case challenge.Close:
		return s.chall.CloseChallenge(env, b)
	case learn.Publish:
		return s.learn.Publish(env, b)
	case learn.Commit:
		return s.learn.Commit(env, b)
	case learn.Attest:
		return s.attest(env, b.Round, b.Attempt, func(r *round.Round) (round.Verdict, *Error) { return s.learn.Verdict(r, b) })
	case learn.Reveal:
		return s.learn.Reveal(env, b)
	case learn.Close:
		return s.learn.Close(env, b)
	case govern.ProposeUpgrade, govern.ProposeCancel, govern.ProposeTerms, govern.Vote, govern.ProposeRemoval:
		return s.governance(tx.From, b)
	case JoinValidator, ExitValidator, ReportEquivocation:
		return s.validatorTx(tx)
	case Withdraw:
		return s.withdraw(env.At)
	case Faucet:
		return s.faucetTo(b)
	case Advance:
		return s.advance(b)
	}
	return Outcome{}, errNoBody
}

// attest records a committee member's verdict on an attempt of a round of any kind: the
// round admits the sender, the round's kind reads the verdict, and the round tallies it,
// or records it late when the attempt has already ended.
func (s *State) attest(env round.Env, id RoundID, attempt int, read func(*round.Round) (round.Verdict, *Error)) (Outcome, *Error) {
	if s.slashed(env.At.From) {
		return Outcome{}, errSlashedAttests
	}
	r, late, err := s.rounds.Admit(id, attempt, env.At.From, env.At.Now)
	if err != nil {
		return Outcome{}, err
	}
	v, err := read(r)
	if err != nil {
		return Outcome{}, err
	}
	if late {
		return Outcome{Events: s.rounds.RecordLate(r, attempt, env.At.From, v, env.At)}, nil
	}
	st := s.rounds.Record(r, env.At.From, v, env.At)
	return Outcome{Events: append(st.Events, s.ended(r, st)...)}, nil
}

// tenderAttest is attest for the tender's rounds, refused first, like every tender
// transaction, when the arena runs no tenders.
func (s *State) tenderAttest(env round.Env, id RoundID, attempt int, read func(*round.Round) (round.Verdict, *Error)) (Outcome, *Error) {
	if err := s.tender.Runs(); err != nil {
		return Outcome{}, err
	}
	return s.attest(env, id, attempt, read)
}

// ended is the settlement switch: it tells the contest that owns round r's kind that the round settled or
// ran out of attempts, and returns the events the kind wrote.
func (s *State) ended(r *round.Round, st round.Step) []Event {
	c, ok := owner(r.Kind)
	if !ok {
		return nil
	}
	env := s.env(book.At{Height: s.height, Now: s.Now()})
	switch {
	case st.Settled:
		return c.settled(s, env, r)
	case st.Exhausted:
		return c.exhausted(s, env, r)
	}
	return nil
}

// fold hands a challenge_fold to the contest kind its "kind" names: the benchmark
// challenge by default, the learning kind for "learning".
func (s *State) fold(env round.Env, b challenge.Fold) (Outcome, *Error) {
	switch b.Contest {
	case "", challenge.FoldBenchmark:
		return s.chall.FoldEpoch(env, b)
	case learn.FoldKind:
		return s.learn.Fold(env, learn.Fold{Challenge: learn.ChallengeID(b.Challenge)})
	}
	return Outcome{}, errFoldKind
}

// toOutbox appends the award events of an outcome to the outbox the bridge reads.
func (s *State) toOutbox(out Outcome, err *Error) (Outcome, *Error) {
	if err == nil {
		for _, ev := range out.Events {
			if ev.Type == "award" {
				s.events = append(s.events, ev)
			}
		}
	}
	return out, err
}
