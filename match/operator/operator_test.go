package operator_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
	"github.com/arena/arena/match/operator"
	"github.com/arena/arena/reader/builtin"
)

// TestTheOperatorPlaysAMatchToItsFinish: issue 15, "the operator runs matches: calls
// each agent's model through the existing readers, signs receipts, commits, reveals,
// settles". On the embedded engine with the builtin reader, a match whose entrants
// joined is played turn after turn to the end and finished with the secret: the ledger
// replays it and pays out, every revealed prompt is the public template's, and every
// receipt is the operator's.
func TestTheOperatorPlaysAMatchToItsFinish(t *testing.T) {
	a := newArena(t)
	id := a.create([2]string{"builtin", "builtin"})
	o, stop := a.run(operator.Config{})
	a.join(id)
	m := a.waitFor(id, "settled", over)
	finishCounted(o)
	stop()
	if m.State != match.StateFinished {
		t.Fatalf("match %d is %s (%s), want finished", id, m.State, m.VoidReason)
	}
	g, err := replayAll(m)
	if err != nil {
		t.Fatal(err)
	}
	if !g.Over() || m.Winner == nil || *m.Winner != g.Winner() {
		t.Errorf("winner %v, replay over %t with winner %d", m.Winner, g.Over(), g.Winner())
	}
	var events []battle.Event
	for _, turn := range m.Turns {
		events = append(events, turn.Events...)
		for _, d := range turn.Decisions {
			checkDecision(t, a.terms.GenesisHash(), m, turn.Turn, d)
		}
	}
	if want := receipt.Hex(battle.ResultHash(events)); m.ResultHash != want {
		t.Errorf("result hash %s, want %s", m.ResultHash, want)
	}
	t.Logf("match %d: %d turns, winner %v, state %s", id, len(m.Turns), *m.Winner, m.State)
	st := o.Stats()
	if st.Turns != int64(len(m.Turns)) || st.Finished != 1 || st.Refused != 0 || st.Errors != 0 {
		t.Errorf("stats %+v after %d turns", st, len(m.Turns))
	}
}

// checkDecision checks one revealed decision: its prompt is the template's for the
// agent's replayed view, its hashes are the texts', its signer is the operator, and the
// builtin answer it carries is the move played.
func checkDecision(t *testing.T, arena [32]byte, m match.MatchView, turn int, d match.DecisionView) {
	t.Helper()
	r := d.Receipt
	if r.PromptHash != receipt.TextHash(d.Prompt) || r.ResponseHash != receipt.TextHash(d.Response) {
		t.Errorf("turn %d agent %d: receipt hashes are not the texts'", turn, d.Agent)
	}
	if !strings.HasPrefix(d.Prompt, m.Agents[d.Agent].SystemPrompt+"\n\n") {
		t.Errorf("turn %d agent %d: prompt does not open with the agent's system prompt", turn, d.Agent)
	}
	sig, err := parseSig(d.Sig)
	if err != nil {
		t.Fatalf("turn %d agent %d: %v", turn, d.Agent, err)
	}
	signer, err := receipt.Recover(arena, r, sig)
	if err != nil || ledger.Address(signer) != m.Operator {
		t.Errorf("turn %d agent %d: receipt signed by %v (%v), want the operator %s", turn, d.Agent, signer, err, m.Operator)
	}
	if mv, fb := battle.ParseAnswer(d.Response); fb != battle.NoFallback || mv.String() != d.Move || r.Fallback {
		t.Errorf("turn %d agent %d: answer %q played %s, fallback %t", turn, d.Agent, d.Response, d.Move, r.Fallback)
	}
}

// replayAll replays every revealed turn of m from its published seed.
func replayAll(m match.MatchView) (*battle.Game, error) {
	secret, err := receipt.ParseHash(m.Secret)
	if err != nil {
		return nil, err
	}
	return operator.Replay(m, secret)
}

// TestAProviderErrorDefendsAndTheMatchGoesOn: a model whose provider fails on every
// call does not stop the match: each of its agent's decisions is defend with the
// reason provider_error in a receipt the ledger accepts, and the match finishes.
func TestAProviderErrorDefendsAndTheMatchGoesOn(t *testing.T) {
	a := newArena(t)
	id := a.create([2]string{"builtin", "down"})
	_, stop := a.run(operator.Config{Models: func(name string) (grading.Model, error) {
		if name == "down" {
			return downModel{}, nil
		}
		return builtin.New(), nil
	}})
	a.join(id)
	m := a.waitFor(id, "settled", over)
	stop()
	if m.State != match.StateFinished {
		t.Fatalf("match is %s (%s), want finished", m.State, m.VoidReason)
	}
	for _, turn := range m.Turns {
		d := turn.Decisions[1]
		if d.Move != "defend" || !d.Fallback || d.Reason != "provider_error" || !turn.Fallbacks[1] || d.Response != "" {
			t.Errorf("turn %d agent 1: %s, fallback %t, reason %q, response %q; want defend for provider_error", turn.Turn, d.Move, d.Fallback, d.Reason, d.Response)
		}
		if turn.Fallbacks[0] {
			t.Errorf("turn %d agent 0 fell back", turn.Turn)
		}
	}
}

// downModel is a provider that is always down.
type downModel struct{}

func (downModel) Complete(context.Context, prompt.Prompt) (string, ledger.Call, error) {
	return "", ledger.Call{}, fmt.Errorf("down: %w", grading.ErrModelUnavailable)
}

// TestATurnStaysOpenForBetsForTheBetWindow: the operator asks the models at once but
// commits a turn only once it has been open for BetWindow, so a bet placed in that time
// lands before the commit, on the move the turn then reveals (its payout comes at the
// finish, which the ledger's own tests pin).
func TestATurnStaysOpenForBetsForTheBetWindow(t *testing.T) {
	a := newArena(t)
	id := a.create([2]string{"builtin", "builtin"})
	_, stop := a.run(operator.Config{BetWindow: time.Second})
	a.join(id)
	a.waitFor(id, "playing", func(m match.MatchView) bool { return m.State == match.StatePlaying })
	a.send("carol", ledger.Ether(2), match.Bet{Match: id, Turn: 1, Agent: 1, Move: "charge"})
	m := a.waitFor(id, "revealed turn 1", func(m match.MatchView) bool { return len(m.Turns) > 0 && m.Turns[0].Revealed })
	stop()
	tv := m.Turns[0]
	if len(tv.Bets) != 1 || tv.Bets[0].State != match.BetOpen || tv.Bets[0].PlacedAt > tv.CommittedAt || tv.Decisions[1].Move != "charge" {
		t.Errorf("turn 1: bets %+v, committed at %d, agent 1 played %s; want carol's bet placed before the commit, on the charge revealed", tv.Bets, tv.CommittedAt, tv.Decisions[1].Move)
	}
}

// answerModel always answers text.
type answerModel struct{ text string }

func (m answerModel) Complete(context.Context, prompt.Prompt) (string, ledger.Call, error) {
	return m.text, ledger.Call{}, nil
}

// TestAnAnswerTheLedgerCannotTakeDefends: an answer longer than a reveal takes, or not
// UTF-8 (which the transaction's JSON would rewrite, breaking its hash), would leave a
// committed turn that can never be revealed and the operator's bond to a reclaim; it is
// instead no answer: the agent defends for provider_error with an empty response, and
// the match finishes.
func TestAnAnswerTheLedgerCannotTakeDefends(t *testing.T) {
	for name, text := range map[string]string{
		"too long":  `{"move":"attack"}` + strings.Repeat(" ", match.MaxTextBytes),
		"not UTF-8": "{\"move\":\"attack\"}\xff",
	} {
		t.Run(name, func(t *testing.T) {
			a := newArena(t)
			id := a.create([2]string{"builtin", "odd"})
			_, stop := a.run(operator.Config{Models: func(model string) (grading.Model, error) {
				if model == "odd" {
					return answerModel{text}, nil
				}
				return builtin.New(), nil
			}})
			a.join(id)
			m := a.waitFor(id, "settled", over)
			stop()
			if m.State != match.StateFinished {
				t.Fatalf("match is %s (%s), want finished", m.State, m.VoidReason)
			}
			d := m.Turns[0].Decisions[1]
			if d.Move != "defend" || d.Reason != "provider_error" || d.Response != "" {
				t.Errorf("turn 1 agent 1: %s for %q with response %q; want defend for provider_error, empty", d.Move, d.Reason, d.Response)
			}
		})
	}
}
