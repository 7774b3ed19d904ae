package client

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/typed"
)

// HashSigner signs a 32-byte hash as an arena account; *account.Key is one.
type HashSigner interface {
	Address() ledger.Address
	Sign(hash [32]byte) ([]byte, error)
}

// ErrNoSigner is PutBlob's and PutWork's error on a client made without WithSigner.
var ErrNoSigner = errors.New("client: storing bytes needs a signer (Client.WithSigner)")

// WithSigner returns a copy of the client that signs blob and work uploads with s: the
// node stores bytes only for an account holding funds or a validator, charged to it.
func (c *Client) WithSigner(s HashSigner) *Client {
	cp := *c
	cp.signer = s
	return &cp
}

// PutBlob keeps b in the node's artifact store (PUT /v1/blobs/{sha256}), signed by the
// client's signer over the upload hash of the node's chain, and returns the digest it
// is kept under. Keeping bytes the node already holds succeeds again. Refusals are
// *Error values with the node's exact message (an unfunded account, a spent quota, a
// blob over 16 MiB).
func (c *Client) PutBlob(ctx context.Context, b []byte) (string, error) {
	if c.signer == nil {
		return "", ErrNoSigner
	}
	if b == nil {
		b = []byte{}
	}
	d := digest(b)
	h, err := c.signUpload(ctx, false, d, len(b))
	if err != nil {
		return "", fmt.Errorf("put blob: %w", err)
	}
	var out wire.Blob
	if err := c.put(ctx, "/v1/blobs/"+d, "application/octet-stream", b, h, &out); err != nil {
		return "", err
	}
	if out.SHA256 != d {
		return "", fmt.Errorf("PUT /v1/blobs/%s: the node answered digest %q", d, out.SHA256)
	}
	return d, nil
}

// GetBlob returns the blob the node keeps under digest d (GET /v1/blobs/{sha256}); an
// *Error with Status 404 when it keeps none. It refuses an answer that does not hash to
// d.
func (c *Client) GetBlob(ctx context.Context, d string) ([]byte, error) {
	var b []byte
	if err := c.get(ctx, "/v1/blobs/"+d, &b); err != nil {
		return nil, err
	}
	if got := digest(b); got != d {
		return nil, fmt.Errorf("GET /v1/blobs/%s: the node answered bytes with sha256 %s", d, got)
	}
	return b, nil
}

// put sends PUT path with the body b of content type ct and the upload signature's
// headers h, decoding the JSON answer into out.
func (c *Client) put(ctx context.Context, path, ct string, b []byte, h http.Header, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, c.base+path, bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("PUT %s: %w", path, err)
	}
	for k, v := range h {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", ct)
	resp, err := c.hc.Do(req)
	if err != nil {
		return fmt.Errorf("PUT %s: %w", path, err)
	}
	defer resp.Body.Close()
	ans, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("PUT %s: read answer: %w", path, err)
	}
	if resp.StatusCode/100 != 2 {
		return answerError(resp.StatusCode, ans)
	}
	if err := json.Unmarshal(ans, out); err != nil {
		return fmt.Errorf("PUT %s: decode answer: %w", path, err)
	}
	return nil
}

// signUpload signs the upload of size bytes with sha256 d (hex), work or a blob, for the
// node's arena under ledger.KeystoreChainID, valid ledger.DefaultValidityS from the
// arena's clock at the next block (GET /v1/arena's next_time), and returns the headers
// that carry the signature.
func (c *Client) signUpload(ctx context.Context, work bool, d string, size int) (http.Header, error) {
	a, err := c.Arena(ctx)
	if err != nil {
		return nil, err
	}
	u := typed.Upload{Work: work, Arena: a.Terms.GenesisHash(), Account: c.signer.Address(), Size: uint64(size),
		ValidUntil: ledger.ValidFor(a.NextTime, ledger.DefaultValidityS), ChainID: ledger.KeystoreChainID}
	if _, err := hex.Decode(u.SHA256[:], []byte(d)); err != nil {
		return nil, fmt.Errorf("digest %q: %w", d, err)
	}
	hash, err := typed.UploadDigest(u)
	if err != nil {
		return nil, err
	}
	sig, err := c.signer.Sign(hash)
	if err != nil {
		return nil, err
	}
	h := http.Header{}
	wire.SetUploadHeaders(h, u, sig)
	return h, nil
}
