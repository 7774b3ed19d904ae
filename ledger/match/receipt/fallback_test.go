package receipt

import (
	"errors"
	"testing"

	"github.com/arena/arena/ledger/match/battle"
)

// Every fallback reason is valid with defend, and no other move; a decision that did
// not fall back may take any move.
func TestAFallbacksMoveIsDefend(t *testing.T) {
	for _, why := range []Reason{InvalidJSON, IllegalMove, Timeout, ProviderError} {
		for m := battle.Attack; m <= battle.Heal; m++ {
			r := sample()
			r.Fallback, r.Reason, r.Move = true, why, uint8(m)
			err := r.Validate()
			if m == battle.Defend && err != nil {
				t.Errorf("%v with defend: %v", why, err)
			}
			if m != battle.Defend && !errors.Is(err, ErrDefend) {
				t.Errorf("%v with %v: err = %v, want ErrDefend", why, m, err)
			}
		}
	}
	for m := battle.Attack; m <= battle.Heal; m++ {
		r := sample()
		r.Move = uint8(m)
		if err := r.Validate(); err != nil {
			t.Errorf("no fallback, %v: %v", m, err)
		}
	}
}

// Validate refuses, with its exact message, a receipt that breaks the fallback rule.
func TestValidateRefusals(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(*Receipt)
		err    error
		msg    string
	}{
		{"fallback not defend", func(r *Receipt) { r.Fallback, r.Reason, r.Move = true, Timeout, 0 }, ErrDefend,
			"receipt: fallback (timeout) with move attack: a fallback's move must be defend"},
		{"fallback without reason", func(r *Receipt) { r.Fallback, r.Move = true, 1 }, ErrFallback,
			"receipt: fallback true with reason none: fallback and reason disagree"},
		{"reason without fallback", func(r *Receipt) { r.Reason, r.Move = InvalidJSON, 1 }, ErrFallback,
			"receipt: fallback false with reason invalid_json: fallback and reason disagree"},
		{"unknown reason", func(r *Receipt) { r.Fallback, r.Reason, r.Move = true, 5, 1 }, ErrReason,
			"receipt: reason(5): not a fallback reason"},
		{"unknown move", func(r *Receipt) { r.Move = 4 }, ErrMove,
			"receipt: move 4: not a move"},
	} {
		r := sample()
		c.change(&r)
		err := r.Validate()
		if !errors.Is(err, c.err) || err.Error() != c.msg {
			t.Errorf("%s: err = %v, want %q", c.name, err, c.msg)
		}
	}
}

// A reason's name is the battle fallback's, and each reads back.
func TestReasonNames(t *testing.T) {
	for r, want := range map[Reason]string{NoFallback: "none", InvalidJSON: "invalid_json", IllegalMove: "illegal_move", Timeout: "timeout", ProviderError: "provider_error"} {
		if r.String() != want {
			t.Errorf("%d.String() = %q, want %q", r, r.String(), want)
		}
		if got, ok := ParseReason(want); !ok || got != r {
			t.Errorf("ParseReason(%q) = %v, %t", want, got, ok)
		}
	}
	for f, want := range map[battle.Fallback]Reason{battle.NoFallback: NoFallback, battle.InvalidJSON: InvalidJSON, battle.IllegalMove: IllegalMove} {
		if got, ok := ParseReason(string(f)); !ok || got != want {
			t.Errorf("ParseReason(battle %q) = %v, %t; want %v", f, got, ok, want)
		}
	}
	if _, ok := ParseReason("Timeout"); ok {
		t.Error("ParseReason read Timeout")
	}
}
