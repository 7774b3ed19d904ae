package domain_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/arena/arena/ledger/typed"
	"github.com/arena/arena/ledger/typed/domain"
)

// TestDomainIsTheTransactions: the domain every other signature is made in is the
// transactions' (typed.Domain), field for field, for several arenas and chain ids.
func TestDomainIsTheTransactions(t *testing.T) {
	for _, tc := range []struct {
		genesis [32]byte
		chainID uint64
	}{{[32]byte{1}, 1}, {[32]byte{0xff, 2}, 8453}, {[32]byte{}, 1<<64 - 1}} {
		got, err := domain.Of(tc.genesis, tc.chainID)
		if err != nil {
			t.Fatal(err)
		}
		want := typed.Domain(tc.genesis, tc.chainID)
		if !reflect.DeepEqual(got.Map(), want.Map()) {
			t.Errorf("domain.Of(%x, %d) = %v, typed.Domain %v", tc.genesis[:2], tc.chainID, got.Map(), want.Map())
		}
		if domain.VerifyingContract(tc.genesis) != [20]byte(typed.VerifyingContract(tc.genesis)) {
			t.Errorf("verifying contract of %x differs from the transactions'", tc.genesis[:2])
		}
		td := apitypes.TypedData{Types: apitypes.Types{"EIP712Domain": domain.Fields()}, Domain: got}
		sep, err := td.HashStruct("EIP712Domain", got.Map())
		if err != nil {
			t.Fatal(err)
		}
		mine, err := domain.Separator(tc.genesis, tc.chainID)
		if err != nil || string(mine[:]) != string(sep) {
			t.Errorf("Separator = %x, %v; go-ethereum %x", mine, err, sep)
		}
	}
	if domain.Name != typed.DomainName || domain.Version != typed.TypedDataVersion {
		t.Errorf("domain %q version %q, the transactions' %q version %q", domain.Name, domain.Version, typed.DomainName, typed.TypedDataVersion)
	}
}

// TestDomainRefusesChainIDZero: no wallet is on chain 0, so no domain names it.
func TestDomainRefusesChainIDZero(t *testing.T) {
	const want = "domain: the signature chain id must be 1 to 18446744073709551615"
	if _, err := domain.Of([32]byte{1}, 0); err == nil || err.Error() != want || !errors.Is(err, domain.ErrChainID) {
		t.Errorf("Of(chain id 0) = %v, want %q", err, want)
	}
	if _, err := domain.Separator([32]byte{1}, 0); err == nil || err.Error() != want {
		t.Errorf("Separator(chain id 0) = %v, want %q", err, want)
	}
}
