package client_test

import (
	"bytes"
	"context"
	"errors"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/blobs"
	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
)

// blobNode is a solo arena with a blob store behind the real API on loopback, founded
// with funder holding funds.
func blobNode(t *testing.T, funder ledger.Address) *client.Client {
	t.Helper()
	val, _ := account.Generate()
	terms := ledger.Terms{
		Chain: "client-blob-test", Name: "Client blob test", Symbol: "GEN",
		EntryBond: ledger.Ether(5), AppealBond: ledger.Ether(20), AppealWindowS: 3600, GradingWindowS: 86400,
		Validators: []ledger.Address{val.Address()}, Attempts: 3, RoundTimeoutS: 60, DevMode: true,
		Genesis: []ledger.Allocation{{Address: funder, Amount: ledger.Ether(1)}},
	}
	eng, err := solo.Open(solo.Config{Path: filepath.Join(t.TempDir(), "arena.db")}, &terms)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	store, err := blobs.Open(filepath.Join(t.TempDir(), "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api.New(api.Config{Chain: eng, Blobs: store}))
	t.Cleanup(srv.Close)
	return client.New(srv.URL, srv.Client())
}

// PutBlob stores bytes signed by a funded account and returns their digest; GetBlob
// reads them back once a ledger record names them (a 404 *Error before); an unfunded signer is refused with the node's message; a client
// without a signer refuses before sending; a blob not held is a 404 *Error.
func TestBlobsRoundTripThroughTheClient(t *testing.T) {
	ctx := context.Background()
	funded, _ := account.Generate()
	stranger, _ := account.Generate()
	c := blobNode(t, funded.Address())
	b := []byte("\x00asm\x01\x00\x00\x00 module")
	d, err := c.WithSigner(funded).PutBlob(ctx, b)
	if err != nil || d != blobs.Digest(b) {
		t.Fatalf("PutBlob = %s, %v", d, err)
	}
	if again, err := c.WithSigner(funded).PutBlob(ctx, b); err != nil || again != d {
		t.Fatalf("PutBlob again = %s, %v", again, err)
	}
	var ae *client.Error
	unnamed := "no ledger record names sha256 " + d + "; a node serves only the artifacts its ledger names"
	if _, err := c.GetBlob(ctx, d); !errors.As(err, &ae) || ae.Status != 404 || ae.Message != unnamed {
		t.Fatalf("GetBlob before a record names it: %v", err)
	}
	if _, err := c.Sender(funded).Send(ctx, ledger.Amount{}, challenge.BenchRegister{
		Name: "named", Version: 1, Module: d, Size: int64(len(b)), Kinds: []string{"memory", "tool"},
		MinCases: 100, Profiles: []string{"full", "practice"}, Quorum: 1, InitGas: 1, CaseGas: 1, BenchGas: 1,
		MaxPages: 2048, Platform: challenge.Platform, Fold: challenge.DefaultFold(),
	}); err != nil {
		t.Fatal(err)
	}
	got, err := c.GetBlob(ctx, d)
	if err != nil || !bytes.Equal(got, b) {
		t.Fatalf("GetBlob = %q, %v", got, err)
	}
	_, err = c.WithSigner(stranger).PutBlob(ctx, []byte("other"))
	want := "account " + stranger.Address().String() + " holds no funds and is not a validator; only such accounts may store blobs"
	if !errors.As(err, &ae) || ae.Status != 403 || ae.Class != "EXPECTED" || ae.Message != want {
		t.Fatalf("stranger: %v", err)
	}
	if _, err := c.PutBlob(ctx, b); !errors.Is(err, client.ErrNoSigner) {
		t.Fatalf("no signer: %v", err)
	}
	_, err = c.GetBlob(ctx, blobs.Digest([]byte("never")))
	if !errors.As(err, &ae) || ae.Status != 404 {
		t.Fatalf("missing: %v", err)
	}
}
