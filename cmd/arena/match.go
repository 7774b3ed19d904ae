package main

import (
	"context"
	"crypto/rand"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/match/operator"
	"github.com/arena/arena/node"
)

// matchCmd groups the agent match's verbs: the operator's create, the entrants' join,
// anyone's bet and reclaim, and show.
func (a *app) matchCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "match",
		Short: "Agent matches: create, join, bet on a turn's move, reclaim a stalled match, show",
		Long: "An operator runs a battle between two entrants' agents: each turn it asks both agents'\n" +
			"models for a move, signs a receipt for each decision, commits both moves (which closes\n" +
			"betting on the turn) and then reveals them with the raw prompts and answers. At the end it\n" +
			"publishes its seed secret and the ledger replays the whole match; a doctored prompt or event\n" +
			"voids it and slashes the operator's bond. The node's [[operator]] runs the turns; matches and\n" +
			"bets are numbered from 1.",
	}
	c.AddCommand(a.matchCreateCmd(), a.matchJoinCmd(), a.matchBetCmd(), a.matchReclaimCmd(), a.matchShowCmd())
	return c
}

// matchVerbs are the match's sending verbs, each of which takes --dry-run.
var matchVerbs = []string{"create", "join", "bet", "reclaim"}

func init() {
	for _, v := range matchVerbs {
		sendingVerbs = append(sendingVerbs, []string{"match", v})
	}
}

// matchArg parses a verb's MATCH argument.
func matchArg(args []string) (ledger.MatchID, error) {
	id, err := parseID("match", args[0])
	return ledger.MatchID(id), err
}

func (a *app) matchCreateCmd() *cobra.Command {
	var entrants, models, prompts, promptFiles []string
	var fee string
	var feeBps uint64
	c := &cobra.Command{
		Use:   "create --entrant ADDR --entrant ADDR --model M [--model M] (--system-prompt T | --system-prompt-file F)... --entry-fee AMOUNT",
		Short: "Create a match as its operator: draw and keep the seed secret, post the bond",
		Long: "Create a match between two entrants' agents, each a model the operator serves and a published\n" +
			"system prompt (one --model serves both; flags in entrant order). The sender must be an operator\n" +
			"of the founding terms: --key, or the one [[operator]] of the directory's arena.toml. A fresh\n" +
			"32-byte seed secret is drawn and kept in the directory's operator/ folder, readable by the\n" +
			"owner only, before its keccak256 is sent as the seed commitment with the operator bond as the\n" +
			"value; the node's operator finds it there to play the match and finish it.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			b, err := createBody(entrants, models, prompts, promptFiles, fee, feeBps)
			if err != nil {
				return err
			}
			return a.createMatch(cmd.Context(), b)
		},
	}
	f := c.Flags()
	f.StringArrayVar(&entrants, "entrant", nil, "an entrant's address (twice: agent 0's, then agent 1's)")
	f.StringArrayVar(&models, "model", nil, "the model serving an agent (once for both, or twice)")
	f.StringArrayVar(&prompts, "system-prompt", nil, "an agent's system prompt (once for both, or twice)")
	f.StringArrayVar(&promptFiles, "system-prompt-file", nil, "read an agent's system prompt from a file (once for both, or twice)")
	f.StringVar(&fee, "entry-fee", "", "what each entrant pays to join; the winner takes both, less the fee")
	f.Uint64Var(&feeBps, "fee-bps", 0, fmt.Sprintf("the treasury's share of the entry fees and of each bet pool, 0 to %d basis points", match.MaxFeeBps))
	c.MarkFlagsMutuallyExclusive("system-prompt", "system-prompt-file")
	c.MarkFlagRequired("entrant")
	c.MarkFlagRequired("model")
	c.MarkFlagRequired("entry-fee")
	return c
}

// createBody builds a create from the flags, the seed commitment left for createMatch.
func createBody(entrants, models, prompts, promptFiles []string, fee string, feeBps uint64) (match.Create, error) {
	var b match.Create
	if len(entrants) != 2 {
		return b, fmt.Errorf("--entrant: give exactly two, agent 0's then agent 1's; got %d", len(entrants))
	}
	for i, s := range entrants {
		v, err := ledger.ParseAddress(s)
		if err != nil {
			return b, fmt.Errorf("--entrant %q: %w", s, err)
		}
		b.Entrants[i] = v
	}
	ms, err := pair("model", models)
	if err != nil {
		return b, err
	}
	ps, err := systemPrompts(prompts, promptFiles)
	if err != nil {
		return b, err
	}
	for i := range b.Agents {
		b.Agents[i] = match.Agent{Model: ms[i], SystemPrompt: ps[i]}
	}
	if b.EntryFee, err = parseAmount(fee); err != nil {
		return b, fmt.Errorf("--entry-fee: %w", err)
	}
	b.FeeBps = feeBps
	return b, nil
}

// pair returns one value for each agent: the flag given once serves both.
func pair(name string, vs []string) ([2]string, error) {
	switch len(vs) {
	case 1:
		return [2]string{vs[0], vs[0]}, nil
	case 2:
		return [2]string{vs[0], vs[1]}, nil
	}
	return [2]string{}, fmt.Errorf("--%s: give it once for both agents or twice, agent 0's then agent 1's; got %d", name, len(vs))
}

// systemPrompts returns each agent's system prompt from the inline or file flags; none
// given means the empty prompt for both.
func systemPrompts(texts, files []string) ([2]string, error) {
	if len(files) == 0 {
		if len(texts) == 0 {
			return [2]string{}, nil
		}
		return pair("system-prompt", texts)
	}
	fs, err := pair("system-prompt-file", files)
	if err != nil {
		return fs, err
	}
	var out [2]string
	for i, f := range fs {
		t, err := textOrFile("system-prompt", "", f)
		if err != nil {
			return out, err
		}
		out[i] = t
	}
	return out, nil
}

// createMatch keeps a fresh seed secret in the operator store, then sends b with its
// commitment and the operator bond. The secret is kept first, so that a create that
// lands is never without it.
func (a *app) createMatch(ctx context.Context, b match.Create) error {
	if a.key == "" {
		op, err := a.operator()
		if err != nil {
			return err
		}
		a.key = op.String()
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	ar, err := c.Arena(ctx)
	if err != nil {
		return err
	}
	secret, commitment, err := operator.NewSecret(rand.Reader)
	if err != nil {
		return err
	}
	b.SeedCommitment = commitment
	store := operator.Dir(node.OperatorDir(a.dir))
	if !a.dryRun {
		if err := store.PutSecret(secret); err != nil {
			return err
		}
	}
	rc, err := a.send(ctx, ar.Terms.OperatorBond, b)
	if err != nil {
		return err
	}
	return a.printReceipt(rc, fmt.Sprintf("created match %d: %s (model %s) against %s (model %s), entry fee %s each, fee %d bps, bond %s; the seed secret is kept in %s until the operator publishes it",
		rc.Outcome.Created, b.Entrants[0], b.Agents[0].Model, b.Entrants[1], b.Agents[1].Model, formatAmount(b.EntryFee), b.FeeBps,
		formatAmount(ar.Terms.OperatorBond), string(store)))
}

// operator returns the one operator the directory's arena.toml configures.
func (a *app) operator() (ledger.Address, error) {
	cfg, err := node.LoadConfig(a.dir)
	if err != nil {
		return ledger.Address{}, err
	}
	if len(cfg.Operators) != 1 {
		return ledger.Address{}, fmt.Errorf("%s configures %d operators: name the sender with --key ADDRESS", node.ConfigFile, len(cfg.Operators))
	}
	return cfg.Operators[0].Address, nil
}

func (a *app) matchJoinCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "join MATCH",
		Short: "Join a match as one of its entrants, paying its entry fee; the second join starts it",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := matchArg(args)
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			c, err := a.client()
			if err != nil {
				return err
			}
			m, err := c.Match(ctx, id)
			if err != nil {
				return err
			}
			rc, err := a.send(ctx, m.EntryFee, match.Join{Match: id})
			if err != nil {
				return err
			}
			what := "the other entrant's join starts it"
			if m, err := c.Match(ctx, id); err == nil && m.State != match.StateWaiting {
				what = "both entrants are in: the next block anchors the seed and the operator plays the turns"
			}
			return a.printReceipt(rc, fmt.Sprintf("joined match %d, entry fee %s: %s", id, formatAmount(m.EntryFee), what))
		},
	}
}

func (a *app) matchBetCmd() *cobra.Command {
	var turn, agent int
	var move, stake string
	c := &cobra.Command{
		Use:   "bet MATCH --turn T --agent 0|1 --move attack|defend|charge|heal --stake AMOUNT",
		Short: "Stake on an agent's move in a turn whose betting is open (until the operator commits the turn)",
		Long: "Bets are parimutuel per turn and agent: once the turn is revealed, the pool of stakes on that\n" +
			"agent, less the match's fee, is split pro rata among the stakes on the move it played; when\n" +
			"none was on it, every stake goes back in full. A match settled first returns open stakes.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := matchArg(args)
			if err != nil {
				return err
			}
			v, err := parseAmount(stake)
			if err != nil {
				return fmt.Errorf("--stake: %w", err)
			}
			rc, err := a.send(cmd.Context(), v, match.Bet{Match: id, Turn: turn, Agent: agent, Move: move})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, fmt.Sprintf("bet %d on match %d: %s that agent %d plays %s in turn %d",
				rc.Outcome.Created, id, formatAmount(v), agent, move, turn))
		},
	}
	f := c.Flags()
	f.IntVar(&turn, "turn", 0, "the turn, from 1")
	f.IntVar(&agent, "agent", 0, "the agent, 0 or 1")
	f.StringVar(&move, "move", "", "attack, defend, charge or heal")
	f.StringVar(&stake, "stake", "", "the stake")
	c.MarkFlagRequired("turn")
	c.MarkFlagRequired("move")
	c.MarkFlagRequired("stake")
	return c
}

func (a *app) matchReclaimCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "reclaim MATCH",
		Short: "Settle a match whose operator has stalled: entry fees and open stakes back, the bond slashed",
		Long: fmt.Sprintf("Anyone may reclaim a match once its operator has done nothing on it for %d seconds of\n"+
			"arena time: it is void, each entrant's fee and every open stake are owed back, and the\n"+
			"operator's bond goes to the treasury. A match whose entrants did not both join in that time\n"+
			"is cancelled instead, its bond returned.", match.StallS),
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := matchArg(args)
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			rc, err := a.send(ctx, ledger.Amount{}, match.Reclaim{Match: id})
			if err != nil {
				return err
			}
			what := fmt.Sprintf("reclaimed match %d", id)
			if c, err := a.client(); err == nil {
				if m, err := c.Match(ctx, id); err == nil {
					what = fmt.Sprintf("reclaimed match %d: %s", id, settlementWords(m))
				}
			}
			return a.printReceipt(rc, what)
		},
	}
}

func (a *app) matchShowCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "show [MATCH]",
		Short: "Print one match turn by turn, or every match",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := a.client()
			if err != nil {
				return err
			}
			if len(args) == 0 {
				return a.showMatches(cmd.Context(), c, "")
			}
			return a.showMatch(cmd.Context(), c, args[0])
		},
	}
}
