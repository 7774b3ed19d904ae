package client

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"

	"github.com/arena/arena/api/wire"
)

// PutWork keeps b in the node's content-addressed work store (PUT /v1/work/{sha256})
// and returns the digest it is kept under: the sha256 a URL entry commits at filing
// (ledger.Submit.WorkSHA256), so that validators grade these bytes even after the URL
// serves others. Keeping bytes the node already holds succeeds again. A body over the
// node's fetch limit, or not UTF-8 text, is an *Error with class EXPECTED.
func (c *Client) PutWork(ctx context.Context, b []byte) (wire.Work, error) {
	var w wire.Work
	if b == nil {
		b = []byte{}
	}
	err := c.send(ctx, http.MethodPut, "/v1/work/"+digest(b), "text/plain; charset=utf-8", b, &w)
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

// digest is the lowercase hex sha256 of b, the form work is committed in.
func digest(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
