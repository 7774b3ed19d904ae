package api

import (
	"errors"
	"fmt"
	"io"
	"net/http"

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
	if err != nil {
		s.metrics.tx("invalid", "rejected")
		s.log.Info("tx rejected", "err", err)
		s.fail(w, r, err)
		return
	}
	kind := string(tx.Body.Kind())
	rc, err := s.chain.Submit(r.Context(), tx)
	if err != nil {
		s.metrics.tx(kind, "rejected")
		s.log.Info("tx rejected", "kind", kind, "from", tx.From, "nonce", tx.Nonce, "err", err)
		s.fail(w, r, err)
		return
	}
	if rc.Outcome.OK() {
		s.metrics.tx(kind, "accepted")
		s.log.Debug("tx applied", "kind", kind, "tx", rc.TxID, "height", rc.Height)
		writeJSON(w, http.StatusOK, rc)
		return
	}
	s.metrics.tx(kind, "refused")
	s.log.Info("tx refused by the ledger", "kind", kind, "tx", rc.TxID, "outcome", rc.Outcome.Err)
	st, d := refusal(rc.Outcome.Err)
	writeJSON(w, st, ErrorBody{Error: d, Receipt: &rc})
}

// readTx reads and decodes the request body, refusing one over the size limit.
func (s *server) readTx(w http.ResponseWriter, r *http.Request) (*ledger.Tx, error) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.maxBody))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, fmt.Errorf("%w: body over %d bytes", ledger.ErrTooLarge, s.maxBody)
		}
		return nil, badRequest("could not read the request body")
	}
	return ledger.DecodeTx(b)
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

// postTypedData answers the EIP-712 typed data of a transaction in its wire JSON without
// a signature, from the arena's schema table. Nothing is applied.
func (s *server) postTypedData(w http.ResponseWriter, r *http.Request) {
	tx, err := s.readTx(w, r)
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
