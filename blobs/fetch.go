package blobs

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/arena/arena/fetch"
)

// Source is one place an artifact may be fetched from: a *Store, Node or URL.
type Source interface {
	// Blob returns the bytes the source holds under d, read up to MaxBytes+1; Fetch
	// checks them. A failure is an *Error.
	Blob(ctx context.Context, d string) ([]byte, error)
	// Where names the source in messages, for the digest d.
	Where(d string) string
}

// Where names this node's store.
func (s *Store) Where(d string) string { return "this node's blob store" }

// ErrMissing matches (errors.Is) a source's answer that it does not hold the artifact
// (yet): a store miss, a node's 404, no peer holding it. It may pass (Error.Temporary),
// since the artifact may still arrive (uploaded to another node, not yet copied here),
// and Fetch never lets it outweigh a definitive answer of another source.
var ErrMissing = errors.New("the artifact is not held here")

// Blob returns the blob d, or a FaultNotHeld failure when it is not held.
func (s *Store) Blob(_ context.Context, d string) ([]byte, error) {
	b, err := s.Get(d)
	var mm *MismatchError
	switch {
	case err == nil:
		return b, nil
	case errors.Is(err, ErrNotFound):
		return nil, &Error{Fault: FaultNotHeld, Digest: d, Where: s.Where(d), Err: err}
	case errors.As(err, &mm):
		return nil, mismatch(s.Where(d), d)
	}
	return nil, &Error{Fault: FaultUnreadable, Digest: d, Where: s.Where(d), Err: err}
}

// DefaultNodeTimeout bounds a fetch from a node's API when the http.Client has none.
const DefaultNodeTimeout = 60 * time.Second

// Node is a source that asks a node's API: GET <Base><Route><sha256>. The node is one
// the caller chose (its own, or one its operator configured), so it may be on a private
// network; an https URL named by a transaction goes through URL instead.
type Node struct {
	Base     string       // "http://127.0.0.1:8545"
	Client   *http.Client // nil means one with DefaultNodeTimeout
	Route    string       // BlobRoute when empty; WorkRoute for work bytes
	MaxBytes int64        // the most bytes read; MaxBytes when zero
}

// Where is the URL of the artifact on the node.
func (n Node) Where(d string) string {
	r := n.Route
	if r == "" {
		r = BlobRoute
	}
	return strings.TrimRight(n.Base, "/") + r + d
}

func (n Node) limit() int64 {
	if n.MaxBytes > 0 && n.MaxBytes < MaxBytes {
		return n.MaxBytes
	}
	return MaxBytes
}

func (n Node) tooLarge(d string) *Error { return tooLarge(n.Where(d), d, n.limit()) }

// Blob asks the node for the blob d.
func (n Node) Blob(ctx context.Context, d string) ([]byte, error) {
	hc := n.Client
	if hc == nil {
		hc = &http.Client{Timeout: DefaultNodeTimeout}
	}
	where := n.Where(d)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, where, nil)
	if err != nil {
		return nil, &Error{Fault: FaultFetch, Digest: d, Where: where, Fetch: fetch.ErrBadURL, Err: err}
	}
	req.Header.Set("Accept", "application/octet-stream")
	resp, err := hc.Do(req)
	if err != nil {
		return nil, transport(where, d, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return nil, &Error{Fault: FaultNodeMissing, Digest: d, Where: where}
	}
	if resp.StatusCode != http.StatusOK {
		return nil, status(where, d, resp.StatusCode, nil)
	}
	if resp.ContentLength > n.limit() {
		return nil, n.tooLarge(d)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, n.limit()+1))
	if err != nil {
		return nil, transport(where, d, err)
	}
	if int64(len(b)) > n.limit() {
		return nil, n.tooLarge(d)
	}
	return b, nil
}

// URL is a source that fetches an https URL with Client, which must be a fetch.Client
// made with Binary set and MaxBytes at least MaxBytes (NewURLClient makes one): the
// project's one hostile-URL fetcher, refusing private addresses, bad redirects, slow
// hosts and oversized bodies.
type URL struct {
	URL    string
	Client *fetch.Client
}

// NewURLClient returns the fetch client URL sources use: binary, capped at MaxBytes,
// with cfg's other settings (a zero Config takes fetch's defaults).
func NewURLClient(cfg fetch.Config) *fetch.Client {
	cfg.Binary, cfg.MaxBytes = true, MaxBytes
	return fetch.New(cfg)
}

// Where is the URL, cut to 200 bytes.
func (u URL) Where(string) string {
	if len(u.URL) > 200 {
		return u.URL[:200] + "..."
	}
	return u.URL
}

// Blob fetches the URL.
func (u URL) Blob(ctx context.Context, d string) ([]byte, error) {
	c := u.Client
	if c == nil {
		c = NewURLClient(fetch.Config{})
	}
	b, err := c.Fetch(ctx, u.URL)
	if err != nil {
		return nil, classifyFetch(u.Where(d), d, err)
	}
	return b, nil
}

// Fetch returns the artifact d from the first source that has it, checking every answer
// against d and reading at most MaxBytes from any. When every source fails it returns
// the last source's failure (callers list the cheapest first and the one every
// validator shares, the committed URL, last), or the first failure that may pass
// (Error.Temporary) when any source failed so, so that one broken mirror never settles a
// refusal that a retry would not. A source that merely lacks d (ErrMissing: a store
// miss, a node's 404) may pass when it is the last, but does not outweigh a later
// source's definitive answer. Every failure is an *Error.
func Fetch(ctx context.Context, d string, sources ...Source) ([]byte, error) {
	if !IsDigest(d) {
		return nil, &Error{Fault: FaultDigest, Digest: d}
	}
	if len(sources) == 0 {
		return nil, &Error{Fault: FaultNoSource, Digest: d}
	}
	var last, transient *Error
	for _, src := range sources {
		b, err := src.Blob(ctx, d)
		if err == nil {
			err = check(src.Where(d), d, b)
		}
		if err == nil {
			return b, nil
		}
		e := asError(src.Where(d), d, err)
		last = e
		if e.Temporary() && transient == nil && !errors.Is(e, ErrMissing) {
			transient = e
		}
	}
	if (!last.Temporary() || errors.Is(last, ErrMissing)) && transient != nil {
		return nil, transient
	}
	return nil, last
}

// check refuses bytes over MaxBytes or not hashing to d.
func check(where, d string, b []byte) error {
	if len(b) > MaxBytes {
		return tooLarge(where, d, MaxBytes)
	}
	sum := sha256.Sum256(b)
	if hex.EncodeToString(sum[:]) != d {
		return mismatch(where, d)
	}
	return nil
}

// asError returns a source's failure as the *Error it is, or as FaultUnfetched.
func asError(where, d string, err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Fault: FaultUnfetched, Digest: d, Where: where, Err: err}
}
