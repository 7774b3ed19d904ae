package api_test

import (
	"io"
	"math/big"
	"net/http"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/typed"
)

// uploadRefusal is a request's upload headers and the exact message of its refusal.
type uploadRefusal struct {
	name string
	h    http.Header
	msg  string
}

// uploadRefusals are the refusals of k's upload of b (work or a blob) that every upload
// route shares, each a 401: a signature for another arena, of another primary type, of
// another size or chain id than the headers name, expired, high-S, or with a header
// missing or a chain id of zero.
func uploadRefusals(f *fixture, k *account.Key, b []byte, work bool) []uploadRefusal {
	f.t.Helper()
	u := f.upload(k, b)
	u.Work = work
	// signedBy is the message of headers that name u but carry a signature of v, which
	// recovers to another account.
	signedBy := func(name string, v typed.Upload) uploadRefusal {
		h := signUpload(f.t, k, v)
		wire.SetUploadHeaders(h, u, sigOf(f.t, h))
		hash, err := typed.UploadDigest(v)
		if err != nil {
			f.t.Fatal(err)
		}
		want, err := typed.UploadDigest(u)
		if err != nil || want == hash {
			f.t.Fatalf("%s: the upload's digest is the original's", name)
		}
		got, err := ledger.Recover(want, sigOf(f.t, h))
		if err != nil {
			f.t.Fatal(err)
		}
		return uploadRefusal{name, h, "upload signature: signed by " + got.String() + ", not by account " + k.Address().String()}
	}
	other := u
	other.Arena = [32]byte{0xa}
	typ := u
	typ.Work = !work
	size := u
	size.Size++
	chain := u
	chain.ChainID = 1
	var now int64
	f.eng.View(func(st *ledger.State) { now = st.Now() })
	if now < 1 {
		f.t.Fatalf("the arena's clock reads %d: no bound before it to expire", now)
	}
	expired := u
	expired.ValidUntil = uint64(now) - 1
	high := signUpload(f.t, k, u)
	wire.SetUploadHeaders(high, u, highS(sigOf(f.t, high)))
	zero := signUpload(f.t, k, u)
	zero.Set(wire.UploadChainIDHeader, "0")
	noAccount := signUpload(f.t, k, u)
	noAccount.Del(wire.UploadAccountHeader)
	fields := "an upload signature needs the headers Arena-Account (the account, 0x and 40 hex digits), Arena-Valid-Until (unix seconds) and Arena-Signature-Chain-Id (1 to 18446744073709551615), as it signed them"
	return []uploadRefusal{
		signedBy("a signature for another arena", other),
		signedBy("a signature of the other upload type with identical fields", typ),
		signedBy("a signature of another size", size),
		signedBy("a signature under another chain id", chain),
		{"expired", signUpload(f.t, k, expired), "upload signature: valid until " + itoa(expired.ValidUntil) + ", and the arena's clock reads " + itoa(uint64(now))},
		{"high-S", high, "upload signature: bad signature: s is in the upper half of the curve order (high-S)"},
		{"chain id 0", zero, fields},
		{"no account", noAccount, fields},
	}
}

func itoa(n uint64) string { return new(big.Int).SetUint64(n).String() }

// sigOf returns the signature the upload headers h carry.
func sigOf(t testing.TB, h http.Header) []byte {
	t.Helper()
	b, err := hexutil.Decode(h.Get(wire.BlobSignatureHeader))
	if err != nil || len(b) != 65 {
		t.Fatalf("signature header %q", h.Get(wire.BlobSignatureHeader))
	}
	return b
}

// highS returns sig's high-S twin: s replaced by n - s and v flipped; it recovers the
// same key.
func highS(sig []byte) []byte {
	out := append([]byte(nil), sig...)
	new(big.Int).Sub(crypto.S256().Params().N, new(big.Int).SetBytes(out[32:64])).FillBytes(out[32:64])
	out[64] ^= 1
	return out
}

// PUT /v1/work refuses the same upload signatures PUT /v1/blobs refuses, each with its
// exact message, and keeps nothing.
func TestWorkUploadSignaturesAreRefused(t *testing.T) {
	f := newFixture(t)
	f.commit(t, 1) // a block, so that the arena's clock has a bound before it
	for _, tc := range uploadRefusals(f, f.sender, []byte(note), true) {
		req, err := http.NewRequest(http.MethodPut, f.srv.URL+"/v1/work/"+sum(note), strings.NewReader(note))
		if err != nil {
			t.Fatal(err)
		}
		req.Header = tc.h
		req.Header.Set("Content-Type", "text/plain; charset=utf-8")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		refused(t, tc.name, resp.StatusCode, b, 401, tc.msg)
	}
	var up wire.Uploads
	if st := f.get("/v1/work", &up); st != http.StatusOK || len(up.Uploads) != 0 {
		t.Fatalf("GET /v1/work = %d %+v after refused uploads", st, up)
	}
}
