package blocks

import (
	"bytes"
	"slices"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// FillViews copies into cb the view rows of everything the block changed (it takes
// s's dirty set), and in the first block the genesis wallets too, which no transaction
// may ever touch.
func FillViews(cb *store.CommittedBlock, s *ledger.State, first bool) {
	d := s.TakeDirty()
	if first {
		d.Accounts = withGenesis(d.Accounts, s.Terms().Genesis)
	}
	for _, id := range d.Tasks {
		if v, ok := s.Task(id); ok {
			cb.Tasks = append(cb.Tasks, v)
		}
	}
	for _, id := range d.Entries {
		if v, ok := s.Entry(id); ok {
			cb.Entries = append(cb.Entries, v)
		}
	}
	for _, id := range d.Rounds {
		if v, ok := s.Round(id); ok {
			cb.Rounds = append(cb.Rounds, v)
		}
	}
	for _, a := range d.Accounts {
		cb.Accounts = append(cb.Accounts, store.Account{Address: a, Wallet: s.Balance(a),
			Claimable: s.Claimable(a), Reputation: s.Reputation(a)})
	}
}

// withGenesis returns the sorted union of accounts and the genesis addresses.
func withGenesis(accounts []ledger.Address, genesis []ledger.Allocation) []ledger.Address {
	for _, g := range genesis {
		accounts = append(accounts, g.Address)
	}
	slices.SortFunc(accounts, func(a, b ledger.Address) int { return bytes.Compare(a[:], b[:]) })
	return slices.Compact(accounts)
}
