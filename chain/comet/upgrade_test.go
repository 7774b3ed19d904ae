package comet_test

import (
	"testing"

	abci "github.com/cometbft/cometbft/abci/types"

	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/govern"
)

// TestInfoReportsTheVersionTheNextBlockIsAppliedUnder: an upgrade adopted for height H
// moves CometBFT's app version from the header of block H on (FinalizeBlock at H-1
// returns the update), and CometBFT's state after a block records the app version of
// the block after it. Info reports that version after every committed block, so that
// state sync, which checks a restored snapshot at height h against the header of h+1,
// accepts a snapshot at H-1 as well as one on either side of it.
func TestInfoReportsTheVersionTheNextBlockIsAppliedUnder(t *testing.T) {
	v := mustKey(t)
	const height = 4
	s := newSingleWith(t, func(tm *ledger.Terms) {
		tm.Protocol, tm.UpgradeNotice = ledger.FirstVersion, 2
		tm.Validators = []ledger.Address{v.Address()}
		tm.Genesis = append(tm.Genesis, ledger.Allocation{Address: v.Address(), Amount: ledger.Ether(1)})
	})
	if got := s.info().AppVersion; got != ledger.FirstVersion {
		t.Fatalf("at genesis Info reports app version %d, want %d", got, ledger.FirstVersion)
	}
	propose := s.tx(v, 1, ledger.Amount{}, govern.ProposeUpgrade{Version: 2, Height: height, Release: "v2", Deadline: height - 1})
	for h := int64(1); h <= height+1; h++ {
		var r *abci.ResponseFinalizeBlock
		if h == 1 {
			r = s.finalize(propose)
		} else {
			r = s.finalize()
		}
		if len(r.TxResults) > 0 && r.TxResults[0].Code != comet.CodeOK {
			t.Fatalf("propose_upgrade refused: %s", r.TxResults[0].Log)
		}
		s.commit()
		want := ledger.FirstVersion // the version of block h+1
		if h+1 >= height {
			want = 2
		}
		update := r.ConsensusParamUpdates != nil && r.ConsensusParamUpdates.Version != nil
		if update != (h == height-1) || update && r.ConsensusParamUpdates.Version.App != 2 {
			t.Errorf("block %d returned consensus param updates %v: want app version 2 at block %d only", h, r.ConsensusParamUpdates, height-1)
		}
		if got := s.info().AppVersion; got != want {
			t.Errorf("after block %d Info reports app version %d, want %d: the version block %d is applied under", h, got, want, h+1)
		}
	}
}
