package api

import (
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/blobs"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/typed"
)

// Blob is the answer to PUT /v1/blobs/{sha256}.
type Blob = wire.Blob

// DefaultBlobQuota bounds blob uploads when Config.BlobQuota is zero: 256 MiB per
// uploading account and 8 GiB for the whole store.
var DefaultBlobQuota = blobs.Quota{PerUploader: 256 << 20, Total: 8 << 30}

// Refusals of the blob routes, every message in one place.
var (
	errNoBlobStore  = &httpError{http.StatusNotImplemented, expected, "this node keeps no blob store"}
	errBlobDigest   = badRequest("blob digest must be 64 lowercase hex digits")
	errNoSignature  = &httpError{http.StatusUnauthorized, expected, "storing a blob needs an " + wire.BlobSignatureHeader + " header: an account's signature over the blob's upload hash"}
	errBadSignature = &httpError{http.StatusUnauthorized, expected, wire.BlobSignatureHeader + " is not a valid signature of 65 bytes in hex"}
	errUploadFields = &httpError{http.StatusUnauthorized, expected, "an upload signature needs the headers " + wire.UploadAccountHeader + " (the account, 0x and 40 hex digits), " +
		wire.UploadValidUntilHeader + " (unix seconds) and " + wire.UploadChainIDHeader + " (1 to 18446744073709551615), as it signed them"}
	errUploadSize   = &httpError{http.StatusLengthRequired, expected, "an upload needs a Content-Length: the size its signature names"}
	errBlobTooLarge = &httpError{http.StatusRequestEntityTooLarge, expected, fmt.Sprintf("blob over %d bytes, the most a node keeps", blobs.MaxBytes)}
	errStoreFull    = &httpError{http.StatusInsufficientStorage, expected, "this node's blob store is full"}
)

// unnamed is the refusal of GET of an artifact no ledger record names: a node keeps what
// is uploaded to it before a transaction names it, but serves it only from then on, so
// that its store hosts nothing else and a held-out split stays unread until revealed.
// It is a 404, so that a node that asks it as a peer asks the next.
func unnamed(d string) error {
	return notFound("no ledger record names sha256 " + d + "; a node serves only the artifacts its ledger names")
}

// named refuses d unless a record of the ledger names it.
func (s *server) named(d string) error {
	var ok bool
	s.chain.View(func(st *ledger.State) { ok = st.Names(d) })
	if !ok {
		return unnamed(d)
	}
	return nil
}

// putBlob keeps the body under the sha256 in the path, charged to the signing account.
//
// The guard: storing bytes on a node costs its operator disk, so it is not free for
// anyone on the internet. A client over its upload rate is refused before anything is
// read (admitUpload). The request carries an arena account's signature
// over a BlobUpload's typed data (typed.UploadTypedData), as a transaction carries its
// sender's; only
// an account that holds funds in its wallet, or is one of the arena's validators, may
// store; and what it stores is charged to it, up to a per-account quota, under a quota
// for the whole store. What no filing names in time the node deletes (node's
// keep_unfiled). Reading is free.
func (s *server) putBlob(w http.ResponseWriter, r *http.Request) {
	if !s.admitUpload(w, r) {
		return
	}
	d, err := blobDigest(r)
	if err == nil && s.blobs == nil {
		err = errNoBlobStore
	}
	var who ledger.Address
	if err == nil {
		who, err = s.uploader(r, false, d, errNoSignature, "blobs")
	}
	if err == nil && r.ContentLength > blobs.MaxBytes {
		err = errBlobTooLarge
	}
	var added bool
	if err == nil {
		added, err = s.blobs.AddAt(who.String(), d, r.Body, s.blobQuota, s.now())
		err = blobError(err, who)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	st := http.StatusOK
	if added {
		st = http.StatusCreated
	}
	size, err := s.blobSize(d)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, st, Blob{SHA256: d, Size: size, Uploader: who})
}

// uploader checks the request's upload signature (unsigned is noSig) over the typed
// data of an upload of the bytes d (work or a blob) with the request's Content-Length,
// by ledger.VerifyUpload at the arena's clock, and checks that the account may store
// what (blobs or work): it holds funds or is a validator.
func (s *server) uploader(r *http.Request, work bool, d string, noSig error, what string) (ledger.Address, error) {
	h := r.Header.Get(wire.BlobSignatureHeader)
	if h == "" {
		return ledger.Address{}, noSig
	}
	sig, err := hex.DecodeString(strings.TrimPrefix(h, "0x"))
	if err != nil || len(sig) != 65 {
		return ledger.Address{}, errBadSignature
	}
	u := typed.Upload{Work: work, Size: uint64(max(r.ContentLength, 0))}
	acct, err := ledger.ParseAddress(r.Header.Get(wire.UploadAccountHeader))
	until, uerr := strconv.ParseUint(r.Header.Get(wire.UploadValidUntilHeader), 10, 64)
	chain, cerr := strconv.ParseUint(r.Header.Get(wire.UploadChainIDHeader), 10, 64)
	if err != nil || uerr != nil || cerr != nil || chain == 0 {
		return ledger.Address{}, errUploadFields
	}
	if r.ContentLength < 0 {
		return ledger.Address{}, errUploadSize
	}
	if _, err := hex.Decode(u.SHA256[:], []byte(d)); err != nil {
		return ledger.Address{}, errBlobDigest
	}
	u.Account, u.ValidUntil, u.ChainID = acct, until, chain
	who := acct
	var funded, validator bool
	s.chain.View(func(st *ledger.State) {
		u.Arena = st.GenesisHash()
		err = ledger.VerifyUpload(u, sig, st.Now())
		funded = !st.Balance(who).IsZero()
		validator = slices.Contains(st.Terms().Validators, who)
	})
	if err != nil {
		return ledger.Address{}, &httpError{http.StatusUnauthorized, expected, err.Error()}
	}
	if !funded && !validator {
		return ledger.Address{}, &httpError{http.StatusForbidden, expected,
			"account " + who.String() + " holds no funds and is not a validator; only such accounts may store " + what}
	}
	return who, nil
}

// blobError turns a store's refusal into the API's.
func blobError(err error, who ledger.Address) error {
	var mm *blobs.MismatchError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, blobs.ErrTooLarge):
		return errBlobTooLarge
	case errors.As(err, &mm):
		return badRequest(mm.Error())
	case errors.Is(err, blobs.ErrUploaderQuota):
		return &httpError{http.StatusForbidden, expected, "account " + who.String() + " has spent its blob quota on this node"}
	case errors.Is(err, blobs.ErrTotalQuota):
		return errStoreFull
	case errors.Is(err, blobs.ErrDigest):
		return errBlobDigest
	}
	return fmt.Errorf("put blob: %w", err)
}

// blobSize is the size of a held blob.
func (s *server) blobSize(d string) (int64, error) {
	rc, n, err := s.blobs.Reader(d)
	if err != nil {
		return 0, fmt.Errorf("blob size: %w", err)
	}
	rc.Close()
	return n, nil
}

// getBlob answers the bytes kept under the sha256 in the path, if a ledger record names
// them.
func (s *server) getBlob(w http.ResponseWriter, r *http.Request) {
	d, err := blobDigest(r)
	if err == nil && s.blobs == nil {
		err = errNoBlobStore
	}
	if err == nil {
		err = s.named(d)
	}
	var b []byte
	if err == nil {
		b, err = s.blobs.Get(d)
		if errors.Is(err, blobs.ErrNotFound) {
			err = notFound("no blob with sha256 " + d)
		}
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/octet-stream")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "public, max-age=31536000, immutable") // a digest names one content
	w.Write(b)
}

// getBlobs lists every blob held, with who stored it and when.
func (s *server) getBlobs(w http.ResponseWriter, r *http.Request) {
	if s.blobs == nil {
		s.fail(w, r, errNoBlobStore)
		return
	}
	held, err := s.blobs.List()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, uploadsOf(held))
}

// uploadsOf lists held as the API answers it.
func uploadsOf(held []blobs.Held) wire.Uploads {
	out := wire.Uploads{Uploads: make([]wire.Upload, 0, len(held))}
	for _, h := range held {
		u := wire.Upload{SHA256: h.SHA256, Size: h.Size, StoredAt: h.At}
		if a, err := ledger.ParseAddress(h.Uploader); err == nil && h.Uploader != "" {
			u.Uploader = &a
		}
		out.Uploads = append(out.Uploads, u)
		out.Bytes += h.Size
	}
	return out
}

// blobDigest parses the {sha256} path value.
func blobDigest(r *http.Request) (string, error) {
	d := r.PathValue("sha256")
	if !blobs.IsDigest(d) {
		return "", errBlobDigest
	}
	return d, nil
}
