package bounty

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// The bounty's transaction kinds.
const (
	KindPostTask book.Kind = "post_task"
	KindSubmit   book.Kind = "submit"
	KindGrade    book.Kind = "grade"
	KindAttest   book.Kind = "attest"
	KindAppeal   book.Kind = "appeal"
	KindAward    book.Kind = "award"
	KindReveal   book.Kind = "reveal"
	KindTopUp    book.Kind = "top_up"
	KindExtend   book.Kind = "extend_task"
	KindWithdraw book.Kind = "withdraw_entry"
	KindReplace  book.Kind = "replace_entry"
	KindAsk      book.Kind = "ask_question"
	KindAnswer   book.Kind = "answer_question"
)

// PostTask opens a task; the transaction's value is the prize. A sealed task takes
// commitments until it closes and their reveals for RevealS seconds after, so that no
// entry can be copied and reworded while the task is open.
type PostTask struct {
	Title     string `json:"title"`
	Spec      string `json:"spec"`
	Rubric    string `json:"rubric"`
	ClosesInS int64  `json:"closes_in_s"`
	Sealed    bool   `json:"sealed,omitempty"`
	RevealS   int64  `json:"reveal_s,omitempty"` // a sealed task's reveal window after close
	// Shares names the prize's split by rank in basis points summing to TotalBasis, first
	// place first. Empty, or the one share TotalBasis, is a single winner.
	Shares []int `json:"shares,omitempty"`
	// CopyBase leaves the tokens of the spec, the rubric and Template out of the copy
	// check: text every entrant was handed never counts toward overlap. A Template
	// implies it.
	CopyBase bool   `json:"copy_base,omitempty"`
	Template string `json:"template,omitempty"` // text the sponsor hands every entrant
}

// Submit enters work on a task; the value is exactly the entry bond. Work at a URL is
// fixed at filing by WorkSHA256, the sha256 of its bytes: validators grade those bytes
// and no others.
type Submit struct {
	Task       TaskID `json:"task"`
	Work       string `json:"work"`
	WorkURL    string `json:"work_url"`
	WorkSHA256 string `json:"work_sha256,omitempty"` // lowercase hex; required with WorkURL, refused without
	Commitment string `json:"commitment,omitempty"`  // on a sealed task, in place of work: see Commit
	// Team names the entry's members and their split of its prize and bond in basis
	// points summing to TotalBasis, the filer among them; empty: the filer alone.
	Team []Member `json:"team,omitempty"`
}

// Member is one member of a team entry and its part in basis points.
type Member struct {
	Address book.Address `json:"address"`
	Share   int          `json:"share"`
}

// TopUp adds the transaction's value to an open task's prize. Anyone may send it.
type TopUp struct {
	Task TaskID `json:"task"`
}

// Extend moves an open task's close later by ByS seconds; only its sponsor sends it, at
// most MaxExtensions times. The reveal, grading and appeal windows keep their lengths
// and move with the close.
type Extend struct {
	Task TaskID `json:"task"`
	ByS  int64  `json:"by_s"`
}

// WithdrawEntry takes the sender's entry back before its task closes: its bond and any
// grading fee not yet earned are returned in full.
type WithdrawEntry struct {
	Entry EntryID `json:"entry"`
}

// Replace files new work (or, on a sealed task, a new commitment) in place of the
// sender's entry before its task closes. The replacement is a new entry, filed now, that
// takes over the bond, the team and any grading fee not yet earned; the replaced entry
// leaves the task.
type Replace struct {
	Entry      EntryID `json:"entry"`
	Work       string  `json:"work"`
	WorkURL    string  `json:"work_url"`
	WorkSHA256 string  `json:"work_sha256,omitempty"`
	Commitment string  `json:"commitment,omitempty"`
}

// AskQuestion puts a public question to a task's sponsor before the task closes. Anyone
// may ask, within clarify's caps per task and per address; it changes nothing but the
// task's list of questions.
type AskQuestion struct {
	Task     TaskID `json:"task"`
	Question string `json:"question"`
}

// AnswerQuestion is the sponsor's one answer to the task's question Question (from 1),
// before the task closes. It is never revised, and it never changes the rubric.
type AnswerQuestion struct {
	Task     TaskID `json:"task"`
	Question int    `json:"question"`
	Reply    string `json:"reply"`
}

// Reveal opens a sealed entry after its task closed: Salt and Work must hash to the
// entry's commitment.
type Reveal struct {
	Entry EntryID `json:"entry"`
	Salt  string  `json:"salt"`
	Work  string  `json:"work"`
}

// Grade opens a grading round on an entry, or the next attempt of a timed-out one.
type Grade struct {
	Entry EntryID `json:"entry"`
}

// Attest is a committee member's result for the current attempt of a bounty round.
type Attest struct {
	Round   round.ID `json:"round"`
	Attempt int      `json:"attempt"`
	Result  Result   `json:"result"`
}

// Appeal forces one regrade of an entry's current grade; the value is the appeal bond.
type Appeal struct {
	Entry    EntryID `json:"entry"`
	Argument string  `json:"argument"`
}

// Award settles a task after close and after every appeal window.
type Award struct {
	Task TaskID `json:"task"`
}

// Kind implementations name each body on the wire.
func (PostTask) Kind() book.Kind { return KindPostTask }
func (Submit) Kind() book.Kind   { return KindSubmit }
func (Grade) Kind() book.Kind    { return KindGrade }
func (Attest) Kind() book.Kind   { return KindAttest }
func (Appeal) Kind() book.Kind   { return KindAppeal }
func (Award) Kind() book.Kind    { return KindAward }
func (Reveal) Kind() book.Kind   { return KindReveal }
func (TopUp) Kind() book.Kind    { return KindTopUp }
func (Extend) Kind() book.Kind   { return KindExtend }
func (WithdrawEntry) Kind() book.Kind {
	return KindWithdraw
}
func (Replace) Kind() book.Kind { return KindReplace }
func (AskQuestion) Kind() book.Kind {
	return KindAsk
}
func (AnswerQuestion) Kind() book.Kind {
	return KindAnswer
}

// Receipts returns the model-call receipts the attestation carries, which the sender
// must have signed.
func (a Attest) Receipts() []round.Call { return a.Result.Calls }
