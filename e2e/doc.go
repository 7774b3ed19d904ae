// Package e2e holds the end-to-end tests of the arena binary: it builds `arena` once,
// runs real nodes as child processes on loopback ports, and checks from the outside what
// DESIGN.md promises of persistence and operation: a crash loses nothing that was
// acknowledged, a restart resumes exactly, and a validator whose model server is down
// or slow delays only its own rounds while the API keeps answering.
//
// The package has no code of its own; everything is in its tests.
package e2e
