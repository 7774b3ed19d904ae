package board

import (
	"fmt"

	"github.com/arena/arena/ledger"
)

// What a block's begin-block work produced (runs whose seed it anchored, attempts that
// timed out, and what a round's end released) is in no transaction's outcome, so not
// in the snapshot either: the log keeps it with each block. Given it (WithBlockEvents),
// the page shows it on the run it concerns, the benchmark challenge's run section and
// the learning challenge's run row.

// WithBlockEvents shows evs, the begin-block events of the log in block order (the
// store's BlockEvents), on the challenge and learning runs they concern. Without this
// option or WithBlockEventsFunc the runs show their views alone.
func WithBlockEvents(evs []ledger.Event) Option {
	return func(o *options) { o.begun, o.begunSource = evs, nil }
}

// WithBlockEventsFunc is WithBlockEvents read afresh at each render, for the live
// page: Handler calls f once per request. An error from f fails the render.
func WithBlockEventsFunc(f func() ([]ledger.Event, error)) Option {
	return func(o *options) { o.begun, o.begunSource = nil, f }
}

// begunLine is one begin-block event as a run shows it.
type begunLine struct {
	Height uint64
	Words  string
}

// begun holds the begin-block events by the round they concern.
type begun map[ledger.RoundID][]begunLine

// begunOf applies opts and returns the begin-block events to show, by round.
func begunOf(opts []Option, sym string) (begun, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	evs := o.begun
	if o.begunSource != nil {
		var err error
		if evs, err = o.begunSource(); err != nil {
			return nil, fmt.Errorf("read block events: %w", err)
		}
	}
	return byRound(evs, sym), nil
}

// byRound files each event under the round it concerns. An event that names a round is
// that round's. One that names none (a deposit returned, a run unscored) follows, in the
// block's order, the expiry that caused it: a round's end comes right after its last
// attempt timed out, in the same block, so it is filed under that attempt's round until
// an event of another round, a learning reveal's lapse or a match's event (a match has
// no run page) starts something else.
func byRound(evs []ledger.Event, sym string) begun {
	out := begun{}
	var cur ledger.RoundID
	var height uint64
	for _, e := range evs {
		if e.Height != height {
			cur, height = 0, e.Height
		}
		switch {
		case e.Type == "attempt_timed_out":
			cur = ledger.RoundID(e.Round)
		case e.Round != 0 && ledger.RoundID(e.Round) != cur, e.Type == "learn_reveal_lapsed", e.Match != 0:
			cur = 0
		}
		at := ledger.RoundID(e.Round)
		if at == 0 {
			at = cur
		}
		if at != 0 {
			out[at] = append(out[at], begunLine{Height: e.Height, Words: begunWords(e, sym)})
		}
	}
	return out
}

// begunWords says what e did, in words.
func begunWords(e ledger.Event, sym string) string {
	var w string
	switch e.Type {
	case "run_anchored", "learn_run_anchored":
		w = "seed anchored to the previous block's state hash: " + e.Note
	case "attempt_timed_out":
		w = fmt.Sprintf("attempt %d timed out", e.Attempt)
	case "attempt_opened":
		w = fmt.Sprintf("attempt %d opened", e.Attempt)
	case "round_exhausted":
		w = "round exhausted: every attempt timed out"
	default:
		w = e.Type
	}
	if e.Amount != nil {
		w += ": " + money(*e.Amount, sym)
		if e.Address != nil {
			w += " to " + e.Address.String()
		}
	}
	return w
}
