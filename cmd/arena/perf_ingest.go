package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/node"
)

// IngestReport is what `arena perf ingest` measured.
type IngestReport struct {
	Perf    string  `json:"perf"` // "ingest"
	Node    string  `json:"node"` // the API's URL
	Kind    string  `json:"kind"` // the transactions' kind
	Fees    string  `json:"fees"` // the fee schedule of the measured arena: "off", or per tx + per byte
	Txs     int     `json:"txs"`
	Clients int     `json:"clients"`
	Batch   int     `json:"batch,omitempty"` // transactions a request to POST /v1/txs; 0: one a request to POST /v1/tx
	Blocks  uint64  `json:"blocks"`          // blocks the node committed meanwhile
	Seconds float64 `json:"seconds"`
	TxPerS  float64 `json:"tx_per_s"`
	P50Ms   float64 `json:"p50_ms"` // receipt latency, send to answer
	P99Ms   float64 `json:"p99_ms"`
	MaxMs   float64 `json:"max_ms"`
	// The signature ceiling: Cores times one core's signature checks a second (Tx.Verify of
	// one of the faucet transactions, measured in this process before and after the
	// sends, the mean of the two), and the ingest rate's share of it.
	Cores        int     `json:"cores"`
	SigsPerCoreS float64 `json:"sigs_per_core_s"`
	CeilingTxS   float64 `json:"ceiling_tx_per_s"`
	OfCeiling    float64 `json:"of_ceiling"`
	// CPUSeconds is the CPU time, user and system, the process (node and clients) used
	// during the sends, and CPUShare its share of Cores for Seconds: below 1 when other
	// work on the machine had the cores. SigCPUMicros is the CPU time of one signature
	// check in the ceiling's measurement, and SigShareOfCPU the share of the sends' CPU
	// time that many checks a transaction would take: the share of the ceiling the
	// ingest reaches when it has the cores to itself. All 0 where the system does not say.
	CPUSeconds    float64 `json:"cpu_seconds,omitempty"`
	CPUShare      float64 `json:"cpu_share,omitempty"`
	SigCPUMicros  float64 `json:"sig_cpu_us,omitempty"`
	SigShareOfCPU float64 `json:"sig_share_of_cpu,omitempty"`
	Machine       Machine `json:"machine"`
}

func (r IngestReport) print(w io.Writer) {
	fmt.Fprintf(w, "ingest: %d %s txs from %d clients in %.2fs: %.0f tx/s\n", r.Txs, r.Kind, r.Clients, r.Seconds, r.TxPerS)
	if r.Batch > 0 {
		fmt.Fprintf(w, "requests: %d transactions each to POST /v1/txs; a latency is its batch's\n", r.Batch)
	}
	fmt.Fprintf(w, "latency: p50 %.2fms, p99 %.2fms, max %.2fms; %d blocks, %.1f txs a block\n",
		r.P50Ms, r.P99Ms, r.MaxMs, r.Blocks, float64(r.Txs)/float64(max(r.Blocks, 1)))
	fmt.Fprintf(w, "signature ceiling: %d cores x %.0f checks/s = %.0f tx/s; ingest is %.3f of it\n",
		r.Cores, r.SigsPerCoreS, r.CeilingTxS, r.OfCeiling)
	if r.CPUSeconds > 0 {
		fmt.Fprintf(w, "cpu: %.2fs over %.2fs, %.2f of %d cores; %.0f µs a transaction, %.0f µs a signature check: %.3f of it\n",
			r.CPUSeconds, r.Seconds, r.CPUShare, r.Cores, 1e6*r.CPUSeconds/float64(r.Txs), r.SigCPUMicros, r.SigShareOfCPU)
	}
	fmt.Fprintf(w, "fees: %s\nnode: %s\nmachine: %s\n", r.Fees, r.Node, r.Machine)
}

// sigWindow is how long one measurement of a core's signature checks runs.
const sigWindow = 300 * time.Millisecond

// sigRate is one measurement of a core's signature checks: checks a second of wall
// time, and the process's CPU time for each (0 where the system does not say).
type sigRate struct {
	perS   float64
	cpuPer time.Duration
}

// sigsPerCore measures how many times a second one goroutine checks the signature of
// the transaction in wire, for sigWindow: one core's share of the signature ceiling.
func sigsPerCore(wire []byte) (sigRate, error) {
	tx, err := ledger.DecodeTx(wire)
	if err != nil {
		return sigRate{}, fmt.Errorf("decode a signed transaction: %w", err)
	}
	cpu0, ok := processCPU()
	n, start := 0, time.Now()
	for time.Since(start) < sigWindow {
		if err := tx.Verify(); err != nil {
			return sigRate{}, fmt.Errorf("check a signed transaction: %w", err)
		}
		n++
	}
	r := sigRate{perS: float64(n) / time.Since(start).Seconds()}
	if cpu1, _ := processCPU(); ok {
		r.cpuPer = (cpu1 - cpu0) / time.Duration(n)
	}
	return r, nil
}

// ingest measures ingest against --node, or against a dev node of its own, which
// charges fees when fees is set.
func (a *app) ingest(ctx context.Context, remote bool, n, clients, batch int, fees bool) (IngestReport, error) {
	url, schedule := a.node, "the node's"
	keys, err := newKeys(clients)
	if err != nil {
		return IngestReport{}, err
	}
	if !remote {
		dir, err := os.MkdirTemp("", "arena-perf-")
		if err != nil {
			return IngestReport{}, fmt.Errorf("perf directory: %w", err)
		}
		defer os.RemoveAll(dir)
		terms := perfTerms(keys, fees)
		stop, u, err := serveDevNode(ctx, dir, a.getenv, terms)
		if err != nil {
			return IngestReport{}, err
		}
		defer stop()
		url, schedule = u, feeLine(terms.Fees)
	}
	hc := &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}}
	c := client.New(url, hc)
	bodies, err := presign(ctx, c, keys, n)
	if err != nil {
		return IngestReport{}, err
	}
	before, err := c.Health(ctx)
	if err != nil {
		return IngestReport{}, err
	}
	sigsBefore, err := sigsPerCore(bodies[0][0])
	if err != nil {
		return IngestReport{}, err
	}
	cpu0, cpuOK := processCPU()
	start := time.Now()
	lat, err := sendAll(ctx, hc, c.BaseURL(), bodies, batch)
	elapsed := time.Since(start)
	cpu1, _ := processCPU()
	if err != nil {
		return IngestReport{}, err
	}
	sigsAfter, err := sigsPerCore(bodies[0][0])
	if err != nil {
		return IngestReport{}, err
	}
	after, err := c.Health(ctx)
	if err != nil {
		return IngestReport{}, err
	}
	rep := IngestReport{Perf: "ingest", Node: url, Kind: string(ledger.KindFaucet), Fees: schedule, Txs: n, Clients: clients, Batch: batch,
		Blocks: after.Height - before.Height, Seconds: elapsed.Seconds(), TxPerS: float64(n) / elapsed.Seconds(), Machine: thisMachine()}
	rep.P50Ms, rep.P99Ms, rep.MaxMs = quantileMs(lat, 0.50), quantileMs(lat, 0.99), quantileMs(lat, 1)
	rep.Cores, rep.SigsPerCoreS = runtime.GOMAXPROCS(0), (sigsBefore.perS+sigsAfter.perS)/2
	rep.CeilingTxS = float64(rep.Cores) * rep.SigsPerCoreS
	rep.OfCeiling = rep.TxPerS / rep.CeilingTxS
	if cpuOK {
		rep.CPUSeconds = (cpu1 - cpu0).Seconds()
		rep.CPUShare = rep.CPUSeconds / (rep.Seconds * float64(rep.Cores))
		rep.SigCPUMicros = float64((sigsBefore.cpuPer+sigsAfter.cpuPer)/2) / 1e3
		rep.SigShareOfCPU = rep.SigCPUMicros * float64(rep.Txs) / (1e6 * rep.CPUSeconds)
	}
	return rep, nil
}

// perfTerms are the founding terms of the measured dev arena: with fees, a public
// arena's default schedule, and each key funded to pay it.
func perfTerms(keys []*account.Key, fees bool) node.Terms {
	t := node.Terms{Name: "perf", DevMode: true}
	if fees {
		f := node.DefaultFees(false)
		t.Fees = &f
		for _, k := range keys {
			t.Genesis = append(t.Genesis, ledger.Allocation{Address: k.Address(), Amount: ledger.Ether(1000)})
		}
	}
	return t
}

// feeLine describes a fee schedule for the report.
func feeLine(f *node.Fees) string {
	if f == nil || (f.PerTx.IsZero() && f.PerByte.IsZero()) {
		return "off"
	}
	return f.PerTx.Units() + " a transaction + " + f.PerByte.Units() + " a byte"
}

// serveDevNode creates a dev arena with one validator on terms in dir, opens its node
// and serves its API on a loopback port without the per-client limit, since its clients
// are the measurement's own; stop shuts both down.
func serveDevNode(ctx context.Context, dir string, env func(string) string, terms node.Terms) (stop func(), url string, err error) {
	cfg, err := node.Init(dir, node.InitOptions{Terms: terms, LightScrypt: true, Validators: 1})
	if err != nil {
		return nil, "", err
	}
	cfg.API.Rate = 0
	if err := node.WriteConfig(dir, cfg); err != nil {
		return nil, "", err
	}
	log := slog.New(slog.DiscardHandler)
	n, err := node.Open(dir, node.OpenOptions{Logger: log, Env: env})
	if err != nil {
		return nil, "", err
	}
	halt, url, err := serveLoopback(ctx, handler(n, log))
	if err != nil {
		n.Close()
		return nil, "", err
	}
	return func() { halt(); n.Close() }, url, nil
}

// presign signs n faucet transactions from keys, split as evenly as possible, each
// key's in nonce order, and encodes them in their wire form.
func presign(ctx context.Context, c *client.Client, keys []*account.Key, n int) ([][][]byte, error) {
	ar, err := c.Arena(ctx)
	if err != nil {
		return nil, fmt.Errorf("read chain id: %w", err)
	}
	clients := len(keys)
	first := make([]uint64, clients)
	for i, k := range keys {
		acc, err := c.Account(ctx, k.Address())
		if err != nil {
			return nil, fmt.Errorf("read nonce: %w", err)
		}
		first[i] = acc.NextNonce
	}
	txs, err := signFaucets(&ar.Terms, ledger.ValidFor(max(ar.Time, time.Now().Unix()), ledger.DefaultValidityS), keys, first, n)
	if err != nil {
		return nil, err
	}
	out := make([][][]byte, clients)
	for i, list := range txs {
		for _, tx := range list {
			b, err := json.Marshal(tx)
			if err != nil {
				return nil, fmt.Errorf("encode tx: %w", err)
			}
			out[i] = append(out[i], b)
		}
	}
	return out, nil
}

func newKeys(n int) ([]*account.Key, error) {
	keys := make([]*account.Key, n)
	for i := range keys {
		k, err := account.Generate()
		if err != nil {
			return nil, err
		}
		keys[i] = k
	}
	return keys, nil
}

// signFaucets signs n faucet transactions, each key crediting itself one atto, from
// nonce first[i] on, valid until validUntil, using every CPU.
func signFaucets(terms *ledger.Terms, validUntil uint64, keys []*account.Key, first []uint64, n int) ([][]*ledger.Tx, error) {
	out := make([][]*ledger.Tx, len(keys))
	errs := make([]error, len(keys))
	sem := make(chan struct{}, runtime.NumCPU())
	var wg sync.WaitGroup
	for i, k := range keys {
		count := n / len(keys)
		if i < n%len(keys) {
			count++
		}
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			for j := range count {
				tx := &ledger.Tx{From: k.Address(), Nonce: first[i] + uint64(j),
					Body: ledger.Faucet{To: k.Address(), Amount: ledger.NewAmount(1)}}
				terms.Stamp(tx, validUntil)
				if errs[i] = k.SignTx(tx); errs[i] != nil {
					return
				}
				out[i] = append(out[i], tx)
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// sendAll sends each client's transactions in order, one request in flight per client:
// one transaction a request to POST /v1/tx, or with batch > 0 up to batch a request to
// POST /v1/txs. It returns every receipt's latency, a batch's for each of its
// transactions. Any refusal or failure stops the measurement.
func sendAll(ctx context.Context, hc *http.Client, url string, bodies [][][]byte, batch int) ([]time.Duration, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	lat := make([][]time.Duration, len(bodies))
	var wg sync.WaitGroup
	for i, list := range bodies {
		wg.Go(func() {
			for len(list) > 0 {
				k := 1
				if batch > 0 {
					k = min(batch, len(list))
				}
				t0 := time.Now()
				var err error
				if batch > 0 {
					err = postTxs(ctx, hc, url, list[:k])
				} else {
					err = postTx(ctx, hc, url, list[0])
				}
				if err != nil {
					cancel(fmt.Errorf("client %d: %w", i, err))
					return
				}
				d := time.Since(t0)
				for range k {
					lat[i] = append(lat[i], d)
				}
				list = list[k:]
			}
		})
	}
	wg.Wait()
	if err := context.Cause(ctx); err != nil {
		return nil, err
	}
	return slices.Concat(lat...), nil
}

// postTx sends one signed transaction in its wire form to POST /v1/tx and reads the
// answer: 200 is a receipt of a transaction applied in a durable block, and the
// receipt itself is not decoded, so that the load generator spends on each
// transaction no more of the cores it shares with the node than HTTP takes. Any other
// status is an error with the node's answer.
func postTx(ctx context.Context, hc *http.Client, url string, b []byte) error {
	resp, err := post(ctx, hc, url, "/v1/tx", b)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return fmt.Errorf("POST /v1/tx: read the receipt: %w", err)
	}
	return nil
}

// postTxs sends signed transactions in their wire form to POST /v1/txs as one JSON
// array and checks that every one was answered 200: applied in a durable block. Only
// each result's status is decoded. Any other status is an error with its answer.
func postTxs(ctx context.Context, hc *http.Client, url string, list [][]byte) error {
	body := append(append([]byte{'['}, bytes.Join(list, []byte{','})...), ']')
	resp, err := post(ctx, hc, url, "/v1/txs", body)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var out struct {
		Results []struct {
			Status int `json:"status"`
		} `json:"results"`
	}
	b, err := io.ReadAll(resp.Body)
	if err == nil {
		err = json.Unmarshal(b, &out)
	}
	if err != nil {
		return fmt.Errorf("POST /v1/txs: read the results: %w", err)
	}
	if len(out.Results) != len(list) {
		return fmt.Errorf("POST /v1/txs: %d results for %d transactions", len(out.Results), len(list))
	}
	for i, r := range out.Results {
		if r.Status != http.StatusOK {
			return fmt.Errorf("POST /v1/txs: transaction %d of %d answered %d: %s", i, len(list), r.Status, bytes.TrimSpace(b[:min(len(b), 300)]))
		}
	}
	return nil
}

// post sends b as a JSON body to url+path, and returns the answer when its status is 200.
func post(ctx context.Context, hc *http.Client, url, path string, b []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+path, bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("POST %s: %w", path, err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("POST %s: %w", path, err)
	}
	if resp.StatusCode != http.StatusOK {
		answer, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
		resp.Body.Close()
		return nil, fmt.Errorf("POST %s: %s: %s", path, resp.Status, bytes.TrimSpace(answer))
	}
	return resp, nil
}

// quantileMs returns the q-quantile of d (nearest rank) in milliseconds.
func quantileMs(d []time.Duration, q float64) float64 {
	if len(d) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(d))
	i := min(len(s)-1, max(0, int(q*float64(len(s))+0.5)-1))
	return float64(s[i].Microseconds()) / 1000
}
