package evm

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/arena/arena/bridge/registry"
	"github.com/arena/arena/ledger"
)

// Backend is the part of an Ethereum JSON-RPC client the sink uses. *ethclient.Client
// and go-ethereum's simulated backend client both have it.
type Backend interface {
	ChainID(ctx context.Context) (*big.Int, error)
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
	PendingNonceAt(ctx context.Context, account common.Address) (uint64, error)
	SuggestGasTipCap(ctx context.Context) (*big.Int, error)
	EstimateGas(ctx context.Context, msg ethereum.CallMsg) (uint64, error)
	SendTransaction(ctx context.Context, tx *types.Transaction) error
	TransactionReceipt(ctx context.Context, hash common.Hash) (*types.Receipt, error)
	CallContract(ctx context.Context, msg ethereum.CallMsg, block *big.Int) ([]byte, error)
}

// Dial connects to an Ethereum JSON-RPC endpoint (http, https, ws or an IPC path).
func Dial(ctx context.Context, url string) (*ethclient.Client, error) {
	c, err := ethclient.DialContext(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", url, err)
	}
	return c, nil
}

// ErrReverted reports a transaction or a call the EVM reverted.
var ErrReverted = errors.New("reverted")

// Signer is the operator's secp256k1 key; *account.Key has these methods. Sign returns
// the 65-byte [R || S || V] signature of hash, V in {0, 1}.
type Signer interface {
	Address() ledger.Address
	Sign(hash [32]byte) ([]byte, error)
}

// sender signs and sends transactions from one key and waits for their receipts.
type sender struct {
	b    Backend
	key  Signer
	from common.Address
	poll time.Duration
}

func newSender(b Backend, key Signer, poll time.Duration) *sender {
	return &sender{b: b, key: key, from: common.Address(key.Address()), poll: max(poll, time.Millisecond)}
}

// send signs a dynamic-fee transaction to `to` with data, sends it and returns it.
// Gas estimation runs the call first, so a call that would revert is refused unsent,
// with the contract's reason.
func (s *sender) send(ctx context.Context, to *common.Address, data []byte) (*types.Transaction, error) {
	chainID, err := s.b.ChainID(ctx)
	if err != nil {
		return nil, fmt.Errorf("chain id: %w", err)
	}
	gas, err := s.b.EstimateGas(ctx, ethereum.CallMsg{From: s.from, To: to, Data: data})
	if err != nil {
		return nil, revertErr("estimate gas", err)
	}
	nonce, err := s.b.PendingNonceAt(ctx, s.from)
	if err != nil {
		return nil, fmt.Errorf("nonce of %s: %w", s.from, err)
	}
	tip, err := s.b.SuggestGasTipCap(ctx)
	if err != nil {
		return nil, fmt.Errorf("gas tip: %w", err)
	}
	head, err := s.b.HeaderByNumber(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("latest header: %w", err)
	}
	feeCap := new(big.Int).Add(tip, new(big.Int).Mul(head.BaseFee, big.NewInt(2)))
	tx, err := s.sign(chainID, &types.DynamicFeeTx{
		ChainID: chainID, Nonce: nonce, GasTipCap: tip, GasFeeCap: feeCap, Gas: gas + gas/5, To: to, Data: data,
	})
	if err != nil {
		return nil, err
	}
	if err := s.b.SendTransaction(ctx, tx); err != nil {
		return tx, fmt.Errorf("send %s: %w", tx.Hash().Hex(), err)
	}
	return tx, nil
}

// sign signs tx for chainID with the operator's key.
func (s *sender) sign(chainID *big.Int, tx *types.DynamicFeeTx) (*types.Transaction, error) {
	signer := types.LatestSignerForChainID(chainID)
	unsigned := types.NewTx(tx)
	sig, err := s.key.Sign(signer.Hash(unsigned))
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	signed, err := unsigned.WithSignature(signer, sig)
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	return signed, nil
}

// revertErr names the contract's custom error when err carries revert data.
func revertErr(what string, err error) error {
	if data, ok := ethclient.RevertErrorData(err); ok {
		if reason, ok := registry.RevertReason(data); ok {
			return fmt.Errorf("%s: %w: %s", what, ErrReverted, reason)
		}
		return fmt.Errorf("%s: %w: %v", what, ErrReverted, err)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// wait polls for tx's receipt until it is mined or ctx ends. A mined transaction with a
// failed status is ErrReverted.
func (s *sender) wait(ctx context.Context, tx *types.Transaction) (*types.Receipt, error) {
	t := time.NewTicker(s.poll)
	defer t.Stop()
	for {
		r, err := s.b.TransactionReceipt(ctx, tx.Hash())
		switch {
		case err == nil && r.Status == types.ReceiptStatusSuccessful:
			return r, nil
		case err == nil:
			return r, fmt.Errorf("transaction %s in block %s: %w", tx.Hash().Hex(), r.BlockNumber, ErrReverted)
		case !notYet(err):
			return nil, fmt.Errorf("receipt of %s: %w", tx.Hash().Hex(), err)
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("receipt of %s: %w", tx.Hash().Hex(), ctx.Err())
		case <-t.C:
		}
	}
}

// indexing is the error data a node answers for a receipt while it is still indexing
// transactions (go-ethereum's TxIndexingError).
const indexing = "transaction indexing is in progress"

// notYet reports whether a receipt request failed only because the receipt is not
// available yet.
func notYet(err error) bool {
	var de rpc.DataError
	if errors.As(err, &de) {
		if s, ok := de.ErrorData().(string); ok && s == indexing {
			return true
		}
	}
	return errors.Is(err, ethereum.NotFound)
}

// Deploy creates a registry whose operator is operator, sending from key, and waits for
// it to be mined. It returns the registry's address and the creating transaction's hash.
func Deploy(ctx context.Context, b Backend, key Signer, operator ledger.Address, poll time.Duration) (common.Address, common.Hash, error) {
	s := newSender(b, key, poll)
	tx, err := s.send(ctx, nil, registry.Deploy(common.Address(operator)))
	if err != nil {
		return common.Address{}, common.Hash{}, fmt.Errorf("deploy registry: %w", err)
	}
	r, err := s.wait(ctx, tx)
	if err != nil {
		return common.Address{}, tx.Hash(), fmt.Errorf("deploy registry: %w", err)
	}
	return r.ContractAddress, tx.Hash(), nil
}
