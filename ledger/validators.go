package ledger

import (
	"errors"
	"fmt"
	"slices"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/govern"
	"github.com/arena/arena/ledger/valset"
)

// The validator set's transaction kinds; propose_removal is govern.KindProposeRemoval.
const (
	KindJoinValidator      Kind = "join_validator"
	KindExitValidator      Kind = "exit_validator"
	KindReportEquivocation Kind = "report_equivocation"
)

// JoinValidator asks that the operator whose join statement Join is become a
// validator: it is sent from the statement's grading address with the validator bond
// in force as its value, which the arena holds from then on, and it opens an admission
// proposal (ledger/govern) that the validators in force vote on until Deadline. An
// admission that expires gives the bond back.
type JoinValidator struct {
	Join     Join   `json:"join"`
	Deadline uint64 `json:"deadline"`
}

// ExitValidator takes its sender out of the validator set at the next height; its bond
// comes back once the terms' unbonding blocks have passed.
type ExitValidator struct{}

// ReportEquivocation reports that one validator signed two attestations, First and
// Second (each a signed transaction in its wire form), on the same attempt of the same
// round with different verdicts. Anyone may send it: the validator loses the terms'
// slash share of its bond and its place in the set, for good.
type ReportEquivocation struct {
	First  []byte `json:"first"`
	Second []byte `json:"second"`
}

// Kind implementations name each body on the wire.
func (JoinValidator) Kind() Kind      { return KindJoinValidator }
func (ExitValidator) Kind() Kind      { return KindExitValidator }
func (ReportEquivocation) Kind() Kind { return KindReportEquivocation }

// ValidatorView is one validator's record as views show it: its grading address, its
// CometBFT key when the arena knows it, its bond and status.
type ValidatorView = valset.Validator

// ValidatorUpdate is one change to the CometBFT validator set: Power 1 adds Key (an
// ed25519 public key), 0 removes it.
type ValidatorUpdate = valset.Update

// isValidatorBody reports whether b is a validator-set body the arena checks whole at
// admission, so that a refused one costs no nonce and no fee.
func isValidatorBody(b Body) bool {
	switch b.(type) {
	case JoinValidator, ExitValidator, ReportEquivocation:
		return true
	}
	return false
}

// validatorRefusal is the admission check of a validator-set body from tx's sender in
// a block at height h.
func (s *State) validatorRefusal(tx *Tx, h uint64) *Error {
	switch b := tx.Body.(type) {
	case JoinValidator:
		return s.checkJoin(tx.From, tx.Value, b, h)
	case ExitValidator:
		return s.checkExit(tx.From)
	case ReportEquivocation:
		_, _, err := s.checkReport(b)
		return err
	}
	return nil
}

// validatorTx dispatches a validator-set body.
func (s *State) validatorTx(tx *Tx) (Outcome, *Error) {
	if err := s.validatorRefusal(tx, s.height); err != nil {
		return Outcome{}, err
	}
	switch b := tx.Body.(type) {
	case JoinValidator:
		return s.join(tx.From, tx.Value, b)
	case ExitValidator:
		return s.exit(tx.From)
	case ReportEquivocation:
		v, what, _ := s.checkReport(b)
		return Outcome{Events: s.slash(s.records().Get(v.Address), what)}, nil
	}
	return Outcome{}, errNoBody
}

// records returns the validator set's records, founding them from the terms in force
// on first use: until the set first changes, the founders are only named by the terms.
func (s *State) records() *valset.State {
	if s.vals.Empty() {
		s.found(s.vals)
	}
	return s.vals
}

// view returns the validator set's records without founding them: a copy of what the
// founding would make while the set never changed.
func (s *State) view() *valset.State {
	if !s.vals.Empty() {
		return s.vals
	}
	recs := valset.New()
	s.found(recs)
	return recs
}

// found records in recs the founders the terms in force name, each with its consensus
// key and name when the founding joins give them, and no bond.
func (s *State) found(recs *valset.State) {
	n := len(s.terms.Validators)
	keys, names := make([][]byte, n), make([]string, n)
	for i, a := range s.terms.Validators {
		for _, j := range s.founding.Joins {
			if j.GradingAddress == a {
				keys[i], names[i] = j.ConsensusPubKey, j.Name
			}
		}
	}
	recs.Found(s.terms.Validators, keys, names, Amount{})
}

// lookup returns the record of grading address a, changing nothing.
func (s *State) lookup(a Address) *valset.Validator { return s.view().Get(a) }

func (s *State) checkJoin(from Address, value Amount, b JoinValidator, h uint64) *Error {
	j := &b.Join
	if err := j.Check(); err != nil {
		var e *Error
		if errors.As(err, &e) {
			return e
		}
		return refuse(err.Error())
	}
	switch {
	case j.Chain != s.terms.Chain:
		return joinRefusal(j, fmt.Sprintf("it is for chain %q, not %q", j.Chain, s.terms.Chain))
	case from != j.GradingAddress:
		return errJoinSender
	case !value.Eq(s.terms.ValidatorBond):
		return refusef("A join posts exactly the validator bond in force, %s atto", s.terms.ValidatorBond)
	}
	if err := s.checkJoiner(j); err != nil {
		return err
	}
	return s.gov.CheckAdmit(s.govEnv(from, h), j.GradingAddress, b.Deadline)
}

// checkJoiner refuses a joiner the set already has, one tombstoned, one whose key
// another validator holds, and a join the full set has no room for.
func (s *State) checkJoiner(j *Join) *Error {
	recs := s.view()
	if v := recs.Get(j.GradingAddress); v != nil {
		switch {
		case v.Tombstone != "":
			return errTombstoned
		case v.Status != valset.Left && v.Status != valset.Rejected:
			return errAlreadyValidator
		}
	}
	if v := recs.ByKey(j.ConsensusPubKey); v != nil {
		switch {
		case v.Tombstone != "":
			return errTombstoned
		case v.Address != j.GradingAddress:
			return errKeyInUse
		}
	}
	seats := 0
	for _, v := range recs.Members {
		if v.InSet() || v.Status == valset.Pending {
			seats++
		}
	}
	if seats >= MaxValidators {
		return errSetFull
	}
	return nil
}

// join escrows the bond and opens the admission proposal.
func (s *State) join(from Address, value Amount, b JoinValidator) (Outcome, *Error) {
	out, err := s.gov.OpenAdmit(s.govEnv(from, s.height), b.Join.GradingAddress, b.Deadline)
	if err != nil {
		return Outcome{}, err
	}
	v := valset.Validator{Address: b.Join.GradingAddress, Key: b.Join.ConsensusPubKey, Name: b.Join.Name, Bond: value}
	s.records().Request(s.book, v, out.Created)
	out.Events = append(out.Events, Event{Type: "validator_requested", Height: s.height, Address: book.AddrPtr(from), Amount: book.AmountPtr(value), Proposal: out.Created})
	return out, nil
}

func (s *State) checkExit(from Address) *Error {
	v := s.lookup(from)
	switch {
	case v == nil || !v.InSet():
		return errNotInSet
	case v.Status == valset.Leaving:
		return errAlreadyLeaving
	}
	return s.checkRemoval(from)
}

// exit schedules the sender's leaving at the next height.
func (s *State) exit(from Address) (Outcome, *Error) {
	v := s.records().Get(from)
	return Outcome{Events: []Event{s.vals.Leave(v, s.height+1, "exit")}}, nil
}

// remaining returns how many validators the set in force keeps without those already
// leaving and without a.
func (s *State) remaining(a Address) int {
	n := 0
	for _, v := range s.view().Members {
		if v.Status == valset.Active && v.Address != a {
			n++
		}
	}
	return n
}

// checkRemoval reports the refusal taking a out of the set in force meets: a set left
// empty, or smaller than the committee or the quorum in force. The CometBFT set cannot
// be emptied apart from it: in a network founded by ceremony it is the set's keys, and
// in one founded otherwise the founders' keys, which the ledger does not know, stay in
// it.
func (s *State) checkRemoval(a Address) *Error {
	n := s.remaining(a)
	switch {
	case n == 0:
		return errSetEmpty
	case s.terms.Committee > n:
		return refusef("The change would leave %d validators, fewer than the committee of %d in force", n, s.terms.Committee)
	case s.terms.Quorum > n:
		return refusef("The change would leave %d validators, fewer than the quorum of %d in force", n, s.terms.Quorum)
	}
	return nil
}

// beginValidators is the validator set's work at the start of height h, after
// governance's: validators due to leave leave, bonds whose unbonding is over come back.
func (s *State) beginValidators(h uint64) []Event {
	if s.vals.Empty() {
		return nil
	}
	evs, left := s.vals.Begin(s.book, h, s.terms.unbonding())
	for _, v := range left {
		s.update(v.Key, 0)
	}
	if len(left) > 0 {
		s.setChanged()
	}
	return evs
}

// admitDue puts the validator an adopted admission names in the set at height h.
func (s *State) admitDue(p *Proposal, h uint64) []Event {
	v := s.records().Get(*p.Validator)
	if v == nil || v.Status != valset.Pending {
		return nil
	}
	ev := s.vals.Admit(v, h)
	s.update(v.Key, 1)
	s.setChanged()
	return []Event{ev}
}

// removeDue takes the validator an adopted removal names out of the set at height h,
// unless the set can no longer lose it.
func (s *State) removeDue(p *Proposal, h uint64) []Event {
	a := *p.Validator
	v := s.records().Get(a)
	if v == nil || v.Status != valset.Active {
		return nil
	}
	if err := s.checkRemoval(a); err != nil {
		return []Event{{Type: "removal_refused", Height: h, Proposal: p.ID, Address: book.AddrPtr(a), Note: err.Msg}}
	}
	return []Event{s.records().Leave(v, h, "removed by vote")}
}

// rejectExpired gives back the bond of a joiner whose admission expired at h.
func (s *State) rejectExpired(p *Proposal, h uint64) []Event {
	if p.Action != govern.ActionAdmit || s.vals.Empty() {
		return nil
	}
	v := s.vals.Get(*p.Validator)
	if v == nil || v.Status != valset.Pending || v.Proposal != p.ID {
		return nil
	}
	return []Event{s.vals.Reject(s.book, v, h)}
}

// setChanged puts the set the records hold in force, for rounds opened from now on.
func (s *State) setChanged() {
	t := cloneTerms(s.terms)
	t.Validators = s.vals.InForce()
	s.putInForce(t)
}

// update records a change to the CometBFT set in this height's updates; a key the
// arena does not know changes nothing there.
func (s *State) update(key []byte, power int64) {
	if len(key) == 0 {
		return
	}
	s.updates = slices.DeleteFunc(s.updates, func(u valset.Update) bool { return string(u.Key) == string(key) })
	s.updates = append(s.updates, valset.Update{Key: slices.Clone(key), Power: power})
}

// ValidatorUpdates returns the changes to the CometBFT validator set that the current
// height made, in the order they were made, at most one per key: a CometBFT engine
// returns them with the block (ResponseFinalizeBlock.ValidatorUpdates). Like
// BlockEvents they are not part of the state.
func (s *State) ValidatorUpdates() []ValidatorUpdate {
	out := make([]ValidatorUpdate, len(s.updates))
	for i, u := range s.updates {
		out[i] = valset.Update{Key: slices.Clone(u.Key), Power: u.Power}
	}
	return out
}

// slash takes the slash share of v's bond for the infraction what, tombstones v and
// takes it out of the set at once; the last validator of the set stays in it, since a
// set cannot be empty, and loses the share all the same.
func (s *State) slash(v *valset.Validator, what string) []Event {
	last := v.InSet() && len(s.vals.InForce()) == 1
	status := v.Status
	evs, wasIn := s.vals.Slash(s.book, v, s.height, s.terms.unbonding(), s.terms.slashShare(), s.terms.Treasury, what)
	if last {
		v.Status, v.Leaves, v.Returns = status, 0, 0
		return append(evs, Event{Type: "validator_kept", Height: s.height, Address: book.AddrPtr(v.Address), Note: "the last validator of the set stays in it"})
	}
	if wasIn {
		s.update(v.Key, 0)
		s.setChanged()
	}
	return evs
}

// Validators returns every validator's record, founders first: the set in force is
// those whose status is active or leaving.
func (s *State) Validators() []ValidatorView {
	return s.view().Views()
}

// postFoundingBonds takes the validator bond in force from the wallet of every
// validator in the set that has posted none, as protocol version 2 does for arenas
// founded before bonds existed: a validator whose wallet cannot cover it stays in the
// set with no bond, and an event says so.
func postFoundingBonds(s *State) []Event {
	bond := s.terms.ValidatorBond
	if bond.IsZero() {
		return nil
	}
	var evs []Event
	for _, v := range s.records().Members {
		if !v.InSet() || !v.Bond.IsZero() {
			continue
		}
		if s.book.Account(v.Address).Wallet.Cmp(bond) < 0 {
			evs = append(evs, Event{Type: "bond_not_posted", Height: s.height, Address: book.AddrPtr(v.Address), Amount: book.AmountPtr(bond), Note: "its wallet holds less than the validator bond"})
			continue
		}
		s.book.Escrow(v.Address, valset.BondPool, bond)
		v.Bond = bond
		evs = append(evs, Event{Type: "bond_posted", Height: s.height, Address: book.AddrPtr(v.Address), Amount: book.AmountPtr(bond)})
	}
	return evs
}

// foundingBonds takes the validator bond from each founder's genesis allocation, at New.
func (s *State) foundingBonds() error {
	bond := s.terms.ValidatorBond
	if bond.IsZero() {
		return nil
	}
	for _, a := range s.terms.Validators {
		if w := s.book.Account(a).Wallet; w.Cmp(bond) < 0 {
			return refusef("Founding validator %s's genesis allocation of %s atto cannot cover the validator bond of %s atto", a, w, bond)
		}
	}
	for _, v := range s.records().Members {
		s.book.Escrow(v.Address, valset.BondPool, bond)
		v.Bond = bond
	}
	return nil
}

// checkBonds states that the bond pool holds exactly the bonds the records hold.
func (s *State) checkBonds() error {
	if err := s.vals.Check(); err != nil {
		return err
	}
	sum, ok := s.vals.Bonds()
	if held := s.book.Pool(valset.BondPool); !ok || !held.Eq(sum) {
		return fmt.Errorf("the bond pool holds %s; the validators' bonds sum to %s", held, sum)
	}
	return nil
}
