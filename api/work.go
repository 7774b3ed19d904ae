package api

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"unicode/utf8"

	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/ledger"
)

// DefaultMaxWork is the largest body PUT /v1/work accepts when Config.MaxWork is 0: the
// fetch limit, 512 KiB, so that the store never holds work a validator would refuse to
// fetch.
const DefaultMaxWork = 512 << 10

// WorkStore is the node's content-addressed store of work bytes, which PUT and GET
// /v1/work/{sha256} serve; store.DB implements it. PutWork keeps b under its sha256 and
// returns that digest in lowercase hex, reporting whether b was new; Work returns the
// bytes kept under a digest and false when there are none.
type WorkStore interface {
	PutWork(ctx context.Context, b []byte) (sha256 string, added bool, err error)
	Work(ctx context.Context, sha256 string) ([]byte, bool, error)
}

// Work is the answer to PUT /v1/work/{sha256}.
type Work = wire.Work

// expected is the class word of the API's own refusals.
var expected = ledger.Expected.String()

// errNoWorkStore answers /v1/work on a node configured without a work store.
var errNoWorkStore = &httpError{http.StatusNotImplemented, expected, "this node keeps no work store"}

// putWork keeps the body under the sha256 in the path, after checking that it hashes to
// it, that it fits the fetch limit and that it is UTF-8 text, as a fetch would require.
func (s *server) putWork(w http.ResponseWriter, r *http.Request) {
	want, err := pathDigest(r)
	if err == nil && s.works == nil {
		err = errNoWorkStore
	}
	var b []byte
	if err == nil {
		b, err = s.readWork(w, r, want)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	_, added, err := s.works.PutWork(r.Context(), b)
	if err != nil {
		s.fail(w, r, fmt.Errorf("put work: %w", err))
		return
	}
	st := http.StatusOK
	if added {
		st = http.StatusCreated
	}
	writeJSON(w, st, Work{SHA256: want, Size: len(b)})
}

// readWork reads an uploaded body and refuses one that is over the limit, does not hash
// to want, or is not UTF-8.
func (s *server) readWork(w http.ResponseWriter, r *http.Request, want string) ([]byte, error) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.maxWork))
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		return nil, &httpError{http.StatusRequestEntityTooLarge, expected,
			fmt.Sprintf("work over %d bytes, the largest a validator fetches", s.maxWork)}
	case err != nil:
		return nil, badRequest("could not read the request body")
	}
	sum := sha256.Sum256(b)
	if got := hex.EncodeToString(sum[:]); got != want {
		return nil, unprocessable(fmt.Sprintf("work hashes to sha256 %s, not %s", got, want))
	}
	if !utf8.Valid(b) {
		return nil, unprocessable("work must be UTF-8 text")
	}
	return b, nil
}

// getWork answers the bytes kept under the sha256 in the path, as text, if a URL entry
// committed them.
func (s *server) getWork(w http.ResponseWriter, r *http.Request) {
	d, err := pathDigest(r)
	if err == nil && s.works == nil {
		err = errNoWorkStore
	}
	if err == nil {
		err = s.named(d)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	b, ok, err := s.works.Work(r.Context(), d)
	switch {
	case err != nil:
		s.fail(w, r, fmt.Errorf("get work: %w", err))
		return
	case !ok:
		s.fail(w, r, notFound("no work with sha256 "+d))
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "public, max-age=31536000, immutable") // a digest names one content
	w.Write(b)
}

// pathDigest parses the {sha256} path value: 64 lowercase hex digits, as the ledger
// commits it.
func pathDigest(r *http.Request) (string, error) {
	d := r.PathValue("sha256")
	if !wire.IsDigest(d) {
		return "", badRequest("work digest must be 64 lowercase hex digits")
	}
	return d, nil
}
