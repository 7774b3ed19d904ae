// Package blobs is the node's content-addressed artifact store and the one way to fetch
// an artifact by its digest: a challenge's bench and agent modules, datasets and
// transcripts, named by their sha256 in lowercase hex.
//
// A Store keeps each blob in its own file, named by its digest, under one directory
// (<arena dir>/blobs). A blob is written to a temporary file in that directory, hashed
// while it is written, synced, and only then renamed to its name (and the directory
// synced), so a crash mid-write leaves at most a temporary file, which is never served
// and which Open removes. No blob is larger than MaxBytes, and a blob whose bytes do not
// hash to its name is refused before it is named.
//
// Uploads may be charged to an uploader: Add records, in an append-only journal in the
// same directory, who first stored each blob, its size and when, and refuses one that
// would take the uploader or the store past a Quota. The charge is written after the
// rename, so a crash between the two leaves a blob charged to nobody: the quota never
// counts a blob that is not there. List and Charges say what is held and who stored it;
// Remove deletes a blob and its charge (the node deletes uploads no filing names). Who
// may upload at all is the API's decision (package api).
//
// Fetch tries sources in order (this node's Store, the network's other nodes through
// Peers, a node's GET /v1/blobs/{sha256}, an https URL through package fetch's
// hostile-URL client) and checks every answer against the digest while reading at most
// MaxBytes. Every failure is an *Error naming its Fault, the source and the figures the
// fault names, and whether it may pass (Error.Temporary): a mismatch, a 404 or another
// refusal of a URL is definitive (every validator asking meets it alike), a timeout, a
// 5xx or a broken connection may pass. The protocol class and text of each are
// grading.ClassifyBlob's. A peer is a mirror, not an authority: one whose answer is
// wrong is skipped and the next asked, and an artifact no peer holds may pass, since an
// upload to any one node reaches the others this way.
// Await is Fetch asked again, with backoff, while the failure may pass, until the
// context's deadline (a grading attempt's): an artifact committed a moment before its
// bytes reach any source is fetched once they do, and one never uploaded fails only at
// the deadline.
package blobs
