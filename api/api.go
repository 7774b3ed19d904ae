// Package api serves an arena over HTTP: signed transactions in, the ledger's views and
// server-sent events out, as JSON. It holds no rules: every answer is a ledger view or a
// value of the ordering engine behind the chain.Engine interface. It imports no engine,
// and so links neither CometBFT nor SQLite.
package api

import (
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/blobs"
	"github.com/arena/arena/chain"
	"github.com/arena/arena/fetch"
	"github.com/arena/arena/ledger"
)

// Chain is the ordering engine the API serves: any chain.Engine, the solo sequencer's or
// a CometBFT node's, which the caller (node's wiring) picks.
type Chain = chain.Engine

// The API's JSON bodies. An engine's values are declared in package chain and the API's
// own in package wire, so that the client reads them without linking the server, an
// engine or SQLite; these names are the same types.
type (
	// Receipt is what applying one transaction produced: the body of a POST /v1/tx
	// answer.
	Receipt = chain.Receipt
	// TxAt is GET /v1/tx/{id}: a committed transaction, where it is and what it did.
	TxAt = chain.TxAt
	// Block is one committed block as GET /v1/events streams it.
	Block = chain.Block
	// TxResult is one transaction of a block and what it did.
	TxResult = chain.TxResult
	// ErrorBody is the JSON shape of every error the API answers with.
	ErrorBody = wire.ErrorBody
	// ErrorDetail is a failure's class word and its exact message.
	ErrorDetail = wire.ErrorDetail
	// Account is GET /v1/accounts/{address}: what one address holds and owes.
	Account = wire.Account
	// Health is GET /healthz.
	Health = wire.Health
	// TypedData is POST /v1/typed-data's answer.
	TypedData = wire.TypedData
	// Resync is the data of a "resync" event.
	Resync = wire.Resync
	// Delivery is one award event's delivery to one sink, as GET /v1/deliveries lists it.
	Delivery = wire.Delivery
)

// Config configures the handler New returns.
type Config struct {
	Chain Chain
	// Deliveries, if set, returns every award delivery the node's relayer recorded, one
	// per award and sink, delivered or pending, in log order and then by sink; GET
	// /v1/deliveries serves them. Nil serves none.
	Deliveries func() ([]Delivery, error)
	Logger     *slog.Logger // nil discards
	Board      http.Handler // optional; served at /
	MaxBody    int64        // bytes accepted by POST /v1/tx; 0 means ledger.MaxTxBytes
	// MaxReplay is the most blocks one GET /v1/events request replays from the store;
	// 0 means DefaultMaxReplay.
	MaxReplay uint64
	// Works, if set, is the node's content-addressed store of work bytes that PUT and
	// GET /v1/work/{sha256} and GET /v1/work serve; nil answers 501 there.
	Works WorkStore
	// WorkQuota bounds what PUT /v1/work stores per account and in all; the zero Quota
	// means DefaultWorkQuota.
	WorkQuota blobs.Quota
	// MaxWork is the largest body PUT /v1/work accepts: the node's fetch limit, so that
	// what it keeps a validator could also fetch. 0 means DefaultMaxWork.
	MaxWork int64
	// Fetch, if set, is how POST /v1/work/fetch fetches a work URL for a signed request:
	// the node's fetch limits and guard, those its validators fetch under, with MaxBytes
	// no larger than MaxWork; nil answers 501 there.
	Fetch *fetch.Config
	// Blobs, if set, is the node's artifact store that PUT and GET /v1/blobs/{sha256}
	// serve; nil answers 501 there.
	Blobs *blobs.Store
	// BlobQuota bounds what PUT /v1/blobs stores per account and in all; the zero Quota
	// means DefaultBlobQuota.
	BlobQuota blobs.Quota
	// TxLimit limits POST /v1/tx per client; the zero Limit admits everything.
	TxLimit Limit
	// UploadLimit limits PUT /v1/work and PUT /v1/blobs per client, together, in its
	// own buckets; the zero Limit admits everything.
	UploadLimit Limit
	// Now is the clock the limits refill by and uploads are timed by; nil means
	// time.Now.
	Now func() time.Time
}

// server is the state every handler shares.
type server struct {
	chain      Chain
	deliveries func() ([]Delivery, error) // nil when the node records none
	log        *slog.Logger
	board      http.Handler
	maxBody    int64
	maxReplay  uint64        // the most blocks an event stream replays
	works      WorkStore     // nil when the node keeps none
	maxWork    int64         // the largest work upload, in bytes
	fetcher    *fetch.Client // nil when the node fetches no work URL
	blobs      *blobs.Store  // nil when the node keeps none
	blobQuota  blobs.Quota
	workQuota  blobs.Quota
	limit      *limiter // nil admits every POST /v1/tx
	uploads    *limiter // nil admits every upload
	now        func() time.Time
	workMu     sync.Mutex // one work upload at a time, so that its quota holds exactly
	metrics    *metrics
	ready      atomic.Bool // the chain has shown a ledger state (see hasState)
}

// New returns the API's handler. Each call has its own metrics registry, so several
// servers can live in one process.
func New(cfg Config) http.Handler {
	s := &server{chain: cfg.Chain, deliveries: cfg.Deliveries, log: cfg.Logger, board: cfg.Board,
		maxBody: cfg.MaxBody, maxReplay: cfg.MaxReplay, works: cfg.Works, maxWork: cfg.MaxWork,
		blobs: cfg.Blobs, blobQuota: cfg.BlobQuota, workQuota: cfg.WorkQuota}
	if s.blobQuota == (blobs.Quota{}) {
		s.blobQuota = DefaultBlobQuota
	}
	if s.workQuota == (blobs.Quota{}) {
		s.workQuota = DefaultWorkQuota
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.maxBody <= 0 {
		s.maxBody = ledger.MaxTxBytes
	}
	if s.maxReplay == 0 {
		s.maxReplay = DefaultMaxReplay
	}
	if s.maxWork <= 0 {
		s.maxWork = DefaultMaxWork
	}
	s.fetcher = newFetcher(cfg.Fetch, s.maxWork)
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	s.now = now
	s.limit = newLimiter(cfg.TxLimit, now)
	s.uploads = newLimiter(cfg.UploadLimit, now)
	s.metrics = newMetrics(s.height)
	mux := http.NewServeMux()
	for _, r := range s.routes() {
		h := r.Handler
		if !stateless[r.Path] {
			h = s.needState(h)
		}
		mux.Handle(r.Method+" "+r.Path, s.metrics.instrument(r.Path, h))
	}
	return jsonMisses(mux)
}

// height reads the current block height, 0 while the node has no state.
func (s *server) height() uint64 {
	var h uint64
	s.chain.View(func(st *ledger.State) {
		if st != nil {
			h = st.Height()
		}
	})
	return h
}

// stateless are the routes served before the node has a ledger state: its health (which
// says it is syncing), its metrics and the API's description.
var stateless = map[string]bool{"/healthz": true, "/metrics": true, "/openapi.json": true}

// syncingMsg answers every other route while a node that joins by state sync has not
// yet restored a snapshot: until then it holds no ledger state to read or to check a
// transaction against.
const syncingMsg = "This node has no ledger state yet: it is restoring a snapshot by state sync. Ask again once GET /healthz answers 200, or ask another node"

// hasState reports whether the chain has a ledger state. A node that joins by state sync
// has none until its snapshot is restored; once it has one it never loses it, so the
// answer is remembered.
func (s *server) hasState() bool {
	if s.ready.Load() {
		return true
	}
	var ok bool
	s.chain.View(func(st *ledger.State) { ok = st != nil })
	if ok {
		s.ready.Store(true)
	}
	return ok
}

// needState answers 503 [TRANSIENT] syncingMsg while the chain has no ledger state, and
// serves h once it has.
func (s *server) needState(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.hasState() {
			retryAfter(w, time.Second)
			writeJSON(w, http.StatusServiceUnavailable, ErrorBody{Error: ErrorDetail{Class: ledger.Transient.String(), Message: syncingMsg}})
			return
		}
		h.ServeHTTP(w, r)
	})
}
