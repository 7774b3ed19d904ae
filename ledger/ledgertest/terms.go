package ledgertest

import (
	"fmt"

	"github.com/arena/arena/ledger"
)

// cast are the names Terms funds, 1000 GEN each.
var cast = []string{"sponsor", "alice", "bob", "carol", "dave", "erin", "appellant", "stranger"}

// Terms returns the founding terms of the test arena: a 5 GEN entry bond, a 20 GEN
// appeal bond, a six-hour appeal window, a day's grading window, three attempts of ten
// minutes, dev mode, n validators named v1..vn, every one on each committee, the key
// named "treasury" as the treasury (so the arena runs tenders), and the cast (sponsor,
// alice, bob, carol, dave, erin, appellant, stranger) funded with 1000 GEN each. The
// caller may change any of it before founding the arena.
func Terms(validators int) ledger.Terms {
	treasury := Addr("treasury")
	t := ledger.Terms{
		Chain: "arena-test", Name: "Test Arena", Symbol: "GEN", EntryBond: ledger.Ether(5), AppealBond: ledger.Ether(20),
		AppealWindowS: 6 * 3600, GradingWindowS: 24 * 3600, Attempts: 3, RoundTimeoutS: 600, DevMode: true,
		Treasury: &treasury,
	}
	for i := range validators {
		t.Validators = append(t.Validators, Addr(fmt.Sprintf("v%d", i+1)))
	}
	for _, name := range cast {
		t.Genesis = append(t.Genesis, ledger.Allocation{Address: Addr(name), Amount: ledger.Ether(1000)})
	}
	return t
}
