package demo

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/arena/arena/audit"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/challenge/koth"
)

// challengeStories reads the challenge's claims off the final snapshot: the bench was
// checked and accepted; the first fold crowned steady and sent steady-plus, inside the
// band, to confirmation on shared seeds, which the validators ran; the second fold
// decided that pair on its common seeds as the paired comparison says; sharp dethroned
// the champion without confirmation; every fold paid the champion and the tail what
// the bench's terms say; and a run re-derives offline.
func (d *driver) challengeStories(s ledger.Snapshot) []Story {
	if d.chal == nil { // left out (Options.Skip)
		return nil
	}
	c, ok := challengeIn(s, d.chal.id)
	if !ok || len(c.Folds) != 3 {
		st := Story{Name: "benchmark challenge", Detail: fmt.Sprintf("challenge %d is not in the snapshot with three folds", d.chal.id)}
		return []Story{st}
	}
	b, _ := benchIn(s, d.chal.bench)
	return []Story{
		d.acceptedStory(b), d.crownStory(c), d.confirmStory(c, b), d.pairedStory(c, b), d.dethroneStory(c), d.payStory(&s, c, b),
		d.auditStory(),
	}
}

// acceptedStory: the bench's check settled on one dataset every attestation agreed on,
// with at least min_cases cases.
func (d *driver) acceptedStory(b ledger.BenchView) Story {
	st := Story{Name: "challenge: the example bench is checked by the validators and accepted"}
	agree := 0
	for _, a := range b.Checks {
		if a.Agrees && a.Result.Dataset == b.Dataset {
			agree++
		}
	}
	st.Held = b.State == challenge.BenchAccepted && b.Cases >= b.MinCases && agree >= b.Quorum
	st.Detail = fmt.Sprintf("%s v%d %s: %d cases (min %d), %d of %d checks agreeing on dataset %s",
		b.Name, b.Version, b.State, b.Cases, b.MinCases, agree, b.Quorum, short(b.Dataset))
	return st
}

// crownStory: the first fold crowned steady, the first seen, and kept it against
// steady-plus, whose lead was inside the band, sending the pair to confirmation.
func (d *driver) crownStory(c ledger.ChallengeView) Story {
	st := Story{Name: "challenge: the first fold crowns steady and sends the challenger inside the band to confirmation"}
	f := c.Folds[0]
	steady, plus := d.chal.entries["steady"], d.chal.entries["steady-plus"]
	contested := len(f.Contested) == 1 && f.Contested[0].Champion == steady && f.Contested[0].Challenger == plus
	st.Held = f.Champion == steady && contested && len(f.Opened) == 2*challenge.DefaultFold().ConfirmSeeds
	st.Detail = fmt.Sprintf("fold %d: champion entry %d (%s); contested %v; %d confirmation runs opened",
		f.Epoch, f.Champion, d.chal.agentOf[f.Champion], f.Contested, len(f.Opened))
	return st
}

// confirmStory: the runs the first fold opened are the pair's confirmations on the CRN
// seeds of their sorted canonical program digests (custom sections stripped) and the
// version, both sides on each seed, each anchored to the same state hash so that the
// pair shares its datasets (seeds no one knew at commit), and the validators ran every
// one to a final result.
func (d *driver) confirmStory(c ledger.ChallengeView, b ledger.BenchView) Story {
	st := Story{Name: "challenge: the validators run the pair on 3 shared confirmation seeds"}
	steady, _ := entryIn(c, d.chal.entries["steady"])
	plus, _ := entryIn(c, d.chal.entries["steady-plus"])
	seeds := koth.ConfirmationSeeds([]string{steady.Canonical, plus.Canonical}, b.Version, b.Fold.ConfirmSeeds)
	got := map[ledger.ChallengeEntryID][]uint64{}
	shared := map[uint64]map[string]bool{} // by CRN: the anchored seeds its runs ran on
	final, anchored := 0, true
	for _, id := range c.Folds[0].Opened {
		r, ok := runIn(c, id)
		if !ok || r.Purpose != challenge.PurposeConfirm {
			continue
		}
		got[r.Entry] = append(got[r.Entry], r.CRN)
		if shared[r.CRN] == nil {
			shared[r.CRN] = map[string]bool{}
		}
		shared[r.CRN][r.Seed] = true
		anchored = anchored && r.Seed != "" && r.Seed != challenge.CRNSeedHex(r.CRN)
		if r.State == challenge.RunFinal {
			final++
		}
	}
	for _, s := range shared {
		anchored = anchored && len(s) == 1
	}
	st.Held = steady.Canonical != "" && plus.Canonical != "" && slices.Equal(got[steady.ID], seeds) && slices.Equal(got[plus.ID], seeds) &&
		anchored && final == 2*len(seeds)
	st.Detail = fmt.Sprintf("%d of %d confirmation runs final; CRN seeds %v for steady and %v for steady-plus, want %v; each pair of runs on one anchored seed: %t",
		final, 2*len(seeds), got[steady.ID], got[plus.ID], seeds, anchored)
	return st
}

// pairedStory: at the second fold the pair shares the confirmation seeds, and the fold's
// champion is the one the paired comparison over those common seeds names, where the
// unpaired comparison of the entry runs alone would not have dethroned.
func (d *driver) pairedStory(c ledger.ChallengeView, b ledger.BenchView) Story {
	st := Story{Name: "challenge: the second fold decides the pair on its common seeds"}
	steady, plus := d.kothEntry(c, "steady"), d.kothEntry(c, "steady-plus")
	p := koth.Params{MarginPPM: b.Fold.MarginPPM, Tail: b.Fold.Tail, ChampionPPM: b.Fold.ChampionPPM, ZMilli: b.Fold.ZMilli,
		MinCases: b.MinCases, Version: b.Version}
	unpaired := func(e koth.Entry) koth.Entry { e.Confirmations = nil; return e }
	us, up := unpaired(steady), unpaired(plus)
	want := d.chal.entries["steady"]
	if koth.Beats(&plus, &steady, p) {
		want = d.chal.entries["steady-plus"]
	}
	f := c.Folds[1]
	lead := pairedLead(steady, plus)
	st.Held = lead != nil && !koth.Beats(&up, &us, p) && f.Champion == want && len(f.Opened) == 0
	st.Detail = fmt.Sprintf("fold %d: champion entry %d (%s); entry runs %s and %s (unpaired, inside the band); mean paired lead %s over %d common seeds",
		f.Epoch, f.Champion, d.chal.agentOf[f.Champion], micros(steady.Composite), micros(plus.Composite), ratMicros(lead), common(steady, plus))
	return st
}

// dethroneStory: sharp, committed after the second fold, takes the crown at the third
// by a lead outside the band, with no confirmation opened.
func (d *driver) dethroneStory(c ledger.ChallengeView) Story {
	st := Story{Name: "challenge: sharp dethrones the champion outright, without confirmation"}
	f := c.Folds[2]
	sharp := d.chal.entries["sharp"]
	e, _ := entryIn(c, sharp)
	prev := c.Folds[1].Champion
	st.Held = f.Champion == sharp && prev != sharp && len(f.Contested) == 0 && len(f.Opened) == 0 && len(e.Runs) == 1
	st.Detail = fmt.Sprintf("fold %d: champion entry %d (%s) after entry %d (%s); %d contested, %d runs opened; sharp composite %s",
		f.Epoch, f.Champion, d.chal.agentOf[f.Champion], prev, d.chal.agentOf[prev], len(f.Contested), len(f.Opened), micros(e.Composite))
	return st
}

// payStory: every fold paid the epoch's emission, 90% to the champion and the rest in
// equal shares to the tail, into claimable, and the pool holds what was not paid; and
// every fold re-derives offline from the snapshot (arena audit challenge).
func (d *driver) payStory(s *ledger.Snapshot, c ledger.ChallengeView, b ledger.BenchView) Story {
	st := Story{Name: "challenge: each fold pays the champion 90% and the tail the rest, and re-derives"}
	st.Held = true
	var paid ledger.Amount
	var parts []string
	for _, f := range c.Folds {
		var sum ledger.Amount
		champ := false
		for _, pm := range f.Payments {
			sum, _ = sum.Add(pm.Amount)
			if pm.Role == "champion" && pm.Entry == f.Champion {
				champ = true
				if !championShare(f, b.Fold.ChampionPPM, pm.Amount) {
					st.Held = false
				}
			}
		}
		if !champ || !sum.Eq(f.Amount) || !f.Amount.Eq(c.PerEpoch) || len(f.Payments) != 1+len(f.Tail) {
			st.Held = false
		}
		paid, _ = paid.Add(sum)
		parts = append(parts, fmt.Sprintf("epoch %d paid %s to %d", f.Epoch, units(sum), len(f.Payments)))
	}
	left, _ := c.Funded.Sub(paid)
	st.Held = st.Held && paid.Eq(c.Paid) && left.Eq(c.Pool)
	rederived := "not re-derived"
	if rep, err := audit.Challenge(s, c.ID); err != nil {
		st.Held, rederived = false, err.Error()
	} else {
		st.Held = st.Held && rep.OK()
		rederived = fmt.Sprintf("%d audit steps, all re-derived: %t", len(rep.Steps), rep.OK())
	}
	st.Detail = fmt.Sprintf("%s; pool %s of %s left; %s", strings.Join(parts, ", "), units(c.Pool), units(c.Funded), rederived)
	return st
}

// championShare reports whether the champion's payment is ChampionPPM of the fold's
// amount plus the remainder of the tail's equal split (all of it with no tail).
func championShare(f ledger.FoldView, ppm uint64, got ledger.Amount) bool {
	amount, _ := new(big.Int).SetString(f.Amount.String(), 10)
	champ, _ := koth.Shares(amount, len(f.Tail), ppm)
	return got.String() == champ.String()
}

// kothEntry is an agent's entry as the fold reads it: its canonical program digest, its
// ranked run and its confirmations.
func (d *driver) kothEntry(c ledger.ChallengeView, agent string) koth.Entry {
	e, _ := entryIn(c, d.chal.entries[agent])
	k := koth.Entry{ID: e.Canonical, Submitter: e.Committer.String(), FirstSeen: uint64(e.ID), N: e.N, Composite: e.Composite,
		SE: e.SE, HasSE: true, Final: e.Ranked != 0, Full: e.Profile == challenge.ProfileFull, Version: c.Version}
	for _, x := range e.Confirmations {
		k.Confirmations = append(k.Confirmations, koth.Confirmation{Seed: x.CRN, Composite: x.Composite})
	}
	return k
}

// pairedLead is the challenger's mean lead over the champion on their common seeds, or
// nil when they share fewer than two.
func pairedLead(ch, c koth.Entry) *big.Rat {
	var sum big.Rat
	n := 0
	for _, x := range c.Confirmations {
		for _, y := range ch.Confirmations {
			if x.Seed == y.Seed {
				sum.Add(&sum, big.NewRat(x.Composite-y.Composite, 1))
				n++
			}
		}
	}
	if n < 2 {
		return nil
	}
	return sum.Quo(&sum, big.NewRat(int64(n), 1))
}

// common counts the seeds two entries were both confirmed on.
func common(a, b koth.Entry) int {
	n := 0
	for _, x := range a.Confirmations {
		for _, y := range b.Confirmations {
			if x.Seed == y.Seed {
				n++
			}
		}
	}
	return n
}

// ratMicros renders a rational number of micros as a decimal, rounded down.
func ratMicros(r *big.Rat) string {
	if r == nil {
		return "none"
	}
	q := new(big.Int).Quo(r.Num(), r.Denom())
	return micros(q.Int64())
}

func runIn(c ledger.ChallengeView, id ledger.RunID) (ledger.RunView, bool) {
	for _, r := range c.Runs {
		if r.ID == id {
			return r, true
		}
	}
	return ledger.RunView{}, false
}

func entryIn(c ledger.ChallengeView, id ledger.ChallengeEntryID) (ledger.ChallengeEntryView, bool) {
	for _, e := range c.Entries {
		if e.ID == id {
			return e, true
		}
	}
	return ledger.ChallengeEntryView{}, false
}

// auditStory: a run of the challenge re-derives offline (arena audit run).
func (d *driver) auditStory() Story {
	return Story{Name: "challenge: arena audit run re-derives a run from the published data", Held: d.chal.auditOK, Detail: d.chal.auditNote}
}

// dethroneReason says on what comparison entry to took the crown from entry from: the
// paired one over their common confirmation seeds, or the unpaired one of their ranked
// runs.
func (d *driver) dethroneReason(c ledger.ChallengeView, from, to ledger.ChallengeEntryID) string {
	ch, x := d.kothEntry(c, d.chal.agentOf[from]), d.kothEntry(c, d.chal.agentOf[to])
	head := fmt.Sprintf("entry %d (%s) takes the crown from entry %d (%s)", to, d.chal.agentOf[to], from, d.chal.agentOf[from])
	if lead := pairedLead(ch, x); lead != nil {
		return fmt.Sprintf("%s on the paired comparison: a mean lead of %s over %d common seeds", head, ratMicros(lead), common(ch, x))
	}
	return fmt.Sprintf("%s outright: %s against %s, outside the band", head, micros(x.Composite), micros(ch.Composite))
}
