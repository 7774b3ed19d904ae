package operator

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/receipt"
)

// act carries out a; a failure is logged and counted, and the next step plans again
// from the ledger.
func (o *Operator) act(ctx context.Context, a action) {
	var err error
	switch a.step {
	case stepCommit:
		err = o.commit(ctx, a)
	case stepReveal:
		err = o.reveal(ctx, a)
	case stepFinish:
		err = o.finish(ctx, a)
	case stepNudge:
		err = o.nudge(ctx, a)
	}
	if err != nil && ctx.Err() == nil {
		o.cfg.Logger.Error("match "+a.step.String(), "match", a.m.ID, "turn", a.turn, "err", err)
		o.mu.Lock()
		o.failed[a.m.ID] = o.cfg.Now()
		o.mu.Unlock()
	}
}

// commit commits turn a.turn and then reveals it. The turn's decisions come from the
// store when an earlier run kept them and did not commit (the models are not asked
// again); otherwise they are decided now and kept before the commit is sent. The
// commit waits for the rest of the bet window.
func (o *Operator) commit(ctx context.Context, a action) error {
	opened := o.firstSeen(turnKey{a.m.ID, a.turn})
	r, ok, err := o.cfg.Store.Turn(a.m.ID, a.turn)
	if err != nil {
		o.stats.errors.Add(1)
		return err
	}
	if !ok {
		if r, err = o.decide(ctx, a); err != nil {
			return err
		}
		if err := o.cfg.Store.PutTurn(r); err != nil {
			o.stats.errors.Add(1)
			return fmt.Errorf("keep turn %d before committing it: %w", a.turn, err)
		}
	}
	if err := sleep(ctx, opened.Add(o.cfg.BetWindow).Sub(o.cfg.Now())); err != nil {
		return err
	}
	cs, err := Commitments(a.arena, r)
	if err != nil {
		return err
	}
	if err := o.send(ctx, match.Commit{Match: a.m.ID, Turn: a.turn, Commitments: cs}); err != nil {
		return err
	}
	return o.send(ctx, r)
}

// reveal reveals the hidden turn a.turn from the store, after checking that what the
// store kept opens the commitments on the ledger.
func (o *Operator) reveal(ctx context.Context, a action) error {
	r, ok, err := o.cfg.Store.Turn(a.m.ID, a.turn)
	if err != nil {
		o.stats.errors.Add(1)
		return err
	}
	if !ok {
		o.stats.errors.Add(1)
		return fmt.Errorf("turn %d is committed but its decisions are not in the store: it cannot be revealed", a.turn)
	}
	cs, err := Commitments(a.arena, r)
	if err != nil {
		return err
	}
	for _, t := range a.m.Turns {
		if t.Turn == a.turn && t.Commitments != cs {
			o.stats.errors.Add(1)
			return fmt.Errorf("turn %d: the decisions kept in the store do not open the commitments on the ledger", a.turn)
		}
	}
	return o.send(ctx, r)
}

// nudge sends a commit of turn 0 on a match waiting for its anchor. The ledger refuses
// it whatever the match's state (turns start at 1), so it commits nothing; but it lands
// in a block, and a new block is what anchors the match. An engine that makes blocks
// only for transactions (solo) would otherwise leave the match waiting until someone
// else sent one.
func (o *Operator) nudge(ctx context.Context, a action) error {
	out, err := o.submit(ctx, match.Commit{Match: a.m.ID, Turn: 0, Commitments: [2]string{zeroHex, zeroHex}})
	if err == nil && out.OK() {
		return fmt.Errorf("anchor nudge: a commit of turn 0 was accepted")
	}
	return err
}

// zeroHex is 32 zero bytes as Hex32.
var zeroHex = receipt.Hex([32]byte{})

// finish publishes the secret of a match whose replay is over.
func (o *Operator) finish(ctx context.Context, a action) error {
	return o.send(ctx, match.Finish{Match: a.m.ID, Secret: receipt.Hex(a.secret)})
}

// Commitments returns the commitment to each agent's decision in r: receipt.Commitment
// of the match, turn, agent, move, the receipt's EIP-712 digest in the domain of the
// arena whose genesis hash is arena, and the salt, as the ledger recomputes it at reveal.
func Commitments(arena [32]byte, r match.Reveal) ([2]string, error) {
	var cs [2]string
	for i, d := range r.Agents {
		salt, err := receipt.ParseHash(d.Salt)
		if err != nil {
			return cs, fmt.Errorf("turn %d agent %d: salt: %w", r.Turn, i, err)
		}
		rh, err := receipt.Digest(arena, d.Receipt)
		if err != nil {
			return cs, fmt.Errorf("turn %d agent %d: %w", r.Turn, i, err)
		}
		cs[i] = receipt.Hex(receipt.Commitment(uint64(r.Match), uint32(r.Turn), uint32(i), d.Receipt.Move, rh, salt))
	}
	return cs, nil
}

// errNonce is the ledger's refusal of a stale nonce.
var errNonce = ledger.NewError(ledger.Expected, "Nonce is not the sender's next nonce")

// send submits body and returns a refusal as an error, counting what it did.
func (o *Operator) send(ctx context.Context, body ledger.Body) error {
	out, err := o.submit(ctx, body)
	switch {
	case err != nil && ctx.Err() != nil:
		return err
	case err != nil && ledger.ClassOf(err) == ledger.Expected:
		o.stats.refused.Add(1)
		return err
	case err != nil:
		o.stats.errors.Add(1)
		return err
	case !out.OK():
		o.stats.refused.Add(1)
		return fmt.Errorf("%s refused: %s", body.Kind(), out.Err)
	}
	o.count(body)
	return nil
}

// submit signs body with the key's next nonce and submits it, one submission at a time,
// retrying once on a stale nonce.
func (o *Operator) submit(ctx context.Context, body ledger.Body) (ledger.Outcome, error) {
	o.sendMu.Lock()
	defer o.sendMu.Unlock()
	var out ledger.Outcome
	var err error
	for try := 0; try < 2; try++ {
		out, err = o.sendOnce(ctx, body)
		if !errors.Is(err, errNonce) && out.Err != errNonce.Error() {
			break
		}
	}
	o.cfg.Logger.Info("operator tx", "tx", body.Kind(), "refused", out.Err, "err", err)
	return out, err
}

// count records what an applied transaction did.
func (o *Operator) count(body ledger.Body) {
	switch b := body.(type) {
	case match.Reveal:
		o.stats.turns.Add(1)
		for _, d := range b.Agents {
			if d.Receipt.Fallback {
				o.stats.fallbacks.Add(1)
			}
		}
	case match.Finish:
		o.stats.finished.Add(1)
	}
}

func (o *Operator) sendOnce(ctx context.Context, body ledger.Body) (ledger.Outcome, error) {
	tx := &ledger.Tx{From: o.addr, Body: body}
	o.cfg.Chain.View(func(s *ledger.State) {
		tx.Nonce = s.NextNonce(o.addr)
		terms := s.Terms()
		terms.Stamp(tx, ledger.ValidFor(max(s.Now(), time.Now().Unix()), ledger.DefaultValidityS))
	})
	if err := o.cfg.Key.SignTx(tx); err != nil {
		return ledger.Outcome{}, err
	}
	out, err := o.cfg.Chain.Submit(ctx, tx)
	if err != nil {
		return out, fmt.Errorf("submit %s: %w", body.Kind(), err)
	}
	return out, nil
}

// sleep waits d, or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
