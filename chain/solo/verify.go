package solo

import "github.com/arena/arena/chain/blocks"

// Report is what Verify checked.
type Report = blocks.Report

// Verify replays the whole log in the file at path from genesis into a fresh ledger. It
// checks every signature, every transaction id, every recorded outcome, every block's
// state hash and time, and that the checkpoint, if any, is the state at its height. The
// first failure is returned, wrapping ErrDiverged when the log does not replay. Both
// engines write the same file format, so it verifies a comet node's file too.
func Verify(path string) (Report, error) { return blocks.Verify(path) }
