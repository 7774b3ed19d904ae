// Package outbox holds the shapes of the ledger's award outbox as it leaves the ledger:
// an award event with its place in the log, and the record of its delivery to one sink
// across the arena's boundary. The store keeps them, the bridge fills them, and the API
// serves them unchanged (api/wire names them), so they live below all three and link
// nothing but the ledger's vocabulary.
package outbox

import (
	"encoding/hex"
	"fmt"
	"time"

	"github.com/arena/arena/ledger"
)

// Event is an award event as the log holds it, with the time of its block. Height and
// Seq place it in the log.
type Event struct {
	Height uint64       `json:"height"`
	Seq    int          `json:"seq"`
	Time   int64        `json:"block_time"` // unix seconds
	Event  ledger.Event `json:"award"`
}

// Delivery is one award event's delivery to one sink: what crossed, where, and when.
// Times are kept to the millisecond; a zero DeliveredAt means not delivered yet.
type Delivery struct {
	Event       string        `json:"event"` // the event's id
	Sink        string        `json:"sink"`
	Task        ledger.TaskID `json:"task"`
	Award       Event         `json:"outbox"`
	Attempts    int           `json:"attempts"`
	LastError   string        `json:"last_error,omitempty"`
	TxHash      string        `json:"tx_hash,omitempty"`
	HTTPStatus  int           `json:"http_status,omitempty"`
	EnqueuedAt  time.Time     `json:"enqueued_at"`
	LastAttempt time.Time     `json:"last_attempt_at,omitzero"`
	NextAttempt time.Time     `json:"next_attempt_at,omitzero"`
	DeliveredAt time.Time     `json:"delivered_at,omitzero"`
}

// Delivered reports whether the delivery succeeded.
func (d Delivery) Delivered() bool { return !d.DeliveredAt.IsZero() }

// HexID returns a transaction id or state hash in the form the API and the store write
// it: 0x-prefixed lower-case hex.
func HexID(id [32]byte) string { return "0x" + hex.EncodeToString(id[:]) }

// ParseID parses the 0x hex form of a transaction id or state hash.
func ParseID(s string) ([32]byte, error) {
	var id [32]byte
	if len(s) != 66 || s[:2] != "0x" {
		return id, fmt.Errorf("id %q is not 0x followed by 64 hex digits", s)
	}
	if _, err := hex.Decode(id[:], []byte(s[2:])); err != nil {
		return id, fmt.Errorf("id %q is not 0x followed by 64 hex digits", s)
	}
	return id, nil
}
