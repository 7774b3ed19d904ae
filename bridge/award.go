package bridge

import (
	"errors"
	"fmt"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// Award is an award event as it crosses the boundary. It is the same for every sink and
// every attempt: webhooks send it as their JSON body. Kind and the contest's id within
// its kind (Key) name it: a bounty task's or a tender's.
type Award struct {
	ID         string          `json:"id"`    // EventID: unique in the arena, the receiver's idempotency key
	Kind       string          `json:"kind"`  // the kind of contest awarded: store.Bounty or store.Tender
	Chain      string          `json:"chain"` // the arena's chain id
	Height     uint64          `json:"height"`
	Time       int64           `json:"time"`             // when the task was awarded, by the arena's clock, unix seconds
	Task       ledger.TaskID   `json:"task"`             // the bounty's task: its id within its kind
	Tender     ledger.TenderID `json:"tender,omitempty"` // the tender: its id within its kind
	Voided     bool            `json:"voided"`           // a bounty with no eligible entry: nothing was won
	Entry      ledger.EntryID  `json:"entry,omitempty"`
	Bid        ledger.BidID    `json:"bid,omitempty"` // a tender's winning bid
	Winner     *ledger.Address `json:"winner,omitempty"`
	Score      int             `json:"score"`                 // a bounty's winning score, a tender's winning weighted total
	Prize      ledger.Amount   `json:"prize"`                 // atto, as a decimal string: what the winner was paid, or what was refunded
	RefundedTo *ledger.Address `json:"refunded_to,omitempty"` // the sponsor or buyer, when voided
	// Winners is everyone a bounty with prize tiers or a team entry paid, rank by rank;
	// absent for a single winner, whom Winner names.
	Winners []ledger.Payee `json:"winners,omitempty"`
}

// Key returns the key that names a in the store: its kind and the id of what it settled.
func (a Award) Key() store.AwardKey {
	if a.Kind == store.Tender {
		return store.AwardKey{Kind: a.Kind, ID: uint64(a.Tender)}
	}
	return store.AwardKey{Kind: a.Kind, ID: uint64(a.Task)}
}

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
	case store.Tender:
		return tenderAward(a, ev)
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
		a.Winners = ev.Payees
	case ledger.TaskVoided:
		r := *ev.Address
		a.Voided, a.RefundedTo = true, &r
	default:
		return a, fmt.Errorf("%w: task %d settled %q", ErrNotAward, ev.Task, ev.Note)
	}
	return a, nil
}

// tenderAward fills a from the award event ev of a tender, which a bid won: Prize is
// the payout, Score the winning weighted total. A tender settled without a winner
// (declined, abandoned) emits no award event.
func tenderAward(a Award, ev ledger.Event) (Award, error) {
	a.Tender = ledger.TenderID(ev.Tender)
	if ev.Amount == nil || ev.Address == nil {
		return a, fmt.Errorf("%w: tender %d lacks its payout or address", ErrNotAward, ev.Tender)
	}
	if ev.Bid == 0 {
		return a, fmt.Errorf("%w: tender %d won by no bid", ErrNotAward, ev.Tender)
	}
	w := *ev.Address
	a.Prize, a.Bid, a.Winner, a.Score = *ev.Amount, ledger.BidID(ev.Bid), &w, ev.Score
	return a, nil
}
