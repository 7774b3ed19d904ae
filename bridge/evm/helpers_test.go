package evm_test

import (
	"context"
	"math/big"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient/simulated"

	"github.com/arena/arena/account"
	"github.com/arena/arena/bridge"
	"github.com/arena/arena/bridge/evm"
	"github.com/arena/arena/ledger"
)

// chain is go-ethereum's simulated backend, a real in-process EVM, with funded keys and
// a miner that seals a block every few milliseconds until the test ends.
type chain struct {
	backend *simulated.Backend
	client  simulated.Client
}

func newChain(t *testing.T, funded ...*account.Key) *chain {
	t.Helper()
	alloc := types.GenesisAlloc{}
	for _, k := range funded {
		alloc[addrOf(k)] = types.Account{Balance: new(big.Int).Lsh(big.NewInt(1), 100)}
	}
	b := simulated.NewBackend(alloc)
	c := &chain{backend: b, client: b.Client()}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				b.Commit()
			}
		}
	})
	t.Cleanup(func() {
		close(stop)
		wg.Wait()
		b.Close()
	})
	return c
}

// deploy creates a registry whose operator is operator, sent from key.
func (c *chain) deploy(t *testing.T, key *account.Key, operator common.Address) ledger.Address {
	t.Helper()
	addr, _, err := evm.Deploy(ctx(t), c.client, key, ledger.Address(operator), 2*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	return ledger.Address(addr)
}

// sink returns an EVM sink on c for registry, sending from key.
func (c *chain) sink(t *testing.T, registry ledger.Address, key *account.Key) *evm.Sink {
	t.Helper()
	s, err := evm.New(evm.Config{Backend: c.client, Registry: registry, Key: key, ReceiptPoll: 2 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func newKey(t *testing.T) *account.Key {
	t.Helper()
	k, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func addrOf(k *account.Key) common.Address { return common.Address(k.Address()) }

// ctx is a context that ends after 30 seconds or with the test.
func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return c
}

// runRelayer runs r until stop is called or the test ends.
func runRelayer(t *testing.T, r *bridge.Relayer) (stop func()) {
	t.Helper()
	c, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.Run(c) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("Run: %v", err)
				}
			case <-time.After(10 * time.Second):
				t.Error("Run did not return within 10s")
			}
		})
	}
	t.Cleanup(stop)
	return stop
}

// waitFor polls cond until it holds, failing the test after 20 seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after 20s: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
