package comet

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"

	cmtproto "github.com/cometbft/cometbft/proto/tendermint/types"

	"github.com/arena/arena/ledger"
)

// UpgradeInfoFile is where, in the node's home, a node that stopped for an upgrade
// writes what it needs, as the Cosmos SDK writes data/upgrade-info.json: the version,
// the height and the release.
const UpgradeInfoFile = "upgrade-info.json"

// halter records why the app stopped applying blocks.
type halter struct {
	done chan struct{}
	err  error
}

// halt stops the app for good at err, the first time, and returns err: it logs the
// reason, and for an *ledger.UpgradeNeeded writes UpgradeInfoFile into the home, so that
// the node's process, which waits on Halted, stops with it. CometBFT is handed err by
// FinalizeBlock, which stops its consensus before the block changes any state.
func (a *App) halt(err error) error {
	a.haltOnce.Do(func() {
		a.halted.err = err
		a.log.Error("node stopped", "err", err)
		var need *ledger.UpgradeNeeded
		if errors.As(err, &need) && a.home != "" {
			if b, jerr := json.MarshalIndent(need, "", "  "); jerr == nil {
				_ = os.WriteFile(filepath.Join(a.home, UpgradeInfoFile), append(b, '\n'), 0o644)
			}
		}
		close(a.halted.done)
	})
	return err
}

// Halted is closed once the app has stopped applying blocks; HaltErr then says why.
func (a *App) Halted() <-chan struct{} { return a.halted.done }

// HaltErr returns why the app stopped, or nil while it runs.
func (a *App) HaltErr() error {
	select {
	case <-a.halted.done:
		return a.halted.err
	default:
		return nil
	}
}

// versionUpdate returns the consensus parameter update that moves CometBFT's
// Header.Version.App to the protocol version of the block after s's height, when that
// differs from the version s's last block was applied under: an update FinalizeBlock
// returns at height H applies from H+1, so the first block of a new version carries it.
func versionUpdate(s *ledger.State) *cmtproto.ConsensusParams {
	next := s.VersionAt(s.Height() + 1)
	if next == s.Version() {
		return nil
	}
	return &cmtproto.ConsensusParams{Version: &cmtproto.VersionParams{App: next}}
}
