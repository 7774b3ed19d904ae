package ledgertest

import (
	"crypto/ecdsa"
	"fmt"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
)

// OperatorBond is the bond MatchTerms asks of the operator for each match.
var OperatorBond = ledger.Ether(50)

// MatchTerms edits t so that the arena runs agent matches: the key named "operator" is
// its one operator, with a 50 GEN bond, and is funded with 1000 GEN. The treasury
// Terms names takes fees and slashed bonds.
func MatchTerms(t *ledger.Terms) {
	t.Operators = []ledger.Address{Addr("operator")}
	t.OperatorBond = OperatorBond
	t.Genesis = append(t.Genesis, ledger.Allocation{Address: Addr("operator"), Amount: ledger.Ether(1000)})
}

// ECDSA returns the private key of the key named name (see Key), for what signs with
// go-ethereum's keys directly, such as receipt.Sign.
func ECDSA(name string) *ecdsa.PrivateKey {
	k, err := crypto.ToECDSA(crypto.Keccak256([]byte("arena contest key\n" + name)))
	if err != nil {
		panic(fmt.Sprintf("ledgertest: derive key %q: %v", name, err))
	}
	return k
}

// Agents returns two agents with short system prompts.
func Agents() [2]match.Agent {
	return [2]match.Agent{
		{Model: "scripted/aggressive", SystemPrompt: "You are Brute. You like to hit hard."},
		{Model: "scripted/careful", SystemPrompt: "You are Warden. You guard first and strike when it pays."},
	}
}

// Answer returns the response a model gives to play m: {"move":"<m>"}.
func Answer(m battle.Move) string { return `{"move":"` + m.String() + `"}` }

// A MatchRun plays one match as an honest operator would: it keeps the secret, replays
// the game locally from the seed, builds each turn's prompts with battle.Prompt, signs
// each receipt with the operator's key, and commits and reveals in order. Its *Body
// methods build a transaction without sending it, so a claim can doctor it first.
type MatchRun struct {
	c        *Contest
	Operator string
	Entrants [2]string
	ID       ledger.MatchID
	Secret   [32]byte
	Agents   [2]match.Agent
	moves    [][2]battle.Move // every revealed turn's moves
}

// NewMatch has the operator create a match between the two entrants' Agents with entry
// fee fee and fee rate feeBps, its secret derived from the operator's name and the
// match's number. It joins no one.
func (c *Contest) NewMatch(operator string, entrants [2]string, fee ledger.Amount, feeBps uint64) *MatchRun {
	c.t.Helper()
	var n int
	c.View(func(s *ledger.State) { n = s.Arena().Counts.Matches })
	r := &MatchRun{c: c, Operator: operator, Entrants: entrants, Agents: Agents()}
	r.Secret = crypto.Keccak256Hash([]byte(fmt.Sprintf("secret of %s for match %d", operator, n+1)))
	out := c.Do(operator, c.terms.OperatorBond, match.Create{
		Entrants: [2]ledger.Address{c.Addr(entrants[0]), c.Addr(entrants[1])}, Agents: r.Agents,
		EntryFee: fee, FeeBps: feeBps, SeedCommitment: match.SeedCommitment(r.Secret),
	})
	r.ID = ledger.MatchID(out.Created)
	return r
}

// Start has both entrants join and lets one block pass, so that the match is anchored.
func (r *MatchRun) Start() {
	r.c.t.Helper()
	v := r.View()
	for _, e := range r.Entrants {
		r.c.Do(e, v.EntryFee, match.Join{Match: r.ID})
	}
	r.c.Tick()
	if v := r.View(); v.State != match.StatePlaying {
		r.c.t.Fatalf("match %d is %s after both joined and a block passed", r.ID, v.State)
	}
}

// View returns the match as readers see it.
func (r *MatchRun) View() ledger.MatchView {
	r.c.t.Helper()
	var v ledger.MatchView
	var ok bool
	r.c.View(func(s *ledger.State) { v, ok = s.Match(r.ID) })
	if !ok {
		r.c.t.Fatalf("no match %d", r.ID)
	}
	return v
}

// Seed returns the battle seed: the secret with the anchor.
func (r *MatchRun) Seed() [32]byte {
	r.c.t.Helper()
	anchor, ok := match.ParseHex32(r.View().Anchor)
	if !ok {
		r.c.t.Fatalf("match %d has no anchor", r.ID)
	}
	return battle.Seed(r.Secret, anchor)
}

// Game returns the game replayed through every revealed turn.
func (r *MatchRun) Game() *battle.Game {
	r.c.t.Helper()
	g := battle.New(r.Seed())
	for _, m := range r.moves {
		if _, err := g.Play(m); err != nil {
			r.c.t.Fatalf("replay: %v", err)
		}
	}
	return g
}

// Turn returns the number of the next turn to play.
func (r *MatchRun) Turn() int { return len(r.moves) + 1 }

// Salt returns the salt of agent's commitment in turn.
func (r *MatchRun) Salt(turn, agent int) [32]byte {
	return crypto.Keccak256Hash([]byte(fmt.Sprintf("salt %d/%d/%d", r.ID, turn, agent)))
}

// Decide returns agent's decision in the next turn for the model's response: the
// prompt battle.Prompt gives for the replayed view, the move the response names (or
// defend with its fallback reason), and the receipt signed by the operator. A reason
// of receipt.Timeout or receipt.ProviderError overrides the response.
func (r *MatchRun) Decide(agent int, response string, reason receipt.Reason) match.Decision {
	r.c.t.Helper()
	prompt := battle.Prompt(r.Agents[agent].SystemPrompt, r.Game().View(agent))
	mv, why := battle.ParseAnswer(response)
	if reason == receipt.NoFallback && why != battle.NoFallback {
		reason, _ = receipt.ParseReason(string(why))
	}
	if reason != receipt.NoFallback {
		mv = battle.Defend
	}
	turn := r.Turn()
	rc := receipt.Receipt{
		Match: uint64(r.ID), Turn: uint32(turn), Agent: uint32(agent), PromptHash: receipt.TextHash(prompt), ResponseHash: receipt.TextHash(response),
		Move: uint8(mv), Fallback: reason != receipt.NoFallback, Reason: reason,
		StartedAt: uint64(r.c.Now()) * 1000, FinishedAt: uint64(r.c.Now())*1000 + 850, ChainID: ledger.KeystoreChainID,
	}
	return r.Signed(match.Decision{Move: mv.String(), Receipt: rc, Prompt: prompt, Response: response, Salt: match.Hex32(r.Salt(turn, agent))})
}

// Signed returns d with its receipt signed by the operator.
func (r *MatchRun) Signed(d match.Decision) match.Decision {
	r.c.t.Helper()
	sig, err := receipt.Sign(r.c.terms.GenesisHash(), d.Receipt, ECDSA(r.Operator))
	if err != nil {
		r.c.t.Fatalf("sign receipt: %v", err)
	}
	d.Sig = fmt.Sprintf("0x%x", sig)
	return d
}

// Decisions returns both agents' decisions in the next turn for the two responses.
func (r *MatchRun) Decisions(responses [2]string) [2]match.Decision {
	return [2]match.Decision{r.Decide(0, responses[0], receipt.NoFallback), r.Decide(1, responses[1], receipt.NoFallback)}
}

// CommitBody returns the commit of the next turn to the decisions ds.
func (r *MatchRun) CommitBody(ds [2]match.Decision) match.Commit {
	r.c.t.Helper()
	turn := r.Turn()
	var cs [2]string
	for i, d := range ds {
		digest, err := receipt.Digest(r.c.terms.GenesisHash(), d.Receipt)
		if err != nil {
			r.c.t.Fatal(err)
		}
		mv, _ := battle.ParseMove(d.Move)
		salt, _ := match.ParseHex32(d.Salt)
		cs[i] = match.Hex32(match.Commitment(r.ID, turn, i, mv, digest, salt))
	}
	return match.Commit{Match: r.ID, Turn: turn, Commitments: cs}
}

// RevealBody returns the reveal of the next turn's decisions ds, with the events the
// replayed game produces for their moves.
func (r *MatchRun) RevealBody(ds [2]match.Decision) match.Reveal {
	r.c.t.Helper()
	var moves [2]battle.Move
	for i, d := range ds {
		moves[i], _ = battle.ParseMove(d.Move)
	}
	evs, err := r.Game().Play(moves)
	if err != nil {
		r.c.t.Fatalf("play turn %d: %v", r.Turn(), err)
	}
	return match.Reveal{Match: r.ID, Turn: r.Turn(), Agents: ds, Events: evs}
}

// Commit sends the commit of the next turn to ds.
func (r *MatchRun) Commit(ds [2]match.Decision) {
	r.c.t.Helper()
	r.c.Do(r.Operator, ledger.Amount{}, r.CommitBody(ds))
}

// Reveal sends a reveal of the committed turn, which must be applied, and records its
// moves as played.
func (r *MatchRun) Reveal(b match.Reveal) {
	r.c.t.Helper()
	r.c.Do(r.Operator, ledger.Amount{}, b)
	r.Record(b)
}

// Record records the moves of reveal b, applied by other means, as played.
func (r *MatchRun) Record(b match.Reveal) {
	var moves [2]battle.Move
	for i, d := range b.Agents {
		moves[i], _ = battle.ParseMove(d.Move)
	}
	r.moves = append(r.moves, moves)
}

// Play commits and reveals the next turn for the two responses, honestly.
func (r *MatchRun) Play(responses [2]string) [2]match.Decision {
	r.c.t.Helper()
	ds := r.Decisions(responses)
	r.Commit(ds)
	r.Reveal(r.RevealBody(ds))
	return ds
}

// PlayOut plays turns with the responses until the replayed game is over, and returns
// how many turns it played.
func (r *MatchRun) PlayOut(responses [2]string) int {
	r.c.t.Helper()
	n := 0
	for !r.Game().Over() {
		r.Play(responses)
		n++
	}
	return n
}

// Finish publishes the secret and returns the outcome.
func (r *MatchRun) Finish() ledger.Outcome {
	r.c.t.Helper()
	return r.c.Do(r.Operator, ledger.Amount{}, match.Finish{Match: r.ID, Secret: match.Hex32(r.Secret)})
}

// A Ticker applies empty blocks, as Bare does.
type Ticker interface{ Tick() error }

// Tick lets one block pass: an empty one on a Ticker, otherwise a dev-mode Advance of
// one second from "stranger".
func (c *Contest) Tick() {
	c.t.Helper()
	if tk, ok := c.ap.(Ticker); ok {
		if clock, ok := c.ap.(Clock); ok {
			clock.Wait(1)
		}
		if err := tk.Tick(); err != nil {
			c.t.Fatalf("tick: %v", err)
		}
		return
	}
	c.Do("stranger", ledger.Amount{}, ledger.Advance{Seconds: 1})
}
