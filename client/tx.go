package client

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

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

// Signer signs transactions for one address; *account.Key is one.
type Signer interface {
	Address() ledger.Address
	SignTx(tx *ledger.Tx) error
}

// Sender builds, signs and sends transactions for one signer: it reads the chain id
// once and the next nonce before every transaction. A Sender serialises its sends so
// that nonces never collide.
type Sender struct {
	c     *Client
	s     Signer
	mu    sync.Mutex
	chain string
}

// Sender returns a Sender that signs with s.
func (c *Client) Sender(s Signer) *Sender { return &Sender{c: c, s: s} }

// Address returns the signer's address.
func (s *Sender) Address() ledger.Address { return s.s.Address() }

// Send signs body with value as the next transaction of the signer and sends it.
func (s *Sender) Send(ctx context.Context, value ledger.Amount, body ledger.Body) (chain.Receipt, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	tx, err := s.build(ctx, value, body)
	if err != nil {
		return chain.Receipt{}, err
	}
	return s.c.SendTx(ctx, tx)
}

func (s *Sender) build(ctx context.Context, value ledger.Amount, body ledger.Body) (*ledger.Tx, error) {
	if s.chain == "" {
		a, err := s.c.Arena(ctx)
		if err != nil {
			return nil, fmt.Errorf("read chain id: %w", err)
		}
		s.chain = a.Terms.Chain
	}
	acc, err := s.c.Account(ctx, s.s.Address())
	if err != nil {
		return nil, fmt.Errorf("read nonce: %w", err)
	}
	tx := &ledger.Tx{Chain: s.chain, From: s.s.Address(), Nonce: acc.NextNonce, Value: value, Body: body}
	if err := s.s.SignTx(tx); err != nil {
		return nil, fmt.Errorf("sign %s: %w", body.Kind(), err)
	}
	return tx, nil
}
