package operator

import (
	"fmt"
	"time"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
)

// What an action does to its match.
type step int

const (
	stepCommit step = iota + 1 // prepare (or take from the store) and commit the next turn, then reveal it
	stepReveal                 // reveal the hidden turn from the store
	stepFinish                 // publish the secret
	stepNudge                  // send a transaction so that a block anchors the match
)

func (s step) String() string {
	switch s {
	case stepCommit:
		return "commit"
	case stepReveal:
		return "reveal"
	case stepFinish:
		return "finish"
	case stepNudge:
		return "anchor nudge"
	}
	return fmt.Sprintf("step(%d)", int(s))
}

// action is one thing to do on one match, with everything it needs read from the state
// under View.
type action struct {
	step   step
	m      match.MatchView
	arena  [32]byte // the arena's genesis hash, which every receipt's domain names
	secret [32]byte
	turn   int // the turn committed or revealed
}

// plan reads the state once and returns the action each of the operator's matches
// calls for: a playing match its next step, a match waiting for its anchor block a
// nudge once it has waited AnchorWait.
func (o *Operator) plan() []action {
	var ms []match.MatchView
	var arena [32]byte
	o.cfg.Chain.View(func(s *ledger.State) {
		arena = s.GenesisHash()
		for _, m := range s.Matches() {
			if m.Operator == o.addr && (m.State == match.StatePlaying || m.State == match.StateAnchoring) {
				ms = append(ms, m)
			}
		}
	})
	var out []action
	for _, m := range ms {
		if o.backingOff(m.ID) {
			continue
		}
		if m.State == match.StateAnchoring {
			if o.waited(turnKey{m.ID, 0}, o.cfg.AnchorWait) {
				out = append(out, action{step: stepNudge, m: m, arena: arena})
			}
			continue
		}
		if a, ok := o.next(m, arena); ok {
			out = append(out, a)
		}
	}
	return out
}

// backingOff reports whether an action on match id failed less than retryAfter polls ago.
func (o *Operator) backingOff(id match.MatchID) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	t, ok := o.failed[id]
	return ok && o.cfg.Now().Before(t.Add(retryAfter*o.cfg.Poll))
}

// waited reports whether d has passed since the operator first saw k (a turn open for
// commit, or with turn 0 a match waiting for its anchor).
func (o *Operator) waited(k turnKey, d time.Duration) bool {
	return !o.firstSeen(k).Add(d).After(o.cfg.Now())
}

// firstSeen returns when the operator first saw k, now if it never had.
func (o *Operator) firstSeen(k turnKey) time.Time {
	o.mu.Lock()
	defer o.mu.Unlock()
	t, ok := o.opened[k]
	if !ok {
		t = o.cfg.Now()
		o.opened[k] = t
	}
	return t
}

// next returns the action m calls for: reveal its hidden turn; finish once the replay
// of its revealed turns is over; otherwise commit the turn the ledger awaits.
func (o *Operator) next(m match.MatchView, arena [32]byte) (action, bool) {
	secret, ok, err := o.cfg.Store.Secret(m.SeedCommitment)
	if err != nil || !ok {
		o.missing(m, err)
		return action{}, false
	}
	a := action{m: m, arena: arena, secret: secret}
	switch {
	case m.Hidden != 0:
		a.step, a.turn = stepReveal, m.Hidden
		return a, true
	}
	g, err := Replay(m, secret)
	if err != nil {
		o.cfg.Logger.Error("replay match", "match", m.ID, "err", err)
		return action{}, false
	}
	switch {
	case g.Over():
		a.step = stepFinish
	case m.NextTurn == g.Turn():
		a.step, a.turn = stepCommit, m.NextTurn
	default:
		return action{}, false // the ledger awaits nothing of the operator yet
	}
	return a, true
}

// missing logs, once per match, that the store cannot give m's secret.
func (o *Operator) missing(m match.MatchView, err error) {
	o.mu.Lock()
	seen := o.missed[m.ID]
	o.missed[m.ID] = true
	o.mu.Unlock()
	if !seen {
		o.cfg.Logger.Error("no seed secret for a match this key operates: it cannot be played and will stall",
			"match", m.ID, "seed_commitment", m.SeedCommitment, "err", err)
	}
}

// Replay returns the game of match m after its revealed turns, from the battle seed
// that secret and m's anchor give. It fails when the anchor or a revealed move cannot
// be read, or the engine refuses a move.
func Replay(m match.MatchView, secret [32]byte) (*battle.Game, error) {
	anchor, err := receipt.ParseHash(m.Anchor)
	if err != nil {
		return nil, fmt.Errorf("match %d: anchor: %w", m.ID, err)
	}
	g := battle.New(battle.Seed(secret, anchor))
	for _, t := range m.Turns {
		if !t.Revealed {
			break
		}
		if t.Turn != g.Turn() {
			return nil, fmt.Errorf("match %d: turn %d is revealed before turn %d", m.ID, t.Turn, g.Turn())
		}
		var mv [2]battle.Move
		for i, name := range t.Moves {
			v, ok := battle.ParseMove(name)
			if !ok {
				return nil, fmt.Errorf("match %d turn %d: agent %d's move %q is not a move", m.ID, t.Turn, i, name)
			}
			mv[i] = v
		}
		if _, err := g.Play(mv); err != nil {
			return nil, fmt.Errorf("match %d: %w", m.ID, err)
		}
	}
	return g, nil
}
