// Package govern holds what the validators decide together after genesis: proposals to
// upgrade the protocol to its next version at a height, to cancel an adopted upgrade
// before its height, and to change the terms that may change, each adopted when more
// than two thirds of the validators in force have signed it before its deadline.
//
// Like every part of the ledger it reads no clock and no randomness: heights arrive with
// the blocks, and the validator set in force is handed in. The package decides only
// what is adopted and when it takes effect; the root ledger carries the effects out (it
// switches the protocol version and runs the version's migration, or puts the changed
// terms in force) at the height the package names.
package govern
