package main

import (
	"bytes"
	"context"
	"encoding/json"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/arena/arena/node"
)

// perfJSON runs `arena perf ...args --json` in process and decodes its report.
func perfJSON(t *testing.T, v any, args ...string) {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(t.Context(), append(append([]string{"perf"}, args...), "--json"), nil, &out, &errb); code != 0 {
		t.Fatalf("arena perf %v: exit %d: %s", args, code, errb.String())
	}
	if err := json.Unmarshal(out.Bytes(), v); err != nil {
		t.Fatalf("arena perf %v --json: %v\n%s", args, err, out.String())
	}
}

// checkIngest checks the shape of an ingest report for n transactions from c clients.
func checkIngest(t *testing.T, r IngestReport, n, c int) {
	t.Helper()
	switch {
	case r.Perf != "ingest" || r.Kind != "faucet" || r.Txs != n || r.Clients != c:
		t.Errorf("report %+v, want ingest of %d faucet txs from %d clients", r, n, c)
	case r.Blocks < 1 || r.Blocks > uint64(n):
		t.Errorf("%d blocks for %d txs, want between 1 and %d", r.Blocks, n, n)
	case r.Seconds <= 0 || r.TxPerS <= 0:
		t.Errorf("%.3fs and %.0f tx/s, want both positive", r.Seconds, r.TxPerS)
	case !(0 < r.P50Ms && r.P50Ms <= r.P99Ms && r.P99Ms <= r.MaxMs):
		t.Errorf("latency p50 %.2f, p99 %.2f, max %.2f ms: want 0 < p50 <= p99 <= max", r.P50Ms, r.P99Ms, r.MaxMs)
	case r.Machine.CPUs != runtime.NumCPU() || r.Machine.OS != runtime.GOOS || r.Machine.Arch != runtime.GOARCH:
		t.Errorf("machine %+v, want this one", r.Machine)
	case r.Cores != runtime.GOMAXPROCS(0) || r.SigsPerCoreS <= 0:
		t.Errorf("ceiling of %d cores at %.0f checks/s, want %d cores and a positive rate", r.Cores, r.SigsPerCoreS, runtime.GOMAXPROCS(0))
	case runtime.GOOS == "linux" && !(r.CPUSeconds > 0 && r.CPUShare == r.CPUSeconds/(r.Seconds*float64(r.Cores))):
		t.Errorf("cpu %.3fs, share %.3f over %.3fs of %d cores: want the process's CPU time and its share", r.CPUSeconds, r.CPUShare, r.Seconds, r.Cores)
	case r.CeilingTxS != float64(r.Cores)*r.SigsPerCoreS || r.OfCeiling != r.TxPerS/r.CeilingTxS:
		t.Errorf("ceiling %.0f tx/s and share %.4f, want cores x checks/s = %.0f and tx/s / ceiling = %.4f",
			r.CeilingTxS, r.OfCeiling, float64(r.Cores)*r.SigsPerCoreS, r.TxPerS/(float64(r.Cores)*r.SigsPerCoreS))
	}
}

// TestPerfIngestReportsItsFigures: `arena perf ingest --json` on a dev node of its own
// reports every transaction it was asked to send, from as many clients, with ordered
// latency quantiles, the signature ceiling it measured and its share of it, and the
// machine it ran on.
func TestPerfIngestReportsItsFigures(t *testing.T) {
	var r IngestReport
	perfJSON(t, &r, "ingest", "--txs", "60", "--clients", "3")
	checkIngest(t, r, 60, 3)
}

// TestPerfIngestInBatchesSendsEveryTransaction: with --batch each client sends its
// transactions several at a time to POST /v1/txs (the last batch shorter), every one is
// applied (a refusal would stop the measurement) and the report says how it sent them.
// A batch larger than the API takes is refused before anything is sent.
func TestPerfIngestInBatchesSendsEveryTransaction(t *testing.T) {
	var r IngestReport
	perfJSON(t, &r, "ingest", "--txs", "70", "--clients", "3", "--batch", "8")
	checkIngest(t, r, 70, 3)
	if r.Batch != 8 {
		t.Errorf("report says batch %d, want 8", r.Batch)
	}
	var out, errb bytes.Buffer
	code := run(t.Context(), []string{"perf", "ingest", "--batch", "65"}, nil, &out, &errb)
	if want := "--batch 65: want 0 (one transaction a request, POST /v1/tx) up to 64"; code == 0 || !strings.Contains(errb.String(), want) {
		t.Errorf("--batch 65: exit %d, %q; want a refusal saying %q", code, errb.String(), want)
	}
}

// TestPerfIngestWithFeesPaysThem: `arena perf ingest --fees` founds its arena with a
// public arena's default fees, which its funded keys pay on every transaction (a key
// that could not pay would stop the measurement), and says so; without --fees it says off.
func TestPerfIngestWithFeesPaysThem(t *testing.T) {
	var on, off IngestReport
	perfJSON(t, &on, "ingest", "--fees", "--txs", "30", "--clients", "3")
	checkIngest(t, on, 30, 3)
	perfJSON(t, &off, "ingest", "--txs", "30", "--clients", "3")
	if on.Fees != "0.001 a transaction + 0.000001 a byte" || off.Fees != "off" {
		t.Errorf("fees reported %q with --fees and %q without, want the default schedule and off", on.Fees, off.Fees)
	}
}

// TestPerfIngestTargetsANode: with --node, the measurement sends to that node, whose height
// then counts the blocks the report names.
func TestPerfIngestTargetsANode(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	stop, url, err := serveDevNode(ctx, t.TempDir(), func(string) string { return "" }, node.Terms{Name: "perf", DevMode: true})
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	var r IngestReport
	perfJSON(t, &r, "ingest", "--node", url, "--txs", "20", "--clients", "2")
	checkIngest(t, r, 20, 2)
	if r.Node != url {
		t.Errorf("report names node %s, want %s", r.Node, url)
	}
}

// TestPerfRestartReopensTheLogItBuilt: `arena perf restart` builds a log of exactly
// --txs transactions through the engine, and times reopening and verifying it.
func TestPerfRestartReopensTheLogItBuilt(t *testing.T) {
	var r RestartReport
	perfJSON(t, &r, "restart", "--txs", "200", "--clients", "4")
	if r.Perf != "restart" || r.Txs != 200 || r.Blocks < 1 || r.DBBytes <= 0 ||
		r.BuildSeconds <= 0 || r.OpenSeconds <= 0 || r.VerifySeconds <= 0 {
		t.Errorf("report %+v, want 200 txs in at least one block, every time positive", r)
	}
}

// TestQuantileMs: nearest-rank quantiles in milliseconds.
func TestQuantileMs(t *testing.T) {
	ms := func(n ...int) []time.Duration {
		var d []time.Duration
		for _, v := range n {
			d = append(d, time.Duration(v)*time.Millisecond)
		}
		return d
	}
	for _, tc := range []struct {
		in   []time.Duration
		q    float64
		want float64
	}{
		{nil, 0.5, 0},
		{ms(7), 0.5, 7},
		{ms(7), 1, 7},
		{ms(4, 1, 3, 2), 0.5, 2},
		{ms(4, 1, 3, 2), 1, 4},
		{ms(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 0.99, 10},
		{ms(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 0.5, 5},
	} {
		if got := quantileMs(tc.in, tc.q); got != tc.want {
			t.Errorf("quantileMs(%v, %v) = %v, want %v", tc.in, tc.q, got, tc.want)
		}
	}
}
