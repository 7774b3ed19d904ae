package node

import (
	"path/filepath"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/fetch"
)

// blobsDir is where a node keeps its artifact store, under its arena directory.
const blobsDir = "blobs"

// Blobs returns the node's content-addressed artifact store, <dir>/blobs: the modules,
// datasets and transcripts of benchmark challenges. The API serves it at
// /v1/blobs/{sha256} (api.Config.Blobs) and the node's validators fetch from it first.
func (n *Node) Blobs() *blobs.Store { return n.blobs }

// openBlobs opens <dir>/blobs, creating it, and removes what a crash left half-written.
func (n *Node) openBlobs() error {
	s, err := blobs.Open(filepath.Join(n.dir, blobsDir))
	if err != nil {
		return err
	}
	n.blobs = s
	return nil
}

// BlobClient returns the fetch client for artifact URLs: the [fetch] table's rules on
// addresses and time, reading any bytes up to blobs.MaxBytes.
func (f FetchConfig) BlobClient() *fetch.Client {
	return blobs.NewURLClient(f.FetchLimits())
}
