package main

import (
	"runtime/debug"

	"github.com/arena/arena/demo"
	"github.com/spf13/cobra"
)

// demoMemoryLimit is the soft limit on the Go heap of a demo that GOMEMLIMIT does not
// set: four validators in one process run the learning pairs at once, and without it the
// collector lets the heap grow to twice what is live between collections.
const demoMemoryLimit = 256 << 20

// limitDemoMemory sets demoMemoryLimit unless GOMEMLIMIT is set, and returns what puts
// the limit back.
func (a *app) limitDemoMemory() (restore func()) {
	if a.getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	old := debug.SetMemoryLimit(demoMemoryLimit)
	return func() { debug.SetMemoryLimit(old) }
}

func (a *app) demoCmd() *cobra.Command {
	var reader string
	var skip []string
	c := &cobra.Command{
		Use:   "demo",
		Short: "Run the end-to-end demo contest in --dir (default: a new temporary directory)",
		Long: "Runs three bundled contests on a fresh dev arena with four validators, through the real HTTP API:\n" +
			"an over-length entry thrown out by code and a held appeal, a reworded copy caught as a duplicate,\n" +
			"and a clean contest paid in three tiers, a team entry first by its split and the unfilled third\n" +
			"share back to the sponsor. Writes DIR/snapshot.json and DIR/board/index.html.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dir := a.dir
			if !cmd.Flags().Changed("dir") && a.getenv("ARENA_DIR") == "" {
				dir = ""
			}
			out := a.stdout
			if a.json {
				out = a.stderr
			}
			defer a.limitDemoMemory()()
			sum, err := demo.Run(cmd.Context(), demo.Options{Dir: dir, Out: out, ReaderOverride: reader, Skip: skip})
			if err != nil {
				return err
			}
			if a.json {
				return a.emit(sum, nil)
			}
			return nil
		},
	}
	c.Flags().StringVar(&reader, "reader", "", `replace every validator's reader, e.g. "replay:answers.json"`)
	// --skip is for tests that only need the demo's arena, not its slowest stories.
	c.Flags().StringSliceVar(&skip, "skip", nil, `stories not to play: "challenge", "learning"`)
	c.Flags().MarkHidden("skip")
	return c
}
