package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"
)

func (a *app) watchCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "watch",
		Short: "Follow the node's events: blocks, rounds, attestations, grades, awards",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			c, err := a.client()
			if err != nil {
				return err
			}
			evs, err := c.Events(cmd.Context())
			if err != nil {
				return err
			}
			for ev := range evs {
				if a.json {
					b, _ := json.Marshal(map[string]any{"id": ev.ID, "type": ev.Type, "data": ev.Data})
					fmt.Fprintf(a.stdout, "%s\n", b)
					continue
				}
				fmt.Fprintf(a.stdout, "%s %s %s\n", ev.ID, ev.Type, ev.Data)
			}
			return nil
		},
	}
}
