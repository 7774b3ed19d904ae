package ledger

import (
	"encoding/json"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/ledger/valset"
)

// contest is one contest kind as the root wires it: everything the state hash, the
// encoding, the invariants, the balances and the views need of the kind, in one row.
// The root lists the kinds once, in contests, and builds each of those from the list,
// so a kind cannot be hashed and not encoded, or encoded and not checked; kinds_test.go
// fails when a kind's state is in State but not in the list, or a row leaves a part out.
type contest struct {
	name string // the kind's key in the encoding

	open    func(s *State, t Terms)                                           // sets the kind's state, new under t
	part    func(s *State) any                                                // the kind's state, for the encoding
	restore func(s *State, t Terms, raw json.RawMessage, rs *round.Set) error // sets the kind's state from its encoding
	hash    func(s *State) [32]byte
	check   func(s *State) error // the kind's own invariants over the book and the rounds
	// retune puts the terms t in force for the kind, as an adopted change or upgrade
	// does at its height.
	retune func(s *State, t Terms)

	// rounds decodes the verdicts of each round kind the contest owns; settled and
	// exhausted tell it that one of its rounds settled or ran out of attempts.
	rounds    map[string]func(json.RawMessage) (round.Verdict, error)
	settled   func(s *State, env round.Env, r *round.Round) []Event
	exhausted func(s *State, env round.Env, r *round.Round) []Event

	// anchoring reports whether the kind waits for the next block's anchor; begin is its
	// begin-block work, handed the previous block's state hash when anyone waited for
	// it. Nil for a kind with no begin-block work.
	anchoring func(s *State) bool
	begin     func(s *State, env round.Env, anchor *[32]byte) []Event

	// names reports whether one of the kind's records names the artifact d by its
	// sha256 (State.Names); nil for a kind that names none.
	names func(s *State, d string) bool

	pools    []poolLine                     // the pools the kind keeps, as the balances list them
	counts   func(s *State, c *Counts)      // the kind's headline numbers
	snapshot func(s *State, snap *Snapshot) // the kind's views
}

// poolLine is one pool the balances list: the book's name for it, its name in words,
// and its field in Balances.
type poolLine struct {
	pool  book.Pool
	name  string
	field func(b *Balances) *Amount
}

// validatorPools are the validator set's pools, listed after every kind's and only
// while they hold something: arenas founded before bonds existed never use them.
var validatorPools = []poolLine{
	{valset.BondPool, "Validator bonds", func(b *Balances) *Amount { return &b.ValidatorBonds }},
	{valset.SlashPool, "Slashed validator bonds", func(b *Balances) *Amount { return &b.ValidatorSlashed }},
}

// feePool is the arena's own pool, the transaction fees, listed after the bounty's,
// where the arena first listed it.
var feePool = poolLine{book.FeePool, "Fee pool", func(b *Balances) *Amount { return &b.FeePool }}

// contests lists every contest kind in the order the state hash combines them and the
// encoding writes them: bounty, tender, match, benchmark challenge, learning challenge.
// The order is part of both; a new kind goes at the end.
var contests = []contest{
	{
		name:   "bounty",
		open:   func(s *State, t Terms) { s.bounty = bounty.New(s.bountyTerms(t)) },
		retune: func(s *State, t Terms) { s.bounty.Retune(s.bountyTerms(t)) },
		part:   func(s *State) any { return s.bounty },
		restore: func(s *State, t Terms, raw json.RawMessage, rs *round.Set) (err error) {
			s.bounty, err = bounty.Restore(s.bountyTerms(t), raw, rs)
			return err
		},
		hash:    func(s *State) [32]byte { return s.bounty.Hash() },
		check:   func(s *State) error { return s.bounty.Check(s.book, s.rounds) },
		rounds:  map[string]func(json.RawMessage) (round.Verdict, error){bounty.Kind: bounty.DecodeVerdict},
		settled: func(s *State, env round.Env, r *round.Round) []Event { return s.bounty.Settled(env, r) },
		exhausted: func(s *State, env round.Env, r *round.Round) []Event {
			return s.bounty.Exhausted(env, r)
		},
		names: func(s *State, d string) bool { return s.bounty.Names(d) },
		pools: []poolLine{
			{bounty.PrizePool, "Prize escrow", func(b *Balances) *Amount { return &b.PrizeEscrow }},
			{bounty.BondPool, "Bond escrow", func(b *Balances) *Amount { return &b.BondEscrow }},
			{bounty.SlashPool, "Slash pool", func(b *Balances) *Amount { return &b.SlashPool }},
			{bounty.GradePool, "Grading fees", func(b *Balances) *Amount { return &b.GradingFees }},
		},
		counts: func(s *State, c *Counts) {
			n := s.bounty.Counts()
			c.Tasks, c.Open, c.Awarded, c.Voided = n.Tasks, n.Tasks-n.Awarded-n.Voided, n.Awarded, n.Voided
			c.Entries, c.Solvers = n.Entries, n.Solvers
		},
		snapshot: func(s *State, snap *Snapshot) {
			snap.Tasks, snap.Entries, snap.Leaderboard = s.bounty.Tasks(s.rounds, s.Now(), true), s.bounty.Entries(s.rounds, 0), s.bounty.Leaderboard()
			snap.Rounds = make([]RoundView, 0, s.rounds.Len())
			for _, r := range s.rounds.All() {
				if r.Kind == bounty.Kind {
					snap.Rounds = append(snap.Rounds, s.bounty.RoundView(r))
				}
			}
		},
	},
	{
		name:   "tender",
		open:   func(s *State, t Terms) { s.tender = tender.New(t.tenderTerms()) },
		retune: func(s *State, t Terms) { s.tender.Retune(t.tenderTerms()) },
		part:   func(s *State) any { return s.tender },
		restore: func(s *State, t Terms, raw json.RawMessage, rs *round.Set) (err error) {
			s.tender, err = tender.Restore(t.tenderTerms(), raw, rs)
			return err
		},
		hash:  func(s *State) [32]byte { return s.tender.Hash() },
		check: func(s *State) error { return s.tender.Check(s.book, s.rounds) },
		rounds: map[string]func(json.RawMessage) (round.Verdict, error){
			tender.Kind: tender.DecodeVerdict, tender.CheckKind: tender.DecodeCheckVerdict,
		},
		settled: func(s *State, env round.Env, r *round.Round) []Event { return s.tender.Settled(env, r) },
		exhausted: func(s *State, env round.Env, r *round.Round) []Event {
			return s.tender.Exhausted(env, r)
		},
		pools: []poolLine{
			{tender.BudgetPool, "Tender budgets", func(b *Balances) *Amount { return &b.TenderBudget }},
			{tender.DepositPool, "Tender deposits and bonds", func(b *Balances) *Amount { return &b.TenderDeposits }},
			{tender.GradePool, "Tender grading fees", func(b *Balances) *Amount { return &b.TenderGradingFees }},
		},
		counts: func(s *State, c *Counts) { n := s.tender.Counts(); c.Tenders, c.Bids = n.Tenders, n.Bids },
		snapshot: func(s *State, snap *Snapshot) {
			snap.Tenders, snap.Checks, snap.TenderRounds = s.tender.Tenders(s.rounds, s.Now()), s.tender.Checks(), s.tender.RoundViews(s.rounds)
		},
	},
	{
		name:   "match",
		open:   func(s *State, t Terms) { s.match = match.New(t.matchTerms(s.termsHash)) },
		retune: func(s *State, t Terms) { s.match.Retune(t.matchTerms(s.termsHash)) },
		part:   func(s *State) any { return s.match },
		restore: func(s *State, t Terms, raw json.RawMessage, _ *round.Set) (err error) {
			s.match, err = match.Restore(t.matchTerms(s.termsHash), raw)
			return err
		},
		hash:      func(s *State) [32]byte { return s.match.Hash() },
		check:     func(s *State) error { return s.match.Check(s.book) },
		anchoring: func(s *State) bool { return s.match.Anchoring() },
		begin: func(s *State, env round.Env, anchor *[32]byte) []Event {
			if anchor == nil {
				return nil
			}
			return s.match.Anchor(*anchor, env.At)
		},
		pools: []poolLine{
			{match.FeePool, "Match entry fees", func(b *Balances) *Amount { return &b.MatchFees }},
			{match.StakePool, "Match stakes", func(b *Balances) *Amount { return &b.MatchStakes }},
			{match.BondPool, "Match operator bonds", func(b *Balances) *Amount { return &b.MatchBonds }},
		},
		counts: func(s *State, c *Counts) { n := s.match.Counts(); c.Matches, c.Bets = n.Matches, n.Bets },
		snapshot: func(s *State, snap *Snapshot) {
			snap.Matches = s.match.Matches()
			snap.Agents = match.Agents(snap.Matches)
		},
	},
	{
		name:   "challenge",
		open:   func(s *State, t Terms) { s.chall = challenge.New(t.challengeTerms()) },
		retune: func(s *State, t Terms) { s.chall.Retune(t.challengeTerms()) },
		part:   func(s *State) any { return s.chall },
		restore: func(s *State, t Terms, raw json.RawMessage, rs *round.Set) (err error) {
			s.chall, err = challenge.Restore(t.challengeTerms(), raw, rs)
			return err
		},
		hash:  func(s *State) [32]byte { return s.chall.Hash() },
		check: func(s *State) error { return s.chall.Check(s.book, s.rounds) },
		rounds: map[string]func(json.RawMessage) (round.Verdict, error){
			challenge.CheckKind: challenge.DecodeCheckVerdict, challenge.RunKind: challenge.DecodeRunVerdict,
		},
		settled: func(s *State, env round.Env, r *round.Round) []Event { return s.chall.Settled(env, r) },
		exhausted: func(s *State, env round.Env, r *round.Round) []Event {
			return s.chall.Exhausted(env, r)
		},
		anchoring: func(s *State) bool { return s.chall.Anchoring() },
		begin: func(s *State, env round.Env, anchor *[32]byte) []Event {
			return s.chall.BeginBlock(env, anchor)
		},
		names: func(s *State, d string) bool { return s.chall.Names(d, s.rounds) },
		pools: []poolLine{
			{challenge.PoolPool, "Challenge pools", func(b *Balances) *Amount { return &b.ChallengePool }},
			{challenge.DepositPool, "Challenge deposits", func(b *Balances) *Amount { return &b.ChallengeDeposits }},
			{challenge.GradePool, "Challenge grading fees", func(b *Balances) *Amount { return &b.ChallengeGradingFees }},
		},
		counts: func(s *State, c *Counts) { n := s.chall.Counts(); c.Challenges, c.Benches = n.Challenges, n.Benches },
		snapshot: func(s *State, snap *Snapshot) {
			snap.Challenges, snap.Benches = s.chall.Challenges(s.rounds, s.Now()), s.chall.Benches(s.rounds)
		},
	},
	{
		name:   "learn",
		open:   func(s *State, t Terms) { s.learn = learn.New(t.learnTerms()) },
		retune: func(s *State, t Terms) { s.learn.Retune(t.learnTerms()) },
		part:   func(s *State) any { return s.learn },
		restore: func(s *State, t Terms, raw json.RawMessage, rs *round.Set) (err error) {
			s.learn, err = learn.Restore(t.learnTerms(), raw, rs)
			return err
		},
		hash:  func(s *State) [32]byte { return s.learn.Hash() },
		check: func(s *State) error { return s.learn.Check(s.book, s.rounds) },
		rounds: map[string]func(json.RawMessage) (round.Verdict, error){
			learn.RunKind: learn.DecodeRunVerdict, learn.HeldoutKind: learn.DecodeHeldoutVerdict,
		},
		settled: func(s *State, env round.Env, r *round.Round) []Event { return s.learn.Settled(env, r) },
		exhausted: func(s *State, env round.Env, r *round.Round) []Event {
			return s.learn.Exhausted(env, r)
		},
		anchoring: func(s *State) bool { return s.learn.Anchoring() },
		begin: func(s *State, env round.Env, anchor *[32]byte) []Event {
			return s.learn.BeginBlock(env, anchor)
		},
		names: func(s *State, d string) bool { return s.learn.Names(d) },
		pools: []poolLine{
			{learn.PoolPool, "Learning pools", func(b *Balances) *Amount { return &b.LearnPool }},
			{learn.DepositPool, "Learning deposits", func(b *Balances) *Amount { return &b.LearnDeposits }},
			{learn.GradePool, "Learning grading fees", func(b *Balances) *Amount { return &b.LearnGradingFees }},
		},
		counts:   func(s *State, c *Counts) { n := s.learn.Counts(); c.Learning, c.LearnRuns = n.Challenges, n.Runs },
		snapshot: func(s *State, snap *Snapshot) { snap.Learning = s.learn.Challenges(s.rounds, s.Now()) },
	},
}

// poolLines lists every pool the balances carry, in the order the arena shows them:
// each kind's in the order of contests, the fee pool after the bounty's.
func poolLines() []poolLine {
	var out []poolLine
	for _, c := range contests {
		out = append(out, c.pools...)
		if c.name == "bounty" {
			out = append(out, feePool)
		}
	}
	return append(out, validatorPools...)
}

// owner returns the contest that owns rounds of kind k, and false for a kind no contest
// owns.
func owner(k string) (*contest, bool) {
	for i := range contests {
		if _, ok := contests[i].rounds[k]; ok {
			return &contests[i], true
		}
	}
	return nil, false
}

// optionalPool reports whether p is listed only while it holds something.
func optionalPool(p book.Pool) bool {
	for _, l := range validatorPools {
		if l.pool == p {
			return true
		}
	}
	return false
}
