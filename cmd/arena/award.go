package main

import (
	"fmt"

	"github.com/arena/arena/ledger"
	"github.com/spf13/cobra"
)

func (a *app) awardCmd() *cobra.Command {
	var task uint64
	c := &cobra.Command{
		Use:   "award --task N",
		Short: "Settle a task after close and every appeal window: pay the winner or void it",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rc, err := a.send(cmd.Context(), ledger.Amount{}, ledger.Award{Task: ledger.TaskID(task)})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, awardLine(ledger.TaskID(task), rc.Outcome.Events))
		},
	}
	c.Flags().Uint64Var(&task, "task", 0, "task id")
	c.MarkFlagRequired("task")
	return c
}

// awardLine describes what an award did, from its events.
func awardLine(task ledger.TaskID, evs []ledger.Event) string {
	for _, e := range evs {
		switch {
		case e.Type == "award" && e.Entry != 0:
			return fmt.Sprintf("awarded task %d to entry %d at score %d", task, e.Entry, e.Score)
		case e.Type == "award" || e.Type == "task_voided":
			return fmt.Sprintf("voided task %d: no eligible entry", task)
		}
	}
	return fmt.Sprintf("settled task %d", task)
}
