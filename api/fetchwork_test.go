package api_test

import (
	"bytes"
	"crypto/x509"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/fetch"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/typed"
)

// fetchFixture is an API whose POST /v1/work/fetch fetches from a local HTTPS host,
// serving note at /work.md and 404 elsewhere: loopback allowed and the host's
// certificate trusted, as a local fixture needs; every other rule of the guard holds.
type fetchFixture struct {
	*fixture
	host *httptest.Server
}

func newFetchFixture(t *testing.T) *fetchFixture {
	t.Helper()
	host := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/work.md" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
		io.WriteString(w, note)
	}))
	host.Config.ErrorLog = log.New(io.Discard, "", 0)
	host.StartTLS()
	t.Cleanup(host.Close)
	roots := x509.NewCertPool()
	roots.AddCert(host.Certificate())
	f := newFixture(t, func(c *api.Config) {
		c.Fetch = &fetch.Config{AllowLoopback: true, RootCAs: roots}
	})
	return &fetchFixture{f, host}
}

// fetchReq returns k's WorkFetch of url on f's arena, with no validity bound, under the
// chain id of a wallet on Base (8453), signed.
func (f *fetchFixture) fetchReq(k *account.Key, url string) (typed.WorkFetch, wire.WorkFetch) {
	f.t.Helper()
	wf := typed.WorkFetch{Arena: f.terms.GenesisHash(), Account: k.Address(), URL: url, ValidUntil: ledger.NoExpiry, ChainID: 8453}
	return wf, signFetch(f.t, k, wf, wf)
}

// signFetch returns the request that names want but carries k's signature over signed.
func signFetch(t testing.TB, k *account.Key, want, signed typed.WorkFetch) wire.WorkFetch {
	t.Helper()
	h, err := typed.WorkFetchDigest(signed)
	if err != nil {
		t.Fatal(err)
	}
	sig, err := k.Sign(h)
	if err != nil {
		t.Fatal(err)
	}
	return wire.WorkFetch{URL: want.URL, Account: want.Account, ValidUntil: want.ValidUntil, ChainID: want.ChainID, Signature: hexutil.Encode(sig)}
}

// post sends POST /v1/work/fetch with req and returns the status and body.
func (f *fetchFixture) post(req any) (int, []byte) {
	f.t.Helper()
	b, err := json.Marshal(req)
	if err != nil {
		f.t.Fatal(err)
	}
	resp, err := http.Post(f.srv.URL+"/v1/work/fetch", "application/json", bytes.NewReader(b))
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, out
}

// nothingKept fails t unless the node's work store is empty.
func (f *fetchFixture) nothingKept(what string) {
	f.t.Helper()
	var up wire.Uploads
	if st := f.get("/v1/work", &up); st != http.StatusOK || len(up.Uploads) != 0 {
		f.t.Fatalf("%s: GET /v1/work = %d %+v, want nothing kept", what, st, up)
	}
}

// A signed work fetch keeps the bytes the URL served under their sha256, charged to the
// signer as its upload (201, then 200 for the same bytes again), and answers the URL, the
// digest and the size an entry commits.
func TestAWorkFetchKeepsTheURLsBytesUnderTheirDigest(t *testing.T) {
	f := newFetchFixture(t)
	url := f.host.URL + "/work.md"
	_, req := f.fetchReq(f.sender, url)
	for _, want := range []int{http.StatusCreated, http.StatusOK} {
		st, b := f.post(req)
		var got api.FetchedWork
		if err := json.Unmarshal(b, &got); err != nil || st != want {
			t.Fatalf("POST /v1/work/fetch = %d %s, want %d", st, b, want)
		}
		if exp := (api.FetchedWork{URL: url, SHA256: sum(note), Size: len(note), Uploader: f.sender.Address()}); got != exp {
			t.Fatalf("POST /v1/work/fetch = %+v, want %+v", got, exp)
		}
	}
	var up wire.Uploads
	if st := f.get("/v1/work", &up); st != http.StatusOK || len(up.Uploads) != 1 || up.Uploads[0].SHA256 != sum(note) ||
		up.Uploads[0].Size != int64(len(note)) || up.Uploads[0].Uploader == nil || *up.Uploads[0].Uploader != f.sender.Address() {
		t.Fatalf("GET /v1/work = %d %+v, want note kept for the sender", st, up)
	}
}

// A URL the node cannot fetch answers the fetch's class and message as a validator would
// class it, and keeps nothing: a 404 is [EXTERNAL] Work URL returned 404 (502); a
// private address is refused by the guard before any connection; plain http is refused.
func TestAWorkFetchTheNodeCannotMakeShowsTheFetchsClassedError(t *testing.T) {
	f := newFetchFixture(t)
	for _, tc := range []struct{ name, url, msg string }{
		{"a 404", f.host.URL + "/missing.md", "Work URL returned 404"},
		{"a private address", "https://10.1.2.3/work.md", "Work URL resolves to a private address"},
		{"plain http", "http://example.com/work.md", "Work URL must use https"},
	} {
		_, req := f.fetchReq(f.sender, tc.url)
		st, b := f.post(req)
		var eb api.ErrorBody
		if err := json.Unmarshal(b, &eb); err != nil || st != http.StatusBadGateway || eb.Error.Class != "EXTERNAL" || eb.Error.Message != tc.msg {
			t.Errorf("%s: %d %s, want 502 [EXTERNAL] %s", tc.name, st, b, tc.msg)
		}
	}
	f.nothingKept("failed fetches")
}

// A work fetch's signature is refused, 401 with its exact message, and nothing fetched
// or kept, when it is for another arena, of an upload type with the same fields' place,
// for another URL, expired or high-S; an account holding nothing may not have the node
// fetch (403).
func TestWorkFetchSignaturesAreRefused(t *testing.T) {
	f := newFetchFixture(t)
	f.commit(t, 1) // a block, so that the arena's clock has a bound before it
	url := f.host.URL + "/work.md"
	wf, good := f.fetchReq(f.sender, url)
	recovered := func(signedReq wire.WorkFetch) string {
		h, err := typed.WorkFetchDigest(wf)
		if err != nil {
			t.Fatal(err)
		}
		sig, err := hexutil.Decode(signedReq.Signature)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ledger.Recover(h, sig)
		if err != nil {
			t.Fatal(err)
		}
		return "upload signature: signed by " + got.String() + ", not by account " + f.sender.Address().String()
	}
	other := wf
	other.Arena = [32]byte{0xa}
	otherURL := wf
	otherURL.URL = f.host.URL + "/other.md"
	chain := wf
	chain.ChainID = 1
	anotherArena := signFetch(t, f.sender, wf, other)
	anotherURL := signFetch(t, f.sender, wf, otherURL)
	anotherChain := signFetch(t, f.sender, wf, chain)
	// An upload signature whose digest is over the same arena, account and bound: another
	// primary type, so another digest.
	u := f.upload(f.sender, []byte(note))
	u.Work = true
	uh, err := typed.UploadDigest(u)
	if err != nil {
		t.Fatal(err)
	}
	usig, err := f.sender.Sign(uh)
	if err != nil {
		t.Fatal(err)
	}
	upload := good
	upload.Signature = hexutil.Encode(usig)
	var now int64
	f.eng.View(func(st *ledger.State) { now = st.Now() })
	expired := wf
	expired.ValidUntil = uint64(now) - 1
	high := good
	high.Signature = hexutil.Encode(highS(hexutil.MustDecode(good.Signature)))
	zero := good
	zero.ChainID = 0
	fields := "a work fetch needs its signature (0x and 130 hex digits) and a chain id of 1 to 18446744073709551615, as it signed them"
	for _, tc := range []struct {
		name string
		req  wire.WorkFetch
		msg  string
	}{
		{"a signature for another arena", anotherArena, recovered(anotherArena)},
		{"a signature for another URL", anotherURL, recovered(anotherURL)},
		{"a signature under another chain id", anotherChain, recovered(anotherChain)},
		{"a WorkUpload signature by the same account", upload, recovered(upload)},
		{"expired", signFetch(t, f.sender, expired, expired), "upload signature: valid until " + itoa(expired.ValidUntil) + ", and the arena's clock reads " + itoa(uint64(now))},
		{"high-S", high, "upload signature: bad signature: s is in the upper half of the curve order (high-S)"},
		{"chain id 0", zero, fields},
	} {
		st, b := f.post(tc.req)
		refused(t, tc.name, st, b, http.StatusUnauthorized, tc.msg)
	}
	stranger, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	_, poor := f.fetchReq(stranger, url)
	st, b := f.post(poor)
	refused(t, "an account holding nothing", st, b, http.StatusForbidden,
		"account "+stranger.Address().String()+" holds no funds and is not a validator; only such accounts may store work")
	st, b = f.post(map[string]any{"url": url, "extra": 1})
	refused(t, "an unknown field", st, b, http.StatusBadRequest,
		"a work fetch is a JSON object: url, account, valid_until, chain_id and signature (0x and 130 hex digits)")
	f.nothingKept("refused fetches")
}

// A node configured with no fetcher answers 501 and fetches nothing.
func TestANodeWithoutAFetcherFetchesNoWorkURL(t *testing.T) {
	f := &fetchFixture{fixture: newFixture(t)}
	_, req := f.fetchReq(f.sender, "https://example.com/work.md")
	st, b := f.post(req)
	refused(t, "no fetcher", st, b, http.StatusNotImplemented, "this node fetches no work URL")
}
