package node

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/blobs"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/typed"
)

// uploadNode is a node whose API runs on a frozen clock, with a funded sponsor.
type uploadNode struct {
	*Node
	t       *testing.T
	url     string
	sponsor *account.Key
	solver  *account.Key
}

func newUploadNode(t *testing.T, stored time.Time) *uploadNode {
	t.Helper()
	dir := t.TempDir()
	sponsor, solver := newKey(t), newKey(t)
	if _, err := Init(dir, InitOptions{Terms: Terms{Name: "upload test", DevMode: true, Genesis: []ledger.Allocation{
		{Address: sponsor.Address(), Amount: ledger.Ether(1000)}, {Address: solver.Address(), Amount: ledger.Ether(100)},
	}}, LightScrypt: true}); err != nil {
		t.Fatal(err)
	}
	n, err := Open(dir, OpenOptions{Logger: quiet(), Env: noEnv})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	srv := httptest.NewServer(api.New(api.Config{Chain: n.Chain(), Works: n.Works(), Blobs: n.Blobs(),
		Now: func() time.Time { return stored }}))
	t.Cleanup(srv.Close)
	return &uploadNode{Node: n, t: t, url: srv.URL, sponsor: sponsor, solver: solver}
}

// put uploads b to route ("work" or "blobs") signed by the sponsor, as the CLI does.
func (u *uploadNode) put(route string, b []byte) string {
	u.t.Helper()
	d := blobs.Digest(b)
	up := typed.Upload{Work: route == "work", Arena: u.Terms().GenesisHash(), Account: u.sponsor.Address(), Size: uint64(len(b)),
		ValidUntil: ledger.NoExpiry, ChainID: ledger.KeystoreChainID}
	if _, err := hex.Decode(up.SHA256[:], []byte(d)); err != nil {
		u.t.Fatal(err)
	}
	hash, err := typed.UploadDigest(up)
	if err != nil {
		u.t.Fatal(err)
	}
	sig, err := u.sponsor.Sign(hash)
	if err != nil {
		u.t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPut, u.url+"/v1/"+route+"/"+d, bytes.NewReader(b))
	wire.SetUploadHeaders(req.Header, up, sig)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		u.t.Fatal(err)
	}
	defer resp.Body.Close()
	if ans, _ := io.ReadAll(resp.Body); resp.StatusCode != http.StatusCreated {
		u.t.Fatalf("PUT /v1/%s: %d %s", route, resp.StatusCode, ans)
	}
	return d
}

// kept lists what GET /v1/<route> lists, by digest.
func (u *uploadNode) kept(route string) []string {
	u.t.Helper()
	resp, err := http.Get(u.url + "/v1/" + route)
	if err != nil {
		u.t.Fatal(err)
	}
	defer resp.Body.Close()
	var list wire.Uploads
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		u.t.Fatal(err)
	}
	var ds []string
	for _, x := range list.Uploads {
		ds = append(ds, x.SHA256)
	}
	return ds
}

// send signs body from k and submits it, asserting that it was applied.
func (u *uploadNode) send(k *account.Key, value ledger.Amount, body ledger.Body) ledger.Outcome {
	u.t.Helper()
	tx := ledgertest.Stamped(u.Terms(), &ledger.Tx{Value: value, Body: body})
	u.View(func(s *ledger.State) { tx.Nonce = s.NextNonce(k.Address()) })
	if err := k.SignTx(tx); err != nil {
		u.t.Fatal(err)
	}
	r, err := u.Engine().Submit(context.Background(), tx)
	if err != nil || !r.Outcome.OK() {
		u.t.Fatalf("%s: %v %s", body.Kind(), err, r.Outcome.Err)
	}
	return r.Outcome
}

// A funded account's upload that no filing names is deleted once it has been kept for
// the node's keep_unfiled bound, work and blob alike; one a filing names stays. The
// bound is driven by the sweep's clock, not by waiting.
func TestAnUnfiledUploadIsGoneAfterTheBound(t *testing.T) {
	stored := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	n := newUploadNode(t, stored)
	unfiled := n.put("work", []byte("a note nobody files"))
	filed := n.put("work", []byte("a note an entry files"))
	blob := n.put("blobs", []byte("\x00asm\x01\x00\x00\x00 never committed"))
	task := n.send(n.sponsor, ledger.Ether(50), ledger.PostTask{Title: "A note", Spec: "Write a note.", Rubric: "It should be short.", ClosesInS: 3600})
	n.send(n.solver, n.Terms().EntryBond, ledger.Submit{Task: ledger.TaskID(task.Created), WorkURL: "https://example.com/note", WorkSHA256: filed})

	bound := n.Config().API.KeepUnfiled
	if bound != DefaultKeepUnfiled {
		t.Fatalf("keep_unfiled is %s, want the default %s", bound, DefaultKeepUnfiled)
	}
	ctx := context.Background()
	if gone, err := n.SweepUploads(ctx, stored.Add(bound)); err != nil || gone != 0 {
		t.Fatalf("a sweep at the bound deleted %d: %v", gone, err)
	}
	if got := n.kept("work"); len(got) != 2 {
		t.Fatalf("work kept within the bound: %v", got)
	}
	if gone, err := n.SweepUploads(ctx, stored.Add(bound+time.Second)); err != nil || gone != 2 {
		t.Fatalf("a sweep past the bound deleted %d, want the unfiled work and blob: %v", gone, err)
	}
	if got := n.kept("work"); len(got) != 1 || got[0] != filed {
		t.Fatalf("work kept past the bound: %v, want only the filed %s", got, filed)
	}
	if got := n.kept("blobs"); len(got) != 0 {
		t.Fatalf("blobs kept past the bound: %v", got)
	}
	if _, ok, err := n.Works().Work(ctx, unfiled); ok || err != nil {
		t.Fatalf("the unfiled work is still served: %v", err)
	}
	if n.Blobs().Has(blob) || n.Blobs().Usage(n.sponsor.Address().String()) != 0 {
		t.Fatalf("the unfiled blob is still held, or still charged: %d", n.Blobs().Usage(n.sponsor.Address().String()))
	}
}
