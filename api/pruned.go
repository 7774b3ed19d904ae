package api

import (
	"fmt"
	"net/http"

	"github.com/arena/arena/ledger"
)

// firstBlocker is an engine whose log may begin after genesis: a comet node that
// joined by state sync, or that prunes. FirstBlock is the lowest height its Blocks
// serves. An engine without it keeps every block.
type firstBlocker interface {
	FirstBlock() (uint64, error)
}

// firstBlock returns the lowest height the chain's Blocks serves.
func (s *server) firstBlock() (uint64, error) {
	if f, ok := s.chain.(firstBlocker); ok {
		return f.FirstBlock()
	}
	return 1, nil
}

// gone answers a request for blocks from height from, which this node no longer holds
// (or never held): 410 [EXPECTED], naming the lowest height it keeps, in CometBFT's
// words for the same case.
func gone(from, first uint64) error {
	return &httpError{http.StatusGone, ledger.Expected.String(), fmt.Sprintf(
		"height %d is not available, lowest height is %d: this node keeps no blocks before it (pruned, or joined by state sync); fetch GET /v1/snapshot, then follow the stream, or ask an archive node",
		from, first)}
}

// logBegins is what a lookup that found nothing adds on a node whose log begins after
// genesis: what it asked for may be in the blocks before.
func (s *server) logBegins() string {
	first, err := s.firstBlock()
	if err != nil || first <= 1 {
		return ""
	}
	return fmt.Sprintf(" in the blocks this node keeps, from height %d on; ask an archive node for earlier ones", first)
}
