package evm

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"

	"github.com/arena/arena/bridge"
	"github.com/arena/arena/bridge/registry"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// Config configures a Sink.
type Config struct {
	Backend     Backend
	Registry    ledger.Address // the founding terms' Registry
	Key         Signer         // the operator the registry was deployed with
	ReceiptPoll time.Duration  // how often to ask for the receipt; default 1s
}

// DefaultReceiptPoll is how often a sink asks for a receipt by default.
const DefaultReceiptPoll = time.Second

// Sink calls onAward on the registry for each award won.
type Sink struct {
	s        *sender
	registry common.Address
	name     string
}

// New returns a sink for cfg. It refuses a missing backend or key and a zero registry.
func New(cfg Config) (*Sink, error) {
	switch {
	case cfg.Backend == nil:
		return nil, errors.New("evm sink: no backend")
	case cfg.Key == nil:
		return nil, errors.New("evm sink: no operator key")
	case cfg.Registry.IsZero():
		return nil, errors.New("evm sink: the founding terms name no registry")
	}
	if cfg.ReceiptPoll <= 0 {
		cfg.ReceiptPoll = DefaultReceiptPoll
	}
	reg := common.Address(cfg.Registry)
	return &Sink{
		s:        newSender(cfg.Backend, cfg.Key, cfg.ReceiptPoll),
		registry: reg,
		name:     "evm:" + strings.ToLower(reg.Hex()),
	}, nil
}

// Name is "evm:" and the registry's lower-case address.
func (s *Sink) Name() string { return s.name }

// Operator returns the address the sink sends from.
func (s *Sink) Operator() common.Address { return s.s.from }

// Accepts reports whether a is a bounty's and was won: the registry records task wins
// (onAward takes a task id), and a voided task crosses nothing.
func (s *Sink) Accepts(a bridge.Award) bool {
	return a.Kind == store.Bounty && !a.Voided && a.Winner != nil
}

// Deliver sends onAward(a.Task, a.Winner, a.Score) and waits for its receipt; an award
// that paid several ranks or a team (a.Winners) then sends onPlaces with every payee,
// rank by rank, and waits for that too. The hash of the last transaction sent is
// reported, mined or not. Both calls are no-ops when repeated identically, so a retry
// after either failed sends both again safely.
func (s *Sink) Deliver(ctx context.Context, a bridge.Award) (bridge.Receipt, error) {
	switch {
	case a.Kind != store.Bounty:
		return bridge.Receipt{}, fmt.Errorf("onAward %s: the registry records bounty awards, not %q", a.ID, a.Kind)
	case !s.Accepts(a):
		return bridge.Receipt{}, fmt.Errorf("onAward %s: a voided task crosses nothing", a.ID)
	}
	if a.Score < 0 {
		return bridge.Receipt{}, fmt.Errorf("onAward %s: negative score %d", a.ID, a.Score)
	}
	data := registry.OnAward(uint64(a.Task), common.Address(*a.Winner), uint64(a.Score))
	tx, err := s.s.send(ctx, &s.registry, data)
	var rec bridge.Receipt
	if tx != nil {
		rec.TxHash = tx.Hash().Hex()
	}
	if err != nil {
		return rec, fmt.Errorf("onAward task %d: %w", a.Task, err)
	}
	if _, err := s.s.wait(ctx, tx); err != nil {
		return rec, fmt.Errorf("onAward task %d: %w", a.Task, err)
	}
	if len(a.Winners) == 0 {
		return rec, nil
	}
	places := make([]registry.Place, len(a.Winners))
	for i, p := range a.Winners {
		if p.Rank < 1 {
			return rec, fmt.Errorf("onPlaces %s: rank %d", a.ID, p.Rank)
		}
		places[i] = registry.Place{Rank: big.NewInt(int64(p.Rank)), EntryId: new(big.Int).SetUint64(p.Entry),
			Payee: common.Address(p.Address), Amount: amountOf(p.Amount)}
	}
	tx, err = s.s.send(ctx, &s.registry, registry.OnPlaces(uint64(a.Task), places))
	if tx != nil {
		rec.TxHash = tx.Hash().Hex()
	}
	if err != nil {
		return rec, fmt.Errorf("onPlaces task %d: %w", a.Task, err)
	}
	if _, err := s.s.wait(ctx, tx); err != nil {
		return rec, fmt.Errorf("onPlaces task %d: %w", a.Task, err)
	}
	return rec, nil
}

// TaskPlaces reads the places the registry holds for task, rank by rank.
func (s *Sink) TaskPlaces(ctx context.Context, task ledger.TaskID) ([]registry.Place, error) {
	out, err := s.call(ctx, registry.TaskPlaces(uint64(task)))
	if err != nil {
		return nil, fmt.Errorf("taskPlaces(%d): %w", task, err)
	}
	return registry.DecodeTaskPlaces(out)
}

// TaskWin reads what the registry holds for task.
func (s *Sink) TaskWin(ctx context.Context, task ledger.TaskID) (registry.Win, error) {
	out, err := s.call(ctx, registry.TaskWin(uint64(task)))
	if err != nil {
		return registry.Win{}, fmt.Errorf("taskWin(%d): %w", task, err)
	}
	return registry.DecodeTaskWin(out)
}

// WinsOf reads how many wins the registry holds for addr.
func (s *Sink) WinsOf(ctx context.Context, addr ledger.Address) (*big.Int, error) {
	out, err := s.call(ctx, registry.WinsOf(common.Address(addr)))
	if err != nil {
		return nil, fmt.Errorf("winsOf(%s): %w", addr, err)
	}
	return registry.DecodeWinsOf(out)
}

func (s *Sink) call(ctx context.Context, data []byte) ([]byte, error) {
	return s.s.b.CallContract(ctx, ethereum.CallMsg{To: &s.registry, Data: data}, nil)
}

// amountOf is a as a big integer, for the ABI.
func amountOf(a ledger.Amount) *big.Int {
	b := a.Bytes32()
	return new(big.Int).SetBytes(b[:])
}
