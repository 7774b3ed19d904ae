package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/http"

	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/client"
	"github.com/arena/arena/fetch"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/node"
)

// keptWork is the work a URL entry commits: the digest and size the node keeps it
// under, and where the bytes came from, for people.
type keptWork struct {
	wire.Work
	from string
}

// keepWork makes the bytes at url the node's to serve and returns their digest, for a
// submit to commit. Without want it fetches url as a validator would and uploads the
// bytes. With want (a digest computed elsewhere), bytes the node already keeps under it
// are used as they are, whether a filing names them yet or they were uploaded
// beforehand (PUT /v1/work/{sha256}); otherwise url must serve bytes with that digest
// now, and they are uploaded.
func (a *app) keepWork(ctx context.Context, c *client.Client, url, want string) (*keptWork, error) {
	if want != "" {
		if !wire.IsDigest(want) {
			return nil, fmt.Errorf("--work-sha256: %q is not 64 lowercase hex digits", want)
		}
		if w, ok, err := keptBy(ctx, c, want); err != nil || ok {
			return w, err
		}
	}
	b, err := a.fetchWork(ctx, url)
	switch {
	case err != nil && want != "":
		return nil, fmt.Errorf("--work-sha256 %s: the node keeps no such work, and %s could not be fetched: %v", want, url, err)
	case err != nil:
		return nil, err
	case want != "" && sum(b) != want:
		return nil, fmt.Errorf("--work-sha256 %s: the node keeps no such work, and %s serves bytes with sha256 %s", want, url, sum(b))
	}
	k, err := a.signer()
	if err != nil {
		return nil, err
	}
	w, err := c.WithSigner(k).PutWork(ctx, b)
	if err != nil {
		return nil, fmt.Errorf("keep the work of %s on the node: %w", url, err)
	}
	return &keptWork{w, "fetched from " + url + ", now kept by the node"}, nil
}

// keptBy returns the work the node keeps under digest, if it keeps any: bytes a filing
// names, which GET /v1/work/{sha256} serves, or an upload no filing names yet, which
// only the upload listing shows.
func keptBy(ctx context.Context, c *client.Client, digest string) (*keptWork, bool, error) {
	b, err := c.Work(ctx, digest)
	var ce *client.Error
	switch {
	case err == nil:
		return &keptWork{wire.Work{SHA256: digest, Size: len(b)}, "the node already keeps"}, true, nil
	case !errors.As(err, &ce) || ce.Status != http.StatusNotFound:
		return nil, false, err
	}
	ups, err := c.WorkUploads(ctx)
	if err != nil {
		return nil, false, fmt.Errorf("list the node's work uploads: %w", err)
	}
	for _, u := range ups.Uploads {
		if u.SHA256 == digest {
			w := wire.Work{SHA256: digest, Size: int(u.Size)}
			if u.Uploader != nil {
				w.Uploader = *u.Uploader
			}
			return &keptWork{w, "the node already keeps, uploaded beforehand"}, true, nil
		}
	}
	return nil, false, nil
}

// fetchWork fetches url under the arena's [fetch] limits, those its validators fetch
// under, with the same SSRF guard. A failure reads as a validator would class it.
func (a *app) fetchWork(ctx context.Context, url string) ([]byte, error) {
	limits, err := a.fetchLimits()
	if err != nil {
		return nil, err
	}
	b, err := fetch.New(limits).Fetch(ctx, url)
	if err != nil {
		return nil, grading.ClassifyFetch(err)
	}
	return b, nil
}

// fetchLimits returns the fetcher's configuration from the [fetch] table of the
// directory's arena.toml (its limits and ca_file), or fetch's defaults when the
// directory holds no arena (a remote node named with --node).
func (a *app) fetchLimits() (fetch.Config, error) {
	cfg, err := node.LoadConfig(a.dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fetch.Config{}, nil
	case err != nil:
		return fetch.Config{}, err
	}
	return cfg.Fetch.Client(a.dir)
}

// sum is the lowercase hex sha256 of b, the form a submit commits work in.
func sum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
