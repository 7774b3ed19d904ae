package book

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"slices"

	"github.com/arena/arena/ledger/digest"
)

// Pool names a balance the arena holds on behalf of a contest kind: a prize escrow, a
// bond escrow, a slash pool. Each kind names its own pools ("bounty/prize").
type Pool string

// Account is everything the book keeps per address.
type Account struct {
	Nonce     uint64 `json:"nonce"`
	Wallet    Amount `json:"wallet"`
	Claimable Amount `json:"claimable"`
	FeesPaid  Amount `json:"fees_paid"` // transaction fees paid at admission, in total
	Earned    Amount `json:"earned"`    // grading fees earned as a grader, in total
}

// PoolBalance is one pool and what it holds.
type PoolBalance struct {
	Pool   Pool   `json:"pool"`
	Amount Amount `json:"amount"`
}

// Book holds the arena's accounts and balances, and its methods are the only code that
// moves money. Value enters through Escrow (wallet to pool), moves between pools through
// Move, becomes owed through Release (pool to claimable), and leaves through Withdraw
// (claimable to wallet), so that after every operation
//
//	sum(pools) + claimable_total == paid_in - paid_out
//
// An arithmetic overflow or underflow, which only a broken invariant could cause, is kept
// as Fault and never panics. A Book is not safe for concurrent use.
type Book struct {
	accounts  map[Address]*Account
	pools     []PoolBalance // ascending by name
	claimable Amount        // sum of every claimable balance
	paidIn    Amount
	paidOut   Amount
	genesis   Amount // sum of genesis allocations
	faucet    Amount // sum of faucet credits
	fault     error

	// the hash cache: per-account hashes, addresses in ascending order, marks since
	built  bool
	sums   map[Address][32]byte
	order  []Address
	marked map[Address]struct{}
}

// New returns an empty book.
func New() *Book { return &Book{accounts: map[Address]*Account{}, pools: []PoolBalance{}} }

// Fault returns the first arithmetic fault the book met, or nil.
func (b *Book) Fault() error { return b.fault }

func (b *Book) add(x, y Amount) Amount {
	r, over := x.Add(y)
	if over && b.fault == nil {
		b.fault = fmt.Errorf("amount overflow adding %s and %s", y, x)
	}
	return r
}

func (b *Book) sub(x, y Amount) Amount {
	r, under := x.Sub(y)
	if under && b.fault == nil {
		b.fault = fmt.Errorf("amount underflow taking %s from %s", y, x)
	}
	return r
}

// account returns a's account, creating it, and marks it changed.
func (b *Book) account(a Address) *Account {
	acc, ok := b.accounts[a]
	if !ok {
		acc = &Account{}
		b.accounts[a] = acc
		if b.built {
			i, _ := slices.BinarySearchFunc(b.order, a, cmpAddress)
			b.order = slices.Insert(b.order, i, a)
		}
	}
	b.mark(a)
	return acc
}

func (b *Book) mark(a Address) {
	if !b.built {
		return
	}
	if b.marked == nil {
		b.marked = map[Address]struct{}{}
	}
	b.marked[a] = struct{}{}
}

func cmpAddress(x, y Address) int { return bytes.Compare(x[:], y[:]) }

// Account returns a copy of a's account; the zero account if it has none.
func (b *Book) Account(a Address) Account {
	if acc, ok := b.accounts[a]; ok {
		return *acc
	}
	return Account{}
}

// Addresses returns every address with an account, ascending.
func (b *Book) Addresses() []Address {
	out := make([]Address, 0, len(b.accounts))
	for a := range b.accounts {
		out = append(out, a)
	}
	slices.SortFunc(out, cmpAddress)
	return out
}

// BumpNonce consumes a's next nonce.
func (b *Book) BumpNonce(a Address) { b.account(a).Nonce++ }

// Fund credits a genesis allocation to a's wallet. It reports false when the genesis
// total would overflow 256 bits, and then changes nothing.
func (b *Book) Fund(a Address, v Amount) bool {
	sum, over := b.genesis.Add(v)
	if over {
		return false
	}
	b.genesis = sum
	acc := b.account(a)
	acc.Wallet = b.add(acc.Wallet, v)
	return true
}

// Faucet credits a's wallet from nowhere, as dev mode allows. It reports false when the
// supply would overflow 256 bits, and then changes nothing.
func (b *Book) Faucet(a Address, v Amount) bool {
	total, over := b.faucet.Add(v)
	if _, over2 := total.Add(b.genesis); over || over2 {
		return false
	}
	b.faucet = total
	acc := b.account(a)
	acc.Wallet = b.add(acc.Wallet, v)
	return true
}

// Pool returns what pool p holds.
func (b *Book) Pool(p Pool) Amount {
	if i, ok := b.poolIndex(p); ok {
		return b.pools[i].Amount
	}
	return Amount{}
}

// Pools returns every pool the book has held money in, by name, with what each holds
// now (an emptied pool stays listed, holding zero).
func (b *Book) Pools() []PoolBalance { return slices.Clone(b.pools) }

func (b *Book) poolIndex(p Pool) (int, bool) {
	return slices.BinarySearchFunc(b.pools, p, func(x PoolBalance, p Pool) int {
		switch {
		case x.Pool < p:
			return -1
		case x.Pool > p:
			return 1
		}
		return 0
	})
}

func (b *Book) setPool(p Pool, v Amount) {
	i, ok := b.poolIndex(p)
	if !ok {
		b.pools = slices.Insert(b.pools, i, PoolBalance{Pool: p})
	}
	b.pools[i].Amount = v
}

// Escrow moves v from a's wallet into pool p: value paid into the arena. The caller has
// checked that the wallet holds it (admission does, for a transaction's value).
func (b *Book) Escrow(a Address, p Pool, v Amount) {
	if v.IsZero() {
		return
	}
	acc := b.account(a)
	acc.Wallet = b.sub(acc.Wallet, v)
	b.paidIn = b.add(b.paidIn, v)
	b.setPool(p, b.add(b.Pool(p), v))
}

// Cover makes a's wallet hold need, paying the shortfall out of what the arena owes a
// (a pull withdrawal of just that much), so that what a transaction costs is paid from
// the wallet topped up from claimable. The caller has checked that the two together hold
// need (admission does).
func (b *Book) Cover(a Address, need Amount) {
	acc, ok := b.accounts[a]
	if !ok || acc.Wallet.Cmp(need) >= 0 {
		return
	}
	short := b.sub(need, acc.Wallet)
	short = short.Min(acc.Claimable)
	acc.Claimable = b.sub(acc.Claimable, short)
	b.claimable = b.sub(b.claimable, short)
	b.paidOut = b.add(b.paidOut, short)
	acc.Wallet = b.add(acc.Wallet, short)
	b.mark(a)
}

// FeePool holds the transaction fees paid at admission.
const FeePool Pool = "fees"

// PayFee moves a transaction's fee from a's wallet into the fee pool. The caller has
// checked that the wallet holds it (admission does).
func (b *Book) PayFee(a Address, fee Amount) {
	if fee.IsZero() {
		return
	}
	b.Escrow(a, FeePool, fee)
	acc := b.account(a)
	acc.FeesPaid = b.add(acc.FeesPaid, fee)
}

// Reward releases v from pool p to grader a, who earned it, and records the earning.
func (b *Book) Reward(p Pool, a Address, v Amount) {
	if v.IsZero() {
		return
	}
	b.Release(p, a, v)
	acc := b.account(a)
	acc.Earned = b.add(acc.Earned, v)
}

// Move moves v from pool from to pool to, as a slash does.
func (b *Book) Move(from, to Pool, v Amount) {
	if v.IsZero() {
		return
	}
	b.setPool(from, b.sub(b.Pool(from), v))
	b.setPool(to, b.add(b.Pool(to), v))
}

// Release moves v out of pool p and makes it claimable by a. Releasing zero touches
// nothing: no pool or account appears for it.
func (b *Book) Release(p Pool, a Address, v Amount) {
	if v.IsZero() {
		return
	}
	b.setPool(p, b.sub(b.Pool(p), v))
	acc := b.account(a)
	acc.Claimable = b.add(acc.Claimable, v)
	b.claimable = b.add(b.claimable, v)
}

// Withdraw pays a everything the arena owes it, zeroing the claimable balance before the
// payout is recorded, and returns the amount. It reports false when nothing is owed.
func (b *Book) Withdraw(a Address) (Amount, bool) {
	acc, ok := b.accounts[a]
	if !ok || acc.Claimable.IsZero() {
		return Amount{}, false
	}
	owed := acc.Claimable
	acc.Claimable = Amount{}
	b.claimable = b.sub(b.claimable, owed)
	b.paidOut = b.add(b.paidOut, owed)
	acc.Wallet = b.add(acc.Wallet, owed)
	b.mark(a)
	return owed, true
}

// Totals are the book's running sums.
type Totals struct {
	Claimable Amount
	PaidIn    Amount
	PaidOut   Amount
	Genesis   Amount
	Faucet    Amount
}

// Totals returns the book's running sums.
func (b *Book) Totals() Totals {
	return Totals{Claimable: b.claimable, PaidIn: b.paidIn, PaidOut: b.paidOut, Genesis: b.genesis, Faucet: b.faucet}
}

// CheckIdentity states the money identity in O(pools):
// sum(pools) + claimable_total == paid_in - paid_out.
func (b *Book) CheckIdentity() error {
	held := b.claimable
	for _, p := range b.pools {
		held = b.add(held, p.Amount)
	}
	in, under := b.paidIn.Sub(b.paidOut)
	if under || !held.Eq(in) || b.fault != nil {
		return fmt.Errorf("money identity broken: pools %v + claimable %s != paid in %s - paid out %s",
			b.pools, b.claimable, b.paidIn, b.paidOut)
	}
	return nil
}

// Check states every rule of the book in O(accounts): the money identity; wallet
// conservation (wallets plus what the arena holds equal genesis plus faucet); and the
// claimable total equal to the claimable balances it sums.
func (b *Book) Check() error {
	if err := b.CheckIdentity(); err != nil {
		return err
	}
	var wallets, claimable Amount
	for _, a := range b.Addresses() {
		acc := b.accounts[a]
		wallets = b.add(wallets, acc.Wallet)
		claimable = b.add(claimable, acc.Claimable)
	}
	held, _ := b.paidIn.Sub(b.paidOut)
	if supply := b.add(b.genesis, b.faucet); !b.add(wallets, held).Eq(supply) {
		return fmt.Errorf("wallets %s + held %s != genesis + faucet %s", wallets, held, supply)
	}
	if !claimable.Eq(b.claimable) {
		return fmt.Errorf("claimable balances sum to %s, total says %s", claimable, b.claimable)
	}
	return b.fault
}

// Hash returns a hash of the whole book: its totals, its pools and every account in
// ascending address order. Account hashes are cached and recomputed only for accounts
// that changed.
func (b *Book) Hash() [32]byte {
	if !b.built {
		b.built, b.order, b.marked = true, b.Addresses(), nil
		b.sums = make(map[Address][32]byte, len(b.accounts))
		for _, a := range b.order {
			b.sums[a] = digest.Sum(b.accounts[a])
		}
	}
	for a := range b.marked { // each account is rehashed on its own; order cannot matter
		if acc, ok := b.accounts[a]; ok {
			b.sums[a] = digest.Sum(acc)
		}
	}
	b.marked = nil
	h := sha256.New()
	head := digest.Sum(wireHead{b.pools, b.claimable, b.paidIn, b.paidOut, b.genesis, b.faucet})
	h.Write(head[:])
	for _, a := range b.order {
		s := b.sums[a]
		h.Write(a[:])
		h.Write(s[:])
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}
