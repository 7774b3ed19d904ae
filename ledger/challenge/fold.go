package challenge

import (
	"encoding/hex"
	"math/big"
	"slices"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/challenge/koth"
	"github.com/arena/arena/ledger/round"
)

// FoldEpoch applies a challenge_fold: once per epoch index ≥ 1, before the end. It
// first flips the active version when enough entries hold a ranked run on the newest
// accepted one, then ranks on the active version and pays min(per_epoch, pool) to the
// champion and tail, opens confirmation runs for the contested pairs and rescore runs
// for the champion and tail on a newer accepted version. With no eligible entry it pays
// nothing and the pool is kept.
func (s *State) FoldEpoch(env round.Env, b Fold) (book.Outcome, *book.Error) {
	at := env.At
	c := s.challenge(b.Challenge)
	if c == nil {
		return book.Outcome{}, errNoChallenge
	}
	if err := c.foldDue(at.Now); err != nil {
		return book.Outcome{}, err
	}
	f := &fold{Epoch: c.epoch(at.Now), At: at.Now, Height: at.Height, Tail: []EntryID{}, Payments: []payment{}, Contested: []EntryID{}, Rescore: []EntryID{}, Opened: []RunID{}}
	active := s.bench(c.Active)
	copies := s.copies(c)
	nb := s.newestOf(active)
	if nb != nil && nb.Version > active.Version && s.rolloutCount(c, nb, copies) >= active.Fold.RolloutAgents {
		c.Active, active, f.Flipped = nb.ID, nb, true
	}
	f.Version = active.Version
	es, ids := s.kothEntries(c, active, copies)
	p := koth.Params{
		MarginPPM: active.Fold.MarginPPM, Tail: active.Fold.Tail, ChampionPPM: active.Fold.ChampionPPM,
		ZMilli: active.Fold.ZMilli, MinCases: active.MinCases, Version: active.Version,
	}
	res := koth.Fold(es, p)
	ev := []book.Event{}
	if res.Champion >= 0 {
		ev = s.pay(env, c, f, ids, res)
		for _, i := range res.Contested[min(1, len(res.Contested)):] {
			f.Contested = append(f.Contested, ids[i])
			f.Opened = append(f.Opened, s.confirm(env, c, active, s.entry(ids[res.Champion]), s.entry(ids[i]), es[res.Champion].ID, es[i].ID)...)
		}
		if nb != nil && nb.Version > active.Version {
			for _, i := range koth.NeedsRescore(es, res, nb.Version) {
				e := s.entry(ids[i])
				if !s.hasRun(e, nb.ID, PurposeRescore, 0, 0) {
					f.Rescore = append(f.Rescore, e.ID)
					f.Opened = append(f.Opened, s.newRun(env, c, e, nb, PurposeRescore, 0, 0, 0).ID)
				}
			}
		}
	}
	c.Folds = append(c.Folds, f)
	s.markChallenge(c.ID)
	return book.Outcome{Events: append(ev, book.Event{
		Type: "challenge_folded", Height: at.Height, Entry: uint64(f.Champion), Amount: book.AmountPtr(f.Amount), Score: int(f.Epoch),
	})}, nil
}

// kothEntries returns c's entries as the fold reads them on bench version b, with each
// one's entry id; an entry with no ranked run on b, or a copy of an earlier entry, is
// left out. The agent id is the canonical program digest its ranked run attested.
func (s *State) kothEntries(c *challenge, b *bench, copies map[EntryID]EntryID) ([]koth.Entry, []EntryID) {
	var es []koth.Entry
	var ids []EntryID
	for _, id := range c.Entries {
		e := s.entry(id)
		r := s.ranked(e, b.ID)
		if r == nil || copies[id] != 0 {
			continue
		}
		k := koth.Entry{
			ID: r.Kept.Canonical, Submitter: hex.EncodeToString(e.Committer[:]), FirstSeen: uint64(e.ID), N: r.Kept.Composite.N,
			Composite: r.Kept.Composite.Composite, SE: r.Kept.Composite.SE, HasSE: true, Final: true, Full: true, Version: b.Version,
		}
		for _, x := range s.confirmations(e, b.ID) {
			k.Confirmations = append(k.Confirmations, koth.Confirmation{Seed: seedKey(x.Seed), Composite: x.Kept.Composite.Composite})
		}
		es = append(es, k)
		ids = append(ids, e.ID)
	}
	return es, ids
}

// pay pays min(per_epoch, pool) to the champion and tail of res into claimable.
func (s *State) pay(env round.Env, c *challenge, f *fold, ids []EntryID, res koth.Result) []book.Event {
	amount := c.Emission(c.PerEpoch)
	total, _ := new(big.Int).SetString(amount.String(), 10)
	champ, each := koth.Shares(total, len(res.Tail), s.bench(c.Active).Fold.ChampionPPM)
	f.Champion, f.Amount = ids[res.Champion], amount
	var ev []book.Event
	give := func(id EntryID, v book.Amount, role string) {
		e := s.entry(id)
		pools.Pay(env.Book, &c.Funds, e.Committer, v)
		f.Payments = append(f.Payments, payment{Entry: id, Address: e.Committer, Amount: v, Role: role})
		ev = append(ev, book.Event{Type: "challenge_paid", Height: env.At.Height, Entry: uint64(id), Address: book.AddrPtr(e.Committer), Amount: book.AmountPtr(v), Note: role})
	}
	give(f.Champion, amountOf(champ), "champion")
	for _, i := range res.Tail {
		f.Tail = append(f.Tail, ids[i])
		give(ids[i], amountOf(each), "tail")
	}
	return ev
}

// amountOf converts a share, which is bounded by the pool, back to an amount.
func amountOf(v *big.Int) book.Amount { return book.MustAmount(v.String()) }

// confirm opens the confirmation runs of the pair (ch, x), whose canonical digests are
// chID and xID, on bench version b that do not exist yet: one per CRN seed, for each side.
func (s *State) confirm(env round.Env, c *challenge, b *bench, ch, x *entry, chID, xID string) []RunID {
	seeds := koth.ConfirmationSeeds([]string{chID, xID}, b.Version, b.Fold.ConfirmSeeds)
	var out []RunID
	for k, seed := range seeds {
		for _, pr := range [][2]*entry{{ch, x}, {x, ch}} {
			if !s.hasRun(pr[0], b.ID, PurposeConfirm, k, seed) {
				out = append(out, s.newRun(env, c, pr[0], b, PurposeConfirm, k, seed, pr[1].ID).ID)
			}
		}
	}
	return out
}

// hasRun reports whether a fold must not open a run of purpose for e on bench version
// b (index k and CRN seed crn, for a confirmation; 0 and 0 for a rescore): e has one
// that is not unscored or abandoned, or already two that are, so that a run nobody
// pays for is opened again at most once.
func (s *State) hasRun(e *entry, b BenchID, purpose string, k int, crn uint64) bool {
	ended := 0
	for _, id := range e.Runs {
		r := s.run(id)
		if r.Bench != b || r.Purpose != purpose || r.K != k || r.CRN != crn {
			continue
		}
		if r.State != RunUnscored && r.State != RunAbandoned {
			return true
		}
		ended++
	}
	return ended >= 2
}

// canonical returns the canonical program digest e's latest final run attested, or ""
// when none has.
func (s *State) canonical(e *entry) string {
	for i := len(e.Runs) - 1; i >= 0; i-- {
		if r := s.run(e.Runs[i]); r.State == RunFinal && r.Kept != nil && r.Kept.Canonical != "" {
			return r.Kept.Canonical
		}
	}
	return ""
}

// copies returns, for each entry of c that is a copy, the earlier entry it copies: the
// first-seen entry whose final runs attested the same canonical program digest.
func (s *State) copies(c *challenge) map[EntryID]EntryID {
	first := map[string]EntryID{}
	out := map[EntryID]EntryID{}
	for _, id := range c.Entries {
		k := s.canonical(s.entry(id))
		if k == "" {
			continue
		}
		if f, ok := first[k]; ok {
			out[id] = f
		} else {
			first[k] = id
		}
	}
	return out
}

// CloseChallenge applies a challenge_close at or after the end: open runs are
// abandoned (an entry run's fee and deposit go back), and the unspent pool goes back to
// the sponsor.
func (s *State) CloseChallenge(env round.Env, b Close) (book.Outcome, *book.Error) {
	at := env.At
	c := s.challenge(b.Challenge)
	switch {
	case c == nil:
		return book.Outcome{}, errNoChallenge
	case c.State != ChallengeOpen:
		return book.Outcome{}, errClosed
	case at.Now < c.End:
		return book.Outcome{}, errNotEnded
	}
	var ev []book.Event
	for _, id := range c.Runs {
		r := s.run(id)
		if r.ended() {
			continue
		}
		if r.State == RunAnchoring {
			s.anchoring = slices.DeleteFunc(s.anchoring, func(x RunID) bool { return x == r.ID })
		}
		var rd *round.Round
		if r.Round != 0 {
			rd = env.Rounds.Get(r.Round)
			env.Rounds.Abandon(rd)
		}
		r.State, r.EndedAt = RunAbandoned, at.Now
		s.markRun(r.ID)
		ev = append(ev, book.Event{Type: "run_abandoned", Height: at.Height, Round: uint64(r.Round), Entry: uint64(r.Entry)})
		if r.Purpose == PurposeEntry {
			e := s.entry(r.Entry)
			pools.ReturnFee(env.Book, e.Committer, e.Fee)
			ev = append(ev, s.returnDeposit(env, e)...)
		}
	}
	back := pools.Return(env.Book, &c.Funds, c.Sponsor)
	c.State, c.ClosedAt = ChallengeClosed, at.Now
	s.closed++
	s.markChallenge(c.ID)
	return book.Outcome{Events: append(ev, book.Event{Type: "challenge_closed", Height: at.Height, Address: book.AddrPtr(c.Sponsor), Amount: book.AmountPtr(back)})}, nil
}
