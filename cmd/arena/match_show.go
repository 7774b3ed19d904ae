package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/battle"
)

func (a *app) showMatches(ctx context.Context, c *client.Client, _ string) error {
	v, err := c.Matches(ctx)
	if err != nil {
		return err
	}
	return a.emit(v, func(w io.Writer) {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "MATCH\tSTATE\tTURNS\tBETS\tENTRY FEE\tWINNER\tAGENTS")
		for _, m := range v {
			fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%s\t%s\t%s vs %s\n", m.ID, m.State, revealed(m), len(m.Bets),
				formatAmount(m.EntryFee), winnerWord(m), m.Agents[0].Model, m.Agents[1].Model)
		}
		tw.Flush()
	})
}

func (a *app) showMatch(ctx context.Context, c *client.Client, arg string) error {
	id, err := parseID("match", arg)
	if err != nil {
		return err
	}
	m, err := c.Match(ctx, ledger.MatchID(id))
	if err != nil {
		return err
	}
	return a.emit(m, func(w io.Writer) { printMatch(w, &m) })
}

// printMatch writes a match in full: its terms and agents, its seed and anchor, each
// turn's timeline (commit, betting, reveal, moves with fallback marks, receipts,
// events, pools), and its settlement.
func printMatch(w io.Writer, m *ledger.MatchView) {
	fmt.Fprintf(w, "match %d: operator %s, state %s\n", m.ID, m.Operator, m.State)
	for i, ag := range m.Agents {
		joined := "not joined"
		if m.Joined[i] {
			joined = "joined " + utc(m.JoinedAt[i])
		}
		fmt.Fprintf(w, "  agent %d: %s, model %s, %s; system prompt: %s\n", i, m.Entrants[i], ag.Model, joined, quoteOr(ag.SystemPrompt))
	}
	fmt.Fprintf(w, "terms: entry fee %s each | fee %d bps | operator bond %s\n", formatAmount(m.EntryFee), m.FeeBps, formatAmount(m.Bond))
	fmt.Fprintf(w, "seed: commitment %s", m.SeedCommitment)
	if m.Anchor != "" {
		fmt.Fprintf(w, " | anchor %s (block %d)", m.Anchor, m.AnchorHeight)
	}
	if m.Secret != "" {
		fmt.Fprintf(w, " | secret %s | seed %s", m.Secret, m.Seed)
	}
	fmt.Fprintln(w)
	if m.State != match.StateFinished && m.State != match.StateVoid {
		fmt.Fprintf(w, "operator last acted %s; anyone may reclaim from %s\n", utc(m.LastActive), utc(m.StallAt))
	}
	for i := range m.Turns {
		printTurn(w, &m.Turns[i])
	}
	fmt.Fprintf(w, "result: %s\n", settlementWords(*m))
	if m.ResultHash != "" {
		fmt.Fprintf(w, "result hash %s\n", m.ResultHash)
	}
}

// printTurn writes one turn of the timeline.
func printTurn(w io.Writer, t *ledger.MatchTurnView) {
	switch {
	case t.Revealed:
		fmt.Fprintf(w, "turn %d: committed %s (betting closed), revealed %s: %s\n", t.Turn, utc(t.CommittedAt), utc(t.RevealedAt), moveWords(t))
	case t.Committed:
		fmt.Fprintf(w, "turn %d: committed %s (betting closed), not yet revealed\n", t.Turn, utc(t.CommittedAt))
	default:
		fmt.Fprintf(w, "turn %d: betting open\n", t.Turn)
	}
	for _, d := range t.Decisions {
		fmt.Fprintf(w, "    agent %d receipt %s, signed %s\n", d.Agent, d.ReceiptHash, short(d.Sig))
	}
	if len(t.Events) > 0 {
		fmt.Fprintf(w, "    events: %s\n", eventWords(t.Events))
	}
	for _, p := range t.Pools {
		if p.Bets == 0 {
			continue
		}
		fmt.Fprintf(w, "    bets on agent %d: %d staking %s%s\n", p.Agent, p.Bets, formatAmount(p.Staked), poolWords(p))
	}
}

// moveWords names both revealed moves, marking fallbacks with their reason.
func moveWords(t *ledger.MatchTurnView) string {
	var parts []string
	for i, mv := range t.Moves {
		s := fmt.Sprintf("agent %d %s", i, mv)
		if t.Fallbacks[i] {
			reason := "fallback"
			for _, d := range t.Decisions {
				if d.Agent == i && d.Reason != "" {
					reason = "fallback: " + d.Reason
				}
			}
			s += " (" + reason + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// eventWords renders a turn's events compactly: damage, heals, charges and the end.
func eventWords(evs []battle.Event) string {
	var parts []string
	for _, e := range evs {
		switch e.Kind {
		case battle.KindMove:
			continue
		case battle.KindEnd:
			parts = append(parts, "end: "+winnerIndexWords(e.Agent))
		default:
			parts = append(parts, fmt.Sprintf("agent %d %s %d", e.Agent, e.Kind, e.Value))
		}
	}
	if n := len(evs); n > 0 {
		parts = append(parts, fmt.Sprintf("HP %d/%d", evs[n-1].HP[0], evs[n-1].HP[1]))
	}
	return strings.Join(parts, ", ")
}

// poolWords says how a bet pool settled.
func poolWords(p ledger.BetPoolView) string {
	switch {
	case !p.Settled:
		return ""
	case p.Returned:
		return ": no stake on the revealed move, every stake returned"
	}
	return fmt.Sprintf(": %s on the revealed move won %s, fee %s", formatAmount(p.Winning), formatAmount(p.Paid), formatAmount(p.Fee))
}

// settlementWords says where a match stands or how it settled.
func settlementWords(m ledger.MatchView) string {
	switch m.State {
	case match.StateFinished:
		if m.Winner != nil && *m.Winner >= 0 && m.WinnerAddress != nil {
			return fmt.Sprintf("agent %d (%s) won: payout %s, fee %s to the treasury, bond returned", *m.Winner, *m.WinnerAddress, formatAmount(m.Payout), formatAmount(m.Fee))
		}
		return "a draw: entry fees returned, bond returned"
	case match.StateVoid:
		return fmt.Sprintf("void (%s): entry fees and open stakes returned, %s of the bond slashed to the treasury", m.VoidReason, formatAmount(m.Slashed))
	}
	return fmt.Sprintf("%s after %d revealed turns", m.State, revealed(m))
}

// revealed counts a match's revealed turns.
func revealed(m ledger.MatchView) int {
	n := 0
	for _, t := range m.Turns {
		if t.Revealed {
			n++
		}
	}
	return n
}

// winnerWord is the winner column of the match list.
func winnerWord(m ledger.MatchView) string {
	if m.State != match.StateFinished || m.Winner == nil {
		return "-"
	}
	return winnerIndexWords(*m.Winner)
}

func winnerIndexWords(i int) string {
	if i < 0 {
		return "draw"
	}
	return fmt.Sprintf("agent %d", i)
}

// quoteOr quotes a system prompt cut to a readable length, or says there is none.
func quoteOr(s string) string {
	if s == "" {
		return "(none)"
	}
	return quote(s)
}

// showEpisode prints a finished match's episode, always as indented JSON: the document
// is the output.
func (a *app) showEpisode(ctx context.Context, c *client.Client, arg string) error {
	id, err := parseID("match", arg)
	if err != nil {
		return err
	}
	e, err := c.Episode(ctx, ledger.MatchID(id))
	if err != nil {
		return err
	}
	enc := json.NewEncoder(a.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(e)
}

func (a *app) showAgents(ctx context.Context, c *client.Client, _ string) error {
	v, err := c.Agents(ctx)
	if err != nil {
		return err
	}
	return a.emit(v, func(w io.Writer) { printAgents(w, v) })
}

// printAgents writes the ratings table, highest first.
func printAgents(w io.Writer, v []ledger.AgentView) {
	if len(v) == 0 {
		fmt.Fprintln(w, "no agent has finished a match yet")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "RANK\tRATING\t95% INTERVAL\tGAMES\tW-L-D\tMODEL\tSYSTEM PROMPT\tMATCHES")
	for i, ag := range v {
		fmt.Fprintf(tw, "%d\t%.1f\t%.1f..%.1f\t%d\t%d-%d-%d\t%s\t%s %s\t%s\n", i+1, ag.Rating, ag.Low, ag.High, ag.Games, ag.Wins, ag.Losses, ag.Draws,
			ag.Model, ag.SystemPromptHash[:10], quoteOr(ag.SystemPrompt), matchList(ag.Matches))
	}
	tw.Flush()
}

// matchList writes match ids as "1 2 5".
func matchList(ids []ledger.MatchID) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = fmt.Sprint(id)
	}
	return strings.Join(s, " ")
}
