package demo

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"
	"time"

	"github.com/arena/arena/audit"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/match/operator"
	"github.com/arena/arena/node"
)

// matchPlan is the demo's agent match: two entrants' agents, both served by the
// reader the operator is configured with (the builtin one unless overridden), and two
// bets on agent 0's first move, placed before the match starts.
var matchPlan = struct {
	entrants [2]string
	agents   [2]match.Agent
	fee      uint64 // whole units, each entrant
	feeBps   uint64
	bets     []struct {
		who   string
		move  string
		stake uint64
	}
}{
	entrants: [2]string{"alice", "bob"},
	agents: [2]match.Agent{
		{Model: "builtin", SystemPrompt: "You are Alice's agent. Keep your HP up and strike when you are charged."},
		{Model: "builtin", SystemPrompt: "You are Bob's agent. Win the battle."},
	},
	fee: 5, feeBps: 200,
	bets: []struct {
		who   string
		move  string
		stake uint64
	}{{"carol", "charge", 3}, {"dave", "attack", 1}},
}

// matchStory runs the agent match from creation to payout: the operator (the key Init
// made) keeps a fresh seed secret in the arena directory and creates the match, carol
// and dave bet on agent 0's first move, both entrants join, and the node's operator
// plays every turn and finishes it.
func (d *driver) matchStory(ctx context.Context, a *arena) error {
	ops := a.node.Config().Operators
	if len(ops) == 0 {
		return fmt.Errorf("the demo arena has no operator")
	}
	k, err := a.node.Keystore().Load(ops[0].Address, "")
	if err != nil {
		return fmt.Errorf("operator key: %w", err)
	}
	d.senders["operator"], d.names[k.Address()] = d.c.Sender(k), "operator"
	secret, commitment, err := operator.NewSecret(rand.Reader)
	if err != nil {
		return err
	}
	if err := operator.Dir(node.OperatorDir(a.node.Dir())).PutSecret(secret); err != nil {
		return err
	}
	p := matchPlan
	out, err := d.send(ctx, "operator", d.terms.OperatorBond, match.Create{
		Entrants: [2]ledger.Address{d.senders[p.entrants[0]].Address(), d.senders[p.entrants[1]].Address()},
		Agents:   p.agents, EntryFee: ledger.Ether(p.fee), FeeBps: p.feeBps, SeedCommitment: commitment,
	})
	if err != nil {
		return err
	}
	d.match = ledger.MatchID(out.Created)
	fmt.Fprintf(d.out, "\nmatch %d created by the operator: %s's agent against %s's, entry fee %d %s each, operator bond %s\n",
		d.match, p.entrants[0], p.entrants[1], p.fee, d.terms.Symbol, units(d.terms.OperatorBond))
	for _, b := range p.bets {
		if _, err := d.send(ctx, b.who, ledger.Ether(b.stake), match.Bet{Match: d.match, Turn: 1, Agent: 0, Move: b.move}); err != nil {
			return err
		}
		fmt.Fprintf(d.out, "  %s bets %d %s that agent 0 plays %s in turn 1\n", b.who, b.stake, d.terms.Symbol, b.move)
	}
	for _, e := range p.entrants {
		if _, err := d.send(ctx, e, ledger.Ether(p.fee), match.Join{Match: d.match}); err != nil {
			return err
		}
	}
	fmt.Fprintf(d.out, "  both entrants joined: the operator plays the match\n")
	m, err := d.waitMatch(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(d.out, "match %d %s after %d turns: %s\n", m.ID, m.State, len(m.Turns), matchResult(m, d.names))
	agents, err := d.c.Agents(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(d.out, "  agents' ratings across matches (GET /v1/agents, Bradley-Terry, averaging 1000): %s\n", ratingWords(agents, p.agents, p.entrants))
	return nil
}

// ratingWords names each rated agent by the entrant the plan gives it, with its rating
// and 95% interval, highest first.
func ratingWords(agents []ledger.AgentView, plan [2]match.Agent, entrants [2]string) string {
	words := make([]string, len(agents))
	for i, a := range agents {
		who := a.Model
		for k, p := range plan {
			if p.Key() == (match.AgentKey{Model: a.Model, SystemPromptHash: a.SystemPromptHash}) {
				who = entrants[k] + "'s agent"
			}
		}
		words[i] = fmt.Sprintf("%s %.1f (%.1f to %.1f)", who, a.Rating, a.Low, a.High)
	}
	return strings.Join(words, ", ")
}

// waitMatch polls the demo's match until it settles, for at most two minutes.
func (d *driver) waitMatch(ctx context.Context) (ledger.MatchView, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	for {
		m, err := d.c.Match(ctx, d.match)
		if err == nil && (m.State == match.StateFinished || m.State == match.StateVoid) {
			return m, nil
		}
		select {
		case <-ctx.Done():
			return m, fmt.Errorf("waiting for match %d to settle (%s): %w", d.match, m.State, ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// matchResult says how a settled match ended.
func matchResult(m ledger.MatchView, names map[ledger.Address]string) string {
	switch {
	case m.State == match.StateVoid:
		return "void (" + m.VoidReason + ")"
	case m.WinnerAddress != nil:
		return fmt.Sprintf("agent %d (%s) wins %s, fee %s to the treasury", *m.Winner, names[*m.WinnerAddress], units(m.Payout), units(m.Fee))
	}
	return "a draw, entry fees returned"
}

// matchStories reads the match's claims off the final snapshot: it was played to its
// finish and paid, its whole record re-derives offline (arena audit match), and the
// bets on turn 1 settled parimutuel against the revealed move.
func (d *driver) matchStories(s ledger.Snapshot) []Story {
	var m ledger.MatchView
	for _, x := range s.Matches {
		if x.ID == d.match {
			m = x
		}
	}
	played := Story{Name: "agent match: played to its finish and paid"}
	played.Held = m.State == match.StateFinished && m.ResultHash != "" && len(m.Turns) > 0
	played.Detail = fmt.Sprintf("match %d %s after %d turns: %s", m.ID, m.State, len(m.Turns), matchResult(m, d.names))
	audited := Story{Name: "agent match: every receipt, prompt and event re-derives from the published seed"}
	if rep, err := audit.Match(&s, d.match); err != nil {
		audited.Detail = err.Error()
	} else {
		audited.Held = rep.OK()
		audited.Detail = fmt.Sprintf("%d audit steps, all re-derived: %t", len(rep.Steps), rep.OK())
	}
	return []Story{played, audited, betStory(m)}
}

// betStory: the two bets on agent 0's first move settled against the move it played.
func betStory(m ledger.MatchView) Story {
	st := Story{Name: "agent match: bets on a move settle parimutuel against the revealed move", Detail: "turn 1 is not revealed"}
	if len(m.Turns) == 0 || !m.Turns[0].Revealed {
		return st
	}
	t, p := m.Turns[0], m.Turns[0].Pools[0]
	var paid ledger.Amount
	for _, b := range t.Bets {
		paid, _ = paid.Add(b.Payout)
	}
	total, _ := paid.Add(p.Fee)
	st.Held = p.Settled && p.Bets == len(matchPlan.bets) && total.Eq(p.Staked)
	st.Detail = fmt.Sprintf("agent 0 played %s; %d bets staking %s paid %s, fee %s", t.Moves[0], p.Bets, units(p.Staked), units(paid), units(p.Fee))
	return st
}
