package round

import "github.com/arena/arena/ledger/book"

// Env is what a contest kind sees of the ledger while it applies a transaction: the
// book, the rounds, the chain id, the moment and sender, and Ended, the ledger's one
// switch that tells a round's kind what a tally or a timeout did to it.
type Env struct {
	Book   *book.Book
	Rounds *Set
	Chain  string
	At     book.At
	Ended  func(r *Round, st Step) []book.Event
}
