package ledger

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/govern"
	"github.com/arena/arena/ledger/valset"
)

// Proposal is a governance proposal as views show it (ledger/govern).
type Proposal = govern.Proposal

// notice is the fewest blocks between a proposal and its height under the terms in
// force.
func (t *Terms) notice() uint64 {
	if t.UpgradeNotice == 0 {
		return govern.DefaultNotice
	}
	return t.UpgradeNotice
}

// govEnv is what a governance transaction from from sees in a block at height h.
func (s *State) govEnv(from Address, h uint64) govern.Env {
	return govern.Env{Height: h, From: from, Validators: s.terms.Validators, Version: s.version,
		Notice: s.terms.notice(), CheckTerms: s.checkSettings, CheckRemoval: s.checkRemoval}
}

// isGovernance reports whether b is a governance body, which admission checks whole.
func isGovernance(b Body) bool {
	switch b.(type) {
	case govern.ProposeUpgrade, govern.ProposeCancel, govern.ProposeTerms, govern.Vote, govern.ProposeRemoval:
		return true
	}
	return false
}

// governance dispatches a governance body.
func (s *State) governance(from Address, b Body) (Outcome, *Error) {
	switch b := b.(type) {
	case govern.ProposeUpgrade:
		return s.gov.ProposeUpgrade(s.govEnv(from, s.height), b)
	case govern.ProposeCancel:
		return s.gov.ProposeCancel(s.govEnv(from, s.height), b)
	case govern.ProposeTerms:
		return s.gov.ProposeTerms(s.govEnv(from, s.height), b)
	case govern.Vote:
		return s.gov.Vote(s.govEnv(from, s.height), b)
	case govern.ProposeRemoval:
		return s.gov.ProposeRemoval(s.govEnv(from, s.height), b)
	}
	return Outcome{}, errNoBody
}

// beginGovernance is the governance work at the start of height h, before any kind's:
// proposals past their deadline expire, and what was adopted for h takes effect: an
// upgrade moves the protocol to its version and runs the version's migration, a terms
// change puts the changed terms in force. Engines have asked NeedsUpgrade(h) first.
func (s *State) beginGovernance(h uint64) []Event {
	if s.gov.Empty() {
		return nil
	}
	evs := s.gov.Begin(h)
	for _, ev := range slices.Clone(evs) {
		if ev.Type == "proposal_expired" {
			evs = append(evs, s.rejectExpired(s.gov.Get(ev.Proposal), h)...)
		}
	}
	for _, p := range s.gov.Due(h) {
		switch p.Action {
		case govern.ActionUpgrade:
			s.version = p.Version
			s.putInForce(s.terms)
			if m := migrations[p.Version]; m != nil {
				evs = append(evs, m(s)...)
			}
			evs = append(evs, Event{Type: "upgraded", Height: h, Proposal: p.ID, Note: fmt.Sprintf("protocol version %d", p.Version)})
		case govern.ActionTerms:
			t, _ := applySettings(s.terms, p.Set) // checked when proposed and again when due
			if s.validSettings(t) {
				s.putInForce(t)
				evs = append(evs, Event{Type: "terms_changed", Height: h, Proposal: p.ID})
			}
		case govern.ActionAdmit:
			evs = append(evs, s.admitDue(p, h)...)
		case govern.ActionRemove:
			evs = append(evs, s.removeDue(p, h)...)
		}
		evs = append(evs, s.gov.Took(p, h))
	}
	return evs
}

// putInForce makes t the terms in force, under the version in force, for the rounds
// and every kind. What a contest already took (a bond, a fee) stays as it was taken.
func (s *State) putInForce(t Terms) {
	s.terms = t
	s.rounds.Retune(t.roundTerms())
	for _, c := range contests {
		if c.retune != nil {
			c.retune(s, t)
		}
	}
}

// inForce derives the terms and the version in force from the founding terms and the
// proposals that took effect, in the order they did.
func inForce(founding Terms, gov *govern.State) (Terms, uint64) {
	t, v := cloneTerms(founding), founding.foundingVersion()
	for _, p := range gov.Proposals {
		if p.Status != govern.Done {
			continue
		}
		switch p.Action {
		case govern.ActionUpgrade:
			v = p.Version
		case govern.ActionTerms:
			if next, err := applySettings(t, p.Set); err == nil && validTerms(next, founding.Validators) {
				t = next
			}
		}
	}
	return t, v
}

// validSettings reports whether terms t, a change of the terms in force that is due,
// may be put in force. The check is made against the founding validator set, not the
// set in force when it falls due, so that deriving the terms in force again from the
// founding terms and the proposals (inForce) takes the same changes.
func (s *State) validSettings(t Terms) bool { return validTerms(t, s.founding.Validators) }

// validTerms reports whether t is valid with the validator set founders.
func validTerms(t Terms, founders []Address) bool {
	t.Validators = founders
	return t.Validate() == nil
}

// checkSettings reports the refusal a proposed set of term changes meets when applied to
// the terms in force.
func (s *State) checkSettings(set []govern.Setting) *Error {
	t, err := applySettings(s.terms, set)
	if err != nil {
		return err
	}
	if err := t.Validate(); err != nil {
		var e *Error
		if errors.As(err, &e) {
			return e
		}
		return refuse(err.Error())
	}
	return nil
}

// changeable are the terms a proposal may change, by their JSON names, each with how its
// value is read. The rest (chain, name, symbol, the validator set and joins, the
// registry, the treasury, the operators, genesis) are the arena's identity.
var changeable = map[string]func(t *Terms, v string) error{
	"entry_bond":       amountSetting(func(t *Terms) *Amount { return &t.EntryBond }),
	"appeal_bond":      amountSetting(func(t *Terms) *Amount { return &t.AppealBond }),
	"operator_bond":    amountSetting(func(t *Terms) *Amount { return &t.OperatorBond }),
	"fee_per_tx":       amountSetting(func(t *Terms) *Amount { return &t.FeePerTx }),
	"fee_per_byte":     amountSetting(func(t *Terms) *Amount { return &t.FeePerByte }),
	"grading_fee":      amountSetting(func(t *Terms) *Amount { return &t.GradingFee }),
	"appeal_window_s":  intSetting(func(t *Terms) *int64 { return &t.AppealWindowS }),
	"grading_window_s": intSetting(func(t *Terms) *int64 { return &t.GradingWindowS }),
	"round_timeout_s":  intSetting(func(t *Terms) *int64 { return &t.RoundTimeoutS }),
	"gas_rate":         intSetting(func(t *Terms) *int64 { return &t.GasRate }),
	"committee":        smallSetting(func(t *Terms) *int { return &t.Committee }),
	"quorum":           smallSetting(func(t *Terms) *int { return &t.Quorum }),
	"attempts":         smallSetting(func(t *Terms) *int { return &t.Attempts }),
	"appeal_growth":    smallSetting(func(t *Terms) *int { return &t.AppealGrowth }),
	"validator_bond":   amountSetting(func(t *Terms) *Amount { return &t.ValidatorBond }),
	"unbonding_blocks": func(t *Terms, v string) error {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || n == 0 || n > MaxUnbondingBlocks {
			return fmt.Errorf("a number of blocks from 1 to %d", MaxUnbondingBlocks)
		}
		t.UnbondingBlocks = n
		return nil
	},
	"slash_share": func(t *Terms, v string) error {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || n == 0 || n > valset.BasisPoints {
			return fmt.Errorf("basis points from 1 to %d", valset.BasisPoints)
		}
		t.SlashShare = n
		return nil
	},
	"upgrade_notice": func(t *Terms, v string) error {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || n == 0 || n > govern.MaxVoteBlocks {
			return fmt.Errorf("a number of blocks from 1 to %d", govern.MaxVoteBlocks)
		}
		t.UpgradeNotice = n
		return nil
	},
}

func amountSetting(field func(*Terms) *Amount) func(*Terms, string) error {
	return func(t *Terms, v string) error {
		a, err := book.ParseAmount(v)
		if err != nil {
			return fmt.Errorf("an amount in atto, written in decimal digits")
		}
		*field(t) = a
		return nil
	}
}

func intSetting(field func(*Terms) *int64) func(*Terms, string) error {
	return func(t *Terms, v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return fmt.Errorf("a whole number")
		}
		*field(t) = n
		return nil
	}
}

func smallSetting(field func(*Terms) *int) func(*Terms, string) error {
	return func(t *Terms, v string) error {
		n, err := strconv.ParseInt(v, 10, 32)
		if err != nil {
			return fmt.Errorf("a whole number")
		}
		*field(t) = int(n)
		return nil
	}
}

// applySettings returns t with set applied, refusing a term that may not change or a
// value that does not read.
func applySettings(t Terms, set []govern.Setting) (Terms, *Error) {
	t = cloneTerms(t)
	for _, st := range set {
		apply, ok := changeable[st.Term]
		if !ok {
			return t, refusef("Term %q cannot be changed by a proposal; those that can: %s", st.Term, changeableNames())
		}
		if err := apply(&t, st.Value); err != nil {
			return t, refusef("Term %q takes %v, not %q", st.Term, err, st.Value)
		}
	}
	return t, nil
}

// changeableNames lists the changeable terms in a fixed order.
func changeableNames() string {
	b, _ := json.Marshal(slices.Sorted(maps.Keys(changeable)))
	return string(b)
}

// Proposals returns every governance proposal, newest first.
func (s *State) Proposals() []Proposal { return s.gov.Views() }

// PendingUpgrade returns the adopted upgrade that waits for its height, if any.
func (s *State) PendingUpgrade() (Proposal, bool) {
	if p := s.gov.Upgrade(); p != nil {
		return *p, true
	}
	return Proposal{}, false
}

// Governance is what the validators have decided and may still decide: the protocol
// version in force and the versions this binary knows, the terms in force, the
// validators who vote and how many votes adopt a proposal, the adopted upgrade waiting
// for its height, and every proposal, newest first.
type Governance struct {
	Height     uint64     `json:"height"`
	Version    uint64     `json:"version"`      // the protocol version in force
	Knows      uint64     `json:"binary_knows"` // the latest version this node's binary applies (from 1)
	Notice     uint64     `json:"notice"`       // fewest blocks between a proposal and its height
	Validators []Address  `json:"validators"`   // who proposes and votes: the set in force
	Needed     int        `json:"needed"`       // votes that adopt a proposal opened now
	Next       *Proposal  `json:"next_upgrade,omitempty"`
	InForce    Terms      `json:"terms_in_force"`
	Proposals  []Proposal `json:"proposals"`
}

// Governance returns the governance view.
func (s *State) Governance() Governance {
	g := Governance{Height: s.height, Version: s.version, Knows: KnownVersion(), Notice: s.terms.notice(),
		Validators: append([]Address{}, s.terms.Validators...), Needed: govern.Needed(len(s.terms.Validators)),
		InForce: s.InForce(), Proposals: s.Proposals()}
	if p, ok := s.PendingUpgrade(); ok {
		g.Next = &p
	}
	return g
}
