package api

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
	"unicode/utf8"

	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/blobs"
	"github.com/arena/arena/ledger"
)

// DefaultMaxWork is the largest body PUT /v1/work accepts when Config.MaxWork is 0: the
// fetch limit, 512 KiB, so that the store never holds work a validator would refuse to
// fetch.
const DefaultMaxWork = 512 << 10

// WorkStore is the node's content-addressed store of work bytes, which PUT and GET
// /v1/work/{sha256} and GET /v1/work serve; store.DB implements it. UploadWork keeps b
// under its sha256, charged to uploader at time at within quota q (refusing with
// blobs.ErrUploaderQuota or blobs.ErrTotalQuota), and returns that digest in lowercase
// hex, reporting whether b was new; Work returns the bytes kept under a digest and
// false when there are none; WorkUploads lists every upload kept, by digest.
type WorkStore interface {
	UploadWork(ctx context.Context, b []byte, uploader string, at time.Time, q blobs.Quota) (sha256 string, added bool, err error)
	Work(ctx context.Context, sha256 string) ([]byte, bool, error)
	WorkUploads(ctx context.Context) ([]blobs.Held, error)
}

// DefaultWorkQuota bounds work uploads when Config.WorkQuota is zero: 16 MiB per
// uploading account (32 uploads at the fetch limit) and 1 GiB for the whole store.
var DefaultWorkQuota = blobs.Quota{PerUploader: 16 << 20, Total: 1 << 30}

// Work is the answer to PUT /v1/work/{sha256}.
type Work = wire.Work

// expected is the class word of the API's own refusals.
var expected = ledger.Expected.String()

// Refusals of the work routes besides the shared ones.
var (
	errNoWorkStore     = &httpError{http.StatusNotImplemented, expected, "this node keeps no work store"}
	errNoWorkSignature = &httpError{http.StatusUnauthorized, expected, "storing work needs an " + wire.BlobSignatureHeader + " header: an account's signature over the work's upload hash"}
	errWorkStoreFull   = &httpError{http.StatusInsufficientStorage, expected, "this node's work store is full"}
)

// putWork keeps the body under the sha256 in the path, charged to the signing account,
// after checking that it hashes to it, that it fits the fetch limit and that it is
// UTF-8 text, as a fetch would require.
//
// The guard is the blob routes': a client over its upload rate is refused before
// anything is read; the request carries an arena account's signature over
// a WorkUpload's typed data (typed.UploadTypedData); only an account holding funds, or a validator,
// may store; and what it stores is charged to it, up to a per-account quota, under a
// quota for the whole store. What no filing names in time the node deletes.
func (s *server) putWork(w http.ResponseWriter, r *http.Request) {
	if !s.admitUpload(w, r) {
		return
	}
	want, err := pathDigest(r)
	if err == nil && s.works == nil {
		err = errNoWorkStore
	}
	var who ledger.Address
	if err == nil {
		who, err = s.uploader(r, true, want, errNoWorkSignature, "work")
	}
	var b []byte
	if err == nil {
		b, err = s.readWork(w, r, want)
	}
	var added bool
	if err == nil {
		s.workMu.Lock()
		_, added, err = s.works.UploadWork(r.Context(), b, who.String(), s.now(), s.workQuota)
		s.workMu.Unlock()
		err = workError(err, who)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	st := http.StatusOK
	if added {
		st = http.StatusCreated
	}
	writeJSON(w, st, Work{SHA256: want, Size: len(b), Uploader: who})
}

// workError turns a work store's refusal into the API's.
func workError(err error, who ledger.Address) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, blobs.ErrUploaderQuota):
		return &httpError{http.StatusForbidden, expected, "account " + who.String() + " has spent its work quota on this node"}
	case errors.Is(err, blobs.ErrTotalQuota):
		return errWorkStoreFull
	}
	return fmt.Errorf("put work: %w", err)
}

// getWorks lists every work upload kept, with who stored it and when.
func (s *server) getWorks(w http.ResponseWriter, r *http.Request) {
	if s.works == nil {
		s.fail(w, r, errNoWorkStore)
		return
	}
	held, err := s.works.WorkUploads(r.Context())
	if err != nil {
		s.fail(w, r, fmt.Errorf("list work: %w", err))
		return
	}
	writeJSON(w, http.StatusOK, uploadsOf(held))
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
