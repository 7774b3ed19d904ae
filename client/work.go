package client

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/arena/arena/api/wire"
)

// PutWork keeps b in the node's content-addressed work store (PUT /v1/work/{sha256}),
// signed by the client's signer over the work upload hash of the node's chain as
// PutBlob signs a blob, and returns the digest it is kept under: the sha256 a URL entry
// commits at filing (ledger.Submit.WorkSHA256), so that validators grade these bytes
// even after the URL serves others. Keeping bytes the node already holds succeeds
// again. Refusals are *Error values with the node's exact message (an unfunded
// account, a spent quota, a body over the node's fetch limit or not UTF-8 text).
func (c *Client) PutWork(ctx context.Context, b []byte) (wire.Work, error) {
	var w wire.Work
	if c.signer == nil {
		return w, ErrNoSigner
	}
	if b == nil {
		b = []byte{}
	}
	d := digest(b)
	h, err := c.signUpload(ctx, true, d, len(b))
	if err != nil {
		return w, fmt.Errorf("put work: %w", err)
	}
	err = c.put(ctx, "/v1/work/"+d, "text/plain; charset=utf-8", b, h, &w)
	return w, err
}

// Work returns the bytes the node keeps under the sha256 sum (GET /v1/work/{sha256});
// an *Error with Status 404 when it keeps none. It refuses an answer that does not hash
// to sum.
func (c *Client) Work(ctx context.Context, sum string) ([]byte, error) {
	var b []byte
	if err := c.get(ctx, "/v1/work/"+sum, &b); err != nil {
		return nil, err
	}
	if got := digest(b); got != sum {
		return nil, fmt.Errorf("GET /v1/work/%s: the node answered bytes with sha256 %s", sum, got)
	}
	return b, nil
}

// WorkUploads lists every work upload the node keeps (GET /v1/work), those no filing
// names yet included, which GET /v1/work/{sha256} does not serve.
func (c *Client) WorkUploads(ctx context.Context) (wire.Uploads, error) {
	var u wire.Uploads
	err := c.get(ctx, "/v1/work", &u)
	return u, err
}

// digest is the lowercase hex sha256 of b, the form work is committed in.
func digest(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
