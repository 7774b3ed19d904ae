package ledger

import "unicode/utf8"

// task is a posted task as the ledger keeps it.
type task struct {
	ID         TaskID    `json:"id"`
	Sponsor    Address   `json:"sponsor"`
	Title      string    `json:"title"`
	Spec       string    `json:"spec"`
	Rubric     string    `json:"rubric"`
	Prize      Amount    `json:"prize"`
	PostedAt   int64     `json:"posted_at"`
	ClosesAt   int64     `json:"closes_at"`
	Settled    string    `json:"settled"` // "", TaskAwarded or TaskVoided
	Entries    []EntryID `json:"entries"` // by filing order
	Winner     EntryID   `json:"winner"`
	WinnerAddr *Address  `json:"winner_address"`
	WinScore   int       `json:"winning_score"`
	AwardedAt  int64     `json:"awarded_at"`
}

// text reports whether s is valid UTF-8 of min to max bytes.
func text(s string, min, max int) bool {
	return len(s) >= min && len(s) <= max && utf8.ValidString(s)
}

// postTask opens a task; tx.Value is the prize, moved into prize escrow.
func (s *State) postTask(tx *Tx, b PostTask) (Outcome, *Error) {
	switch {
	case tx.Value.IsZero():
		return Outcome{}, errPrizeZero
	case !text(b.Title, 1, MaxTitleLen):
		return Outcome{}, errTitle
	case !text(b.Spec, 1, MaxSpecLen):
		return Outcome{}, errSpec
	case !text(b.Rubric, 1, MaxRubricLen):
		return Outcome{}, errRubric
	case b.ClosesInS < 1 || b.ClosesInS > MaxCloseS:
		return Outcome{}, errClosesIn
	}
	s.debit(tx.From, tx.Value)
	s.bal.PrizeEscrow = s.add(s.bal.PrizeEscrow, tx.Value)
	t := &task{
		ID: TaskID(len(s.tasks) + 1), Sponsor: tx.From, Title: b.Title, Spec: b.Spec, Rubric: b.Rubric,
		Prize: tx.Value, PostedAt: s.Now(), ClosesAt: s.Now() + b.ClosesInS,
	}
	s.tasks = append(s.tasks, t)
	s.mark.task(t.ID)
	prize := t.Prize
	return Outcome{Created: uint64(t.ID), Events: []Event{{
		Type: "task_posted", Height: s.height, Task: t.ID, Address: addrPtr(tx.From), Amount: &prize,
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

func addrPtr(a Address) *Address { return &a }

func amountPtr(a Amount) *Amount { return &a }
