package typed

import (
	"encoding/hex"
	"strconv"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/arena/arena/ledger/book"
)

// The primary types of upload signatures: what an account signs to store bytes on an
// arena's nodes, a blob (PUT /v1/blobs) or work (PUT /v1/work). Each has its own
// primary type, so that a signature for one can never store the other, and neither is
// a transaction's.
const (
	BlobUploadType = "BlobUpload"
	WorkUploadType = "WorkUpload"
)

// uploadFields are the fields of both upload types, in order.
var uploadFields = []apitypes.Type{
	{Name: "arena", Type: "bytes32"},
	{Name: "account", Type: "address"},
	{Name: "sha256", Type: "bytes32"},
	{Name: "size", Type: "uint64"},
	{Name: "validUntil", Type: "uint64"},
}

// Upload is an upload signature's content: the arena, the account the bytes are charged
// to, their sha256 and size, the validity bound, and the EVM chain the signer's wallet
// was on (the domain's chainId).
type Upload struct {
	Work       bool // work (WorkUpload) rather than a blob (BlobUpload)
	Arena      [32]byte
	Account    book.Address
	SHA256     [32]byte
	Size       uint64
	ValidUntil uint64 // unix seconds of the arena's clock after which it is refused
	ChainID    uint64
}

// UploadTypedData returns u as the EIP-712 typed data a wallet signs with
// eth_signTypedData_v4: the arena's domain (Domain) and the BlobUpload or WorkUpload
// type. It refuses a chain id of zero.
func UploadTypedData(u Upload) (apitypes.TypedData, error) {
	primary := BlobUploadType
	if u.Work {
		primary = WorkUploadType
	}
	return single(primary, uploadFields, u.Arena, u.ChainID, apitypes.TypedDataMessage{
		"arena":      "0x" + hex.EncodeToString(u.Arena[:]),
		"account":    common.Address(u.Account).Hex(),
		"sha256":     "0x" + hex.EncodeToString(u.SHA256[:]),
		"size":       strconv.FormatUint(u.Size, 10),
		"validUntil": strconv.FormatUint(u.ValidUntil, 10),
	})
}

// UploadDigest returns the EIP-712 digest of UploadTypedData(u), the hash an upload
// signature signs.
func UploadDigest(u Upload) ([32]byte, error) { return digestOf(UploadTypedData(u)) }

// WorkFetchType is the primary type of a work fetch signature: what an account signs to
// have an arena's node fetch an https URL and keep its bytes as work (POST
// /v1/work/fetch), charged to it as a WorkUpload's would be. Its own primary type keeps
// it from ever standing for an upload or a transaction.
const WorkFetchType = "WorkFetch"

// workFetchFields are the fields of WorkFetch, in order. The URL is a string: a wallet
// shows it, and EIP-712 signs its keccak.
var workFetchFields = []apitypes.Type{
	{Name: "arena", Type: "bytes32"},
	{Name: "account", Type: "address"},
	{Name: "url", Type: "string"},
	{Name: "validUntil", Type: "uint64"},
}

// WorkFetch is a work fetch signature's content: the arena, the account the bytes are
// charged to, the https URL, the validity bound, and the EVM chain the signer's wallet
// was on (the domain's chainId).
type WorkFetch struct {
	Arena      [32]byte
	Account    book.Address
	URL        string
	ValidUntil uint64 // unix seconds of the arena's clock after which it is refused
	ChainID    uint64
}

// WorkFetchTypedData returns f as the EIP-712 typed data a wallet signs with
// eth_signTypedData_v4: the arena's domain (Domain) and the WorkFetch type. It refuses a
// chain id of zero.
func WorkFetchTypedData(f WorkFetch) (apitypes.TypedData, error) {
	return single(WorkFetchType, workFetchFields, f.Arena, f.ChainID, apitypes.TypedDataMessage{
		"arena":      "0x" + hex.EncodeToString(f.Arena[:]),
		"account":    common.Address(f.Account).Hex(),
		"url":        f.URL,
		"validUntil": strconv.FormatUint(f.ValidUntil, 10),
	})
}

// WorkFetchDigest returns the EIP-712 digest of WorkFetchTypedData(f), the hash a work
// fetch signature signs.
func WorkFetchDigest(f WorkFetch) ([32]byte, error) { return digestOf(WorkFetchTypedData(f)) }
