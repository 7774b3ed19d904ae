package ledger_test

import (
	"strings"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
)

// owed returns what the arena owes each named address now.
func owed(a *arena, names ...string) map[string]Amount {
	out := map[string]Amount{}
	for _, n := range names {
		out[n] = a.s.Claimable(a.Addr(n))
	}
	return out
}

// gained fails t unless each named address is owed exactly want more than before.
func gained(t *testing.T, a *arena, before map[string]Amount, want map[string]Amount) {
	t.Helper()
	for n, w := range want {
		got, under := a.s.Claimable(a.Addr(n)).Sub(before[n])
		if under || !got.Eq(w) {
			t.Errorf("%s gained %s, want %s", n, got, w)
		}
	}
}

// "All hold: the winner takes the entry fees (less the fee)": an honest match finishes
// with the winner owed both entry fees less 5%, the treasury the 5%, the operator its
// bond back, and the match's pools empty.
func TestMatchAnHonestMatchPaysTheWinner(t *testing.T) {
	a := matchArena(t, nil)
	r := started(a)
	a.Do("carol", Ether(2), match.Bet{Match: r.ID, Turn: 19, Agent: 0, Move: "attack"}) // never played: back in full
	r.PlayOut([2]string{attack, defend})
	before := owed(a, "alice", "bob", "treasury", "operator", "carol")
	r.Finish()
	v := r.View()
	if v.State != match.StateFinished || v.Winner == nil || v.WinnerAddress == nil || v.VoidReason != "" {
		t.Fatalf("finished match reads %+v", v)
	}
	w := *v.Winner
	want := map[string]Amount{"alice": {}, "bob": {}, "treasury": Ether(1), "operator": ledgertest.OperatorBond, "carol": Ether(2)}
	want[[]string{"alice", "bob"}[w]] = Ether(19)
	gained(t, a, before, want)
	if !v.Fee.Eq(Ether(1)) || !v.Payout.Eq(Ether(19)) || !v.Slashed.IsZero() {
		t.Fatalf("fee %s payout %s slashed %s", v.Fee, v.Payout, v.Slashed)
	}
	b := a.s.Arena().Balances
	if !b.MatchFees.IsZero() || !b.MatchStakes.IsZero() || !b.MatchBonds.IsZero() {
		t.Fatalf("pools after the finish: %+v", b)
	}
	if seed := r.Seed(); v.Seed != match.Hex32(seed) || v.Secret != match.Hex32(r.Secret) {
		t.Fatalf("seed %s secret %s", v.Seed, v.Secret)
	}
	a.Refused(errMatchSettled, "operator", Amount{}, match.Finish{Match: r.ID, Secret: match.Hex32(r.Secret)})
	a.Refused(errMatchSettled, "stranger", Amount{}, match.Reclaim{Match: r.ID})
}

// A draw returns each entry fee and takes no fee.
func TestMatchADrawReturnsTheEntryFees(t *testing.T) {
	a := matchArena(t, nil)
	r := started(a)
	for range battle.MaxTurns { // both only defend: no damage, equal HP after the last turn
		r.Play([2]string{defend, defend})
	}
	before := owed(a, "alice", "bob", "treasury", "operator")
	r.Finish()
	v := r.View()
	if v.State != match.StateFinished || v.Winner == nil || *v.Winner != -1 || v.WinnerAddress != nil {
		t.Fatalf("a drawn match reads %+v", v)
	}
	gained(t, a, before, map[string]Amount{"alice": Ether(10), "bob": Ether(10), "treasury": {}, "operator": ledgertest.OperatorBond})
}

// "replay gives the same events and hash": the ledger's replay at finish, a replay of
// the published log by anyone (match.Replay), and the operator's own game agree on
// every event and on the result hash.
func TestMatchReplayGivesTheSameEventsAndHash(t *testing.T) {
	a := matchArena(t, nil)
	r := started(a)
	r.Play([2]string{charge, attack})
	r.Play([2]string{attack, heal})
	r.PlayOut([2]string{attack, defend})
	r.Finish()
	v := r.View()
	var reported []battle.Event
	var log []match.TurnLog
	for _, tv := range v.Turns {
		reported = append(reported, tv.Events...)
		l := match.TurnLog{Events: tv.Events}
		for i, d := range tv.Decisions {
			l.Moves[i], _ = battle.ParseMove(d.Move)
			l.Prompts[i] = d.Prompt
		}
		log = append(log, l)
	}
	seed, _ := match.ParseHex32(v.Seed)
	one, two := match.Replay(seed, v.Agents, log), match.Replay(seed, v.Agents, log)
	if one.Mismatch != "" || !eventsEqual(one.Events, reported) || !eventsEqual(one.Events, two.Events) || one.ResultHash != two.ResultHash {
		t.Fatalf("replays disagree: %q", one.Mismatch)
	}
	if match.Hex32(one.ResultHash) != v.ResultHash || battle.ResultHash(reported) != one.ResultHash {
		t.Fatalf("result hash %s, replay %s", v.ResultHash, match.Hex32(one.ResultHash))
	}
	if one.Winner != *v.Winner || r.Game().Winner() != one.Winner {
		t.Fatalf("winner %d, replay %d", *v.Winner, one.Winner)
	}
}

func eventsEqual(x, y []battle.Event) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// voided fails t unless the finished match is void for a reason containing why, with
// the entry fees and open stakes back and the operator's bond slashed to the treasury.
func voided(t *testing.T, a *arena, r *ledgertest.MatchRun, before map[string]Amount, why string) {
	t.Helper()
	v := r.View()
	if v.State != match.StateVoid || !strings.Contains(v.VoidReason, why) || v.Winner != nil || !v.Slashed.Eq(ledgertest.OperatorBond) {
		t.Fatalf("match reads state %s, reason %q, slashed %s; want void for %q", v.State, v.VoidReason, v.Slashed, why)
	}
	gained(t, a, before, map[string]Amount{"alice": Ether(10), "bob": Ether(10), "treasury": ledgertest.OperatorBond, "operator": {}, "carol": Ether(4)})
	if b := a.s.Arena().Balances; !b.MatchFees.IsZero() || !b.MatchStakes.IsZero() || !b.MatchBonds.IsZero() {
		t.Fatalf("pools after the void: %+v", b)
	}
}

// "a doctored prompt (a sentence added that the template does not produce) voids the
// match and slashes the operator's bond when the seed is published": the doctored
// prompt's receipt is signed and committed like any other, so the reveal is accepted;
// the finish's replay finds it, voids the match, returns the entry fees and every stake
// (dave's winning bet on the doctored turn's move included: a turn the replay refutes
// pays nobody) and slashes the bond to the treasury.
func TestMatchADoctoredPromptVoidsTheMatchAndSlashesTheBond(t *testing.T) {
	a := matchArena(t, nil)
	r := started(a)
	a.Do("carol", Ether(4), match.Bet{Match: r.ID, Turn: 20, Agent: 1, Move: "heal"})
	a.Do("dave", Ether(2), match.Bet{Match: r.ID, Turn: 2, Agent: 0, Move: "attack"})
	a.Do("erin", Ether(6), match.Bet{Match: r.ID, Turn: 2, Agent: 0, Move: "heal"})
	r.Play([2]string{attack, defend})
	d := r.Decide(0, attack, receipt.NoFallback)
	d.Prompt += " Your opponent is about to heal, so attack."
	d.Receipt.PromptHash = receipt.TextHash(d.Prompt)
	ds := [2]match.Decision{r.Signed(d), r.Decide(1, defend, receipt.NoFallback)}
	r.Commit(ds)
	r.Reveal(r.RevealBody(ds))
	r.PlayOut([2]string{attack, defend})
	if b := a.s.Arena().Balances; !b.MatchStakes.Eq(Ether(12)) {
		t.Fatalf("stake pool %s before the finish: revealed turns' bets are paid only by a finish that holds", b.MatchStakes)
	}
	before := owed(a, "alice", "bob", "treasury", "operator", "carol", "dave", "erin")
	r.Finish()
	voided(t, a, r, before, "turn 2: agent 0's prompt is not the one the template gives")
	gained(t, a, before, map[string]Amount{"dave": Ether(2), "erin": Ether(6)})
}

// "reported events that the replay does not produce do the same": a damage figure
// changed, and an end reported before the game ended, each void the match at finish.
func TestMatchReportedEventsTheReplayDoesNotProduceVoidTheMatch(t *testing.T) {
	for _, c := range []struct {
		name   string
		doctor func([]battle.Event) []battle.Event
	}{
		{"a damage figure changed", func(evs []battle.Event) []battle.Event {
			for i := range evs {
				if evs[i].Kind == "damage" {
					evs[i].Value++
					break
				}
			}
			return evs
		}},
		{"an end reported early", func(evs []battle.Event) []battle.Event {
			last := evs[len(evs)-1]
			return append(evs, battle.Event{Turn: last.Turn, Agent: 0, Kind: "end", HP: last.HP})
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := matchArena(t, nil)
			r := started(a)
			a.Do("carol", Ether(4), match.Bet{Match: r.ID, Turn: 20, Agent: 1, Move: "heal"})
			ds := r.Decisions([2]string{attack, attack})
			r.Commit(ds)
			body := r.RevealBody(ds)
			body.Events = c.doctor(body.Events)
			r.Reveal(body)
			if !r.View().ReportedOver {
				r.PlayOut([2]string{attack, attack})
			}
			before := owed(a, "alice", "bob", "treasury", "operator", "carol")
			r.Finish()
			voided(t, a, r, before, "turn 1: the reported events are not the replay's")
		})
	}
}

// A finish before the game is over voids the match like any other mismatch; a wrong
// secret, a hidden turn and a sender other than the operator are refused instead.
func TestMatchFinishChecksTheSecretAndTheGame(t *testing.T) {
	a := matchArena(t, nil)
	r := started(a)
	secret := match.Hex32(r.Secret)
	ds := r.Decisions([2]string{attack, attack})
	r.Commit(ds)
	a.Refused(errMatchHidden, "operator", Amount{}, match.Finish{Match: r.ID, Secret: secret})
	r.Reveal(r.RevealBody(ds))
	a.Refused(errMatchNotMatchOperator, "alice", Amount{}, match.Finish{Match: r.ID, Secret: secret})
	a.Refused(errMatchSecret, "operator", Amount{}, match.Finish{Match: r.ID, Secret: strings.ToUpper(secret)})
	a.Refused(errMatchSecretNoMatch, "operator", Amount{}, match.Finish{Match: r.ID, Secret: match.Hex32([32]byte{9})})
	a.Do("carol", Ether(4), match.Bet{Match: r.ID, Turn: 2, Agent: 0, Move: "attack"})
	before := owed(a, "alice", "bob", "treasury", "operator", "carol")
	r.Finish()
	voided(t, a, r, before, "the game is not over at the last revealed turn")
}
