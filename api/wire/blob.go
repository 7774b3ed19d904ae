package wire

import (
	"encoding/hex"
	"net/http"
	"strconv"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/typed"
)

// The headers of an upload signature, on PUT /v1/blobs/{sha256} and PUT /v1/work/{sha256}:
// the uploader's 65-byte signature (0x hex) over the EIP-712 typed data
// typed.UploadTypedData names (a BlobUpload or a WorkUpload of the arena, the account,
// the sha256, the size, which is the request's Content-Length, and the validity bound),
// and beside it the account, the bound and the EVM chain id it was signed under, in the
// arena's domain as every transaction is.
const (
	BlobSignatureHeader    = "Arena-Signature"
	UploadAccountHeader    = "Arena-Account"
	UploadValidUntilHeader = "Arena-Valid-Until"
	UploadChainIDHeader    = "Arena-Signature-Chain-Id"
)

// SetUploadHeaders sets on h the headers of the upload u signed with sig.
func SetUploadHeaders(h http.Header, u typed.Upload, sig []byte) {
	h.Set(BlobSignatureHeader, "0x"+hex.EncodeToString(sig))
	h.Set(UploadAccountHeader, u.Account.String())
	h.Set(UploadValidUntilHeader, strconv.FormatUint(u.ValidUntil, 10))
	h.Set(UploadChainIDHeader, strconv.FormatUint(u.ChainID, 10))
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

// Blob is the answer to PUT /v1/blobs/{sha256}: the digest the bytes are kept under,
// their size, and the account that signed the request (charged only when the bytes
// were new).
type Blob struct {
	SHA256   string         `json:"sha256"`
	Size     int64          `json:"size"`
	Uploader ledger.Address `json:"uploader"`
}
