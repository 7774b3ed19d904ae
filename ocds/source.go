package ocds

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/arena/arena/ledger"
)

// Source is what one tender's documents are computed from: ledger views at one moment.
type Source struct {
	Chain  string // the arena's chain id
	Name   string // the arena's name, the publisher
	Symbol string // the arena's currency symbol
	Now    int64  // the arena's clock, unix seconds
	Tender ledger.TenderView
	Rounds []ledger.TenderRoundView // the tender's scoring rounds; others are ignored
}

// FromState returns tender id's source from st, or false when there is no such tender.
func FromState(st *ledger.State, id ledger.TenderID) (Source, bool) {
	t, ok := st.Tender(id)
	if !ok {
		return Source{}, false
	}
	terms := st.Terms()
	src := Source{Chain: terms.Chain, Name: terms.Name, Symbol: terms.Symbol, Now: st.Now(), Tender: t}
	for _, b := range t.Bids {
		for _, r := range b.Rounds {
			if rv, ok := st.TenderRound(r); ok {
				src.Rounds = append(src.Rounds, rv)
			}
		}
	}
	return src, true
}

// FromSnapshot returns tender id's source from snap, or false when it holds no such
// tender.
func FromSnapshot(snap *ledger.Snapshot, id ledger.TenderID) (Source, bool) {
	for _, t := range snap.Tenders {
		if t.ID == id {
			terms := snap.Arena.Terms
			return Source{Chain: terms.Chain, Name: terms.Name, Symbol: terms.Symbol, Now: snap.Arena.Time, Tender: t, Rounds: snap.TenderRounds}, true
		}
	}
	return Source{}, false
}

// Prefix returns the arena's ocid prefix: the first six hex digits of sha256 of its
// chain id.
func Prefix(chain string) string {
	h := sha256.Sum256([]byte(chain))
	return hex.EncodeToString(h[:3])
}

// OCID returns the ocid of tender id on the arena whose chain id is chain.
func OCID(chain string, id ledger.TenderID) string {
	return fmt.Sprintf("ocds-%s-tender-%d", Prefix(chain), id)
}

// Date formats a time on the arena's clock (unix seconds) as RFC 3339 in UTC.
func Date(unix int64) string { return time.Unix(unix, 0).UTC().Format(time.RFC3339) }
