package operator

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
	"github.com/arena/arena/reader/call"
)

// fakeModel answers every prompt with answer, or err, after waiting for wait; ignore
// makes it wait out the whole time whatever its context says.
type fakeModel struct {
	answer string
	err    error
	wait   time.Duration
	ignore bool
}

func (f fakeModel) Complete(ctx context.Context, p prompt.Prompt) (string, ledger.Call, error) {
	if f.wait > 0 {
		t := time.NewTimer(f.wait)
		defer t.Stop()
		if f.ignore {
			<-t.C
		} else {
			select {
			case <-t.C:
			case <-ctx.Done():
				return "", ledger.Call{}, fmt.Errorf("fake: %w: %w", grading.ErrModelUnavailable, ctx.Err())
			}
		}
	}
	return f.answer, ledger.Call{}, f.err
}

const testTimeout = 50 * time.Millisecond

// fallbackTests: every fallback reason, and the answer that needs none.
var fallbackTests = []struct {
	name     string
	model    grading.Model // nil: the model cannot be found
	move     battle.Move
	reason   receipt.Reason
	response string
}{
	{"a move", fakeModel{answer: `{"move":"heal"}`}, battle.Heal, receipt.NoFallback, `{"move":"heal"}`},
	{"invalid JSON", fakeModel{answer: "I attack!"}, battle.Defend, receipt.InvalidJSON, "I attack!"},
	{"illegal move", fakeModel{answer: `{"move":"fireball"}`}, battle.Defend, receipt.IllegalMove, `{"move":"fireball"}`},
	{"timeout", fakeModel{answer: `{"move":"attack"}`, wait: time.Hour}, battle.Defend, receipt.Timeout, ""},
	{"provider error", fakeModel{err: fmt.Errorf("fake: %w", grading.ErrModelUnavailable)}, battle.Defend, receipt.ProviderError, ""},
	{"provider refusal", fakeModel{err: fmt.Errorf("fake: %w", grading.ErrModelRefused)}, battle.Defend, receipt.ProviderError, ""},
	{"unknown model", nil, battle.Defend, receipt.ProviderError, ""},
}

// TestEveryFallbackReasonDefendsWithItsReason: issue 15, "fallbackReason (invalid JSON,
// illegal move, timeout, provider error: then the move is defend)". Each way a model
// can fail to give a move makes the agent defend, with that reason in a receipt that
// obeys the fallback rule, hashes the exact texts and is signed by the operator.
func TestEveryFallbackReasonDefendsWithItsReason(t *testing.T) {
	for _, tc := range fallbackTests {
		t.Run(tc.name, func(t *testing.T) {
			o := New(Config{Key: ledgertest.Key("op"), CallTimeout: testTimeout, Models: func(string) (grading.Model, error) {
				if tc.model == nil {
					return nil, errors.New("no reader serves this model")
				}
				return tc.model, nil
			}})
			a := action{arena: [32]byte{1}, turn: 4, m: match.MatchView{ID: 9, Agents: [2]match.Agent{{Model: "m0", SystemPrompt: "Win."}, {Model: "m1"}}}}
			v := battle.View{Turn: 4, Agent: 1, HP: [2]int{70, 55}}
			d, err := o.decision(context.Background(), a, 1, v)
			if err != nil {
				t.Fatalf("decision: %v", err)
			}
			r := d.Receipt
			if d.Move != tc.move.String() || battle.Move(r.Move) != tc.move || r.Reason != tc.reason || r.Fallback != (tc.reason != receipt.NoFallback) {
				t.Errorf("decision %s, receipt move %d fallback %t reason %v; want %s, %v", d.Move, r.Move, r.Fallback, r.Reason, tc.move, tc.reason)
			}
			if err := r.Validate(); err != nil {
				t.Errorf("receipt breaks the fallback rule: %v", err)
			}
			if d.Response != tc.response || r.ResponseHash != receipt.TextHash(tc.response) {
				t.Errorf("response %q, want %q hashed", d.Response, tc.response)
			}
			if d.Prompt != battle.Prompt("", v) || r.PromptHash != receipt.TextHash(d.Prompt) {
				t.Errorf("the prompt is not the template's for agent 1's view")
			}
			if r.Match != 9 || r.Turn != 4 || r.Agent != 1 || r.FinishedAt < r.StartedAt {
				t.Errorf("receipt names match %d turn %d agent %d, %d..%d", r.Match, r.Turn, r.Agent, r.StartedAt, r.FinishedAt)
			}
			sig, _ := hexutil.Decode(d.Sig)
			if signer, err := receipt.Recover(a.arena, r, sig); err != nil || ledger.Address(signer) != o.Address() {
				t.Errorf("signed by %v (%v), want the operator", signer, err)
			}
		})
	}
}

// TestAModelThatIgnoresItsDeadlineIsStillTimedOut: issue 15's timeout is bounded. A
// model that never looks at its context cannot hold the turn: the decision is a
// timeout soon after CallTimeout, with the short grace the operator allows.
func TestAModelThatIgnoresItsDeadlineIsStillTimedOut(t *testing.T) {
	o := New(Config{Key: ledgertest.Key("op"), CallTimeout: testTimeout, Models: func(string) (grading.Model, error) {
		return fakeModel{answer: `{"move":"attack"}`, wait: time.Minute, ignore: true}, nil
	}})
	start := time.Now()
	text, reason := o.ask(context.Background(), "slow", prompt.Prompt{Purpose: prompt.Move})
	took := time.Since(start)
	if reason != receipt.Timeout || text != "" {
		t.Errorf("ask = %q, %v; want a timeout", text, reason)
	}
	if bound := testTimeout + callGrace + time.Second; took > bound {
		t.Errorf("ask took %s, more than %s", took, bound)
	}
}

// TestTheBytesSentAreTheBytesHashed: the prompt the model is sent carries exactly the
// template's bytes: call.PromptText of it (system, a blank line, user) is battle.Prompt.
func TestTheBytesSentAreTheBytesHashed(t *testing.T) {
	for _, sys := range []string{"", "You are bold.", "Two lines\n\nof system prompt\n"} {
		text, p := Prompt(match.Agent{Model: "m", SystemPrompt: sys}, battle.View{Turn: 2, HP: [2]int{90, 80}, LastMoves: &[2]battle.Move{battle.Charge, battle.Heal}})
		if got := call.PromptText(p); got != text || text != battle.Prompt(sys, battle.View{Turn: 2, HP: [2]int{90, 80}, LastMoves: &[2]battle.Move{battle.Charge, battle.Heal}}) {
			t.Errorf("system %q: sent %q, hashed %q", sys, got, text)
		}
		if p.Purpose != prompt.Move || p.SchemaName != MoveSchemaName {
			t.Errorf("purpose %q schema %q", p.Purpose, p.SchemaName)
		}
	}
}
