package board

import (
	"fmt"
	"strings"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/govern"
)

// governanceSection is the board's governance section: the protocol version in force,
// the upgrade waiting for its height, and every proposal with its votes. Shown once the
// arena has made a proposal.
type governanceSection struct {
	Shown      bool
	Version    uint64
	Needed     int
	Of         int
	Next       string // what the adopted upgrade does at its height; "" for none
	Proposals  []proposalRow
	Validators []validatorRow // every validator's record, once the set changed or a bond was posted
}

// proposalRow is one proposal as the board lists it.
type proposalRow struct {
	ID                    uint64
	Action, What, By      string
	Votes, Status, Opened string
	Voters                []string
}

// governanceOf builds the section from the snapshot's governance view and validator
// records.
func governanceOf(s *ledger.Snapshot) governanceSection {
	g := s.Governance
	if g == nil && len(s.Validators) == 0 {
		return governanceSection{}
	}
	sec := governanceSection{Shown: true, Validators: validatorRows(s.Validators, s.Arena.Terms.Symbol)}
	if g == nil {
		return sec
	}
	sec.Version, sec.Needed, sec.Of = g.Version, g.Needed, len(g.Validators)
	if p := g.Next; p != nil {
		sec.Next = fmt.Sprintf("from height %d every block is applied under protocol version %d (proposal %d; operators install %s before it)", p.Height, p.Version, p.ID, p.Release)
	}
	for _, p := range g.Proposals {
		row := proposalRow{ID: p.ID, Action: p.Action, What: p.Summary(), By: p.Proposer.String(),
			Votes: fmt.Sprintf("%d of %d", len(p.Votes), p.Needed), Status: proposalStatus(p), Opened: fmt.Sprintf("%d", p.Opened)}
		for _, v := range p.Votes {
			row.Voters = append(row.Voters, v.String())
		}
		sec.Proposals = append(sec.Proposals, row)
	}
	return sec
}

// proposalStatus says where a proposal stands, with its height.
func proposalStatus(p ledger.Proposal) string {
	switch p.Status {
	case govern.Open:
		return fmt.Sprintf("open: votes count until height %d", p.Deadline)
	case govern.Adopted:
		return fmt.Sprintf("adopted at height %d: takes effect at height %d", p.Adopted, p.Height)
	case govern.Done:
		return fmt.Sprintf("took effect at height %d", p.Closed)
	}
	return fmt.Sprintf("%s at height %d", p.Status, p.Closed)
}

// validatorRow is one validator's record as the board lists it.
type validatorRow struct {
	Addr, Name, Bond, Status, When, Slashed string
}

// validatorRows lists the snapshot's validator records, founders first.
func validatorRows(vs []ledger.ValidatorView, sym string) []validatorRow {
	rows := make([]validatorRow, 0, len(vs))
	for _, v := range vs {
		r := validatorRow{Addr: v.Address.String(), Name: v.Name, Bond: money(v.Bond, sym), Status: v.Status, When: validatorWhen(v)}
		if v.Slashed != nil {
			r.Slashed = money(*v.Slashed, sym)
			if v.Tombstone != "" {
				r.Slashed += " for " + v.Tombstone
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// validatorWhen says when a validator joined, leaves and has its bond back.
func validatorWhen(v ledger.ValidatorView) string {
	var parts []string
	if v.Joined == 0 {
		parts = append(parts, "founder")
	} else {
		parts = append(parts, fmt.Sprintf("joined at height %d (proposal %d)", v.Joined, v.Proposal))
	}
	if v.Leaves > 0 {
		parts = append(parts, fmt.Sprintf("leaves the set at height %d", v.Leaves))
	}
	if v.Returns > 0 {
		parts = append(parts, fmt.Sprintf("bond back at height %d", v.Returns))
	}
	return strings.Join(parts, "; ")
}
