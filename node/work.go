package node

import (
	"context"
	"log/slog"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/fetch"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/store"
)

// Works returns the node's content-addressed store of work bytes: what a URL entry
// committed by sha256 at filing, kept in the engine's SQLite file. The API serves it at
// /v1/work/{sha256} (api.Config.Works) and the node's validators grade from it before
// they fetch any URL.
func (n *Node) Works() *store.DB { return n.engine.DB() }

// FetchLimits returns the fetch limits of the [fetch] table: how the node's validators
// fetch work URLs, and how `arena submit --work-url` reads a URL before filing it, so
// that what a solver commits is what a validator can fetch.
func (f FetchConfig) FetchLimits() fetch.Config {
	return fetch.Config{AllowLoopback: f.AllowLoopback, AllowPrivate: f.AllowPrivate, MaxBytes: f.MaxBytes, Timeout: f.Timeout}
}

// storeWorks is the node's store as its validators' grading.WorkSource, then its peers:
// bytes another node keeps are fetched from it by digest, checked and kept here. A read
// that fails is logged and reported as not held, so the validator fetches the URL
// instead.
type storeWorks struct {
	db    *store.DB
	peers blobs.Peers // no Bases: none asked
	log   *slog.Logger
}

var _ grading.WorkSource = storeWorks{}

var _ grading.WorkKeeper = storeWorks{}

// Keep keeps bytes a validator fetched and checked against the digest an entry
// committed; a failure is logged, and costs only a later fetch.
func (w storeWorks) Keep(ctx context.Context, b []byte) {
	if _, _, err := w.db.PutWork(ctx, b); err != nil {
		w.log.Warn("could not keep verified work", "err", err)
	}
}

// Work returns the bytes kept under sha256, or else those a peer keeps (checked against
// the digest, and then kept here), if any.
func (w storeWorks) Work(ctx context.Context, sha256 string) ([]byte, bool) {
	b, ok, err := w.db.Work(ctx, sha256)
	if err != nil {
		w.log.Warn("work store unreadable; asking the peers", "sha256", sha256, "err", err)
	}
	if ok || len(w.peers.Bases) == 0 {
		return b, ok
	}
	b, err = blobs.Fetch(ctx, sha256, w.peers)
	if err != nil {
		w.log.Info("work held by no peer; fetching the URL", "sha256", sha256, "err", err)
		return nil, false
	}
	w.Keep(ctx, b)
	return b, true
}
