package node

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/arena/arena/ledger"
)

// Uploads that no filing names are not kept for good: bytes an account stored (PUT
// /v1/work, PUT /v1/blobs) are deleted once they have been kept for the [api] table's
// keep_unfiled bound while nothing the ledger holds names their digest. A filing names
// them when the ledger's state holds the digest anywhere: a URL entry's work_sha256, a
// bench's module, a committed program or architecture, a run's transcript, a split.
// The state's canonical encoding carries every digest the ledger keeps, in the same
// lowercase hex, so the sweep looks for the digest there and needs to know no kind.
// Bytes the node kept itself (fetched by a digest a filing names) are charged to no one
// and never swept.

// SweepUploads deletes every upload charged to an account that was stored before
// now minus keep_unfiled and that no filing names, in the work store and the blob store,
// and returns how many it deleted. now is the node's clock (a test passes its own).
func (n *Node) SweepUploads(ctx context.Context, now time.Time) (int, error) {
	cutoff := now.Add(-n.cfg.API.KeepUnfiled).Unix()
	var enc []byte
	var err error
	n.View(func(s *ledger.State) { enc, err = s.Encode() })
	if err != nil {
		return 0, fmt.Errorf("sweep uploads: %w", err)
	}
	named := func(d string) bool { return bytes.Contains(enc, []byte(d)) }
	deleted := 0
	works, err := n.Works().WorkUploads(ctx)
	if err != nil {
		return 0, fmt.Errorf("sweep uploads: %w", err)
	}
	for _, u := range works {
		if u.At < cutoff && !named(u.SHA256) {
			if err := n.Works().DeleteWork(ctx, u.SHA256); err != nil {
				return deleted, fmt.Errorf("sweep uploads: %w", err)
			}
			n.log.Info("deleted unfiled work", "sha256", u.SHA256, "uploader", u.Uploader, "size", u.Size, "stored", time.Unix(u.At, 0).UTC())
			deleted++
		}
	}
	for d, c := range n.blobs.Charges() {
		if c.At < cutoff && !named(d) {
			if err := n.blobs.Remove(d); err != nil {
				return deleted, fmt.Errorf("sweep uploads: %w", err)
			}
			n.log.Info("deleted unfiled blob", "sha256", d, "uploader", c.Uploader, "size", c.Size, "stored", time.Unix(c.At, 0).UTC())
			deleted++
		}
	}
	return deleted, nil
}

// sweepEvery is how often Run sweeps: an eighth of the bound, between a minute and an
// hour, so an unfiled upload outlives its bound by at most that.
func (n *Node) sweepEvery() time.Duration {
	return min(max(n.cfg.API.KeepUnfiled/8, time.Minute), time.Hour)
}

// sweep runs SweepUploads on the wall clock every sweepEvery until ctx ends. A failed
// sweep is logged and tried again at the next tick.
func (n *Node) sweep(ctx context.Context) error {
	t := time.NewTicker(n.sweepEvery())
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case now := <-t.C:
			if _, err := n.SweepUploads(ctx, now); err != nil && ctx.Err() == nil {
				n.log.Warn("upload sweep failed", "err", err)
			}
		}
	}
}
