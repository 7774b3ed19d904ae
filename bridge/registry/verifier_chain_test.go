package registry_test

import (
	"context"
	"crypto/ecdsa"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
)

// evmChain is go-ethereum's simulated backend, a real in-process EVM, with one funded
// deployer. Blocks are sealed by the test (Commit), so nothing runs in the background.
type evmChain struct {
	backend  *simulated.Backend
	client   simulated.Client
	deployer *ecdsa.PrivateKey
}

func newEVMChain(t *testing.T) *evmChain {
	t.Helper()
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	b := simulated.NewBackend(types.GenesisAlloc{
		crypto.PubkeyToAddress(key.PublicKey): {Balance: new(big.Int).Lsh(big.NewInt(1), 100)},
	})
	t.Cleanup(func() { b.Close() })
	return &evmChain{backend: b, client: b.Client(), deployer: key}
}

// deploy sends creation data from the deployer, seals the block and returns the new
// contract's address.
func (c *evmChain) deploy(t *testing.T, data []byte) common.Address {
	t.Helper()
	ctx := testCtx(t)
	from := crypto.PubkeyToAddress(c.deployer.PublicKey)
	chainID, err := c.client.ChainID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	nonce, err := c.client.PendingNonceAt(ctx, from)
	if err != nil {
		t.Fatal(err)
	}
	head, err := c.client.HeaderByNumber(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	gas, err := c.client.EstimateGas(ctx, ethereum.CallMsg{From: from, Data: data})
	if err != nil {
		t.Fatal(err)
	}
	tip, err := c.client.SuggestGasTipCap(ctx) // the miner skips a transaction tipping less
	if err != nil {
		t.Fatal(err)
	}
	tx, err := types.SignNewTx(c.deployer, types.LatestSignerForChainID(chainID), &types.DynamicFeeTx{
		ChainID: chainID, Nonce: nonce, GasTipCap: tip,
		GasFeeCap: new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(2)), tip),
		Gas:       gas + gas/5, Data: data,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.client.SendTransaction(ctx, tx); err != nil {
		t.Fatal(err)
	}
	for { // the pool takes the transaction a little after it is sent
		c.backend.Commit()
		mined, err := c.client.NonceAt(ctx, from, nil)
		if err != nil {
			t.Fatal(err)
		}
		if mined > nonce {
			break
		}
		time.Sleep(2 * time.Millisecond)
	}
	var r *types.Receipt
	for r == nil { // and indexes the block a little after it is sealed
		if r, err = c.client.TransactionReceipt(ctx, tx.Hash()); err != nil {
			if ctx.Err() != nil {
				t.Fatalf("receipt of the deployment: %v", err)
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
	if r.Status != types.ReceiptStatusSuccessful {
		t.Fatalf("deploy reverted (gas used %d)", r.GasUsed)
	}
	return r.ContractAddress
}

// call runs a view call of to with data; a revert comes back as revert data.
func (c *evmChain) call(t *testing.T, to common.Address, data []byte) (out, revert []byte) {
	t.Helper()
	out, err := c.client.CallContract(testCtx(t), ethereum.CallMsg{To: &to, Data: data}, nil)
	if err != nil {
		if d, ok := ethclient.RevertErrorData(err); ok {
			return nil, d
		}
		t.Fatalf("call: %v", err)
	}
	return out, nil
}

// testCtx is a context that ends after 30 seconds or with the test.
func testCtx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return c
}
