package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/govern"
	"github.com/arena/arena/node"
)

// defaultVoteBlocks is how many blocks a join or a removal takes votes for unless
// --deadline says otherwise.
const defaultVoteBlocks = 100

// validatorCmd groups the verbs that change the validator set after genesis.
func (a *app) validatorCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "validator",
		Short: "Join, leave or change the validator set after genesis; report a validator's equivocation",
		Long: "An operator with a join statement (arena operator init) joins by sending it from its grading\n" +
			"address with the validator bond; the validators in force vote on it (arena vote).\n" +
			"A validator leaves with exit, or is removed by a vote another proposes; its bond comes back\n" +
			"once the terms' unbonding blocks have passed. Anyone may report two conflicting attestations\n" +
			"one validator signed: it loses the terms' slash share of its bond and its place, for good.",
	}
	c.AddCommand(a.validatorListCmd(), a.validatorJoinCmd(), a.validatorExitCmd(), a.validatorRemoveCmd(),
		a.validatorReportCmd())
	return c
}

func (a *app) validatorListCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "Every validator's record: grading address, status, bond, and any slash",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			c, err := a.client()
			if err != nil {
				return err
			}
			vs, err := c.Validators(cmd.Context())
			if err != nil {
				return err
			}
			return a.emit(vs, func(w io.Writer) { printValidators(w, vs) })
		},
	}
}

// printValidators writes one line per validator record.
func printValidators(w io.Writer, vs []ledger.ValidatorView) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "VALIDATOR\tNAME\tSTATUS\tBOND\tSLASHED")
	for _, v := range vs {
		name, slashed := v.Name, "-"
		if name == "" {
			name = "-"
		}
		if v.Slashed != nil {
			slashed = formatAmount(*v.Slashed) + " (" + v.Tombstone + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", v.Address, name, v.Status, formatAmount(v.Bond), slashed)
	}
	tw.Flush()
}

// deadlineIn returns the height blocks after the arena's.
func deadlineIn(ctx context.Context, c *client.Client, blocks uint64) (uint64, error) {
	ar, err := c.Arena(ctx)
	if err != nil {
		return 0, err
	}
	return ar.Height + 1 + blocks, nil
}

func (a *app) validatorJoinCmd() *cobra.Command {
	var statement, bond string
	var blocks uint64
	c := &cobra.Command{
		Use:   "join [--statement FILE] [--bond AMOUNT] [--deadline BLOCKS]",
		Short: "Ask to join the validator set: send the join statement from its grading address with the validator bond",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if statement == "" {
				statement = filepath.Join(a.dir, node.JoinFile)
			}
			j, err := node.ReadJoin(statement)
			if err != nil {
				return err
			}
			c, err := a.client()
			if err != nil {
				return err
			}
			value, err := a.bondOf(cmd.Context(), c, bond)
			if err != nil {
				return err
			}
			d, err := deadlineIn(cmd.Context(), c, blocks)
			if err != nil {
				return err
			}
			rc, err := a.send(cmd.Context(), value, ledger.JoinValidator{Join: j, Deadline: d})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, fmt.Sprintf("asked to join as %s with a bond of %s: proposal %d takes votes until height %d", j.GradingAddress, formatAmount(value), rc.Outcome.Created, d))
		},
	}
	f := c.Flags()
	f.StringVar(&statement, "statement", "", "the join statement (default: --dir's join.json)")
	f.StringVar(&bond, "bond", "", `the validator bond, in whole units or "atto:N" (default: the terms in force's)`)
	f.Uint64Var(&blocks, "deadline", defaultVoteBlocks, "blocks the validators have to vote")
	return c
}

// bondOf parses --bond, defaulting to the validator bond of the terms in force.
func (a *app) bondOf(ctx context.Context, c *client.Client, bond string) (ledger.Amount, error) {
	if bond != "" {
		v, err := parseAmount(bond)
		if err != nil {
			return v, fmt.Errorf("--bond: %w", err)
		}
		return v, nil
	}
	g, err := c.Governance(ctx)
	if err != nil {
		return ledger.Amount{}, err
	}
	return g.InForce.ValidatorBond, nil
}

func (a *app) validatorExitCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "exit",
		Short: "Leave the validator set at the next height; the bond comes back after the unbonding blocks",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rc, err := a.send(cmd.Context(), ledger.Amount{}, ledger.ExitValidator{})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, "leaving the validator set at the next height")
		},
	}
}

func (a *app) validatorRemoveCmd() *cobra.Command {
	var blocks uint64
	c := &cobra.Command{
		Use:   "remove ADDRESS [--deadline BLOCKS]",
		Short: "Propose that the validators vote another validator out of the set",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			v, err := ledger.ParseAddress(args[0])
			if err != nil {
				return fmt.Errorf("validator: %w", err)
			}
			c, err := a.client()
			if err != nil {
				return err
			}
			d, err := deadlineIn(cmd.Context(), c, blocks)
			if err != nil {
				return err
			}
			rc, err := a.send(cmd.Context(), ledger.Amount{}, govern.ProposeRemoval{Validator: v, Deadline: d})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, fmt.Sprintf("proposed the removal of %s: proposal %d takes votes until height %d", v, rc.Outcome.Created, d))
		},
	}
	c.Flags().Uint64Var(&blocks, "deadline", defaultVoteBlocks, "blocks the validators have to vote")
	return c
}

func (a *app) validatorReportCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "report FIRST SECOND",
		Short: "Report two conflicting attestations one validator signed (files holding each signed transaction)",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			var wires [2][]byte
			for i, path := range args {
				b, err := os.ReadFile(path)
				if err != nil {
					return fmt.Errorf("attestation: %w", err)
				}
				wires[i] = b
			}
			rc, err := a.send(cmd.Context(), ledger.Amount{}, ledger.ReportEquivocation{First: wires[0], Second: wires[1]})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, "reported the equivocation: the validator is slashed")
		},
	}
}
