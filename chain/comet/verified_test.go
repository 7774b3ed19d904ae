package comet_test

import (
	"encoding/json"
	"fmt"
	"testing"

	abci "github.com/cometbft/cometbft/abci/types"

	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
)

// TestABlockIsVerifiedWhateverCheckTxSaw: a node remembers the transactions CheckTx
// verified so it does not verify them again in FinalizeBlock, but that never lets an
// unverified transaction through: a block's transaction whose bytes differ from an
// admitted one (here the admitted one with its nonce changed, the signature kept) is
// refused for its signature, with the ledger's message; and a node that saw none of a
// block's transactions at CheckTx finalizes it to the same results and app hash as one
// that admitted them.
func TestABlockIsVerifiedWhateverCheckTxSaw(t *testing.T) {
	s := newSingle(t)
	fresh := newSingleWith(t, func(tm *ledger.Terms) { *tm = s.terms })
	good := s.tx(s.funded, 1, ledger.Amount{}, ledger.Faucet{To: s.funded.Address(), Amount: ledger.Ether(1)})
	var w map[string]any
	if err := json.Unmarshal(good, &w); err != nil {
		t.Fatal(err)
	}
	w["nonce"] = 2
	forged, _ := json.Marshal(w)
	tx, err := ledger.DecodeTx(forged)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := tx.SigningHash()
	signer, err := ledger.Recover(h, tx.Sig)
	if err != nil {
		t.Fatal(err)
	}
	wantLog := fmt.Sprintf("bad signature: signed by %s, not by sender %s", signer, s.funded.Address())

	if r := s.checkTx(good); r.Code != comet.CodeOK {
		t.Fatalf("CheckTx of the signed transaction: %d %q", r.Code, r.Log)
	}
	results := map[string]*abci.ResponseFinalizeBlock{}
	for name, node := range map[string]*single{"after CheckTx": s, "without CheckTx": fresh} {
		r := node.finalize(good, forged)
		if r.TxResults[0].Code != comet.CodeOK {
			t.Errorf("%s: the signed transaction: %d %q", name, r.TxResults[0].Code, r.TxResults[0].Log)
		}
		if got := r.TxResults[1]; got.Code != comet.CodeBadSignature || got.Log != wantLog {
			t.Errorf("%s: the forged transaction: %d %q, want %d %q", name, got.Code, got.Log, comet.CodeBadSignature, wantLog)
		}
		results[name] = r
	}
	if a, b := results["after CheckTx"].String(), results["without CheckTx"].String(); a != b {
		t.Fatalf("the same block finalized after CheckTx:\n%s\nand without:\n%s", a, b)
	}
}
