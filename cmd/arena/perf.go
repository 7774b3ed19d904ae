package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/demo"
	"github.com/spf13/cobra"
)

func (a *app) perfCmd() *cobra.Command {
	c := &cobra.Command{Use: "perf", Short: "Measure the node: ingest through the API, restart, the demo"}
	c.AddCommand(a.perfIngestCmd(), a.perfRestartCmd(), a.perfDemoCmd(), a.perfGradeCmd())
	return c
}

func (a *app) perfIngestCmd() *cobra.Command {
	var txs, clients, batch int
	var fees bool
	c := &cobra.Command{
		Use:   "ingest",
		Short: "Send pre-signed faucet transactions through the HTTP API from concurrent clients",
		Long: "Starts a dev node in a temporary directory (or targets the dev node --node names), signs\n" +
			"--txs faucet transactions from --clients keys beforehand, then sends them with one client per\n" +
			"key, each waiting for its receipt before its next, and reports tx/s and receipt latency, and\n" +
			"the signature ceiling: the cores times one core's signature checks a second, measured in\n" +
			"this process around the sends, with the share of it the ingest reached.\n" +
			"With --batch N each client sends N of its transactions at a time to POST /v1/txs, waiting\n" +
			"for all N receipts before its next N; every latency is then its batch's.\n" +
			"With --fees its arena charges a public arena's default fees and funds the keys at genesis.\n" +
			"Its own node admits the clients without the API's per-client limit: it measures the node.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if txs < clients || clients < 1 {
				return fmt.Errorf("--txs %d, --clients %d: want at least one transaction per client", txs, clients)
			}
			if batch < 0 || batch > wire.MaxBatch {
				return fmt.Errorf("--batch %d: want 0 (one transaction a request, POST /v1/tx) up to %d", batch, wire.MaxBatch)
			}
			rep, err := a.ingest(cmd.Context(), a.node != "", txs, clients, batch, fees)
			if err != nil {
				return err
			}
			return a.emit(rep, rep.print)
		},
	}
	c.Flags().IntVar(&txs, "txs", 20000, "transactions to send")
	c.Flags().IntVar(&clients, "clients", 64, "concurrent clients, each with its own key")
	c.Flags().IntVar(&batch, "batch", 0, "transactions a request, sent to POST /v1/txs; 0 sends each alone to POST /v1/tx")
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
	var rounds int
	c := &cobra.Command{
		Use:   "demo",
		Short: "Time `arena demo` in a temporary directory",
		Long: `Time ` + "`arena demo`" + ` in a temporary directory, under the demo's soft heap limit unless
GOMEMLIMIT is set. With --rounds N the contests are played N times on the one node, each
round by new people and checked on its own, and the process's resident memory is read
after each round: a long run of every kind, to see the node's memory stay bounded.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if rounds < 1 {
				return fmt.Errorf("--rounds must be at least 1, not %d", rounds)
			}
			defer a.limitDemoMemory()()
			rep, err := perfDemo(cmd.Context(), rounds)
			if err != nil {
				return err
			}
			return a.emit(rep, rep.print)
		},
	}
	c.Flags().IntVar(&rounds, "rounds", 1, "times to play the contests on the one node")
	return c
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

// procStatus returns the value of a memory line of /proc/self/status (VmRSS, VmHWM) in
// bytes, and false where the system has no such file or line.
func procStatus(key string) (uint64, bool) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	for line := range strings.Lines(string(b)) {
		k, v, ok := strings.Cut(line, ":")
		if !ok || k != key {
			continue
		}
		f := strings.Fields(v)
		if len(f) != 2 || f[1] != "kB" {
			return 0, false
		}
		n, err := strconv.ParseUint(f[0], 10, 64)
		return n << 10, err == nil
	}
	return 0, false
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
	// Rounds are the rounds of a --rounds run, and PeakRSS the process's peak resident
	// memory (VmHWM) over all of them; both only where /proc/self/status says.
	Rounds  []DemoRound `json:"rounds,omitempty"`
	PeakRSS uint64      `json:"peak_rss_bytes,omitempty"`
	Machine Machine     `json:"machine"`
}

// DemoRound is one round of a --rounds run: its wall time, the height after it, its
// stories, and the process's resident memory (VmRSS) once it was checked.
type DemoRound struct {
	Seconds float64 `json:"seconds"`
	Height  uint64  `json:"height"`
	Stories int     `json:"stories"`
	Held    int     `json:"held"`
	RSS     uint64  `json:"rss_bytes"`
}

func (r DemoReport) print(w io.Writer) {
	for i, rd := range r.Rounds {
		fmt.Fprintf(w, "round %d: %.2fs, height %d, %d/%d stories held, resident %s\n", i+1, rd.Seconds, rd.Height, rd.Held, rd.Stories, mib(rd.RSS))
	}
	fmt.Fprintf(w, "demo: %.2fs, %d blocks, %d/%d stories held\n", r.Seconds, r.Height, r.Held, r.Stories)
	if r.PeakRSS > 0 {
		fmt.Fprintf(w, "peak resident: %s\n", mib(r.PeakRSS))
	}
	for _, s := range r.Missed {
		fmt.Fprintf(w, "  did not hold: %s: %s\n", s.Name, s.Detail)
	}
	fmt.Fprintf(w, "machine: %s\n", r.Machine)
}

// mib writes n bytes in MiB with one decimal.
func mib(n uint64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }

// perfDemo times the demo's rounds in a temporary directory it then removes; with more
// than one round it reads the process's resident memory after each.
func perfDemo(ctx context.Context, rounds int) (DemoReport, error) {
	dir, err := os.MkdirTemp("", "arena-perf-demo-")
	if err != nil {
		return DemoReport{}, fmt.Errorf("perf directory: %w", err)
	}
	defer os.RemoveAll(dir)
	var rds []DemoRound
	after := func(_ int, s demo.Summary) {
		rd := DemoRound{Seconds: s.Elapsed.Seconds(), Height: s.Height, Stories: len(s.Stories)}
		for _, st := range s.Stories {
			if st.Held {
				rd.Held++
			}
		}
		rd.RSS, _ = procStatus("VmRSS")
		rds = append(rds, rd)
	}
	start := time.Now()
	sum, err := demo.Run(ctx, demo.Options{Dir: filepath.Join(dir, "arena"), Rounds: rounds, AfterRound: after})
	if err != nil {
		return DemoReport{}, err
	}
	rep := DemoReport{Perf: "demo", Seconds: time.Since(start).Seconds(), Height: sum.Height, Stories: len(sum.Stories), Machine: thisMachine()}
	if rounds > 1 {
		rep.Rounds = rds
		rep.PeakRSS, _ = procStatus("VmHWM")
	}
	for _, s := range sum.Stories {
		if s.Held {
			rep.Held++
		} else {
			rep.Missed = append(rep.Missed, s)
		}
	}
	return rep, nil
}
