// Package round runs the grading rounds of every contest kind: committees drawn from the
// validator set, leader rotation, attempts with deadlines, and the quorum tally. It knows
// nothing of what is graded: a round names its kind and subject, and a committee member's
// result is a Verdict whose kind decides agreement.
//
// A round settles when the leader's verdict and enough others (the quorum, leader
// included) agree; an attempt is discarded when the leader failed its reading
// (LLM_ERROR) or agreement can no longer be reached, ends as transient when the quorum
// agrees the outside world was unavailable, and times out at its deadline; each ended
// attempt opens the next with the next leader until the attempts run out.
package round

import (
	"bytes"
	"encoding/binary"
	"slices"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"

	"github.com/arena/arena/ledger/book"
)

// ID numbers rounds from 1 in the order the ledger opened them, across every kind.
type ID uint64

// Verdict is one committee member's result for an attempt, as its kind reads it.
type Verdict interface {
	// Agrees reports whether this result agrees with the leader's under the kind's rule
	// (exact for a bounty; within one step per criterion for a tender). The tally asks
	// only when neither verdict failed: failures are compared by FailuresAgree (Agree).
	Agrees(leader Verdict) bool
	// Failure returns the verdict's classed failure, or nil when it is a result.
	Failure() *book.Error
}

// Round states.
const (
	Open      = "open"
	Settled   = "settled"   // a verdict was kept
	Exhausted = "exhausted" // attempts ran out with no verdict kept
	Abandoned = "abandoned" // its kind stopped waiting for it (a bound in the terms passed)
)

// Attempt states.
const (
	AttemptOpen      = "open"
	AttemptSettled   = "settled"
	AttemptDiscarded = "discarded" // agreement could no longer be reached
	AttemptTimedOut  = "timed_out"
	AttemptTransient = "transient" // leader and quorum agreed the outside world was unavailable
	AttemptAbandoned = "abandoned" // open when its round was abandoned
)

// Round is one grading round of one subject of one kind.
type Round struct {
	ID        ID             `json:"id"`
	Kind      string         `json:"kind"`    // the contest kind whose subject is graded
	Subject   uint64         `json:"subject"` // the kind's id of what is graded (a bounty entry)
	Ref       uint64         `json:"ref"`     // a kind's second reference (a bounty appeal, from 1); 0 for none
	OpenedAt  int64          `json:"opened_at"`
	Seed      [32]byte       `json:"seed"`
	Committee []book.Address `json:"committee"`
	Order     []book.Address `json:"order"` // leader order; attempt k is led by Order[(k-1) mod n]
	State     string         `json:"state"`
	SettledAt int64          `json:"settled_at"` // the arena's clock when the round settled
	Attempts  []*Attempt     `json:"attempts"`
	// Quorum is the round's own quorum when its kind sized its committee (OpenSized);
	// 0 for a round run under the set's terms, which encodes as before.
	Quorum int `json:"quorum,omitempty"`
	// TimeoutS is how long each attempt of a program run stays open (OpenMetered), when
	// its budget needs longer than the set's terms; 0 for a round run under the terms'
	// timeout, which encodes as before.
	TimeoutS int64 `json:"timeout_s,omitempty"`
}

// Attempt is one attempt of a round.
type Attempt struct {
	Attempt      int           `json:"attempt"`
	Leader       book.Address  `json:"leader"`
	OpenedAt     int64         `json:"opened_at"`
	Deadline     int64         `json:"deadline"`
	State        string        `json:"state"`
	Attestations []Attestation `json:"attestations"`
}

// Attestation is one committee member's verdict as the ledger recorded it.
type Attestation struct {
	Validator book.Address `json:"validator"`
	Height    uint64       `json:"height"`
	Verdict   Verdict      `json:"result"`
	Agrees    bool         `json:"agrees_with_leader"`
	Late      bool         `json:"late,omitempty"` // recorded after the attempt ended; never tallied
}

// Current returns the round's latest attempt.
func (r *Round) Current() *Attempt { return r.Attempts[len(r.Attempts)-1] }

// Member reports whether a sits on the round's committee.
func (r *Round) Member(a book.Address) bool { return slices.Contains(r.Committee, a) }

// Kept returns the settled attempt and its leader's attestation, whose verdict the round
// kept; ok is false unless the round settled.
func (r *Round) Kept() (a *Attempt, leader *Attestation, ok bool) {
	if r.State != Settled {
		return nil, nil, false
	}
	a = r.Current()
	for i := range a.Attestations {
		if a.Attestations[i].Validator == a.Leader {
			return a, &a.Attestations[i], true
		}
	}
	return nil, nil, false
}

// Split returns, in the order they attested, the validators of attempt a that agreed
// with its leader, those that reached a different verdict, and those whose verdict was a
// failure (a model or host that did not answer) that the leader's was not.
func (a *Attempt) Split() (agreed, disagreed, failed []book.Address) {
	agreed, disagreed, failed = []book.Address{}, []book.Address{}, []book.Address{}
	for _, at := range a.Attestations {
		switch {
		case at.Agrees:
			agreed = append(agreed, at.Validator)
		case at.Verdict.Failure() != nil:
			failed = append(failed, at.Validator)
		default:
			disagreed = append(disagreed, at.Validator)
		}
	}
	return agreed, disagreed, failed
}

// seed derives a round's seed from the chain: keccak256(chain, round, subject, height).
func seed(chain string, id ID, subject uint64, height uint64) [32]byte {
	b := make([]byte, 0, 8+len(chain)+24)
	b = binary.BigEndian.AppendUint64(b, uint64(len(chain)))
	b = append(b, chain...)
	b = binary.BigEndian.AppendUint64(b, uint64(id))
	b = binary.BigEndian.AppendUint64(b, subject)
	b = binary.BigEndian.AppendUint64(b, height)
	return keccak(b)
}

func keccak(b []byte) [32]byte {
	var h [32]byte
	copy(h[:], crypto.Keccak256(b))
	return h
}

// committee draws a round's committee from the validator set: all of them when the
// committee is the whole set, otherwise the first CommitteeSize by keccak(seed || address).
func committee(t *Terms, seed [32]byte) []book.Address { return draw(t, seed, t.CommitteeSize()) }

// draw draws n members (at most every validator) from the validator set: all of them
// when n is the whole set, otherwise the first n by keccak(seed || address).
func draw(t *Terms, seed [32]byte, n int) []book.Address {
	vs := slices.Clone(t.Validators)
	n = min(n, len(vs))
	if n == len(vs) {
		return vs
	}
	type drawn struct {
		key [32]byte
		a   book.Address
	}
	d := make([]drawn, len(vs))
	for i, v := range vs {
		d[i] = drawn{keccak(append(seed[:len(seed):len(seed)], v[:]...)), v}
	}
	slices.SortFunc(d, func(x, y drawn) int {
		if c := bytes.Compare(x.key[:], y.key[:]); c != 0 {
			return c
		}
		return bytes.Compare(x.a[:], y.a[:])
	})
	out := make([]book.Address, n)
	for i := range out {
		out[i] = d[i].a
	}
	return out
}

// leaderOrder rotates the committee by seed mod n; last, if set, is moved to the end so
// that a regrade is led by someone other than the leader of the verdict appealed.
func leaderOrder(c []book.Address, seed [32]byte, last *book.Address) []book.Address {
	n := uint64(len(c))
	var k uint256.Int
	k.SetBytes32(seed[:])
	k.Mod(&k, uint256.NewInt(n))
	r := int(k.Uint64())
	order := append(slices.Clone(c[r:]), c[:r]...)
	if last != nil {
		if i := slices.Index(order, *last); i >= 0 {
			order = append(append(order[:i:i], order[i+1:]...), *last)
		}
	}
	return order
}
