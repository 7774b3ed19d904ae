package ledger

// This file fixes the State's public surface so that the store, the engines, the
// validators and the API can be written against it. The bodies are filled in by the
// files of each concept.

// Block is what an engine hands the ledger with each transaction: the height of the
// block and its time in unix seconds. The ledger reads no other clock.
type Block struct {
	Height uint64 `json:"height"`
	Time   int64  `json:"time"`
}

// Event is something a transaction caused, for logs, server-sent events and the bridge.
type Event struct {
	Type    string   `json:"type"` // e.g. "task_posted", "grade_settled", "award"
	Height  uint64   `json:"height"`
	Time    int64    `json:"time,omitempty"` // the arena's clock, unix seconds; set on awards
	Task    TaskID   `json:"task,omitempty"`
	Entry   EntryID  `json:"entry,omitempty"`
	Round   RoundID  `json:"round,omitempty"`
	Attempt int      `json:"attempt,omitempty"`
	Address *Address `json:"address,omitempty"`
	Amount  *Amount  `json:"amount,omitempty"`
	Score   int      `json:"score,omitempty"`
	Note    string   `json:"note,omitempty"`
}

// Outcome is what applying one transaction did. A refusal has Err set ("[EXPECTED]
// ...") and changed nothing but the sender's nonce.
type Outcome struct {
	Err     string  `json:"error,omitempty"`
	Created uint64  `json:"created,omitempty"` // id of the task, entry or round it created
	Events  []Event `json:"events,omitempty"`
}

// OK reports whether the transaction was applied rather than refused.
func (o Outcome) OK() bool { return o.Err == "" }

// Dirty lists, sorted, what changed since the last TakeDirty: the store rewrites these
// rows of its view tables.
type Dirty struct {
	Tasks    []TaskID
	Entries  []EntryID
	Rounds   []RoundID
	Accounts []Address
}
