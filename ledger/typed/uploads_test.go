package typed_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/typed"
)

// An upload's typed data is in the transactions' domain, names every field the node
// checks, and has a primary type of its own: a blob upload and a work upload with
// identical fields have different digests, and no transaction kind shares their names.
func TestUploadTypesAreTheirOwn(t *testing.T) {
	u := typed.Upload{Arena: [32]byte{7}, Account: ledger.MustAddress("0x00000000000000000000000000000000000000a1"),
		SHA256: [32]byte(crypto.Keccak256Hash([]byte("bytes"))), Size: 5, ValidUntil: 1_800_000_000, ChainID: 8453}
	td, err := typed.UploadTypedData(u)
	if err != nil {
		t.Fatal(err)
	}
	if td.PrimaryType != "BlobUpload" || string(td.EncodeType("BlobUpload")) != "BlobUpload(bytes32 arena,address account,bytes32 sha256,uint64 size,uint64 validUntil)" {
		t.Errorf("primary type %s encodes %q", td.PrimaryType, td.EncodeType(td.PrimaryType))
	}
	if want := typed.Domain(u.Arena, u.ChainID); td.Domain.VerifyingContract != want.VerifyingContract || td.Domain.Name != "Arena" ||
		(*big.Int)(td.Domain.ChainId).Uint64() != 8453 || td.Domain.VerifyingContract != common.Address(typed.VerifyingContract(u.Arena)).Hex() {
		t.Errorf("domain %+v, want the transactions' %+v", td.Domain, want)
	}
	blob, err := typed.UploadDigest(u)
	if err != nil {
		t.Fatal(err)
	}
	u.Work = true
	work, err := typed.UploadDigest(u)
	if err != nil || work == blob {
		t.Errorf("work digest %x (%v), the blob's %x", work, err, blob)
	}
	for name, edit := range map[string]func(*typed.Upload){
		"arena": func(v *typed.Upload) { v.Arena[0]++ }, "account": func(v *typed.Upload) { v.Account[0]++ },
		"sha256": func(v *typed.Upload) { v.SHA256[0]++ }, "size": func(v *typed.Upload) { v.Size++ },
		"validUntil": func(v *typed.Upload) { v.ValidUntil++ }, "chain id": func(v *typed.Upload) { v.ChainID++ },
	} {
		v := u
		edit(&v)
		if d, err := typed.UploadDigest(v); err != nil || d == work {
			t.Errorf("changing the %s left the digest as it was (%v)", name, err)
		}
	}
	for _, k := range ledger.SchemaTable().Kinds() {
		if p, _, _ := ledger.SchemaTable().Schema(k); p == typed.BlobUploadType || p == typed.WorkUploadType {
			t.Errorf("transaction kind %s has the primary type %s", k, p)
		}
	}
	u.ChainID = 0
	if _, err := typed.UploadDigest(u); err == nil || err.Error() != "typed data: the chain id must be 1 to 18446744073709551615" {
		t.Errorf("chain id 0: %v", err)
	}
}

// A work fetch's typed data is in the transactions' domain, signs the URL as a string
// (a wallet shows it; EIP-712 hashes it), covers every field the node checks, and has a
// primary type of its own that no transaction kind or upload shares.
func TestWorkFetchTypeIsItsOwn(t *testing.T) {
	f := typed.WorkFetch{Arena: [32]byte{7}, Account: ledger.MustAddress("0x00000000000000000000000000000000000000a1"),
		URL: "https://example.org/work.md", ValidUntil: 1_800_000_000, ChainID: 8453}
	td, err := typed.WorkFetchTypedData(f)
	if err != nil {
		t.Fatal(err)
	}
	if td.PrimaryType != "WorkFetch" || string(td.EncodeType("WorkFetch")) != "WorkFetch(bytes32 arena,address account,string url,uint64 validUntil)" {
		t.Errorf("primary type %s encodes %q", td.PrimaryType, td.EncodeType(td.PrimaryType))
	}
	if td.Message["url"] != f.URL || td.Domain.VerifyingContract != common.Address(typed.VerifyingContract(f.Arena)).Hex() ||
		(*big.Int)(td.Domain.ChainId).Uint64() != 8453 {
		t.Errorf("message %v in domain %+v", td.Message, td.Domain)
	}
	d, err := typed.WorkFetchDigest(f)
	if err != nil {
		t.Fatal(err)
	}
	for name, edit := range map[string]func(*typed.WorkFetch){
		"arena": func(v *typed.WorkFetch) { v.Arena[0]++ }, "account": func(v *typed.WorkFetch) { v.Account[0]++ },
		"url": func(v *typed.WorkFetch) { v.URL += "x" }, "validUntil": func(v *typed.WorkFetch) { v.ValidUntil++ },
		"chain id": func(v *typed.WorkFetch) { v.ChainID++ },
	} {
		v := f
		edit(&v)
		if e, err := typed.WorkFetchDigest(v); err != nil || e == d {
			t.Errorf("changing the %s left the digest as it was (%v)", name, err)
		}
	}
	for _, k := range ledger.SchemaTable().Kinds() {
		if p, _, _ := ledger.SchemaTable().Schema(k); p == typed.WorkFetchType {
			t.Errorf("transaction kind %s has the primary type %s", k, p)
		}
	}
	f.ChainID = 0
	if _, err := typed.WorkFetchDigest(f); err == nil || err.Error() != "typed data: the chain id must be 1 to 18446744073709551615" {
		t.Errorf("chain id 0: %v", err)
	}
}
