package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/govern"
)

// amountTerms are the changeable terms whose value is an amount: the CLI reads them in
// whole units, as every amount flag, and sends them in atto.
var amountTerms = []string{"entry_bond", "appeal_bond", "operator_bond", "fee_per_tx", "fee_per_byte", "grading_fee"}

// upgradeCmd is `arena upgrade propose|cancel`: a validator proposes that the protocol
// move to its next version at a height, or that an upgrade be cancelled before it.
func (a *app) upgradeCmd() *cobra.Command {
	c := &cobra.Command{Use: "upgrade propose|cancel", Short: "Propose an upgrade of the protocol at a height, or cancel one before its height"}
	var version, height, deadline uint64
	var release string
	propose := &cobra.Command{
		Use:   "propose --version V --height H --release R [--deadline D]",
		Short: "Propose, as a validator, that blocks from height H be applied under protocol version V (the release operators install carries it)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !ledger.Knows(version) {
				return fmt.Errorf("this binary knows protocol versions %d to %d, not %d: propose with a release that carries it", ledger.FirstVersion, ledger.KnownVersion(), version)
			}
			d := deadline
			if d == 0 && height > 0 {
				d = height - 1
			}
			body := govern.ProposeUpgrade{Version: version, Height: height, Release: release, Deadline: d}
			rc, err := a.send(cmd.Context(), ledger.Amount{}, body)
			if err != nil {
				return err
			}
			return a.printReceipt(rc, fmt.Sprintf("proposed upgrade %d: protocol version %d at height %d (%s), votes until height %d%s", rc.Outcome.Created, version, height, release, d, adoption(rc.Outcome.Events)))
		},
	}
	propose.Flags().Uint64Var(&version, "version", 0, "the protocol version blocks are applied under from the height on: the next one")
	propose.Flags().Uint64Var(&height, "height", 0, "the first height applied under the new version")
	propose.Flags().StringVar(&release, "release", "", "the release operators install before the height (a version tag or URL)")
	propose.Flags().Uint64Var(&deadline, "deadline", 0, "the last height a vote counts at (default: the block before the height)")
	for _, f := range []string{"version", "height", "release"} {
		propose.MarkFlagRequired(f)
	}
	var target, cancelBy uint64
	cancel := &cobra.Command{
		Use:   "cancel --proposal N [--deadline D]",
		Short: "Propose, as a validator, that upgrade proposal N be cancelled before its height",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			d := cancelBy
			if d == 0 {
				g, err := a.governance(cmd.Context())
				if err != nil {
					return err
				}
				if i := slices.IndexFunc(g.Proposals, func(p ledger.Proposal) bool { return p.ID == target }); i >= 0 && g.Proposals[i].Height > 0 {
					d = g.Proposals[i].Height - 1
				}
			}
			rc, err := a.send(cmd.Context(), ledger.Amount{}, govern.ProposeCancel{Proposal: target, Deadline: d})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, fmt.Sprintf("proposed %d: cancel upgrade %d, votes until height %d%s", rc.Outcome.Created, target, d, adoption(rc.Outcome.Events)))
		},
	}
	cancel.Flags().Uint64Var(&target, "proposal", 0, "the upgrade proposal to cancel")
	cancel.Flags().Uint64Var(&cancelBy, "deadline", 0, "the last height a vote counts at (default: the block before the upgrade's height)")
	cancel.MarkFlagRequired("proposal")
	c.AddCommand(propose, cancel)
	return c
}

// termsCmd is `arena terms propose`: a validator proposes changes of the terms that
// may change, in force from a height.
func (a *app) termsCmd() *cobra.Command {
	c := &cobra.Command{Use: "terms propose", Short: "Propose changes of the arena's terms (fees, bonds, windows, committee, quorum...) in force from a height"}
	var sets []string
	var height, deadline uint64
	propose := &cobra.Command{
		Use:   "propose --set TERM=VALUE... --height H [--deadline D]",
		Short: "Propose, as a validator, that the terms given take effect at height H; amounts in whole units, windows in seconds",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			set, err := settings(sets)
			if err != nil {
				return err
			}
			d := deadline
			if d == 0 && height > 0 {
				d = height - 1
			}
			rc, err := a.send(cmd.Context(), ledger.Amount{}, govern.ProposeTerms{Set: set, Height: height, Deadline: d})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, fmt.Sprintf("proposed %d: %s at height %d, votes until height %d%s", rc.Outcome.Created, strings.Join(sets, ", "), height, d, adoption(rc.Outcome.Events)))
		},
	}
	propose.Flags().StringArrayVar(&sets, "set", nil, "TERM=VALUE, a term by its name in the founding terms (repeatable)")
	propose.Flags().Uint64Var(&height, "height", 0, "the first height the changes apply at")
	propose.Flags().Uint64Var(&deadline, "deadline", 0, "the last height a vote counts at (default: the block before the height)")
	propose.MarkFlagRequired("set")
	propose.MarkFlagRequired("height")
	c.AddCommand(propose)
	return c
}

// settings reads --set flags; an amount term's value is whole units, sent in atto.
func settings(sets []string) ([]govern.Setting, error) {
	out := make([]govern.Setting, 0, len(sets))
	for _, s := range sets {
		term, value, ok := strings.Cut(s, "=")
		if !ok || term == "" {
			return nil, fmt.Errorf("--set %q: want TERM=VALUE, as entry_bond=7 or appeal_window_s=3600", s)
		}
		if slices.Contains(amountTerms, term) {
			amt, err := parseAmount(value)
			if err != nil {
				return nil, fmt.Errorf("--set %s: %w", term, err)
			}
			value = amt.String()
		}
		out = append(out, govern.Setting{Term: term, Value: value})
	}
	return out, nil
}

// voteCmd is `arena vote --proposal N`: a validator signs a proposal.
func (a *app) voteCmd() *cobra.Command {
	var id uint64
	c := &cobra.Command{
		Use:   "vote --proposal N",
		Short: "Vote, as a validator, for governance proposal N; more than two thirds of the validators adopt it",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rc, err := a.send(cmd.Context(), ledger.Amount{}, govern.Vote{Proposal: id})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, fmt.Sprintf("voted for proposal %d%s", id, adoption(rc.Outcome.Events)))
		},
	}
	c.Flags().Uint64Var(&id, "proposal", 0, "the proposal")
	c.MarkFlagRequired("proposal")
	return c
}

// adoption says what a proposal or vote's events did beyond counting.
func adoption(evs []ledger.Event) string {
	var out []string
	for _, e := range evs {
		switch e.Type {
		case "proposal_adopted":
			out = append(out, fmt.Sprintf("proposal %d adopted", e.Proposal))
		case "proposal_cancelled":
			out = append(out, fmt.Sprintf("proposal %d cancelled", e.Proposal))
		}
	}
	if len(out) == 0 {
		return ""
	}
	return ": " + strings.Join(out, ", ")
}

// governance reads the node's governance view.
func (a *app) governance(ctx context.Context) (ledger.Governance, error) {
	c, err := a.client()
	if err != nil {
		return ledger.Governance{}, err
	}
	return c.Governance(ctx)
}

// showGovernance is `arena show governance`: the version in force, what waits for its
// height, and every proposal with its votes.
func (a *app) showGovernance(ctx context.Context, c *client.Client, _ string) error {
	g, err := c.Governance(ctx)
	if err != nil {
		return err
	}
	return a.emit(g, func(w io.Writer) { printGovernance(w, g) })
}

// printGovernance writes the governance view for people.
func printGovernance(w io.Writer, g ledger.Governance) {
	fmt.Fprintf(w, "height %d, protocol version %d (this node's binary knows 1 to %d), %d validators, %d votes adopt a proposal, %d blocks' notice\n",
		g.Height, g.Version, g.Knows, len(g.Validators), g.Needed, g.Notice)
	if p := g.Next; p != nil {
		fmt.Fprintf(w, "next: protocol version %d at height %d (proposal %d, release %s)", p.Version, p.Height, p.ID, p.Release)
		if p.Version > g.Knows {
			fmt.Fprintf(w, ": this node stops there until its operator installs the release")
		}
		fmt.Fprintln(w)
	}
	if len(g.Proposals) == 0 {
		fmt.Fprintln(w, "no proposals")
		return
	}
	for _, p := range g.Proposals {
		fmt.Fprintf(w, "proposal %d %s by %s at height %d: %s; %d of %d votes", p.ID, p.Action, p.Proposer, p.Opened, p.Summary(), len(p.Votes), p.Needed)
		switch p.Status {
		case govern.Open:
			fmt.Fprintf(w, ", open until height %d\n", p.Deadline)
		case govern.Adopted:
			fmt.Fprintf(w, ", adopted at height %d, takes effect at height %d\n", p.Adopted, p.Height)
		default:
			fmt.Fprintf(w, ", %s at height %d\n", p.Status, p.Closed)
		}
	}
}
