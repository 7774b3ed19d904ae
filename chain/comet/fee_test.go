package comet_test

import (
	"context"
	"testing"

	abci "github.com/cometbft/cometbft/abci/types"

	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/ledger"
)

// feeMsg is the ledger's refusal of a sender who cannot pay a transaction's fee.
const feeMsg = "[EXPECTED] Wallet balance cannot pay the transaction's fee"

// nonceOf asks the app, as a client would, for a's next nonce.
func (s *single) nonceOf(a ledger.Address) string {
	s.t.Helper()
	r, err := s.app.Query(context.Background(), &abci.RequestQuery{Path: "/nonce/" + a.String()})
	if err != nil || r.Code != 0 {
		s.t.Fatalf("query nonce: %v %+v", err, r)
	}
	return string(r.Value)
}

// TestCheckTxRefusesAKeyHoldingNothing: issue 16, "a transaction whose sender cannot pay
// is refused at admission (... CometBFT's CheckTx) with an exact message and is never
// committed". A fresh key's withdraw in an arena with a fee is refused by CheckTx with
// the fee's message; a proposer that includes it anyway gets the same refusal from
// FinalizeBlock and the log holds nothing; its nonce does not move.
func TestCheckTxRefusesAKeyHoldingNothing(t *testing.T) {
	s := newSingleWith(t, func(t *ledger.Terms) {
		t.DevMode, t.FeePerTx, t.FeePerByte = false, ledger.NewAmount(1000), ledger.NewAmount(2)
	})
	stranger := mustKey(t)
	raw := s.tx(stranger, 1, ledger.Amount{}, ledger.Withdraw{})
	if r := s.checkTx(raw); r.Code != comet.CodeAdmission || r.Log != feeMsg {
		t.Fatalf("CheckTx from a key holding nothing: code %d log %q, want %d %q", r.Code, r.Log, comet.CodeAdmission, feeMsg)
	}
	res := s.finalize(raw)
	s.commit()
	if r := res.TxResults[0]; r.Code != comet.CodeAdmission || r.Log != feeMsg {
		t.Fatalf("FinalizeBlock of it: code %d log %q, want %d %q", r.Code, r.Log, comet.CodeAdmission, feeMsg)
	}
	if n := s.nonceOf(stranger.Address()); n != "1" {
		t.Errorf("the stranger's next nonce = %s, want 1 (untouched)", n)
	}
	rep, err := solo.Verify(s.path)
	if err != nil || rep.Txs != 0 {
		t.Fatalf("verify: %d txs (%v), want none recorded", rep.Txs, err)
	}
}

// TestPendingFeesCountAgainstTheWallet: the mempool admits a sender's transactions only
// while the wallet covers the values and fees of those already waiting as well as this
// one's, so a proposal never carries a transaction the block must refuse; a wallet short
// of a value is refused for the value, one that cannot pay the fee for the fee.
func TestPendingFeesCountAgainstTheWallet(t *testing.T) {
	s := newSingleWith(t, func(t *ledger.Terms) { t.DevMode, t.FeePerTx = false, ledger.Ether(2) }) // the wallet holds 10
	withdraw := func(nonce uint64) []byte { return s.tx(s.funded, nonce, ledger.Amount{}, ledger.Withdraw{}) }
	post := func(nonce, prize uint64) []byte {
		return s.tx(s.funded, nonce, ledger.Ether(prize), ledger.PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 60})
	}
	for i, st := range []struct {
		raw []byte
		log string
	}{
		{withdraw(1), ""}, // pending 2
		{post(2, 7), "[EXPECTED] Wallet balance is below the transaction's value"}, // 2 + 7 + 2 > 10
		{post(2, 4), ""},      // pending 2 + 4 + 2 = 8
		{withdraw(3), ""},     // 10
		{withdraw(4), feeMsg}, // 12 > 10
	} {
		r := s.checkTx(st.raw)
		if r.Log != st.log || (r.Code == comet.CodeOK) != (st.log == "") {
			t.Errorf("step %d, 2 per transaction and 10 in the wallet: code %d log %q, want %q", i, r.Code, r.Log, st.log)
		}
	}
}

// TestOneSenderCannotFillTheMempool: issue 16, "the CometBFT mempool caps what one
// sender can queue". A sender's transactions beyond MaxPendingPerSender are refused by
// CheckTx with their exact message (chain.ErrSenderBusy) while another sender's are
// admitted; rechecks keep the ones already waiting, and after a block the sender is
// admitted again.
func TestOneSenderCannotFillTheMempool(t *testing.T) {
	s := newSingle(t)
	other := mustKey(t)
	faucet := func(nonce uint64) []byte {
		return s.tx(s.funded, nonce, ledger.Amount{}, ledger.Faucet{To: s.funded.Address(), Amount: ledger.NewAmount(1)})
	}
	var queued [][]byte
	for n := uint64(1); n <= comet.MaxPendingPerSender; n++ {
		raw := faucet(n)
		if r := s.checkTx(raw); r.Code != comet.CodeOK {
			t.Fatalf("nonce %d: code %d %q", n, r.Code, r.Log)
		}
		queued = append(queued, raw)
	}
	const busy = "sender has too many transactions waiting: 64 waiting to commit; try again after a block"
	r := s.checkTx(faucet(comet.MaxPendingPerSender + 1))
	if r.Code != comet.CodeSenderBusy || r.Log != busy {
		t.Fatalf("transaction %d of one sender: code %d log %q, want %d %q", comet.MaxPendingPerSender+1, r.Code, r.Log, comet.CodeSenderBusy, busy)
	}
	if r := s.checkTx(s.tx(other, 1, ledger.Amount{}, ledger.Faucet{To: other.Address(), Amount: ledger.NewAmount(1)})); r.Code != comet.CodeOK {
		t.Fatalf("another sender while the first is capped: code %d %q", r.Code, r.Log)
	}
	s.finalize(queued[0])
	s.commit()
	for i, raw := range queued[1:] {
		if r := s.recheck(raw); r.Code != comet.CodeOK {
			t.Fatalf("recheck of waiting nonce %d: code %d %q", i+2, r.Code, r.Log)
		}
	}
	if r := s.checkTx(faucet(comet.MaxPendingPerSender + 1)); r.Code != comet.CodeOK {
		t.Fatalf("after a block committed one of its 64, the sender's next: code %d %q", r.Code, r.Log)
	}
}
