package ledgertest

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/arena/arena/ledger"
)

// atto is the number of digits after the point in one unit of the currency.
const atto = 18

// gen formats an atto amount in units of the currency: "205", "0.5", "0".
func gen(a ledger.Amount) string { return a.Units() }

// errNotWhole reports an amount in a script that is not a whole number of units.
var errNotWhole = errors.New("want a whole number of units, such as 200")

// parseGen parses a whole number of units of the currency into atto.
func parseGen(s string) (ledger.Amount, error) {
	if _, err := strconv.ParseUint(s, 10, 64); err != nil {
		return ledger.Amount{}, errNotWhole
	}
	if s == "0" {
		return ledger.Amount{}, nil
	}
	return ledger.ParseAmount(s + strings.Repeat("0", atto))
}

// since formats a duration in seconds compactly: "7h", "2h30m", "45s", "0s".
func since(secs int64) string {
	if secs < 0 {
		return "-" + since(-secs)
	}
	d := time.Duration(secs) * time.Second
	s := d.String()
	s = strings.Replace(s, "m0s", "m", 1)
	s = strings.Replace(s, "h0m", "h", 1)
	return s
}

// clock formats a unix time as an offset from the opening of the arena: "t+7h".
func clock(unix int64) string { return "t+" + since(unix-GenesisTime) }

// rungLabel formats a rung with its label: "4 'strong'".
func rungLabel(r int) string {
	if r < 0 || r >= ledger.Rungs {
		return fmt.Sprint(r)
	}
	return fmt.Sprintf("%d '%s'", r, ledger.Ladder[r].Label)
}
