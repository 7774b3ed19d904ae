package learn

import (
	"context"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/fetch"
	gchallenge "github.com/arena/arena/grading/challenge"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/sandbox"
)

// Host is what a validator's learning graders share: the process's one sandbox runtime
// (so each module is compiled once, as for benchmark challenges) and the places artifacts
// come from. Runtime is required.
type Host struct {
	// Runtime compiles and runs every module; one per validator process.
	Runtime *sandbox.Runtime
	// Store is the node's blob store: asked first for every module, dataset and held-out
	// split; it keeps what was fetched elsewhere (checked against its digest).
	Store *blobs.Store
	// Nodes are further sources asked before the URL a commit names, in order: a node's
	// API (blobs.Node) when the validator runs apart from its node, or an auditor's.
	Nodes []blobs.Source
	// URL fetches the https URL a commit names for a module; nil means
	// blobs.NewURLClient's default. Splits have no URL: they are blobs of the arena.
	URL *fetch.Client
	// Wait spaces the tries for an artifact no source holds yet (blobs.Await); the zero
	// Backoff is blobs.DefaultBackoff.
	Wait blobs.Backoff
}

// Limits of every learner, the same on every validator: part of the protocol, as the
// injector's gas weights are.
const (
	// InitGas is the gas of each module's initialisation (the architecture's _initialize,
	// params and params_len together; the training program's _initialize): far above
	// what a Go reactor's runtime and a few MiB of tables need.
	InitGas = learn.InitGas
	// MaxPages is each module's memory, in 64 KiB pages (128 MiB).
	MaxPages = sandbox.DefaultMaxPages
)

// fetch returns the blob d, from the store, the nodes, then url: what the benchmark
// graders' Fetch does, checked against d, awaited until ctx's deadline while no source
// holds it, and kept in the store.
func (h *Host) fetch(ctx context.Context, d, url string) ([]byte, error) {
	src := gchallenge.Host{Store: h.Store, Nodes: h.Nodes, URL: h.URL, Wait: h.Wait}
	return src.Fetch(ctx, d, url)
}
