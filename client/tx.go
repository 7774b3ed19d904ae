package client

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/chain"
	"github.com/arena/arena/ledger"
)

// SendTx posts a signed transaction and returns its receipt once it is applied. A
// refusal, at admission or by the ledger, is an *Error with its class and message; a
// ledger refusal also carries the receipt.
func (c *Client) SendTx(ctx context.Context, tx *ledger.Tx) (chain.Receipt, error) {
	b, err := json.Marshal(tx)
	if err != nil {
		return chain.Receipt{}, fmt.Errorf("encode tx: %w", err)
	}
	return c.SendRaw(ctx, b)
}

// SendRaw posts b as the body of POST /v1/tx, as SendTx does with an encoded tx.
func (c *Client) SendRaw(ctx context.Context, b []byte) (chain.Receipt, error) {
	var rc chain.Receipt
	return rc, c.do(ctx, "POST", "/v1/tx", b, &rc)
}

// SendTxs posts up to wire.MaxBatch signed transactions in one request, POST /v1/txs,
// and returns, once every admitted one is applied, one answer a transaction in order:
// its receipt with a nil error, or the *Error SendTx would have returned for it (a
// ledger refusal carrying the receipt). A sender's consecutive nonces among txs are
// admitted in turn. The error is the request's, when the whole batch was refused.
func (c *Client) SendTxs(ctx context.Context, txs []*ledger.Tx) ([]chain.Result, error) {
	raws := make([]json.RawMessage, len(txs))
	for i, tx := range txs {
		b, err := json.Marshal(tx)
		if err != nil {
			return nil, fmt.Errorf("encode tx %d: %w", i, err)
		}
		raws[i] = b
	}
	body, err := json.Marshal(raws)
	if err != nil {
		return nil, fmt.Errorf("encode batch: %w", err)
	}
	var b wire.Batch
	if err := c.do(ctx, "POST", "/v1/txs", body, &b); err != nil {
		return nil, err
	}
	if len(b.Results) != len(txs) {
		return nil, fmt.Errorf("POST /v1/txs: %d results for %d transactions", len(b.Results), len(txs))
	}
	out := make([]chain.Result, len(txs))
	for i, r := range b.Results {
		switch {
		case r.Error != nil:
			out[i].Err = &Error{Status: r.Status, Class: r.Error.Class, Message: r.Error.Message, Receipt: r.Receipt}
		case r.Receipt != nil:
			out[i].Receipt = *r.Receipt
		default:
			out[i].Err = &Error{Status: r.Status, Class: "INTERNAL", Message: fmt.Sprintf("HTTP %d without a receipt or an error", r.Status)}
		}
	}
	return out, nil
}

// Signer signs transactions for one address; *account.Key is one.
type Signer interface {
	Address() ledger.Address
	SignTx(tx *ledger.Tx) error
}

// Sender builds, signs and sends transactions for one signer: it reads the arena's
// founding terms once, and its clock (which the validity bound counts from) and the next
// nonce before every transaction. A Sender serialises
// its sends so that nonces never collide.
type Sender struct {
	c     *Client
	s     Signer
	mu    sync.Mutex
	terms *ledger.Terms // read once, on the first transaction
}

// Sender returns a Sender that signs with s.
func (c *Client) Sender(s Signer) *Sender { return &Sender{c: c, s: s} }

// Address returns the signer's address.
func (s *Sender) Address() ledger.Address { return s.s.Address() }

// Quote is a signed transaction not yet sent and the fee it will pay at admission.
type Quote struct {
	Tx     *ledger.Tx
	Fee    ledger.Amount // the arena's fee schedule applied to Tx.Size(), as the ledger charges it
	Symbol string        // the arena's currency symbol
}

// Quote signs body with value as the signer's next transaction and returns it with the
// fee it will pay, computed from the arena's founding terms as the ledger computes it,
// without sending it. Sending it later is SendTx; another transaction of the signer's
// sent meanwhile takes its nonce.
func (s *Sender) Quote(ctx context.Context, value ledger.Amount, body ledger.Body) (Quote, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.quote(ctx, value, body)
}

// Send signs body with value as the next transaction of the signer and sends it.
func (s *Sender) Send(ctx context.Context, value ledger.Amount, body ledger.Body) (chain.Receipt, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	q, err := s.quote(ctx, value, body)
	if err != nil {
		return chain.Receipt{}, err
	}
	return s.c.SendTx(ctx, q.Tx)
}

func (s *Sender) quote(ctx context.Context, value ledger.Amount, body ledger.Body) (Quote, error) {
	a, err := s.c.Arena(ctx) // the arena's clock, which the validity bound counts from
	if err != nil {
		return Quote{}, fmt.Errorf("read the arena: %w", err)
	}
	if s.terms == nil {
		s.terms = &a.Terms
	}
	acc, err := s.c.Account(ctx, s.s.Address())
	if err != nil {
		return Quote{}, fmt.Errorf("read nonce: %w", err)
	}
	tx := &ledger.Tx{From: s.s.Address(), Nonce: acc.NextNonce, Value: value, Body: body}
	s.terms.Stamp(tx, ledger.ValidFor(a.NextTime, ledger.DefaultValidityS))
	if err := s.s.SignTx(tx); err != nil {
		return Quote{}, fmt.Errorf("sign %s: %w", body.Kind(), err)
	}
	fee, ok := s.terms.Fee(tx.Size())
	if !ok {
		return Quote{}, fmt.Errorf("the %s transaction's fee overflows 256 bits", body.Kind())
	}
	return Quote{Tx: tx, Fee: fee, Symbol: s.terms.Symbol}, nil
}

// TypedData posts an unsigned transaction's wire JSON to POST /v1/typed-data and returns
// the typed data a wallet signs for it and its digest.
func (c *Client) TypedData(ctx context.Context, unsigned []byte) (wire.TypedData, error) {
	var td wire.TypedData
	return td, c.do(ctx, "POST", "/v1/typed-data", unsigned, &td)
}
