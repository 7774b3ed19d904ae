package ledger

import "net/url"

// entry is a submission as the ledger keeps it.
type entry struct {
	ID      EntryID   `json:"id"`
	Task    TaskID    `json:"task"`
	Solver  Address   `json:"solver"`
	Seq     int       `json:"seq"`
	Work    string    `json:"work"`
	WorkURL string    `json:"work_url"`
	Bond    Amount    `json:"bond"`
	FiledAt int64     `json:"filed_at"`
	State   string    `json:"state"`
	Grade   RoundID   `json:"grade"`   // the round whose grade is in force; 0 for none
	Rounds  []RoundID `json:"rounds"`  // oldest first
	Appeals []*appeal `json:"appeals"` // oldest first; only the last may be pending
	Outcome string    `json:"outcome"` // after award
}

// appeal is one appeal against an entry's grade.
type appeal struct {
	Appellant Address `json:"appellant"`
	Argument  string  `json:"argument"`
	Bond      Amount  `json:"bond"`
	Round     RoundID `json:"round"` // the latest regrade round opened for it
	FiledAt   int64   `json:"filed_at"`
	Against   RoundID `json:"against"`
	Outcome   string  `json:"outcome"` // "" while pending, then "moved" or "held"
	Bounty    Amount  `json:"bounty"`
}

// pendingAppeal returns the entry's unresolved appeal, or nil.
func (e *entry) pendingAppeal() *appeal {
	if n := len(e.Appeals); n > 0 && e.Appeals[n-1].Outcome == "" {
		return e.Appeals[n-1]
	}
	return nil
}

// workURL reports whether u is an acceptable work URL: https, with a host.
func workURL(u string) bool {
	if len(u) > MaxURLLen || !text(u, 1, MaxURLLen) {
		return false
	}
	p, err := url.Parse(u)
	return err == nil && p.Scheme == "https" && p.Host != "" && p.Hostname() != ""
}

// submit files an entry on a task; tx.Value is exactly the entry bond.
func (s *State) submit(tx *Tx, b Submit) (Outcome, *Error) {
	t := s.task(b.Task)
	switch {
	case t == nil:
		return Outcome{}, errNoTask
	case !tx.Value.Eq(s.terms.EntryBond):
		return Outcome{}, errEntryBond
	case t.Sponsor == tx.From:
		return Outcome{}, errSponsorEntry
	case t.Settled != "" || s.Now() >= t.ClosesAt:
		return Outcome{}, errTaskClosed
	case s.filed[filing{t.ID, tx.From}] != 0:
		return Outcome{}, errEnteredTwice
	case b.Work == "" && b.WorkURL == "":
		return Outcome{}, errNoWork
	case !text(b.Work, 0, MaxWorkLen):
		return Outcome{}, errWorkLen
	case b.WorkURL != "" && !workURL(b.WorkURL):
		return Outcome{}, errWorkURL
	}
	s.debit(tx.From, tx.Value)
	s.bal.BondEscrow = s.add(s.bal.BondEscrow, tx.Value)
	e := &entry{
		ID: EntryID(len(s.entries) + 1), Task: t.ID, Solver: tx.From, Seq: len(t.Entries) + 1,
		Work: b.Work, WorkURL: b.WorkURL, Bond: tx.Value, FiledAt: s.Now(), State: EntryPending,
	}
	s.entries = append(s.entries, e)
	t.Entries = append(t.Entries, e.ID)
	s.filed[filing{t.ID, tx.From}] = e.ID
	s.solvers[tx.From] = true
	s.mark.task(t.ID)
	s.mark.entry(e.ID)
	return Outcome{Created: uint64(e.ID), Events: []Event{{
		Type: "entry_submitted", Height: s.height, Task: t.ID, Entry: e.ID, Address: addrPtr(tx.From),
	}}}, nil
}
