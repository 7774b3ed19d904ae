package bridge

import (
	"errors"
	"fmt"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// Award is an award event as it crosses the boundary. It is the same for every sink and
// every attempt: webhooks send it as their JSON body. Kind and the contest's id within
// its kind (Key) name it; every award the ledger emits today is a bounty task's.
type Award struct {
	ID         string          `json:"id"`    // EventID: unique in the arena, the receiver's idempotency key
	Kind       string          `json:"kind"`  // the kind of contest awarded: store.Bounty
	Chain      string          `json:"chain"` // the arena's chain id
	Height     uint64          `json:"height"`
	Time       int64           `json:"time"`   // when the task was awarded, by the arena's clock, unix seconds
	Task       ledger.TaskID   `json:"task"`   // the bounty's task: its id within its kind
	Voided     bool            `json:"voided"` // no eligible entry: nothing was won
	Entry      ledger.EntryID  `json:"entry,omitempty"`
	Winner     *ledger.Address `json:"winner,omitempty"`
	Score      int             `json:"score"`
	Prize      ledger.Amount   `json:"prize"`                 // atto, as a decimal string
	RefundedTo *ledger.Address `json:"refunded_to,omitempty"` // the sponsor, when voided
}

// Key returns the key that names a in the store: its kind and the id of what it settled.
func (a Award) Key() store.AwardKey { return store.AwardKey{Kind: a.Kind, ID: uint64(a.Task)} }

// ErrNotAward reports an outbox event that is not a well-formed award.
var ErrNotAward = errors.New("not an award event")

// EventID is the id of the award k in the arena whose chain id is chain. A contest is
// awarded at most once, so the id names one event forever. A bounty's reads
// "CHAIN/award/TASK", as it did before awards had kinds, so that receivers which drop
// repeats by it keep doing so; an award of any other kind reads "CHAIN/award/KIND/ID".
func EventID(chain string, k store.AwardKey) string {
	if k.Kind == store.Bounty {
		return fmt.Sprintf("%s/award/%d", chain, k.ID)
	}
	return fmt.Sprintf("%s/award/%s/%d", chain, k.Kind, k.ID)
}

// AwardOf turns an outbox event of the arena chain into the Award that crosses. It
// refuses an event that is not an award or lacks what an award of its kind carries.
func AwardOf(chain string, o store.OutboxEvent) (Award, error) {
	ev := o.Event
	key, ok := store.AwardKeyOf(ev)
	if !ok {
		return Award{}, fmt.Errorf("%w: type %q", ErrNotAward, ev.Type)
	}
	a := Award{ID: EventID(chain, key), Kind: key.Kind, Chain: chain, Height: o.Height, Time: ev.Time}
	switch key.Kind {
	case store.Bounty:
		return bountyAward(a, ev)
	default:
		return a, fmt.Errorf("%w: kind %q", ErrNotAward, key.Kind)
	}
}

// bountyAward fills a from the award event ev of a bounty task.
func bountyAward(a Award, ev ledger.Event) (Award, error) {
	a.Task = ledger.TaskID(ev.Task)
	if ev.Task == 0 || ev.Amount == nil || ev.Address == nil {
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
