package bounty

import (
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"strings"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/digest"
	"github.com/arena/arena/ledger/round"
)

// entry is a submission as the ledger keeps it.
type entry struct {
	ID         EntryID      `json:"id"`
	Task       TaskID       `json:"task"`
	Solver     book.Address `json:"solver"`
	Seq        int          `json:"seq"` // filing order on the task, from 1
	Work       string       `json:"work"`
	WorkURL    string       `json:"work_url"`
	WorkSHA    string       `json:"work_sha256,omitempty"` // the sha256 of the URL's bytes at filing
	Commitment string       `json:"commitment,omitempty"`  // a sealed entry's commitment
	RevealedAt int64        `json:"revealed_at,omitempty"`
	Bond       book.Amount  `json:"bond"`
	Fee        book.Amount  `json:"grading_fee"` // paid with the entry; to the graders of its first settled grade
	FiledAt    int64        `json:"filed_at"`
	State      string       `json:"state"`
	Grade      round.ID     `json:"grade"`   // the round whose grade is in force; 0 for none
	Rounds     []round.ID   `json:"rounds"`  // oldest first
	Appeals    []*appeal    `json:"appeals"` // oldest first; only the last may be pending
	Outcome    string       `json:"outcome"` // after award

	Team        []Member     `json:"team,omitempty"`         // a team entry's members and split, fixed at filing
	WithdrawnAt int64        `json:"withdrawn_at,omitempty"` // when it was withdrawn or replaced
	ReplacedBy  EntryID      `json:"replaced_by,omitempty"`
	Replaces    EntryID      `json:"replaces,omitempty"`
	Rank        int          `json:"rank,omitempty"`       // the place it took on a tiered task
	Paid        *book.Amount `json:"prize_paid,omitempty"` // its prize, on a tiered task or a team entry
	Payouts     []Payout     `json:"payouts,omitempty"`    // a team entry's parts of its prize and bond
}

// appeal is one appeal against an entry's grade.
type appeal struct {
	Appellant book.Address `json:"appellant"`
	Argument  string       `json:"argument"`
	Bond      book.Amount  `json:"bond"`
	Fee       book.Amount  `json:"grading_fee"` // paid with the appeal; to the graders of its regrade
	Round     round.ID     `json:"round"`       // the latest regrade round opened for it
	FiledAt   int64        `json:"filed_at"`
	Against   round.ID     `json:"against"`
	Outcome   string       `json:"outcome"` // "" while pending, then AppealMoved, AppealHeld or AppealLapsed
	Bounty    book.Amount  `json:"bounty"`
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

// canPay reports whether the sender's wallet holds value and the grading fee beside it.
func (s *State) canPay(env round.Env, value book.Amount) bool {
	need, over := value.Add(s.terms.GradingFee)
	return !over && env.Book.Account(env.At.From).Wallet.Cmp(need) >= 0
}

// Submit files an entry on a task; the transaction's value is exactly the entry bond,
// escrowed in the bond pool.
func (s *State) Submit(env round.Env, b Submit) (book.Outcome, *book.Error) {
	at := env.At
	t := s.task(b.Task)
	switch {
	case t == nil:
		return book.Outcome{}, errNoTask
	case !at.Value.Eq(s.terms.EntryBond):
		return book.Outcome{}, errEntryBond
	case t.Sponsor == at.From:
		return book.Outcome{}, errSponsorEntry
	case t.Settled != "" || at.Now >= t.ClosesAt:
		return book.Outcome{}, errTaskClosed
	}
	if id := s.filed[filing{t.ID, at.From}]; id != 0 {
		if s.entry(id).Solver != at.From {
			return book.Outcome{}, errTeamMember(id)
		}
		return book.Outcome{}, errEnteredTwice
	}
	if err := checkWork(t, b.Work, b.WorkURL, b.WorkSHA256, b.Commitment); err != nil {
		return book.Outcome{}, err
	}
	switch {
	case !s.canPay(env, at.Value):
		return book.Outcome{}, errGradingFee
	case !t.sealed() && badWorkDigest(b.WorkURL, b.WorkSHA256):
		return book.Outcome{}, errWorkDigest
	}
	if err := s.checkTeam(t, at.From, b.Team); err != nil {
		return book.Outcome{}, err
	}
	env.Book.Escrow(at.From, BondPool, at.Value)
	env.Book.Escrow(at.From, GradePool, s.terms.GradingFee)
	e := &entry{
		ID: EntryID(len(s.entries) + 1), Task: t.ID, Solver: at.From, Seq: len(t.Entries) + 1,
		Work: b.Work, WorkURL: b.WorkURL, WorkSHA: b.WorkSHA256, Bond: at.Value, Fee: s.terms.GradingFee, FiledAt: at.Now, State: EntryPending,
		Commitment: b.Commitment,
	}
	if len(b.Team) > 0 {
		e.Team = append([]Member{}, b.Team...)
	}
	if t.sealed() {
		e.State = EntrySealed
	}
	s.file(t, e)
	return book.Outcome{Created: uint64(e.ID), Events: []book.Event{{
		Type: "entry_submitted", Height: at.Height, Task: uint64(t.ID), Entry: uint64(e.ID), Address: book.AddrPtr(at.From),
	}}}, nil
}

// Commit returns the commitment a solver files on a sealed task:
// hex(sha256(salt "\n" solver-address-lowercase "\n" work)).
func Commit(salt string, solver book.Address, work string) string {
	sum := sha256.Sum256([]byte(salt + "\n" + strings.ToLower(solver.String()) + "\n" + work))
	return hex.EncodeToString(sum[:])
}

// Reveal opens the sender's sealed entry once its task has closed and before its reveal
// window ends: the salt and work must hash to the commitment filed with the bond.
func (s *State) Reveal(env round.Env, b Reveal) (book.Outcome, *book.Error) {
	at := env.At
	e := s.entry(b.Entry)
	if e == nil {
		return book.Outcome{}, errNoEntry
	}
	t := s.task(e.Task)
	switch {
	case e.State != EntrySealed:
		return book.Outcome{}, errNotSealedEntry
	case e.Solver != at.From:
		return book.Outcome{}, errRevealOwn
	case at.Now < t.ClosesAt:
		return book.Outcome{}, errRevealEarly
	case at.Now >= t.gradingFrom():
		return book.Outcome{}, errRevealLate
	case !text(b.Salt, MinSaltLen, MaxSaltLen):
		return book.Outcome{}, errSalt
	case !text(b.Work, 1, MaxWorkLen):
		return book.Outcome{}, errWorkLen
	case Commit(b.Salt, at.From, b.Work) != e.Commitment:
		return book.Outcome{}, errRevealMismatch
	}
	e.Work, e.RevealedAt, e.State = b.Work, at.Now, EntryPending
	s.markEntry(e.ID)
	return book.Outcome{Events: []book.Event{{
		Type: "entry_revealed", Height: at.Height, Task: uint64(t.ID), Entry: uint64(e.ID), Address: book.AddrPtr(at.From),
	}}}, nil
}

// file adds e to its task and to the filing indexes, under its filer and every member.
func (s *State) file(t *task, e *entry) {
	s.entries = append(s.entries, e)
	t.Entries = append(t.Entries, e.ID)
	for _, a := range e.members() {
		s.filed[filing{t.ID, a}] = e.ID
		s.solvers[a] = true
	}
	s.markTask(t.ID)
}

// members returns who is on e: its filer alone, or its team in the order named.
func (e *entry) members() []book.Address {
	if len(e.Team) == 0 {
		return []book.Address{e.Solver}
	}
	out := make([]book.Address, len(e.Team))
	for i, m := range e.Team {
		out[i] = m.Address
	}
	return out
}

// gone reports whether e was withdrawn or replaced: it left its task before close.
func (e *entry) gone() bool { return e.State == EntryWithdrawn || e.State == EntryReplaced }

// goneBy reports whether e had left its task by the time at.
func (e *entry) goneBy(at int64) bool { return e.gone() && e.WithdrawnAt <= at }

// checkTeam refuses a team that does not split the whole among 2 to MaxTeam distinct
// members, the filer among them and the sponsor not, none already on an entry of t.
func (s *State) checkTeam(t *task, filer book.Address, team []Member) *book.Error {
	if len(team) == 0 {
		return nil
	}
	if len(team) < 2 || len(team) > MaxTeam {
		return errTeamSize
	}
	shares := make([]int, len(team))
	seen := map[book.Address]bool{}
	for i, m := range team {
		if m.Address == (book.Address{}) || seen[m.Address] {
			return errTeamRepeat
		}
		seen[m.Address] = true
		shares[i] = m.Share
	}
	switch {
	case !basis(shares):
		return errTeamSplit
	case seen[t.Sponsor]:
		return errTeamSponsor
	case !seen[filer]:
		return errTeamFiler
	}
	for _, m := range team {
		if s.filed[filing{t.ID, m.Address}] != 0 {
			return errTeamEntered
		}
	}
	return nil
}

// checkWork refuses an entry's work that its task cannot take: a sealed task takes only
// a commitment, an open one text or a URL within their bounds. Submit and ReplaceEntry
// both check by it; the URL's digest is checked apart (badWorkDigest), after the fee.
func checkWork(t *task, work, url, sha, commitment string) *book.Error {
	switch {
	case t.sealed() && (work != "" || url != "" || sha != "" || !digest.IsSHA256Hex(commitment)):
		return errSealedCommit
	case t.sealed():
	case commitment != "":
		return errNotSealed
	case work == "" && url == "":
		return errNoWork
	case !text(work, 0, MaxWorkLen):
		return errWorkLen
	case url != "" && !workURL(url):
		return errWorkURL
	}
	return nil
}

// badWorkDigest reports whether a work URL and its digest are not given together, or
// the digest is not a sha256 in hex.
func badWorkDigest(url, sha string) bool {
	return (url != "") != (sha != "") || (sha != "" && !digest.IsSHA256Hex(sha))
}
