package comet_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"testing"
	"time"

	abci "github.com/cometbft/cometbft/abci/types"

	"github.com/arena/arena/account"
	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/store"
)

// single is one App over a real SQLite file, driven by ABCI calls as CometBFT would.
type single struct {
	t      *testing.T
	path   string
	db     *store.DB
	app    *comet.App
	terms  ledger.Terms
	funded *account.Key
	height int64
}

func newSingle(t *testing.T) *single { t.Helper(); return newSingleWith(t, nil) }

// newSingleWith is newSingle with its founding terms edited by edit, if not nil.
func newSingleWith(t *testing.T, edit func(*ledger.Terms)) *single {
	t.Helper()
	s := &single{t: t, path: filepath.Join(t.TempDir(), "arena.db"), funded: mustKey(t)}
	s.terms = ledger.Terms{
		Chain: "arena-app-test", Name: "app test", Symbol: "GEN",
		EntryBond: ledger.Ether(5), AppealBond: ledger.Ether(20), AppealWindowS: 60, GradingWindowS: 86400,
		Attempts: 3, RoundTimeoutS: 30, DevMode: true, Validators: []ledger.Address{mustKey(t).Address()},
		Genesis: []ledger.Allocation{{Address: s.funded.Address(), Amount: ledger.Ether(10)}},
	}
	if edit != nil {
		edit(&s.terms)
	}
	s.open()
	state, _ := json.Marshal(s.terms)
	if _, err := s.app.InitChain(context.Background(), &abci.RequestInitChain{ChainId: s.terms.Chain, AppStateBytes: state}); err != nil {
		t.Fatal(err)
	}
	return s
}

// open opens the file and a fresh App over it, as a restarted process would.
func (s *single) open() {
	s.t.Helper()
	db, err := store.Open(s.path)
	if err != nil {
		s.t.Fatal(err)
	}
	s.t.Cleanup(func() { db.Close() })
	app, err := comet.NewApp(db, 0, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	s.db, s.app = db, app
}

func (s *single) tx(k *account.Key, nonce uint64, value ledger.Amount, body ledger.Body) []byte {
	s.t.Helper()
	tx := ledgertest.Stamped(s.terms, &ledger.Tx{Nonce: nonce, Value: value, Body: body})
	if err := k.SignTx(tx); err != nil {
		s.t.Fatal(err)
	}
	raw, err := tx.MarshalJSON()
	if err != nil {
		s.t.Fatal(err)
	}
	return raw
}

func (s *single) checkTx(raw []byte) *abci.ResponseCheckTx {
	s.t.Helper()
	r, err := s.app.CheckTx(context.Background(), &abci.RequestCheckTx{Tx: raw, Type: abci.CheckTxType_New})
	if err != nil {
		s.t.Fatal(err)
	}
	return r
}

func (s *single) finalize(txs ...[]byte) *abci.ResponseFinalizeBlock {
	s.t.Helper()
	s.height++
	r, err := s.app.FinalizeBlock(context.Background(), &abci.RequestFinalizeBlock{
		Height: s.height, Time: time.Unix(1_800_000_000+s.height, 0), Txs: txs,
	})
	if err != nil {
		s.t.Fatal(err)
	}
	return r
}

func (s *single) commit() {
	s.t.Helper()
	if _, err := s.app.Commit(context.Background(), &abci.RequestCommit{}); err != nil {
		s.t.Fatal(err)
	}
}

func (s *single) info() *abci.ResponseInfo {
	s.t.Helper()
	r, err := s.app.Info(context.Background(), &abci.RequestInfo{})
	if err != nil {
		s.t.Fatal(err)
	}
	return r
}

// TestFinalizeBlockPersistsNothingUntilCommit: FinalizeBlock "MUST NOT persist" and Info
// reports the state persisted in Commit (LIBRARIES 1.2), so a crash between the two
// loses nothing: a new App over the file reports the height before, and replaying the
// block gives the same app hash.
func TestFinalizeBlockPersistsNothingUntilCommit(t *testing.T) {
	s := newSingle(t)
	faucet := s.tx(s.funded, 1, ledger.Amount{}, ledger.Faucet{To: s.funded.Address(), Amount: ledger.Ether(1)})
	res := s.finalize(faucet)
	if got := s.info().LastBlockHeight; got != 0 {
		t.Fatalf("after FinalizeBlock Info reports height %d, want 0", got)
	}
	s.open() // the process died before Commit
	if got := s.info().LastBlockHeight; got != 0 {
		t.Fatalf("a restarted app reports height %d, want 0", got)
	}
	s.height = 0
	again := s.finalize(faucet)
	if !bytes.Equal(again.AppHash, res.AppHash) {
		t.Fatalf("replayed block gives app hash %x, first run %x", again.AppHash, res.AppHash)
	}
	s.commit()
	s.open()
	info := s.info()
	if info.LastBlockHeight != 1 || !bytes.Equal(info.LastBlockAppHash, res.AppHash) {
		t.Fatalf("after Commit and a restart Info reports height %d hash %x, want 1 and %x", info.LastBlockHeight, info.LastBlockAppHash, res.AppHash)
	}
}

// TestBlocksThatChangeNothingKeepTheAppHash: pitfall 1 of LIBRARIES 1.7: a hash that
// moves on every block makes CometBFT add a proof block after each one. An empty block,
// or one whose every transaction fails admission, keeps the app hash; an applied
// transaction changes it; and the file still replays under solo.Verify.
func TestBlocksThatChangeNothingKeepTheAppHash(t *testing.T) {
	s := newSingle(t)
	h0 := s.finalize().AppHash
	s.commit()
	stale := s.tx(s.funded, 7, ledger.Amount{}, ledger.Withdraw{})
	r := s.finalize(stale)
	s.commit()
	if !bytes.Equal(r.AppHash, h0) {
		t.Fatalf("a block of one inadmissible tx moved the app hash from %x to %x", h0, r.AppHash)
	}
	if r.TxResults[0].Code != comet.CodeAdmission || r.TxResults[0].Log != "[EXPECTED] Nonce is not the sender's next nonce" {
		t.Fatalf("inadmissible tx: code %d log %q", r.TxResults[0].Code, r.TxResults[0].Log)
	}
	h2 := s.finalize(s.tx(s.funded, 1, ledger.Amount{}, ledger.Withdraw{})).AppHash
	s.commit()
	if bytes.Equal(h2, h0) {
		t.Fatal("an applied transaction left the app hash unchanged")
	}
	h3 := s.finalize().AppHash
	s.commit()
	if !bytes.Equal(h3, h2) {
		t.Fatalf("an empty block moved the app hash from %x to %x", h2, h3)
	}
	rep, err := solo.Verify(s.path)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Blocks != 4 || rep.Txs != 1 {
		t.Fatalf("verify replayed %d blocks and %d txs, want 4 and 1", rep.Blocks, rep.Txs)
	}
}

// TestCheckTxCountsPendingTransactions: the mempool admits a sender's next nonces in
// order before any is committed, refuses a repeated nonce and value beyond the wallet
// less what is pending, and forgets the pending ones at Commit.
func TestCheckTxCountsPendingTransactions(t *testing.T) {
	s := newSingle(t)
	post := func(nonce uint64, prize uint64) []byte {
		return s.tx(s.funded, nonce, ledger.Ether(prize), ledger.PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 60})
	}
	steps := []struct {
		raw  []byte
		code uint32
		log  string
	}{
		{post(1, 6), comet.CodeOK, ""},
		{post(2, 3), comet.CodeOK, ""},
		{post(2, 1), comet.CodeAdmission, "[EXPECTED] Nonce is not the sender's next nonce"},
		{post(3, 2), comet.CodeAdmission, "[EXPECTED] Wallet balance is below the transaction's value"},
		{post(3, 1), comet.CodeOK, ""},
	}
	for i, st := range steps {
		r := s.checkTx(st.raw)
		if r.Code != st.code || r.Log != st.log {
			t.Errorf("step %d: code %d log %q, want %d %q", i, r.Code, r.Log, st.code, st.log)
		}
	}
	s.finalize(steps[0].raw)
	s.commit()
	if r := s.checkTx(steps[1].raw); r.Code != comet.CodeOK {
		t.Fatalf("after Commit nonce 2 is refused: %d %q", r.Code, r.Log)
	}
}

// TestCheckTxRefusesWhatIsNotASignedTransaction: admission failures have their own
// codes and the ledger's messages.
func TestCheckTxRefusesWhatIsNotASignedTransaction(t *testing.T) {
	s := newSingle(t)
	other := mustKey(t)
	forged := s.tx(other, 1, ledger.Amount{}, ledger.Withdraw{})
	var w map[string]any
	json.Unmarshal(forged, &w)
	w["from"] = s.funded.Address().String()
	forged, _ = json.Marshal(w)
	tests := []struct {
		name string
		raw  []byte
		code uint32
	}{
		{"not json", []byte("k=v"), comet.CodeMalformed},
		{"unknown kind", []byte(`{"chain":"arena-app-test","kind":"mint","body":{}}`), comet.CodeUnknownKind},
		{"too large", bytes.Repeat([]byte(" "), ledger.MaxTxBytes+1), comet.CodeTooLarge},
		{"signed by another", forged, comet.CodeBadSignature},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := s.checkTx(tc.raw)
			if r.Code != tc.code || r.Log == "" {
				t.Fatalf("code %d log %q, want code %d with a message", r.Code, r.Log, tc.code)
			}
		})
	}
}

// TestInitChainRefusesOtherFoundingTerms: "Nothing edits them later" (DESIGN): a file
// opened with founding terms refuses a genesis with others.
func TestInitChainRefusesOtherFoundingTerms(t *testing.T) {
	s := newSingle(t)
	other := s.terms
	other.AppealWindowS++
	state, _ := json.Marshal(other)
	_, err := s.app.InitChain(context.Background(), &abci.RequestInitChain{ChainId: other.Chain, AppStateBytes: state})
	if !errors.Is(err, store.ErrGenesis) {
		t.Fatalf("InitChain with other terms: %v, want store.ErrGenesis", err)
	}
}

// TestQueryServesTheCommittedViews: Query answers by path with the committed state.
func TestQueryServesTheCommittedViews(t *testing.T) {
	s := newSingle(t)
	s.finalize(s.tx(s.funded, 1, ledger.Ether(2), ledger.PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 60}))
	q := func(path string) *abci.ResponseQuery {
		r, err := s.app.Query(context.Background(), &abci.RequestQuery{Path: path})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if r := q("/task/1"); r.Code != comet.QueryNotFound {
		t.Fatalf("task 1 before Commit: code %d", r.Code)
	}
	s.commit()
	var task ledger.TaskView
	if r := q("/task/1"); r.Code != 0 || json.Unmarshal(r.Value, &task) != nil || task.Title != "t" || r.Height != 1 {
		t.Fatalf("task 1: code %d value %s height %d", r.Code, r.Value, r.Height)
	}
	if r := q("/nonce/" + s.funded.Address().String()); string(r.Value) != "2" {
		t.Fatalf("nonce: %s", r.Value)
	}
	for _, p := range []string{"/arena", "/snapshot", "/grades/0"} {
		if r := q(p); r.Code == comet.QueryBadPath {
			t.Errorf("%s: %s", p, r.Log)
		}
	}
	if r := q("/entry/x"); r.Code != comet.QueryBadPath {
		t.Errorf("/entry/x: code %d", r.Code)
	}
}
