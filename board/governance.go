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
	Shown     bool
	Version   uint64
	Needed    int
	Of        int
	Next      string // what the adopted upgrade does at its height; "" for none
	Proposals []proposalRow
}

// proposalRow is one proposal as the board lists it.
type proposalRow struct {
	ID                    uint64
	Action, What, By      string
	Votes, Status, Opened string
	Voters                []string
}

// governanceOf builds the section from the snapshot's governance view.
func governanceOf(g *ledger.Governance) governanceSection {
	if g == nil {
		return governanceSection{}
	}
	sec := governanceSection{Shown: true, Version: g.Version, Needed: g.Needed, Of: len(g.Validators)}
	if p := g.Next; p != nil {
		sec.Next = fmt.Sprintf("from height %d every block is applied under protocol version %d (proposal %d; operators install %s before it)", p.Height, p.Version, p.ID, p.Release)
	}
	for _, p := range g.Proposals {
		row := proposalRow{ID: p.ID, Action: p.Action, What: proposalWhat(p), By: p.Proposer.String(),
			Votes: fmt.Sprintf("%d of %d", len(p.Votes), p.Needed), Status: proposalStatus(p), Opened: fmt.Sprintf("%d", p.Opened)}
		for _, v := range p.Votes {
			row.Voters = append(row.Voters, v.String())
		}
		sec.Proposals = append(sec.Proposals, row)
	}
	return sec
}

// proposalWhat says what a proposal does, and where.
func proposalWhat(p ledger.Proposal) string {
	switch p.Action {
	case govern.ActionUpgrade:
		return fmt.Sprintf("protocol version %d from height %d (release %s)", p.Version, p.Height, p.Release)
	case govern.ActionCancel:
		return fmt.Sprintf("cancel upgrade proposal %d", p.Target)
	}
	parts := make([]string, len(p.Set))
	for i, s := range p.Set {
		parts[i] = s.Term + " = " + s.Value
	}
	return strings.Join(parts, ", ") + fmt.Sprintf(" from height %d", p.Height)
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
