package book

// Event is something a transaction caused, for logs, server-sent events and the bridge.
// Task, Entry and Round name the objects it concerns by their ids; which kind's objects
// they are follows from Type.
type Event struct {
	Type    string   `json:"type"` // e.g. "task_posted", "grade_settled", "award"
	Height  uint64   `json:"height"`
	Time    int64    `json:"time,omitempty"` // the arena's clock, unix seconds; set on awards
	Task    uint64   `json:"task,omitempty"`
	Entry   uint64   `json:"entry,omitempty"`
	Tender  uint64   `json:"tender,omitempty"`
	Bid     uint64   `json:"bid,omitempty"`
	Round   uint64   `json:"round,omitempty"`
	Match   uint64   `json:"match,omitempty"`
	Turn    int      `json:"turn,omitempty"`
	Attempt int      `json:"attempt,omitempty"`
	Address *Address `json:"address,omitempty"`
	Amount  *Amount  `json:"amount,omitempty"`
	Score   int      `json:"score,omitempty"`
	Note    string   `json:"note,omitempty"`
	// Proposal names a governance proposal (ledger/govern) the event concerns.
	Proposal uint64  `json:"proposal,omitempty"`
	Payees   []Payee `json:"payees,omitempty"` // on a bounty award with several winners or a team: everyone paid
}

// Payee is one address paid by an award with several winners or a team: the rank its
// entry took, the entry, and the amount.
type Payee struct {
	Rank    int     `json:"rank"`
	Entry   uint64  `json:"entry"`
	Address Address `json:"address"`
	Amount  Amount  `json:"amount"`
}

// Outcome is what applying one transaction did. A refusal has Err set ("[EXPECTED]
// ...") and changed nothing but the sender's nonce.
type Outcome struct {
	Err     string  `json:"error,omitempty"`
	Created uint64  `json:"created,omitempty"` // id of the object it created
	Events  []Event `json:"events,omitempty"`
}

// OK reports whether the transaction was applied rather than refused.
func (o Outcome) OK() bool { return o.Err == "" }

// At is the moment a transaction applies and who sent it: what every kind's rules read
// besides their own state.
type At struct {
	Height uint64
	Now    int64 // the arena's clock, unix seconds
	From   Address
	Value  Amount
}

// AddrPtr returns a pointer to a copy of a, for an event.
func AddrPtr(a Address) *Address { return &a }

// AmountPtr returns a pointer to a copy of a, for an event.
func AmountPtr(a Amount) *Amount { return &a }

// Refuse returns an [EXPECTED] refusal with the exact message msg.
func Refuse(msg string) *Error { return &Error{Class: Expected, Msg: msg} }

// Kind names a transaction type on the wire ("submit", "attest").
type Kind string

// Body is the part of a transaction that its type defines. Each kind's package defines
// its own bodies; the root ledger lists every one in its body table.
type Body interface{ Kind() Kind }
