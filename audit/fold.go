package audit

import (
	"encoding/hex"
	"fmt"
	"math/big"
	"strings"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/challenge/koth"
	"github.com/arena/arena/ledger/season"
)

// Challenge re-derives every fold of challenge id from snap alone: for each fold in
// order, the entries as they stood then on the version it ranked on (each one's latest
// final, full entry or rescore run settled before the fold's block, with its final
// confirmation composites), the fold of package koth over them, the amount (the
// per-epoch emission, at most what the pool held) and each payment to the atto, and the
// contested pairs it sent to confirmation. A run settled in the fold's own block may
// have come before or after it; the fold is then re-derived both ways and either
// agreeing counts.
func Challenge(snap *ledger.Snapshot, id ledger.ChallengeID) (*Report, error) {
	var c *ledger.ChallengeView
	for i := range snap.Challenges {
		if snap.Challenges[i].ID == id {
			c = &snap.Challenges[i]
		}
	}
	if c == nil {
		return nil, fmt.Errorf("no challenge %d in the snapshot", id)
	}
	r := &Report{Subject: fmt.Sprintf("challenge %d (%d entries, %d folds, %s)", id, len(c.Entries), len(c.Folds), c.State), Number: "the challenge's payout"}
	pool := c.Funded
	for _, f := range c.Folds {
		b, ok := benchVersion(snap, c.Bench, f.Version)
		if !ok {
			r.fail(fmt.Sprintf("fold %d", f.Epoch), fmt.Sprintf("the snapshot lacks %s version %d", c.Bench, f.Version))
			return r, nil
		}
		want := foldLine(f)
		got, note := deriveFold(c, b, f, pool)
		r.Steps = append(r.Steps, Step{Name: fmt.Sprintf("fold %d", f.Epoch), Want: want, Got: got, OK: want == got, Note: note})
		pool, _ = pool.Sub(f.Amount)
	}
	r.check("pool", c.Pool, pool, "funded less every fold's amount")
	return r, nil
}

// deriveFold re-derives fold f on bench version b with pool left before it, both ways
// when a run settled in the fold's own block, and returns the line that matches the
// recorded one if either does.
func deriveFold(c *ledger.ChallengeView, b ledger.BenchView, f ledger.FoldView, pool ledger.Amount) (string, string) {
	before := deriveWith(c, b, f, pool, false)
	if before == foldLine(f) {
		return before, "koth over the entries as they stood, shares to the atto"
	}
	after := deriveWith(c, b, f, pool, true)
	if after != before && after == foldLine(f) {
		return after, "koth over the entries as they stood (a run settled in the fold's block counted), shares to the atto"
	}
	return before, "koth over the entries as they stood, shares to the atto"
}

// deriveWith folds c's entries as they stood at fold f, counting runs settled in f's
// own block when same is true, and writes the outcome as foldLine does.
func deriveWith(c *ledger.ChallengeView, b ledger.BenchView, f ledger.FoldView, pool ledger.Amount, same bool) string {
	var es []koth.Entry
	var ids []ledger.ChallengeEntryID
	var who []ledger.Address
	for _, e := range c.Entries {
		k, ok := standing(c, e, b, f, same)
		if ok {
			es, ids, who = append(es, k), append(ids, e.ID), append(who, e.Committer)
		}
	}
	p := koth.Params{MarginPPM: b.Fold.MarginPPM, Tail: b.Fold.Tail, ChampionPPM: b.Fold.ChampionPPM, ZMilli: b.Fold.ZMilli, MinCases: b.MinCases, Version: b.Version}
	res := koth.Fold(es, p)
	out := challenge.FoldView{Version: f.Version, Epoch: f.Epoch}
	if res.Champion >= 0 {
		out.Amount = (&season.Funds{Pool: pool}).Emission(c.PerEpoch)
		total, _ := new(big.Int).SetString(out.Amount.String(), 10)
		champ, each := koth.Shares(total, len(res.Tail), b.Fold.ChampionPPM)
		out.Champion = ids[res.Champion]
		out.Payments = append(out.Payments, challenge.PaymentView{Entry: ids[res.Champion], Address: who[res.Champion], Amount: ledger.MustAmount(champ.String()), Role: "champion"})
		for _, i := range res.Tail {
			out.Payments = append(out.Payments, challenge.PaymentView{Entry: ids[i], Address: who[i], Amount: ledger.MustAmount(each.String()), Role: "tail"})
		}
		for _, i := range res.Contested[min(1, len(res.Contested)):] {
			out.Contested = append(out.Contested, challenge.PairView{Champion: out.Champion, Challenger: ids[i]})
		}
	}
	return foldLine(out)
}

// standing returns entry e as the fold f read it on bench version b: its latest final,
// full, ranked run on b settled before f, with its final confirmations settled before
// f; ok is false when it had none.
func standing(c *ledger.ChallengeView, e ledger.ChallengeEntryView, b ledger.BenchView, f ledger.FoldView, same bool) (koth.Entry, bool) {
	if e.Profile != challenge.ProfileFull {
		return koth.Entry{}, false
	}
	var ranked *ledger.RunView
	var confs []koth.Confirmation
	for i := range c.Runs {
		r := &c.Runs[i]
		if r.Entry != e.ID || r.Bench != b.ID || r.State != challenge.RunFinal || !settledBefore(r, f, same) {
			continue
		}
		if r.Purpose == challenge.PurposeConfirm {
			confs = append(confs, koth.Confirmation{Seed: r.CRN, Composite: r.Kept.Composite.Composite})
		} else {
			ranked = r
		}
	}
	if ranked == nil {
		return koth.Entry{}, false
	}
	k := ranked.Kept.Composite
	return koth.Entry{
		ID: e.Program, Submitter: hex.EncodeToString(e.Committer[:]), FirstSeen: uint64(e.ID), N: k.N, Composite: k.Composite,
		SE: k.SE, HasSE: true, Final: true, Full: true, Version: b.Version, Confirmations: confs,
	}, true
}

// settledBefore reports whether run r settled before fold f: at a lower height than
// f's block, or in it when same is true. A final run settled at the height of the last
// agreeing attestation of its last attempt.
func settledBefore(r *ledger.RunView, f ledger.FoldView, same bool) bool {
	var h uint64
	last := 0
	for _, x := range r.Attestations {
		last = max(last, x.Attempt)
	}
	for _, x := range r.Attestations {
		if x.Attempt == last && x.Agrees && !x.Late {
			h = max(h, x.Height)
		}
	}
	return h < f.Height || (same && h == f.Height)
}

// foldLine writes what a fold paid and contested, to the atto.
func foldLine(f challenge.FoldView) string {
	if f.Champion == 0 {
		return fmt.Sprintf("version %d: no eligible entry, nothing paid", f.Version)
	}
	parts := []string{fmt.Sprintf("version %d: %s atto paid", f.Version, f.Amount.String())}
	for _, p := range f.Payments {
		parts = append(parts, fmt.Sprintf("%s entry %d (%s) %s", p.Role, p.Entry, p.Address, p.Amount.String()))
	}
	for _, p := range f.Contested {
		parts = append(parts, fmt.Sprintf("entry %d contests entry %d", p.Challenger, p.Champion))
	}
	return strings.Join(parts, "; ")
}

func benchVersion(snap *ledger.Snapshot, name string, v uint32) (ledger.BenchView, bool) {
	for _, b := range snap.Benches {
		if b.Name == name && b.Version == v {
			return b, true
		}
	}
	return ledger.BenchView{}, false
}
