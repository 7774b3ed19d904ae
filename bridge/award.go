package bridge

import (
	"errors"
	"fmt"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// Award is an award event as it crosses the boundary. It is the same for every sink and
// every attempt: webhooks send it as their JSON body.
type Award struct {
	ID         string          `json:"id"`    // EventID: unique in the arena, the receiver's idempotency key
	Chain      string          `json:"chain"` // the arena's chain id
	Height     uint64          `json:"height"`
	Time       int64           `json:"time"` // when the task was awarded, by the arena's clock, unix seconds
	Task       ledger.TaskID   `json:"task"`
	Voided     bool            `json:"voided"` // no eligible entry: nothing was won
	Entry      ledger.EntryID  `json:"entry,omitempty"`
	Winner     *ledger.Address `json:"winner,omitempty"`
	Score      int             `json:"score"`
	Prize      ledger.Amount   `json:"prize"`                 // atto, as a decimal string
	RefundedTo *ledger.Address `json:"refunded_to,omitempty"` // the sponsor, when voided
}

// ErrNotAward reports an outbox event that is not a well-formed award.
var ErrNotAward = errors.New("not an award event")

// EventID is the id of the award of task in the arena whose chain id is chain. A task is
// awarded at most once, so the id names one event forever.
func EventID(chain string, task ledger.TaskID) string {
	return fmt.Sprintf("%s/award/%d", chain, task)
}

// AwardOf turns an outbox event of the arena chain into the Award that crosses. It
// refuses an event that is not an award or lacks what an award carries.
func AwardOf(chain string, o store.OutboxEvent) (Award, error) {
	ev := o.Event
	a := Award{ID: EventID(chain, ledger.TaskID(ev.Task)), Chain: chain, Height: o.Height, Time: ev.Time, Task: ledger.TaskID(ev.Task)}
	switch {
	case ev.Type != "award":
		return a, fmt.Errorf("%w: type %q", ErrNotAward, ev.Type)
	case ev.Task == 0 || ev.Amount == nil || ev.Address == nil:
		return a, fmt.Errorf("%w: task %d lacks its task, prize or address", ErrNotAward, ev.Task)
	}
	a.Prize = *ev.Amount
	switch ev.Note {
	case ledger.TaskAwarded:
		if ev.Entry == 0 {
			return a, fmt.Errorf("%w: task %d won by no entry", ErrNotAward, ev.Task)
		}
		w := *ev.Address
		a.Entry, a.Winner, a.Score = ledger.EntryID(ev.Entry), &w, ev.Score
	case ledger.TaskVoided:
		r := *ev.Address
		a.Voided, a.RefundedTo = true, &r
	default:
		return a, fmt.Errorf("%w: task %d settled %q", ErrNotAward, ev.Task, ev.Note)
	}
	return a, nil
}
