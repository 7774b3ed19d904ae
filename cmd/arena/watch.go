package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/arena/arena/client"
	"github.com/spf13/cobra"
)

// watchRetry is how long watch waits before reconnecting to a node that went away.
const watchRetry = time.Second

func (a *app) watchCmd() *cobra.Command {
	var since int64
	c := &cobra.Command{
		Use:   "watch",
		Short: "Follow the node's events: blocks, rounds, attestations, grades, awards",
		Long: "Follow the node's events. When the node goes away, watch reconnects and resumes\n" +
			"after the last block it printed, so no event is missed or printed twice.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return a.watch(cmd.Context(), since) },
	}
	c.Flags().Int64Var(&since, "since", -1, "replay the events of the blocks after this height first")
	return c
}

// watch prints events until ctx ends. The first connection's failure is returned; after
// that, a lost stream is reopened from the last height printed, finding the node again
// (a restarted node may listen on a new port).
func (a *app) watch(ctx context.Context, since int64) error {
	for first := true; ; first = false {
		evs, err := a.openEvents(ctx, since)
		if err != nil && first {
			return err
		}
		if err != nil { // the node is not back yet: ranging over no stream would block for good
			evs = closed
		}
		for ev := range evs {
			a.printEvent(ev)
			if h, err := ev.Height(); err == nil {
				since = int64(h)
			}
		}
		if ctx.Err() != nil {
			return nil
		}
		fmt.Fprintf(a.stderr, "arena watch: stream ended; reconnecting in %s\n", watchRetry)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(watchRetry):
		}
	}
}

// closed is a stream that has ended.
var closed = func() chan client.Event { c := make(chan client.Event); close(c); return c }()

func (a *app) printEvent(ev client.Event) {
	if a.json {
		b, _ := json.Marshal(map[string]any{"id": ev.ID, "type": ev.Type, "data": ev.Data})
		fmt.Fprintf(a.stdout, "%s\n", b)
		return
	}
	fmt.Fprintf(a.stdout, "%s %s %s\n", ev.ID, ev.Type, ev.Data)
}

// openEvents opens the node's event stream, resuming after height since when it is not
// negative.
func (a *app) openEvents(ctx context.Context, since int64) (<-chan client.Event, error) {
	cl, err := a.client()
	if err != nil {
		return nil, err
	}
	if since >= 0 {
		return cl.EventsSince(ctx, uint64(since))
	}
	return cl.Events(ctx)
}
