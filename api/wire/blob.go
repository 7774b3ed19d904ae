package wire

import (
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/ledger"
)

// BlobSignatureHeader carries, on PUT /v1/blobs/{sha256} and PUT /v1/work/{sha256},
// the uploader's 65-byte signature over BlobUploadHash or WorkUploadHash, as
// 0x-prefixed hex.
const BlobSignatureHeader = "Arena-Signature"

// workPrefix separates work upload hashes from blob upload hashes and every other
// keccak256 preimage an arena key signs.
const workPrefix = "\x19Arena Work Upload:\n"

// WorkUploadHash is what an account signs to store work sha256 (lowercase hex) on the
// nodes of chain: keccak256(prefix ‖ chain ‖ "\n" ‖ sha256), as BlobUploadHash with
// its own prefix.
func WorkUploadHash(chain, sha256 string) [32]byte {
	return uploadHash(workPrefix, chain, sha256)
}

// Upload is one set of bytes a node keeps, as GET /v1/blobs and GET /v1/work list
// them: the digest, the size, and who stored it when (nil and 0 for bytes the node
// kept itself, fetched by a digest a filing names).
type Upload struct {
	SHA256   string          `json:"sha256"`
	Size     int64           `json:"size"`
	Uploader *ledger.Address `json:"uploader,omitempty"`
	StoredAt int64           `json:"stored_at,omitempty"` // unix seconds
}

// Uploads is GET /v1/blobs or GET /v1/work: everything the store keeps, by digest.
type Uploads struct {
	Uploads []Upload `json:"uploads"`
	Bytes   int64    `json:"bytes"` // the sizes added up
}

// blobPrefix separates blob upload hashes from transaction hashes and every other
// keccak256 preimage an arena key signs.
const blobPrefix = "\x19Arena Blob Upload:\n"

// BlobUploadHash is what an account signs to store the blob sha256 (lowercase hex) on
// the nodes of chain: keccak256(prefix ‖ chain ‖ "\n" ‖ sha256). It names the bytes and
// the chain only, so a signature lets anyone upload exactly those bytes, charged to the
// signer, on that chain and no other.
func BlobUploadHash(chain, sha256 string) [32]byte {
	return uploadHash(blobPrefix, chain, sha256)
}

// uploadHash is keccak256(prefix ‖ chain ‖ "\n" ‖ sha256), the one shape of both
// upload hashes.
func uploadHash(prefix, chain, sha256 string) [32]byte {
	var h [32]byte
	copy(h[:], crypto.Keccak256([]byte(prefix+chain+"\n"+sha256)))
	return h
}

// Blob is the answer to PUT /v1/blobs/{sha256}: the digest the bytes are kept under,
// their size, and the account that signed the request (charged only when the bytes
// were new).
type Blob struct {
	SHA256   string         `json:"sha256"`
	Size     int64          `json:"size"`
	Uploader ledger.Address `json:"uploader"`
}
