package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/node"
)

// RestartReport is what `arena perf restart` measured.
type RestartReport struct {
	Perf          string  `json:"perf"` // "restart"
	Txs           int     `json:"txs"`
	Blocks        uint64  `json:"blocks"`
	DBBytes       int64   `json:"db_bytes"`       // the SQLite file and its WAL
	BuildSeconds  float64 `json:"build_seconds"`  // submitting the log to the engine directly
	BuildTxPerS   float64 `json:"build_tx_per_s"` // the engine's durable ingest without HTTP
	OpenSeconds   float64 `json:"open_seconds"`   // node.Open on the closed log
	VerifySeconds float64 `json:"verify_seconds"` // solo.Verify, replaying from genesis; 0 when skipped
	Machine       Machine `json:"machine"`
}

func (r RestartReport) print(w io.Writer) {
	fmt.Fprintf(w, "restart: a log of %d txs in %d blocks (%d MiB), built in %.2fs (%.0f tx/s through the engine)\n",
		r.Txs, r.Blocks, r.DBBytes>>20, r.BuildSeconds, r.BuildTxPerS)
	fmt.Fprintf(w, "reopen: %.3fs", r.OpenSeconds)
	if r.VerifySeconds > 0 {
		fmt.Fprintf(w, "; verify from genesis: %.2fs", r.VerifySeconds)
	}
	fmt.Fprintf(w, "\nmachine: %s\n", r.Machine)
}

// perfRestart builds a log of n transactions in a temporary dev arena through the
// engine, then times reopening the node on it and, with verify, replaying it.
func perfRestart(ctx context.Context, n, clients int, verify bool) (RestartReport, error) {
	dir, err := os.MkdirTemp("", "arena-perf-")
	if err != nil {
		return RestartReport{}, fmt.Errorf("perf directory: %w", err)
	}
	defer os.RemoveAll(dir)
	cfg, err := node.Init(dir, node.InitOptions{Terms: node.Terms{Name: "perf", DevMode: true}, LightScrypt: true, Validators: 1})
	if err != nil {
		return RestartReport{}, err
	}
	rep := RestartReport{Perf: "restart", Txs: n, Machine: thisMachine()}
	db := filepath.Join(dir, cfg.DB)
	if rep.BuildSeconds, rep.Blocks, err = buildLog(ctx, dir, cfg, n, clients); err != nil {
		return rep, err
	}
	rep.BuildTxPerS = float64(n) / rep.BuildSeconds
	rep.DBBytes = fileSize(db) + fileSize(db+"-wal")
	start := time.Now()
	nd, err := node.Open(dir, node.OpenOptions{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		return rep, err
	}
	rep.OpenSeconds = time.Since(start).Seconds()
	if err := nd.Close(); err != nil {
		return rep, err
	}
	if verify {
		start = time.Now()
		if _, err := solo.Verify(db); err != nil {
			return rep, err
		}
		rep.VerifySeconds = time.Since(start).Seconds()
	}
	return rep, nil
}

// buildLog submits n pre-signed faucet transactions to the arena's engine from clients
// goroutines and closes it; it returns the time the submissions took and the height.
func buildLog(ctx context.Context, dir string, cfg node.Config, n, clients int) (float64, uint64, error) {
	terms, err := node.ReadGenesis(dir, cfg)
	if err != nil {
		return 0, 0, err
	}
	e, err := solo.Open(solo.Config{Path: filepath.Join(dir, cfg.DB), MaxBatch: cfg.Solo.MaxBatch,
		MaxWait: cfg.Solo.MaxWait, CheckpointEvery: cfg.Solo.CheckpointEvery}, &terms)
	if err != nil {
		return 0, 0, err
	}
	secs, err := fill(ctx, e, n, clients)
	var h uint64
	e.View(func(s *ledger.State) { h = s.Height() })
	if cerr := e.Close(); err == nil {
		err = cerr
	}
	return secs, h, err
}

// fill signs n faucet transactions from clients new keys and submits them to e,
// returning the seconds the submissions took.
func fill(ctx context.Context, e *solo.Engine, n, clients int) (float64, error) {
	keys, err := newKeys(clients)
	if err != nil {
		return 0, err
	}
	first := make([]uint64, clients)
	var terms ledger.Terms
	var validUntil uint64
	e.View(func(s *ledger.State) {
		for i, k := range keys {
			first[i] = s.NextNonce(k.Address())
		}
		terms = s.Terms()
		validUntil = ledger.ValidFor(max(s.Now(), time.Now().Unix()), ledger.DefaultValidityS)
	})
	txs, err := signFaucets(&terms, validUntil, keys, first, n)
	if err != nil {
		return 0, err
	}
	start := time.Now()
	err = submitAll(ctx, e, txs)
	return time.Since(start).Seconds(), err
}

// submitAll submits each list in order from its own goroutine.
func submitAll(ctx context.Context, e *solo.Engine, txs [][]*ledger.Tx) error {
	errs := make([]error, len(txs))
	var wg sync.WaitGroup
	for i, list := range txs {
		wg.Go(func() {
			for _, tx := range list {
				rc, err := e.Submit(ctx, tx)
				if err == nil && !rc.Outcome.OK() {
					err = fmt.Errorf("refused: %s", rc.Outcome.Err)
				}
				if err != nil {
					errs[i] = fmt.Errorf("submit: %w", err)
					return
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}
