package board

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/arena/arena/ledger"
)

// Crossing is one place an award reached outside the arena: an EVM registry call or a
// webhook. Sink names it ("evm:0x…", "webhook:https://…"); TxHash is set for a
// transaction, HTTPStatus for a webhook's answer; DeliveredAt is unix seconds.
type Crossing struct {
	Sink        string
	TxHash      string
	HTTPStatus  int
	DeliveredAt int64
}

// Option adds to what Render and Handler put on the page.
type Option func(*options)

type options struct {
	known     bool // crossings were given: their absence means none happened
	crossings map[ledger.TaskID][]Crossing
	source    func() (map[ledger.TaskID][]Crossing, error)

	begun       []ledger.Event // begin-block events (WithBlockEvents)
	begunSource func() ([]ledger.Event, error)

	app bool // the page is the live app (WithApp)
}

// crossings is what Render knows of where awards went.
type crossings struct {
	known bool
	by    map[ledger.TaskID][]Crossing
}

// WithCrossings marks awarded tasks with the sinks their award reached, by task, in
// the task table and on the winning card; m is every crossing there is, so where the
// terms name an EVM registry an awarded task absent from m (or every one, for a nil m)
// shows "not yet crossed". Without this option or WithCrossingsFunc the page says
// nothing of crossings.
func WithCrossings(m map[ledger.TaskID][]Crossing) Option {
	return func(o *options) { o.known, o.crossings, o.source = true, m, nil }
}

// WithCrossingsFunc is WithCrossings read afresh at each render, for the live page:
// Handler calls f once per request, after taking the snapshot. An error from f fails
// the render.
func WithCrossingsFunc(f func() (map[ledger.TaskID][]Crossing, error)) Option {
	return func(o *options) { o.known, o.crossings, o.source = true, nil, f }
}

// crossingsOf applies opts and returns the crossings to show.
func crossingsOf(opts []Option) (crossings, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	if o.source == nil {
		return crossings{o.known, o.crossings}, nil
	}
	m, err := o.source()
	if err != nil {
		return crossings{}, fmt.Errorf("read crossings: %w", err)
	}
	return crossings{true, m}, nil
}

// crossCard is one crossing as the page shows it.
type crossCard struct {
	Sink string
	Tx   string
	HTTP int
	At   string
}

// crossed is what the page says of one task's crossings: the sinks reached, sorted, or
// whether it is still owed to a registry. Only an awarded task has either.
type crossed struct {
	Crossings []crossCard
	Uncrossed bool // awarded, a registry is named, and nothing reached any sink yet
}

// crossing returns what the page says of task t's crossings.
func crossing(t *ledger.TaskView, xs crossings, registry bool) crossed {
	if t == nil || t.Winner == 0 {
		return crossed{}
	}
	cs := slices.Clone(xs.by[t.ID])
	slices.SortFunc(cs, func(a, b Crossing) int {
		return cmp.Or(cmp.Compare(a.Sink, b.Sink), cmp.Compare(a.DeliveredAt, b.DeliveredAt),
			cmp.Compare(a.TxHash, b.TxHash), cmp.Compare(a.HTTPStatus, b.HTTPStatus))
	})
	var out crossed
	for _, c := range cs {
		out.Crossings = append(out.Crossings, crossCard{Sink: c.Sink, Tx: c.TxHash, HTTP: c.HTTPStatus, At: stamp(c.DeliveredAt)})
	}
	out.Uncrossed = len(out.Crossings) == 0 && registry && xs.known
	return out
}
