package api_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"testing"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/blobs"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/typed"
)

// blobFixture is the API fixture with a blob store, an extra validator holding no funds
// and a stranger holding nothing.
type blobFixture struct {
	*fixture
	store     *blobs.Store
	validator *account.Key
	stranger  *account.Key
}

func newBlobFixture(t *testing.T, q blobs.Quota) *blobFixture {
	t.Helper()
	store, err := blobs.Open(filepath.Join(t.TempDir(), "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	val, _ := account.Generate()
	stranger, _ := account.Generate()
	f := newFixtureWith(t, func(tm *ledger.Terms) { tm.Validators = append(tm.Validators, val.Address()) },
		func(c *api.Config) { c.Blobs, c.BlobQuota = store, q })
	return &blobFixture{fixture: f, store: store, validator: val, stranger: stranger}
}

func bsum(b []byte) string { return sum(string(b)) }

// upload is the blob upload of b by k on f's arena, with no validity bound, under the
// chain id of a wallet on Base (8453).
func (f *fixture) upload(k *account.Key, b []byte) typed.Upload {
	f.t.Helper()
	u := typed.Upload{Arena: f.terms.GenesisHash(), Account: k.Address(), Size: uint64(len(b)), ValidUntil: ledger.NoExpiry, ChainID: 8453}
	if _, err := hex.Decode(u.SHA256[:], []byte(bsum(b))); err != nil {
		f.t.Fatal(err)
	}
	return u
}

// signUpload returns the headers of u signed by k.
func signUpload(t testing.TB, k *account.Key, u typed.Upload) http.Header {
	t.Helper()
	hash, err := typed.UploadDigest(u)
	if err != nil {
		t.Fatal(err)
	}
	sig, err := k.Sign(hash)
	if err != nil {
		t.Fatal(err)
	}
	h := http.Header{}
	wire.SetUploadHeaders(h, u, sig)
	return h
}

// sign returns the headers of k's upload of b on f's arena.
func (f *fixture) sign(k *account.Key, b []byte) http.Header {
	return signUpload(f.t, k, f.upload(k, b))
}

// put sends PUT /v1/blobs/d with body and the upload headers h (nil for none).
func (f *blobFixture) put(d string, h http.Header, body []byte) (int, []byte) {
	f.t.Helper()
	req, _ := http.NewRequest(http.MethodPut, f.srv.URL+"/v1/blobs/"+d, bytes.NewReader(body))
	for k, v := range h {
		req.Header[k] = v
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// refused checks an answer's status and exact [EXPECTED] message.
func refused(t *testing.T, what string, st int, b []byte, wantSt int, msg string) {
	t.Helper()
	var eb api.ErrorBody
	if err := json.Unmarshal(b, &eb); err != nil || st != wantSt || eb.Error.Class != "EXPECTED" || eb.Error.Message != msg {
		t.Errorf("%s: %d %s, want %d [EXPECTED] %s", what, st, b, wantSt, msg)
	}
}

// A funded account's signed upload is kept (201, then 200 again) and, once a ledger
// record names it, served as bytes with an immutable cache header; a validator holding
// no funds may store too.
func TestASignedUploadIsKeptAndServed(t *testing.T) {
	f := newBlobFixture(t, blobs.Quota{})
	b := []byte("\x00asm\x01\x00\x00\x00")
	d := bsum(b)
	for _, want := range []int{http.StatusCreated, http.StatusOK} {
		st, body := f.put(d, f.sign(f.sender, b), b)
		var got api.Blob
		if err := json.Unmarshal(body, &got); err != nil || st != want ||
			got != (api.Blob{SHA256: d, Size: int64(len(b)), Uploader: f.sender.Address()}) {
			t.Fatalf("PUT: %d %s, want %d", st, body, want)
		}
	}
	resp, err := http.Get(f.srv.URL + "/v1/blobs/" + d)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	refused(t, "GET before a record names it", resp.StatusCode, got, 404, "no ledger record names sha256 "+d+"; a node serves only the artifacts its ledger names")
	f.name(d)
	if resp, err = http.Get(f.srv.URL + "/v1/blobs/" + d); err != nil {
		t.Fatal(err)
	}
	got, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Equal(got, b) || resp.Header.Get("Content-Type") != "application/octet-stream" ||
		resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Fatalf("GET: %d %q %v", resp.StatusCode, got, resp.Header)
	}
	v := []byte("a validator's artifact")
	if st, body := f.put(bsum(v), f.sign(f.validator, v), v); st != http.StatusCreated {
		t.Fatalf("validator: %d %s", st, body)
	}
	if f.store.Usage(f.sender.Address().String()) != int64(len(b)) {
		t.Fatalf("the sender was charged %d", f.store.Usage(f.sender.Address().String()))
	}
}

// Every refusal of PUT /v1/blobs, with its status and message; nothing refused is kept.
func TestUploadsThatAreNotAllowedAreRefused(t *testing.T) {
	f := newBlobFixture(t, blobs.Quota{})
	b := []byte("artifact")
	d := bsum(b)
	good := f.sign(f.sender, b)
	strangerMsg := "account " + f.stranger.Address().String() + " holds no funds and is not a validator; only such accounts may store blobs"
	st, body := f.put(d, nil, b)
	refused(t, "no signature", st, body, 401, "storing a blob needs an Arena-Signature header: an account's signature over the blob's upload hash")
	st, body = f.put(d, http.Header{wire.BlobSignatureHeader: {"0xnothex"}}, b)
	refused(t, "not hex", st, body, 401, "Arena-Signature is not a valid signature of 65 bytes in hex")
	st, body = f.put(d, http.Header{wire.BlobSignatureHeader: {"0x" + hex.EncodeToString(make([]byte, 64))}}, b)
	refused(t, "64 bytes", st, body, 401, "Arena-Signature is not a valid signature of 65 bytes in hex")
	st, body = f.put(d, f.sign(f.stranger, b), b)
	refused(t, "stranger", st, body, 403, strangerMsg)
	f.commit(t, 1) // a block, so that the arena's clock has a bound before it
	for _, tc := range uploadRefusals(f.fixture, f.sender, b, false) {
		st, body = f.put(d, tc.h, b)
		refused(t, tc.name, st, body, 401, tc.msg)
	}
	st, body = f.put("ABC", good, b)
	refused(t, "digest", st, body, 400, "blob digest must be 64 lowercase hex digits")
	st, body = f.put(d, good, []byte("artifacT"))
	refused(t, "mismatch", st, body, 400, "blob hashes to sha256 "+bsum([]byte("artifacT"))+", not "+d)
	big := bytes.Repeat([]byte{1}, blobs.MaxBytes+1)
	st, body = f.put(bsum(big), f.sign(f.sender, big), big)
	refused(t, "too large", st, body, 413, "blob over 16777216 bytes, the most a node keeps")
	if f.store.Total() != 0 {
		t.Fatalf("refused uploads kept %d bytes", f.store.Total())
	}
}

// An account may store up to its quota, and the store up to its total; past either the
// upload is refused, and bytes already held stay free.
func TestQuotasBoundUploads(t *testing.T) {
	f := newBlobFixture(t, blobs.Quota{PerUploader: 10, Total: 16})
	up := func(k *account.Key, s string) (int, []byte) {
		return f.put(bsum([]byte(s)), f.sign(k, []byte(s)), []byte(s))
	}
	if st, body := up(f.sender, "12345678"); st != 201 {
		t.Fatalf("%d %s", st, body)
	}
	st, body := up(f.sender, "abc")
	refused(t, "account quota", st, body, 403, "account "+f.sender.Address().String()+" has spent its blob quota on this node")
	if st, body := up(f.sender, "12345678"); st != 200 {
		t.Fatalf("a held blob: %d %s", st, body)
	}
	if st, body := up(f.validator, "abcdefgh"); st != 201 {
		t.Fatalf("%d %s", st, body)
	}
	st, body = up(f.validator, "z")
	refused(t, "total", st, body, 507, "this node's blob store is full")
}

// GET refuses a malformed digest and a digest no ledger record names, and answers 404
// for a named blob not held; a node without a store answers 501 on both routes.
func TestBlobReadsAndMissingStores(t *testing.T) {
	f := newBlobFixture(t, blobs.Quota{})
	d := bsum([]byte("never stored"))
	refusedGet := func(g *fixture, path string, want int, msg string) {
		t.Helper()
		resp, err := http.Get(g.srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		refused(t, "GET "+path, resp.StatusCode, b, want, msg)
	}
	refusedGet(f.fixture, "/v1/blobs/"+d, 404, "no ledger record names sha256 "+d+"; a node serves only the artifacts its ledger names")
	f.name(d)
	refusedGet(f.fixture, "/v1/blobs/"+d, 404, "no blob with sha256 "+d)
	refusedGet(f.fixture, "/v1/blobs/xyz", 400, "blob digest must be 64 lowercase hex digits")
	bare := newFixture(t)
	refusedGet(bare, "/v1/blobs/"+d, 501, "this node keeps no blob store")
	st, body := (&blobFixture{fixture: bare}).put(d, bare.sign(bare.sender, []byte("never stored")), []byte("never stored"))
	refused(t, "PUT without a store", st, body, 501, "this node keeps no blob store")
}

// name has the sender register a bench version whose module is d: a ledger record that
// names d, from which the node serves it.
func (f *fixture) name(d string) {
	f.t.Helper()
	_, nonce := f.heightAndNonce()
	st, b := f.post(f.encode(f.tx(nonce, ledger.Amount{}, challenge.BenchRegister{
		Name: "b" + d[:8], Version: 1, Module: d, Size: 1000, Kinds: []string{"memory", "tool"},
		MinCases: 100, Profiles: []string{"full", "practice"}, Quorum: 1, InitGas: 1, CaseGas: 1, BenchGas: 1,
		MaxPages: 2048, Platform: challenge.Platform, Fold: challenge.DefaultFold(),
	})))
	if st != http.StatusOK || bytes.Contains(b, []byte(`"error"`)) {
		f.t.Fatalf("name %s: %d %s", d, st, b)
	}
}
