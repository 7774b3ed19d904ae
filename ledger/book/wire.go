package book

import (
	"encoding/json"
	"fmt"
	"slices"
)

// wireHead is the book without its accounts: the part hashed as one object.
type wireHead struct {
	Pools     []PoolBalance `json:"pools"`
	Claimable Amount        `json:"claimable_total"`
	PaidIn    Amount        `json:"paid_in"`
	PaidOut   Amount        `json:"paid_out"`
	Genesis   Amount        `json:"genesis_total"`
	Faucet    Amount        `json:"faucet_total"`
}

// wireAccount is one account in the encoding, which lists accounts by address.
type wireAccount struct {
	Address Address `json:"address"`
	Account
}

type wireBook struct {
	wireHead
	Accounts []wireAccount `json:"accounts"`
}

// MarshalJSON encodes the book canonically: pools by name, accounts by address.
func (b *Book) MarshalJSON() ([]byte, error) {
	w := wireBook{
		wireHead: wireHead{b.pools, b.claimable, b.paidIn, b.paidOut, b.genesis, b.faucet},
		Accounts: make([]wireAccount, 0, len(b.accounts)),
	}
	if w.Pools == nil {
		w.Pools = []PoolBalance{}
	}
	for _, a := range b.Addresses() {
		w.Accounts = append(w.Accounts, wireAccount{a, *b.accounts[a]})
	}
	return json.Marshal(w)
}

// UnmarshalJSON decodes what MarshalJSON wrote, refusing pools or accounts out of order
// or repeated. The caller checks the book's rules with Check.
func (b *Book) UnmarshalJSON(data []byte) error {
	var w wireBook
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	*b = Book{
		accounts: make(map[Address]*Account, len(w.Accounts)), pools: w.Pools,
		claimable: w.Claimable, paidIn: w.PaidIn, paidOut: w.PaidOut, genesis: w.Genesis, faucet: w.Faucet,
	}
	if !slices.IsSortedFunc(b.pools, func(x, y PoolBalance) int {
		if x.Pool == y.Pool {
			return 0
		}
		if x.Pool < y.Pool {
			return -1
		}
		return 1
	}) || slices.ContainsFunc(b.pools, func(p PoolBalance) bool { return p.Pool == "" }) {
		return fmt.Errorf("pools out of order")
	}
	for i := 1; i < len(b.pools); i++ {
		if b.pools[i].Pool == b.pools[i-1].Pool {
			return fmt.Errorf("pool %q listed twice", b.pools[i].Pool)
		}
	}
	for i, a := range w.Accounts {
		if i > 0 && cmpAddress(w.Accounts[i-1].Address, a.Address) >= 0 {
			return fmt.Errorf("accounts out of order at %s", a.Address)
		}
		acc := a.Account
		b.accounts[a.Address] = &acc
	}
	return nil
}
