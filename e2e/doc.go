// Package e2e holds the end-to-end tests of the arena binary: it builds `arena` once,
// runs real nodes as child processes on loopback ports, and checks from the outside what
// DESIGN.md promises of persistence and operation: a crash loses nothing that was
// acknowledged, a restart resumes exactly, and a validator whose model server is down
// or slow delays only its own rounds while the API keeps answering. A four-node
// CometBFT network of `arena node` processes, its peer links through loopback relays
// the tests own, is killed, paused and partitioned node by node under traffic, and
// after each fault holds one chain, every acknowledged transaction and audited grades.
// A network of the previous release (this source built to know protocol version 1
// only) adopts version 2 by governance and upgrades node by node: the node left on the
// old release stops at the height, the contests spanning it settle under the new
// rules, and every node, a late one restored by state sync included, holds one chain.
//
// The package has no code of its own; everything is in its tests.
package e2e
