package bounty

import (
	"unicode/utf8"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/clarify"
	"github.com/arena/arena/ledger/round"
)

// task is a posted task as the ledger keeps it.
type task struct {
	ID        TaskID       `json:"id"`
	Sponsor   book.Address `json:"sponsor"`
	Title     string       `json:"title"`
	Spec      string       `json:"spec"`
	Rubric    string       `json:"rubric"`
	Prize     book.Amount  `json:"prize"`
	PostedAt  int64        `json:"posted_at"`
	ClosesAt  int64        `json:"closes_at"`
	Settled   string       `json:"settled"` // "", TaskAwarded or TaskVoided
	Entries   []EntryID    `json:"entries"` // by filing order
	Winner    EntryID      `json:"winner"`
	AwardedAt int64        `json:"awarded_at"`
	RevealS   int64        `json:"reveal_s,omitempty"` // sealed: reveals close this long after the task

	Shares     []int     `json:"shares,omitempty"`     // the prize by rank, basis points; empty: one winner
	TopUps     []Funding `json:"top_ups,omitempty"`    // added to the prize, oldest first
	Extensions []int64   `json:"extensions,omitempty"` // the close each extension set, oldest first
	Podium     []Place   `json:"podium,omitempty"`     // a tiered task's award, rank by rank
	Refunds    []Payout  `json:"refunds,omitempty"`    // prize sent back to its funders at award, when it had top-ups or ranks
	CopyBase   bool      `json:"copy_base,omitempty"`  // the copy check leaves out spec, rubric and template
	Template   string    `json:"template,omitempty"`
	// Windows are the appeal and grading windows the task keeps after an adopted change
	// of terms altered the arena's; nil: the terms in force.
	Windows *Windows `json:"windows,omitempty"`
	// PerFunder marks refunds split once per funder (protocol version 2); false: once
	// per funding (version 1).
	PerFunder bool `json:"per_funder,omitempty"`

	Questions []*clarify.Question `json:"questions,omitempty"` // public clarifications, in the order asked
}

// sealed reports whether the task takes commitments rather than work.
func (t *task) sealed() bool { return t.RevealS != 0 }

// gradingFrom returns when grading may begin: at close, or once a sealed task's reveal
// window has passed, so that every entry is measured against every earlier reveal.
func (t *task) gradingFrom() int64 { return t.ClosesAt + t.RevealS }

// text reports whether s is valid UTF-8 of min to max bytes.
func text(s string, min, max int) bool {
	return len(s) >= min && len(s) <= max && utf8.ValidString(s)
}

// Post opens a task; the transaction's value is the prize, escrowed in the prize pool.
func (s *State) Post(env round.Env, b PostTask) (book.Outcome, *book.Error) {
	at := env.At
	switch {
	case at.Value.IsZero():
		return book.Outcome{}, errPrizeZero
	case !text(b.Title, 1, MaxTitleLen):
		return book.Outcome{}, errTitle
	case !text(b.Spec, 1, MaxSpecLen):
		return book.Outcome{}, errSpec
	case !text(b.Rubric, 1, MaxRubricLen):
		return book.Outcome{}, errRubric
	case b.ClosesInS < 1 || b.ClosesInS > MaxCloseS:
		return book.Outcome{}, errClosesIn
	case b.Sealed != (b.RevealS != 0) || b.RevealS < 0 || b.RevealS > MaxCloseS:
		return book.Outcome{}, errRevealWindow
	case len(b.Shares) > MaxShares:
		return book.Outcome{}, errSharesRanks
	case len(b.Shares) > 0 && !basis(b.Shares):
		return book.Outcome{}, errSharesSum
	case b.Template != "" && !text(b.Template, 1, MaxTemplateLen):
		return book.Outcome{}, errTemplate
	}
	env.Book.Escrow(at.From, PrizePool, at.Value)
	t := &task{
		ID: TaskID(len(s.tasks) + 1), Sponsor: at.From, Title: b.Title, Spec: b.Spec, Rubric: b.Rubric,
		Prize: at.Value, PostedAt: at.Now, ClosesAt: at.Now + b.ClosesInS, RevealS: b.RevealS,
		CopyBase: b.CopyBase || b.Template != "", Template: b.Template,
	}
	if len(b.Shares) > 1 {
		t.Shares = append([]int{}, b.Shares...) // one share of the whole is today's single winner
	}
	s.tasks = append(s.tasks, t)
	return book.Outcome{Created: uint64(t.ID), Events: []book.Event{{
		Type: "task_posted", Height: at.Height, Task: uint64(t.ID), Address: book.AddrPtr(at.From), Amount: book.AmountPtr(t.Prize),
	}}}, nil
}

// state returns the task's state at the arena's clock.
func (t *task) state(now int64) string {
	switch {
	case t.Settled != "":
		return t.Settled
	case now < t.ClosesAt:
		return TaskOpen
	default:
		return TaskClosed
	}
}
