package client_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/google/go-cmp/cmp"
)

// blockHeights reads events until n blocks arrived and returns their heights, checking
// that every event's id is the height of the block it follows.
func blockHeights(t *testing.T, evs <-chan client.Event, n int) []uint64 {
	t.Helper()
	var out []uint64
	timeout := time.After(5 * time.Second)
	for len(out) < n {
		select {
		case ev, ok := <-evs:
			if !ok {
				t.Fatalf("stream ended after blocks %v", out)
			}
			h, err := ev.Height()
			if err != nil {
				t.Fatal(err)
			}
			if ev.Type != "block" {
				if len(out) == 0 || h != out[len(out)-1] {
					t.Fatalf("%s event with id %d after blocks %v", ev.Type, h, out)
				}
				continue
			}
			b, err := ev.Block()
			if err != nil || b.Height != h {
				t.Fatalf("block event id %d holds block %d (%v)", h, b.Height, err)
			}
			out = append(out, h)
		case <-timeout:
			t.Fatalf("blocks so far %v, want %d", out, n)
		}
	}
	return out
}

// faucets sends n faucet transactions and returns the height of the last.
func (f *fixture) faucets(t *testing.T, n int) uint64 {
	t.Helper()
	var h uint64
	for range n {
		rc, err := f.sponsor.Send(t.Context(), ledger.Amount{}, ledger.Faucet{To: f.solver.Address(), Amount: ledger.Ether(1)})
		if err != nil {
			t.Fatal(err)
		}
		h = rc.Height
	}
	return h
}

// TestEventsSinceResumesWithoutGapOrRepeat: a client that disconnects after block N and
// reconnects with EventsSince(N) receives N+1, ... exactly once each, in order,
// including the blocks committed while it was away.
func TestEventsSinceResumesWithoutGapOrRepeat(t *testing.T) {
	f := newFixture(t, 3)
	ctx, leave := context.WithCancel(t.Context())
	evs, err := f.c.Events(ctx)
	if err != nil {
		t.Fatal(err)
	}
	n := f.faucets(t, 2)
	if got := blockHeights(t, evs, 2); !cmp.Equal(got, []uint64{1, 2}) || n != 2 {
		t.Fatalf("first connection saw %v, want [1 2]", got)
	}
	leave()
	f.faucets(t, 3) // while away
	evs, err = f.c.EventsSince(t.Context(), n)
	if err != nil {
		t.Fatal(err)
	}
	f.faucets(t, 1) // after reconnecting
	if d := cmp.Diff([]uint64{3, 4, 5, 6}, blockHeights(t, evs, 4)); d != "" {
		t.Errorf("after EventsSince(%d) (-want +got):\n%s", n, d)
	}
}

// TestNonceConflictIsTyped: a nonce gap reaches the caller as an *Error with
// status 409 Conflict, the class and the exact message, which is how a caller tells
// "re-read the nonce" from a refusal.
func TestNonceConflictIsTyped(t *testing.T) {
	f := newFixture(t, 3)
	k, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	tx := &ledger.Tx{From: k.Address(), Nonce: 5, Body: ledger.Withdraw{}}
	f.eng.View(func(s *ledger.State) {
		terms := s.Terms()
		terms.Stamp(tx, ledger.NoExpiry)
	})
	if err := k.SignTx(tx); err != nil {
		t.Fatal(err)
	}
	_, err = f.c.SendTx(t.Context(), tx)
	want := &client.Error{Status: http.StatusConflict, Class: "EXPECTED", Message: "Nonce is not the sender's next nonce"}
	var ce *client.Error
	if !errors.As(err, &ce) || !cmp.Equal(want, ce) {
		t.Errorf("SendTx(nonce 5 of a fresh sender) = %v, want %v", err, want)
	}
}
