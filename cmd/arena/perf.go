package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/arena/arena/demo"
	"github.com/spf13/cobra"
)

func (a *app) perfCmd() *cobra.Command {
	c := &cobra.Command{Use: "perf", Short: "Measure the node: ingest through the API, restart, the demo"}
	c.AddCommand(a.perfIngestCmd(), a.perfRestartCmd(), a.perfDemoCmd(), a.perfGradeCmd())
	return c
}

func (a *app) perfIngestCmd() *cobra.Command {
	var txs, clients int
	var fees bool
	c := &cobra.Command{
		Use:   "ingest",
		Short: "Send pre-signed faucet transactions through the HTTP API from concurrent clients",
		Long: "Starts a dev node in a temporary directory (or targets the dev node --node names), signs\n" +
			"--txs faucet transactions from --clients keys beforehand, then sends them with one client per\n" +
			"key, each waiting for its receipt before its next, and reports tx/s and receipt latency, and\n" +
			"the signature ceiling: the cores times one core's signature checks a second, measured in\n" +
			"this process around the sends, with the share of it the ingest reached.\n" +
			"With --fees its arena charges a public arena's default fees and funds the keys at genesis.\n" +
			"Its own node admits the clients without the API's per-client limit: it measures the node.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if txs < clients || clients < 1 {
				return fmt.Errorf("--txs %d, --clients %d: want at least one transaction per client", txs, clients)
			}
			rep, err := a.ingest(cmd.Context(), a.node != "", txs, clients, fees)
			if err != nil {
				return err
			}
			return a.emit(rep, rep.print)
		},
	}
	c.Flags().IntVar(&txs, "txs", 20000, "transactions to send")
	c.Flags().IntVar(&clients, "clients", 64, "concurrent clients, each with its own key")
	c.Flags().BoolVar(&fees, "fees", false, "found the measured arena with a public arena's default fees (not with --node)")
	return c
}

func (a *app) perfRestartCmd() *cobra.Command {
	var txs, clients int
	var verify bool
	c := &cobra.Command{
		Use:   "restart",
		Short: "Time reopening a node whose log holds --txs transactions",
		Long: "Builds a dev arena's log by submitting --txs faucet transactions to the engine directly (no\n" +
			"HTTP), closes it, then times opening the node on it, and with --verify replaying it from genesis.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if txs < clients || clients < 1 {
				return fmt.Errorf("--txs %d, --clients %d: want at least one transaction per client", txs, clients)
			}
			rep, err := perfRestart(cmd.Context(), txs, clients, verify)
			if err != nil {
				return err
			}
			return a.emit(rep, rep.print)
		},
	}
	c.Flags().IntVar(&txs, "txs", 100000, "transactions in the log")
	c.Flags().IntVar(&clients, "clients", 64, "concurrent submitters while the log is built")
	c.Flags().BoolVar(&verify, "verify", true, `also time "arena verify" on the log`)
	return c
}

func (a *app) perfDemoCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "demo",
		Short: "Time `arena demo` in a temporary directory",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rep, err := perfDemo(cmd.Context())
			if err != nil {
				return err
			}
			return a.emit(rep, rep.print)
		},
	}
}

// Machine is where a measurement ran.
type Machine struct {
	CPUs  int    `json:"cpus"`
	OS    string `json:"os"`
	Arch  string `json:"arch"`
	Model string `json:"cpu_model,omitempty"` // from /proc/cpuinfo when readable
	Go    string `json:"go"`
}

func thisMachine() Machine {
	return Machine{CPUs: runtime.NumCPU(), OS: runtime.GOOS, Arch: runtime.GOARCH, Model: cpuModel(), Go: runtime.Version()}
}

func (m Machine) String() string {
	model := m.Model
	if model == "" {
		model = "unknown CPU"
	}
	return fmt.Sprintf("%d CPUs, %s/%s, %s, %s", m.CPUs, m.OS, m.Arch, model, m.Go)
}

// cpuModel returns the first "model name" of /proc/cpuinfo, or "".
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// DemoReport is what `arena perf demo` measured.
type DemoReport struct {
	Perf    string       `json:"perf"` // "demo"
	Seconds float64      `json:"seconds"`
	Height  uint64       `json:"height"` // blocks the demo committed
	Stories int          `json:"stories"`
	Held    int          `json:"held"`             // stories that happened as told
	Missed  []demo.Story `json:"missed,omitempty"` // the stories that did not, with what happened instead
	Machine Machine      `json:"machine"`
}

func (r DemoReport) print(w io.Writer) {
	fmt.Fprintf(w, "demo: %.2fs, %d blocks, %d/%d stories held\n", r.Seconds, r.Height, r.Held, r.Stories)
	for _, s := range r.Missed {
		fmt.Fprintf(w, "  did not hold: %s: %s\n", s.Name, s.Detail)
	}
	fmt.Fprintf(w, "machine: %s\n", r.Machine)
}

// perfDemo times the demo in a temporary directory it then removes.
func perfDemo(ctx context.Context) (DemoReport, error) {
	dir, err := os.MkdirTemp("", "arena-perf-demo-")
	if err != nil {
		return DemoReport{}, fmt.Errorf("perf directory: %w", err)
	}
	defer os.RemoveAll(dir)
	start := time.Now()
	sum, err := demo.Run(ctx, demo.Options{Dir: filepath.Join(dir, "arena")})
	if err != nil {
		return DemoReport{}, err
	}
	rep := DemoReport{Perf: "demo", Seconds: time.Since(start).Seconds(), Height: sum.Height, Stories: len(sum.Stories), Machine: thisMachine()}
	for _, s := range sum.Stories {
		if s.Held {
			rep.Held++
		} else {
			rep.Missed = append(rep.Missed, s)
		}
	}
	return rep, nil
}
