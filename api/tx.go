package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/typed"
)

// postTx admits one signed transaction in its wire JSON and answers with its receipt.
// A client over its rate limit is answered 429 before its body is read. A refusal at
// admission applies nothing and answers 4xx; a refusal by the ledger is recorded (the
// sender's nonce moves) and answers 422 with the receipt beside the error.
func (s *server) postTx(w http.ResponseWriter, r *http.Request) {
	if !s.admit(w, r) {
		return
	}
	tx, err := s.readTx(w, r)
	var rc Receipt
	if err == nil {
		rc, err = s.chain.Submit(r.Context(), tx)
	}
	res := s.answer(r, tx, rc, err)
	if res.Error == nil {
		writeJSON(w, http.StatusOK, rc)
		return
	}
	if res.Status == http.StatusTooManyRequests {
		retryAfter(w, time.Second) // a block
	}
	writeJSON(w, res.Status, ErrorBody{Error: *res.Error, Receipt: res.Receipt})
}

// postTxs admits up to wire.MaxBatch signed transactions, a JSON array of what POST
// /v1/tx takes, in their order (a sender's consecutive nonces reach the ledger in
// turn), and answers once every admitted one is in a durable block: 200 with one
// result a transaction, each with the status and body POST /v1/tx would have answered
// it with. One transaction's refusal does not stop the others. Each transaction counts
// against the client's rate limit; those past it are answered 429 and not sent. A body
// that is not such an array is refused whole, and nothing is applied.
func (s *server) postTxs(w http.ResponseWriter, r *http.Request) {
	if !s.admit(w, r) {
		return
	}
	raws, err := s.readBatch(w, r)
	if err != nil {
		s.metrics.tx("invalid", "rejected")
		s.fail(w, r, err)
		return
	}
	out := wire.Batch{Results: make([]wire.BatchResult, len(raws))}
	granted := 1 + s.admitMore(r, len(raws)-1)
	var txs []*ledger.Tx
	var at []int // at[j] is the position in the batch of txs[j]
	for i, raw := range raws {
		if i >= granted {
			s.metrics.tx("unknown", "limited")
			out.Results[i] = wire.BatchResult{Status: http.StatusTooManyRequests, Error: &ErrorDetail{Class: ledger.Transient.String(), Message: limitedMsg}}
			continue
		}
		tx, err := s.decodeTx(raw)
		if err != nil {
			out.Results[i] = s.answer(r, nil, Receipt{}, err)
			continue
		}
		txs, at = append(txs, tx), append(at, i)
	}
	if len(txs) > 0 {
		for j, res := range s.chain.SubmitAll(r.Context(), txs) {
			out.Results[at[j]] = s.answer(r, txs[j], res.Receipt, res.Err)
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// answer is the status and body of one submitted transaction's answer, which it counts
// and logs: tx's receipt rc, or err, its refusal (tx is nil when it did not decode).
func (s *server) answer(r *http.Request, tx *ledger.Tx, rc Receipt, err error) wire.BatchResult {
	if tx == nil {
		s.metrics.tx("invalid", "rejected")
		s.log.Info("tx rejected", "err", err)
		st, d := s.classifyLogged(r, err)
		return wire.BatchResult{Status: st, Error: &d}
	}
	kind := string(tx.Body.Kind())
	if err != nil {
		s.metrics.tx(kind, "rejected")
		s.log.Info("tx rejected", "kind", kind, "from", tx.From, "nonce", tx.Nonce, "err", err)
		st, d := s.classifyLogged(r, err)
		return wire.BatchResult{Status: st, Error: &d}
	}
	if rc.Outcome.OK() {
		s.metrics.tx(kind, "accepted")
		s.log.Debug("tx applied", "kind", kind, "tx", rc.TxID, "height", rc.Height)
		return wire.BatchResult{Status: http.StatusOK, Receipt: &rc}
	}
	s.metrics.tx(kind, "refused")
	s.log.Info("tx refused by the ledger", "kind", kind, "tx", rc.TxID, "outcome", rc.Outcome.Err)
	st, d := refusal(rc.Outcome.Err)
	return wire.BatchResult{Status: st, Receipt: &rc, Error: &d}
}

// readBatch reads a POST /v1/txs body: a JSON array of one to wire.MaxBatch
// transactions, each left encoded.
func (s *server) readBatch(w http.ResponseWriter, r *http.Request) ([]json.RawMessage, error) {
	limit := s.maxBody * wire.MaxBatch
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, fmt.Errorf("%w: body over %d bytes", ledger.ErrTooLarge, limit)
		}
		return nil, badRequest("could not read the request body")
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(b, &raws); err != nil {
		return nil, badRequest(batchShapeMsg)
	}
	switch {
	case len(raws) == 0:
		return nil, badRequest(batchShapeMsg)
	case len(raws) > wire.MaxBatch:
		return nil, &httpError{http.StatusRequestEntityTooLarge, ledger.Expected.String(),
			fmt.Sprintf("A batch holds at most %d transactions; this one holds %d", wire.MaxBatch, len(raws))}
	}
	return raws, nil
}

// batchShapeMsg refuses a POST /v1/txs body that is not a JSON array of transactions.
var batchShapeMsg = fmt.Sprintf("The body must be a JSON array of 1 to %d signed transactions, each as POST /v1/tx takes it", wire.MaxBatch)

// decodeTx decodes one transaction of a batch, refusing one over the size limit.
func (s *server) decodeTx(raw []byte) (*ledger.Tx, error) {
	if int64(len(raw)) > s.maxBody {
		return nil, fmt.Errorf("%w: body over %d bytes", ledger.ErrTooLarge, s.maxBody)
	}
	return ledger.DecodeTx(raw)
}

// readTx reads and decodes the request body, refusing one over the size limit.
func (s *server) readTx(w http.ResponseWriter, r *http.Request) (*ledger.Tx, error) {
	b, err := s.readBody(w, r)
	if err != nil {
		return nil, err
	}
	return ledger.DecodeTx(b)
}

// readBody reads the request body, refusing one over the size limit.
func (s *server) readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.maxBody))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, fmt.Errorf("%w: body over %d bytes", ledger.ErrTooLarge, s.maxBody)
		}
		return nil, badRequest("could not read the request body")
	}
	return b, nil
}

// noArenaMsg refuses a transaction in its wire JSON that names no arena: the arena is
// signed, so the node cannot fill it in for a digest the client then sends.
const noArenaMsg = "The transaction names no arena: set arena to the genesis_hash GET /v1/arena answers"

// namesNoArena reports whether b is a transaction's wire JSON (an object with no
// primaryType) whose arena is absent, null or empty.
func namesNoArena(b []byte) bool {
	var probe struct {
		Arena       *string         `json:"arena"`
		PrimaryType json.RawMessage `json:"primaryType"`
	}
	if json.Unmarshal(b, &probe) != nil || probe.PrimaryType != nil {
		return false // not an object of that shape: DecodeTx gives the refusal
	}
	return probe.Arena == nil || *probe.Arena == ""
}

// refusal splits an outcome's "[CLASS] message" into its status and detail.
func refusal(text string) (int, ErrorDetail) {
	if e, ok := ledger.ParseError(text); ok {
		return classStatus[e.Class], ErrorDetail{Class: e.Class.String(), Message: e.Msg}
	}
	return http.StatusUnprocessableEntity, ErrorDetail{Class: ledger.Expected.String(), Message: text}
}

// Quote is the answer of POST /v1/fee: what a transaction would pay at admission, and
// what the sender can pay it with, under the arena's fee schedule as of now.
type Quote struct {
	Fee       ledger.Amount `json:"fee"`       // fee_per_tx + fee_per_byte * size, atto
	Size      int           `json:"size"`      // bytes of the signed encoding the fee counts
	Spendable ledger.Amount `json:"spendable"` // the sender's wallet and what the arena owes it
	Admitted  string        `json:"admission"` // "" when admission would take it now, else its refusal
}

// postFee quotes a transaction's fee without sending it: the body is the transaction in
// its wire JSON, signed or not. Nothing is applied.
func (s *server) postFee(w http.ResponseWriter, r *http.Request) {
	tx, err := s.readTx(w, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var q Quote
	s.chain.View(func(st *ledger.State) {
		q.Fee, q.Size, q.Spendable = st.Fee(tx), tx.Size(), st.Spendable(tx.From)
		if err := st.Check(tx); err != nil {
			q.Admitted = err.Error()
		}
	})
	writeJSON(w, http.StatusOK, q)
}

// getTypedDataTypes answers the EIP-712 schema of every transaction kind, from the
// arena's schema table: what a wallet builds a transaction's typed data with.
func (s *server) getTypedDataTypes(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, typedDataTypes(ledger.SchemaTable()))
}

// typedDataTypes returns the GET /v1/typed-data/types answer of table t: each kind's
// primary type and types, copied from t.
func typedDataTypes(t *typed.Table) wire.TypedDataTypes {
	out := wire.TypedDataTypes{Kinds: map[ledger.Kind]wire.Schema{}}
	for _, k := range t.Kinds() {
		primary, types, _ := t.Schema(k)
		out.Kinds[k] = wire.Schema{PrimaryType: primary, Types: types}
	}
	return out
}

// postTypedData answers the EIP-712 typed data of a transaction in its wire JSON without
// a signature, from the arena's schema table. Nothing is applied.
func (s *server) postTypedData(w http.ResponseWriter, r *http.Request) {
	b, err := s.readBody(w, r)
	if err == nil && namesNoArena(b) {
		err = badRequest(noArenaMsg)
	}
	var tx *ledger.Tx
	if err == nil {
		tx, err = ledger.DecodeTx(b)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	td, err := ledger.SchemaTable().TypedData(tx.Envelope(), tx.Body)
	if err != nil {
		s.fail(w, r, fmt.Errorf("%w: %v", ledger.ErrMalformed, err))
		return
	}
	h, err := tx.SigningHash()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, TypedData{TypedData: typed.JSON(td), Digest: ledger.HexHash(h)})
}
