package bounty

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
)

// committed returns the bytes URL entry e committed at filing, by its digest WorkSHA:
// the work source's copy when it holds bytes with that digest, or else what the URL
// serves now, checked against the digest. Bytes that do not match are
// [EXTERNAL] Work changed since filing. An entry without a digest committed nothing to
// check against (the ledger files none since digests are required): its URL is read as
// it is.
func (r *run) committed(e ledger.EntryView) fetched {
	if e.WorkSHA == "" {
		return r.fetchURL(e.WorkURL)
	}
	if b, ok := r.stored(e.WorkSHA); ok {
		return fetched{body: b}
	}
	f := r.fetchURL(e.WorkURL)
	switch {
	case f.err != nil:
	case sum(f.body) != e.WorkSHA:
		return fetched{err: grading.ClassifyFetch(grading.ErrWorkChanged)}
	default:
		if k, ok := r.p.Works.(grading.WorkKeeper); ok {
			k.Keep(r.ctx, f.body) // verified against the commitment: keep it for later reads
		}
	}
	return f
}

// stored returns the work source's bytes for digest, if it holds bytes that hash to it.
// A source that answers with other bytes is treated as not holding them.
func (r *run) stored(digest string) ([]byte, bool) {
	if r.p.Works == nil {
		return nil, false
	}
	b, ok := r.p.Works.Work(r.ctx, digest)
	return b, ok && sum(b) == digest
}

// fetchURL fetches u once per run; each entry checks the bytes against its own digest.
func (r *run) fetchURL(u string) fetched {
	if f, ok := r.fetched[u]; ok {
		return f
	}
	var f fetched
	if r.p.Fetcher == nil {
		f.err = grading.ClassifyFetch(grading.ErrNoFetcher)
	} else if body, err := r.p.Fetcher.Fetch(r.ctx, u); err != nil {
		f.err = grading.ClassifyFetch(err)
	} else {
		f.body = body
	}
	r.fetched[u] = f
	return f
}

// sum is the lowercase hex sha256 of b, the form digests are committed in.
func sum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
