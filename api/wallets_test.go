package api_test

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arena/arena/api"
	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/blobs"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/ledger/typed"
)

// walletsDir holds the pinned wallet libraries scripts/test installs.
const walletsDir = "testdata/wallets"

// signWithLibraries signs each typed data with each wallet library under Node, by
// sign.mjs, and returns the signatures in input order.
func signWithLibraries(t *testing.T, key string, reqs []map[string]any) []string {
	t.Helper()
	for _, lib := range []string{"ethers", "viem", "@metamask/eth-sig-util"} {
		if _, err := os.Stat(filepath.Join(walletsDir, "node_modules", lib)); err != nil {
			t.Fatalf("the wallet library %s is required in %s/node_modules: run scripts/test, or npm install there: %v", lib, walletsDir, err)
		}
	}
	var in bytes.Buffer
	for _, r := range reqs {
		r["key"] = key
		b, _ := json.Marshal(r)
		in.Write(append(b, '\n'))
	}
	cmd := exec.Command("node", "sign.mjs")
	cmd.Dir = walletsDir
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node sign.mjs: %v\n%s", err, stderr.String())
	}
	var sigs []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		sigs = append(sigs, sc.Text())
	}
	if len(sigs) != len(reqs) {
		t.Fatalf("node sign.mjs gave %d signatures for %d requests", len(sigs), len(reqs))
	}
	return sigs
}

// Transactions of several kinds, each signed by ethers, viem and MetaMask's eth-sig-util
// from the typed data POST /v1/typed-data answers, under a wallet's chain id, are taken
// by POST /v1/tx in the wallet's form and settle as keystore-signed ones do; the three
// libraries sign the same typed data identically.
func TestWalletLibrariesSignEveryTransaction(t *testing.T) {
	wallet := ledgertest.Key("wallet")
	keyHex := "0x" + hex.EncodeToString(ledgertest.KeyBytes("wallet"))
	treasury := ledger.MustAddress("0x00000000000000000000000000000000000000d0")
	f := newFixtureWith(t, func(t *ledger.Terms) {
		t.Treasury = &treasury
		t.FeePerTx, t.FeePerByte = ledger.NewAmount(1000), ledger.NewAmount(3)
		t.Genesis = append(t.Genesis, ledger.Allocation{Address: wallet.Address(), Amount: ledger.Ether(1000)})
	})
	f.sender = wallet
	bodies := func(lib string, task ledger.TaskID) []struct {
		value ledger.Amount
		body  ledger.Body
	} {
		return []struct {
			value ledger.Amount
			body  ledger.Body
		}{
			{ledger.Amount{}, ledger.Faucet{To: wallet.Address(), Amount: ledger.Ether(1)}},
			{ledger.Ether(100), ledger.PostTask{Title: "Write a haiku", Spec: "A haiku about ledgers, " + strings.Repeat("in plain words, ", 20), Rubric: "At most 100 characters.", ClosesInS: 3600}},
			{ledger.Amount{}, ledger.AskQuestion{Task: task, Question: "Signed with " + lib + ": may the haiku rhyme?"}},
			{ledger.Amount{}, tender.Check{Criteria: []string{"The plan names its milestones.", "It was signed with " + lib + "."}}},
			{ledger.Amount{}, ledger.Advance{Seconds: 60}},
		}
	}
	type signing struct {
		lib  string
		body ledger.Body
		td   api.TypedData
	}
	var plan []signing
	var reqs []map[string]any
	nonce := uint64(1)
	for i, lib := range []string{"ethers", "viem", "eth-sig-util"} {
		for _, b := range bodies(lib, ledger.TaskID(i+1)) { // library i posts task i+1, then asks on it
			tx := &ledger.Tx{From: wallet.Address(), Nonce: nonce, Value: b.value, SigChainID: 8453, Body: b.body}
			f.terms.Stamp(tx, ledger.NoExpiry)
			td := f.typedData(tx)
			plan = append(plan, signing{lib, b.body, td})
			reqs = append(reqs, map[string]any{"library": lib, "typedData": td.TypedData})
			nonce++
		}
	}
	for i, sig := range signWithLibraries(t, keyHex, reqs) {
		p := plan[i]
		raw, _ := hex.DecodeString(strings.TrimPrefix(sig, "0x"))
		st, ans := f.postJSON(walletForm(p.td, p.body, 8453, raw))
		if st != http.StatusOK {
			t.Fatalf("%s-signed %s: POST /v1/tx = %d %s", p.lib, p.body.Kind(), st, ans)
		}
		var rc api.Receipt
		if err := json.Unmarshal([]byte(ans), &rc); err != nil || !rc.Outcome.OK() || rc.TxID != p.td.Digest {
			t.Fatalf("%s-signed %s: receipt %s, want applied with id %s", p.lib, p.body.Kind(), ans, p.td.Digest)
		}
	}

	tx := &ledger.Tx{From: wallet.Address(), Nonce: nonce, SigChainID: 1, Body: ledger.Withdraw{}}
	f.terms.Stamp(tx, ledger.NoExpiry)
	td := f.typedData(tx)
	reqs = nil
	for _, lib := range []string{"ethers", "viem", "eth-sig-util"} {
		reqs = append(reqs, map[string]any{"library": lib, "typedData": td.TypedData})
	}
	sigs := signWithLibraries(t, keyHex, reqs)
	if err := wallet.SignTx(tx); err != nil {
		t.Fatal(err)
	}
	tx.Sig[64] += 27
	want := "0x" + hex.EncodeToString(tx.Sig)
	for i, s := range sigs {
		if s != want {
			t.Fatalf("%s signed %s, the keystore %s", reqs[i]["library"], s, want)
		}
	}
}

// A blob upload and a work upload, each signed by ethers, viem and MetaMask's
// eth-sig-util from their EIP-712 typed data under a wallet's chain id, are kept by PUT
// /v1/blobs and PUT /v1/work and charged to the wallet; the libraries' signatures are
// the keystore's.
func TestWalletLibrariesSignUploads(t *testing.T) {
	wallet := ledgertest.Key("wallet")
	keyHex := "0x" + hex.EncodeToString(ledgertest.KeyBytes("wallet"))
	store, err := blobs.Open(filepath.Join(t.TempDir(), "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, func(t *ledger.Terms) {
		t.Genesis = append(t.Genesis, ledger.Allocation{Address: wallet.Address(), Amount: ledger.Ether(1000)})
	}, func(c *api.Config) { c.Blobs = store })
	type upload struct {
		lib   string
		route string
		body  []byte
		u     typed.Upload
	}
	var plan []upload
	var reqs []map[string]any
	for _, lib := range []string{"ethers", "viem", "eth-sig-util"} {
		for _, route := range []string{"blobs", "work"} {
			body := []byte("an artifact uploaded from " + lib + " to " + route + "\n")
			u := f.upload(wallet, body)
			u.Work = route == "work"
			td, err := typed.UploadTypedData(u)
			if err != nil {
				t.Fatal(err)
			}
			plan = append(plan, upload{lib, route, body, u})
			reqs = append(reqs, map[string]any{"library": lib, "typedData": typed.JSON(td)})
		}
	}
	for i, sig := range signWithLibraries(t, keyHex, reqs) {
		p := plan[i]
		raw, err := hex.DecodeString(strings.TrimPrefix(sig, "0x"))
		if err != nil {
			t.Fatal(err)
		}
		hash, err := typed.UploadDigest(p.u)
		if err != nil {
			t.Fatal(err)
		}
		mine, err := wallet.Sign(hash)
		if err != nil {
			t.Fatal(err)
		}
		mine[64] += 27
		if !bytes.Equal(raw, mine) {
			t.Errorf("%s signed the %s upload 0x%x, the keystore 0x%x", p.lib, p.route, raw, mine)
		}
		req, _ := http.NewRequest(http.MethodPut, f.srv.URL+"/v1/"+p.route+"/"+bsum(p.body), bytes.NewReader(p.body))
		wire.SetUploadHeaders(req.Header, p.u, raw)
		req.Header.Set("Content-Type", "text/plain; charset=utf-8")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		ans, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var got struct {
			Uploader ledger.Address `json:"uploader"`
		}
		if resp.StatusCode != http.StatusCreated || json.Unmarshal(ans, &got) != nil || got.Uploader != wallet.Address() {
			t.Fatalf("%s-signed %s upload: PUT = %d %s, want 201 charged to the wallet", p.lib, p.route, resp.StatusCode, ans)
		}
	}
}

// A transaction of every kind the ledger takes, each signed by ethers, viem and
// MetaMask's eth-sig-util from its EIP-712 typed data under a wallet's chain id, decodes
// in the wallet's form and passes the ledger's one verify path (Tx.Verify); each
// library's signature is the keystore's. (Which of them settle depends on the state;
// TestWalletLibrariesSignEveryTransaction settles a set of them.)
func TestWalletLibrariesSignEveryKind(t *testing.T) {
	wallet := ledgertest.Key("wallet")
	keyHex := "0x" + hex.EncodeToString(ledgertest.KeyBytes("wallet"))
	terms := ledger.Terms{Chain: "wallet-kinds"}
	type signing struct {
		lib string
		tx  *ledger.Tx
		td  map[string]any
	}
	var plan []signing
	var reqs []map[string]any
	kinds := ledger.Kinds()
	for _, lib := range []string{"ethers", "viem", "eth-sig-util"} {
		for i, k := range kinds {
			body, ok := ledger.ZeroBody(k)
			if !ok {
				t.Fatalf("no body for kind %s", k)
			}
			tx := &ledger.Tx{From: wallet.Address(), Nonce: uint64(i + 1), SigChainID: 8453, Body: body}
			terms.Stamp(tx, ledger.NoExpiry)
			td, err := ledger.SchemaTable().TypedData(tx.Envelope(), body)
			if err != nil {
				t.Fatalf("%s: %v", k, err)
			}
			plan = append(plan, signing{lib, tx, typed.JSON(td)})
			reqs = append(reqs, map[string]any{"library": lib, "typedData": typed.JSON(td)})
		}
	}
	for i, sig := range signWithLibraries(t, keyHex, reqs) {
		p := plan[i]
		k := p.tx.Body.Kind()
		raw, err := hex.DecodeString(strings.TrimPrefix(sig, "0x"))
		if err != nil {
			t.Fatal(err)
		}
		mine := *p.tx
		if err := wallet.SignTx(&mine); err != nil {
			t.Fatal(err)
		}
		mine.Sig[64] += 27
		if !bytes.Equal(raw, mine.Sig) {
			t.Errorf("%s signed %s 0x%x, the keystore 0x%x", p.lib, k, raw, mine.Sig)
		}
		form, err := json.Marshal(walletForm(api.TypedData{TypedData: p.td}, p.tx.Body, 8453, raw))
		if err != nil {
			t.Fatal(err)
		}
		tx, err := ledger.DecodeTx(form)
		if err != nil {
			t.Errorf("%s-signed %s: decode the wallet form: %v", p.lib, k, err)
			continue
		}
		if err := tx.Verify(); err != nil || tx.From != wallet.Address() || tx.Body.Kind() != k {
			t.Errorf("%s-signed %s: Verify = %v, from %s, kind %s", p.lib, k, err, tx.From, tx.Body.Kind())
		}
	}
	if len(kinds) < 40 {
		t.Fatalf("the ledger takes %d kinds", len(kinds))
	}
}

// A model-call receipt, signed by ethers, viem and MetaMask's eth-sig-util from its
// EIP-712 typed data (typed.CallTypedData) under a wallet's chain id, carries the
// signature the keystore makes (account.Key.SignCall), which an attestation's Verify
// takes.
func TestWalletLibrariesSignModelCalls(t *testing.T) {
	wallet := ledgertest.Key("wallet")
	keyHex := "0x" + hex.EncodeToString(ledgertest.KeyBytes("wallet"))
	arena := [32]byte{0xa7}
	call := ledger.Call{Provider: "openai-compatible", Model: "qwen2.5-14b-instruct", Purpose: "read",
		PromptSHA: strings.Repeat("ab", 32), ResponseSHA: strings.Repeat("cd", 32), Prompt: "Read the note.", Response: `{"rung":2}`,
		Started: "2026-01-01T00:00:00Z", Finished: "2026-01-01T00:00:02Z", ChainID: 8453}
	td, err := typed.CallTypedData(arena, call)
	if err != nil {
		t.Fatal(err)
	}
	var reqs []map[string]any
	for _, lib := range []string{"ethers", "viem", "eth-sig-util"} {
		reqs = append(reqs, map[string]any{"library": lib, "typedData": typed.JSON(td)})
	}
	mine := call
	if err := wallet.SignCall(&mine, arena, 8453); err != nil {
		t.Fatal(err)
	}
	raw, err := hex.DecodeString(strings.TrimPrefix(mine.Sig, "0x"))
	if err != nil {
		t.Fatal(err)
	}
	raw[64] += 27
	for i, sig := range signWithLibraries(t, keyHex, reqs) {
		if sig != "0x"+hex.EncodeToString(raw) {
			t.Errorf("%s signed the model call %s, the keystore 0x%x", reqs[i]["library"], sig, raw)
		}
		signed := call
		signed.Sig = sig
		tx := &ledger.Tx{Chain: "wallet-calls", Arena: arena, From: wallet.Address(), Nonce: 1, SigChainID: 8453,
			Body: ledger.Attest{Round: 1, Attempt: 1, Result: ledger.Result{Calls: []ledger.Call{signed}}}}
		if err := wallet.SignTx(tx); err != nil {
			t.Fatal(err)
		}
		if err := tx.Verify(); err != nil {
			t.Errorf("an attestation carrying the %s-signed call: Verify = %v", reqs[i]["library"], err)
		}
	}
}
