package ledger

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/ledger/valset"
)

// The kinds of consensus misbehaviour CometBFT reports.
const (
	DuplicateVote     = "duplicate_vote"
	LightClientAttack = "light_client_attack"
)

// Misbehavior is one piece of consensus evidence a block carries
// (RequestFinalizeBlock.Misbehavior): what was done, by the validator whose CometBFT
// address (the first 20 bytes of its key's sha256) is Address, at Height.
type Misbehavior struct {
	Type    string   `json:"type"`
	Address [20]byte `json:"address"`
	Height  uint64   `json:"height"`
}

// evidenceEvent is the type of the event that records a piece of evidence a block
// carried, so that a replay of the block's events hands the ledger the same evidence.
const evidenceEvent = "evidence"

// Misbehaved hands the ledger the evidence block h carries, after the block has begun
// (BeginBlock) and before its transactions: a validator that signed two votes loses the
// slash share of its bond and its place in the set, for good. Evidence about a key no
// validator holds, one whose bond the arena no longer holds or one already slashed is
// ignored, and an event says why. Each piece of evidence is recorded as an event of the
// block's (EvidenceIn reads them back), so a replay hands the same evidence in again.
func (s *State) Misbehaved(h uint64, evidence []Misbehavior) []Event {
	if h != s.height || len(evidence) == 0 {
		return nil
	}
	s.hash = nil
	var evs []Event
	for _, m := range evidence {
		evs = append(evs, Event{Type: evidenceEvent, Height: h, Address: book.AddrPtr(Address(m.Address)), Note: fmt.Sprintf("%s %d", m.Type, m.Height)})
		evs = append(evs, s.misbehaved(h, m)...)
	}
	s.begun = append(s.begun, evs...)
	return evs
}

// misbehaved slashes for one piece of evidence, or says why it is ignored.
func (s *State) misbehaved(h uint64, m Misbehavior) []Event {
	ignore := func(why string) []Event {
		return []Event{{Type: "evidence_ignored", Height: h, Address: book.AddrPtr(Address(m.Address)), Note: why}}
	}
	if m.Type != DuplicateVote {
		return ignore(fmt.Sprintf("evidence of type %q is not slashed", m.Type))
	}
	v := s.view().ByConsensusAddress(m.Address)
	switch {
	case v == nil:
		return ignore("no validator holds this consensus key")
	case v.Tombstone != "":
		return ignore("the validator was already slashed")
	case !v.Slashable():
		return ignore("the validator is neither in the set nor unbonding")
	}
	return s.slash(s.records().Get(v.Address), fmt.Sprintf("duplicate vote at height %d", m.Height))
}

// EvidenceIn returns the evidence a block's begin-block events record, in order: what
// Misbehaved was handed for the block.
func EvidenceIn(events []Event) []Misbehavior {
	var out []Misbehavior
	for _, ev := range events {
		if ev.Type != evidenceEvent || ev.Address == nil {
			continue
		}
		typ, at, ok := strings.Cut(ev.Note, " ")
		h, err := strconv.ParseUint(at, 10, 64)
		if !ok || err != nil {
			continue
		}
		out = append(out, Misbehavior{Type: typ, Address: *ev.Address, Height: h})
	}
	return out
}

// attestation is what an equivocation report reads of one attestation.
type attestation struct {
	from    Address
	round   round.ID
	attempt int
	body    []byte
}

// attestationOf decodes and verifies one signed attestation of a report.
func (s *State) attestationOf(wire []byte) (attestation, *Error) {
	tx, err := DecodeTx(wire)
	if err != nil {
		return attestation{}, errReportDecode
	}
	if tx.Arena != s.termsHash {
		return attestation{}, errReportArena
	}
	if tx.Verify() != nil {
		return attestation{}, errReportSig
	}
	a := attestation{from: tx.From}
	switch b := tx.Body.(type) {
	case bounty.Attest:
		a.round, a.attempt = b.Round, b.Attempt
	case tender.Attest:
		a.round, a.attempt = b.Round, b.Attempt
	case tender.CheckAttest:
		a.round, a.attempt = b.Round, b.Attempt
	case challenge.BenchCheckAttest:
		a.round, a.attempt = b.Round, b.Attempt
	case challenge.Attest:
		a.round, a.attempt = b.Round, b.Attempt
	case learn.Attest:
		a.round, a.attempt = b.Round, b.Attempt
	default:
		return attestation{}, errReportKind
	}
	a.body, _ = json.Marshal(tx.Body) // a decoded body always encodes
	return a, nil
}

// checkReport reports the refusal an equivocation report meets, changing nothing; for
// a sound one it returns the validator to slash and the infraction's name.
func (s *State) checkReport(b ReportEquivocation) (*valset.Validator, string, *Error) {
	x, err := s.attestationOf(b.First)
	if err != nil {
		return nil, "", err
	}
	y, err := s.attestationOf(b.Second)
	if err != nil {
		return nil, "", err
	}
	switch {
	case x.from != y.from:
		return nil, "", errReportSigner
	case x.round != y.round || x.attempt != y.attempt:
		return nil, "", errReportAttempt
	case string(x.body) == string(y.body):
		return nil, "", errReportSame
	}
	v := s.lookup(x.from)
	switch {
	case v == nil:
		return nil, "", errReportOutside
	case v.Tombstone != "":
		return nil, "", errReportSlashed
	case !v.Slashable():
		return nil, "", errReportOutside
	}
	return v, fmt.Sprintf("two attestations on round %d attempt %d", x.round, x.attempt), nil
}

// slashed reports whether a was slashed: a tombstoned validator attests on no round,
// not even one whose committee it sat on before. An arena whose set never changed has
// no records, and nobody in it was slashed.
func (s *State) slashed(a Address) bool {
	if s.vals.Empty() {
		return false
	}
	v := s.vals.Get(a)
	return v != nil && v.Tombstone != ""
}
