package solo

import (
	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// ErrDiverged reports a log whose replay does not give what it recorded: an outcome, a
// state hash, a transaction id or a block time that does not follow.
var ErrDiverged = blocks.ErrDiverged

// restore rebuilds the state the file holds; see blocks.Restore.
func restore(db *store.DB, terms ledger.Terms) (*ledger.State, store.BlockInfo, error) {
	return blocks.Restore(db, terms)
}
