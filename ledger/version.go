package ledger

import (
	"fmt"
	"strconv"
)

// The ledger's rules carry a protocol version, and the height decides which version a
// block is applied under, as go-ethereum's chain config decides every fork by block
// number: an arena opens under its terms' Protocol, and each adopted upgrade
// (ledger/govern) moves it to the next version at its height. A binary holds the rules
// of every version it knows, so replay applies every old block under the version it was
// applied under; a block at a height whose version the binary does not know is never
// applied (NeedsUpgrade).
//
// The versions:
//
//	1  the rules the arena was founded with
//	2  prize sent back to a task's funders (a voided or tiered task's unclaimed prize)
//	   is split per funder, each funder's contributions summed and rounded down once,
//	   the remainder to the sponsor; before, each top-up was rounded apart and a funder
//	   who topped up twice was named twice. Its migration has every validator who never
//	   posted a bond post the validator bond the terms in force name (migrateTo2)
const (
	FirstVersion  uint64 = 1
	LatestVersion uint64 = 2
)

// knownVersions, when set at link time (-ldflags "-X
// github.com/arena/arena/ledger.knownVersions=1"), caps the versions this binary
// applies: a release built so behaves as a binary that knows no later version, which
// is how an upgrade is tested with real processes of two releases.
var knownVersions string

// KnownVersion returns the latest protocol version this binary can apply; it knows
// every version from FirstVersion to it.
func KnownVersion() uint64 {
	if knownVersions == "" {
		return LatestVersion
	}
	v, err := strconv.ParseUint(knownVersions, 10, 64)
	if err != nil || v < FirstVersion || v > LatestVersion {
		return LatestVersion
	}
	return v
}

// Knows reports whether this binary can apply blocks under protocol version v.
func Knows(v uint64) bool { return v >= FirstVersion && v <= KnownVersion() }

// Rules are what one protocol version decides, chosen by the version in force, as
// go-ethereum's params.Rules are chosen by block number. Each field is the first
// version it holds from.
type Rules struct {
	Version uint64
	// RefundPerFunder splits prize sent back to a task's funders per funder, rounded
	// once each (version 2), instead of per top-up (version 1).
	RefundPerFunder bool
}

// RulesOf returns the rules of version v.
func RulesOf(v uint64) Rules { return Rules{Version: v, RefundPerFunder: v >= 2} }

// UpgradeNeeded is the error of a node asked to apply a block whose version it does not
// know: it must stop there, before the block changes anything, until its operator
// installs the release that carries the version.
type UpgradeNeeded struct {
	Version  uint64 // the version the block at Height is applied under
	Height   uint64
	Release  string // the release the adopted upgrade named
	Proposal uint64
}

func (e *UpgradeNeeded) Error() string {
	return fmt.Sprintf("UPGRADE NEEDED at height %d: protocol version %d (proposal %d, release %q); this binary knows versions %d to %d: install the release and start the node again",
		e.Height, e.Version, e.Proposal, e.Release, FirstVersion, KnownVersion())
}

// foundingVersion is the version terms t open under.
func (t *Terms) foundingVersion() uint64 { return max(t.Protocol, FirstVersion) }

// Version returns the protocol version the last block applied was applied under (at
// height 0, the founding version).
func (s *State) Version() uint64 { return s.version }

// Rules returns the rules in force: those of Version.
func (s *State) Rules() Rules { return RulesOf(s.version) }

// VersionAt returns the protocol version a block at height h is applied under, as far as
// the state knows it: the version in force, or the adopted upgrade's once h reaches
// its height. h must not be below the state's height.
func (s *State) VersionAt(h uint64) uint64 {
	if p := s.gov.Upgrade(); p != nil && h >= p.Height {
		return p.Version
	}
	return s.version
}

// NeedsUpgrade returns an *UpgradeNeeded error when the block at height h is applied
// under a version this binary does not know, and nil otherwise. Engines ask it before
// they apply a block, and stop on the error.
func (s *State) NeedsUpgrade(h uint64) error {
	v := s.VersionAt(h)
	if Knows(v) {
		return nil
	}
	e := &UpgradeNeeded{Version: v, Height: h}
	if p := s.gov.Upgrade(); p != nil && p.Version == v {
		e.Height, e.Release, e.Proposal = p.Height, p.Release, p.ID
	}
	return e
}

// migrations are the state migrations run at the first block of each version, by the
// version they lead to, after the version's rules are put in force for every kind. A
// migration is a pure function of the state; a version with no entry changes rules
// only.
var migrations = map[uint64]func(s *State) []Event{
	2: migrateTo2,
}

// migrateTo2 changes nothing but, when the terms in force name a validator bond, has
// the validators who never posted one post it from their wallets (postFoundingBonds):
// an arena founded before bonds existed that votes one in holds every validator's by
// version 2.
func migrateTo2(s *State) []Event {
	if !s.terms.ValidatorBond.IsZero() {
		return postFoundingBonds(s)
	}
	return nil
}
