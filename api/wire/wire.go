// Package wire declares the JSON bodies of the arena's HTTP API that are not the
// ledger's own views or an engine's values (those are ledger's and chain's): errors,
// accounts, health, the resync event, award deliveries and work uploads. The server
// (api) and the client (client) share them from here, so the client links neither the
// server nor an engine nor SQLite. Award deliveries are the outbox package's, which the
// store keeps in exactly this shape.
//
// Every shape here is part of the API: api/openapi.json documents it and a test keeps
// the two in step.
package wire

import (
	"github.com/arena/arena/chain"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/outbox"
)

// ErrorBody is the JSON shape of every error the API answers with.
type ErrorBody struct {
	Error   ErrorDetail    `json:"error"`
	Receipt *chain.Receipt `json:"receipt,omitempty"` // set when the ledger refused an applied tx
}

// ErrorDetail is a failure's class word (EXPECTED, EXTERNAL, TRANSIENT, LLM_ERROR, or
// INTERNAL) and its exact message.
type ErrorDetail struct {
	Class   string `json:"class"`
	Message string `json:"message"`
}

// Account is GET /v1/accounts/{address}: what one address holds and owes.
type Account struct {
	Address    ledger.Address    `json:"address"`
	NextNonce  uint64            `json:"next_nonce"` // the nonce its next transaction must carry
	Balance    ledger.Amount     `json:"balance"`    // wallet, atto
	Claimable  ledger.Amount     `json:"claimable"`  // what the arena owes it, atto
	FeesPaid   ledger.Amount     `json:"fees_paid"`  // transaction fees it paid, atto
	Earned     ledger.Amount     `json:"earned"`     // grading fees it earned as a grader, atto
	Reputation ledger.Reputation `json:"reputation"`
}

// Health is GET /healthz: "ok" (200); or, answered 503, "syncing" (no ledger state
// yet: a snapshot is being restored) or "catching_up" (replaying blocks its network
// already committed, Message saying so).
type Health struct {
	Status  string `json:"status"`
	Height  uint64 `json:"height"`
	Message string `json:"message,omitempty"`
}

// The status words of GET /healthz.
const (
	HealthOK         = "ok"          // 200: the node has its state and follows its network
	HealthSyncing    = "syncing"     // 503: joining by state sync, no ledger state yet
	HealthCatchingUp = "catching_up" // 503: replaying blocks its network already committed
)

// ResyncEvent is the type of the event that tells a client it is more blocks behind
// than a request replays. Its id is the head height, so a client that reconnects after it
// resumes from there.
const ResyncEvent = "resync"

// Resync is the data of a "resync" event.
type Resync struct {
	Since     uint64 `json:"since"`      // the height the client asked to resume after
	Head      uint64 `json:"head"`       // the height the stream continues after
	MaxReplay uint64 `json:"max_replay"` // the most blocks a request replays
	Message   string `json:"message"`
}

// OutboxEvent is an award event as the log holds it, with the time of its block
// (outbox.Event).
type OutboxEvent = outbox.Event

// Delivery is one award event's delivery to one sink (outbox.Delivery).
type Delivery = outbox.Delivery

// Work is the answer to PUT /v1/work/{sha256}: the digest the node keeps the bytes
// under, their size, and the account that signed the upload (charged only when the
// bytes were new).
type Work struct {
	SHA256   string         `json:"sha256"` // lowercase hex
	Size     int            `json:"size"`   // bytes
	Uploader ledger.Address `json:"uploader"`
}

// WorkFetch is the body of POST /v1/work/fetch: an https URL for the node to fetch and
// keep as work, and an account's WorkFetch signature over it (typed.WorkFetchTypedData)
// with the fields it signed.
type WorkFetch struct {
	URL        string         `json:"url"`
	Account    ledger.Address `json:"account"`
	ValidUntil uint64         `json:"valid_until,string"` // unix seconds of the arena's clock, a decimal string
	ChainID    uint64         `json:"chain_id,string"`    // the domain's chainId the wallet signed under, a decimal string
	Signature  string         `json:"signature"`          // 0x and 130 hex digits
}

// FetchedWork is the answer to POST /v1/work/fetch: the bytes the URL served, kept under
// their sha256, which an entry commits with the URL.
type FetchedWork struct {
	URL      string         `json:"url"`
	SHA256   string         `json:"sha256"` // lowercase hex
	Size     int            `json:"size"`   // bytes
	Uploader ledger.Address `json:"uploader"`
}

// IsDigest reports whether s is a sha256 digest as the ledger commits work by it: 64
// lowercase hex digits.
func IsDigest(s string) bool {
	if len(s) != 64 {
		return false
	}
	for _, c := range []byte(s) {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// TypedData is POST /v1/typed-data: what a wallet signs for a transaction with
// eth_signTypedData_v4, and its digest.
type TypedData struct {
	TypedData map[string]any `json:"typed_data"`
	Digest    string         `json:"digest"` // 0x hex of the EIP-712 digest, the transaction's id once signed
}

// MaxBatch is the most transactions one POST /v1/txs carries.
const MaxBatch = 64

// Batch is POST /v1/txs's answer: one result a transaction, in the order sent.
type Batch struct {
	Results []BatchResult `json:"results"`
}

// BatchResult is what POST /v1/txs answers for one of its transactions: the status POST
// /v1/tx would have answered it with, and its receipt (applied in a durable block,
// whether the ledger's rules accepted it or refused it), its error (refused by the
// ledger: beside the receipt; refused at admission: alone), or both.
type BatchResult struct {
	Status  int            `json:"status"`
	Receipt *chain.Receipt `json:"receipt,omitempty"`
	Error   *ErrorDetail   `json:"error,omitempty"`
}
