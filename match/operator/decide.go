package operator

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
)

// MoveSchemaName and MoveSchema are the JSON schema an agent's answer is asked to
// match: {"move": one of the four names}. Backends that support structured output
// send it; the answer is still read by battle.ParseAnswer, whatever it is.
const MoveSchemaName = "arena_move"

// MoveSchema is the schema named MoveSchemaName.
var MoveSchema = json.RawMessage(`{"type":"object","properties":{"move":{"type":"string","enum":["attack","defend","charge","heal"]}},"required":["move"],"additionalProperties":false}`)

// Prompt returns what agent i of m is sent before the turn whose view is v: the text
// battle.Prompt builds (the bytes the receipt hashes and the ledger recomputes), and
// the provider-neutral prompt that carries exactly those bytes, System the agent's
// system prompt and User the rest, so that call.PromptText of it is the text.
func Prompt(a match.Agent, v battle.View) (string, prompt.Prompt) {
	text := battle.Prompt(a.SystemPrompt, v)
	user, _ := strings.CutPrefix(text, a.SystemPrompt+"\n\n") // battle.Prompt always starts so
	return text, prompt.Prompt{
		Purpose: prompt.Move, System: a.SystemPrompt, User: user,
		SchemaName: MoveSchemaName, Schema: MoveSchema, Seed: prompt.Seed,
	}
}

// decide asks both agents of a.m for their move in a.turn, at once, and returns the
// turn's reveal: each agent's move, signed receipt, texts and a fresh salt, and the
// events the engine produces for the two moves. It fails only when the replay, the
// signing or the salt fails, or ctx ends.
func (o *Operator) decide(ctx context.Context, a action) (match.Reveal, error) {
	g, err := Replay(a.m, a.secret)
	if err != nil {
		return match.Reveal{}, err
	}
	r := match.Reveal{Match: a.m.ID, Turn: a.turn}
	var wg sync.WaitGroup
	var errs [2]error
	for i := range r.Agents {
		v := g.View(i)
		wg.Go(func() { r.Agents[i], errs[i] = o.decision(ctx, a, i, v) })
	}
	wg.Wait()
	if err := errors.Join(errs[:]...); err != nil {
		return match.Reveal{}, err
	}
	if err := ctx.Err(); err != nil {
		return match.Reveal{}, err // a call cut short by shutdown is not a timeout
	}
	var moves [2]battle.Move
	for i, d := range r.Agents {
		moves[i] = battle.Move(d.Receipt.Move)
	}
	if r.Events, err = g.Play(moves); err != nil {
		return match.Reveal{}, err
	}
	return r, nil
}

// decision asks agent i for its move given view v, falls back to defend as the
// package documentation says, and signs the receipt.
func (o *Operator) decision(ctx context.Context, a action, i int, v battle.View) (match.Decision, error) {
	agent := a.m.Agents[i]
	text, p := Prompt(agent, v)
	started := o.cfg.Now()
	response, reason := o.ask(ctx, agent.Model, p)
	finished := o.cfg.Now()
	move := battle.Defend
	if reason == receipt.NoFallback && (len(response) > match.MaxTextBytes || !utf8.ValidString(response)) {
		// An answer the ledger cannot take in a reveal (too long, or not UTF-8, which JSON
		// would rewrite) is no answer: the agent defends, and the reveal stays possible.
		response, reason = "", receipt.ProviderError
	}
	if reason == receipt.NoFallback {
		var fb battle.Fallback
		move, fb = battle.ParseAnswer(response)
		reason, _ = receipt.ParseReason(string(fb)) // battle's fallbacks are receipt reasons by name
	}
	rc := receipt.Receipt{
		Match: uint64(a.m.ID), Turn: uint32(a.turn), Agent: uint32(i),
		PromptHash: receipt.TextHash(text), ResponseHash: receipt.TextHash(response),
		Move: uint8(move), Fallback: reason != receipt.NoFallback, Reason: reason,
		StartedAt: unixMilli(started), FinishedAt: unixMilli(finished), ChainID: o.cfg.SignatureChainID,
	}
	sig, err := o.sign(a.arena, rc)
	if err != nil {
		return match.Decision{}, err
	}
	salt, err := o.salt()
	if err != nil {
		return match.Decision{}, err
	}
	if reason != receipt.NoFallback {
		o.cfg.Logger.Warn("agent falls back to defend", "match", a.m.ID, "turn", a.turn, "agent", i, "model", agent.Model, "reason", reason)
	}
	return match.Decision{Move: move.String(), Receipt: rc, Sig: "0x" + hex.EncodeToString(sig), Prompt: text,
		Response: response, Salt: receipt.Hex(salt)}, nil
}

// ask calls the model serving name with p under CallTimeout, and returns its answer, or
// the reason there is none: Timeout when the deadline passed first (also when the
// backend ignores its context, after a short grace), ProviderError when the model
// cannot be found or the call failed.
func (o *Operator) ask(ctx context.Context, name string, p prompt.Prompt) (string, receipt.Reason) {
	m, err := o.cfg.Models(name)
	if err == nil && m == nil {
		err = errors.New("no reader serves this model")
	}
	if err != nil {
		o.cfg.Logger.Warn("no model for agent", "model", name, "err", err)
		return "", receipt.ProviderError
	}
	callCtx, cancel := context.WithTimeout(ctx, o.cfg.CallTimeout)
	defer cancel()
	type answer struct {
		text string
		err  error
	}
	done := make(chan answer, 1)
	go func() {
		text, _, err := m.Complete(callCtx, p)
		done <- answer{text, err}
	}()
	grace := time.NewTimer(o.cfg.CallTimeout + callGrace)
	defer grace.Stop()
	select {
	case ans := <-done:
		switch {
		case ans.err != nil && errors.Is(callCtx.Err(), context.DeadlineExceeded) && ctx.Err() == nil:
			return "", receipt.Timeout
		case ans.err != nil:
			o.cfg.Logger.Warn("model call failed", "model", name, "err", ans.err)
			return "", receipt.ProviderError
		}
		return ans.text, receipt.NoFallback
	case <-grace.C:
		return "", receipt.Timeout
	case <-ctx.Done():
		return "", receipt.ProviderError // discarded: decide fails on ctx
	}
}

// sign signs rc's EIP-712 digest with the operator key, v 27 or 28 as wallets use it.
func (o *Operator) sign(arena [32]byte, rc receipt.Receipt) ([]byte, error) {
	d, err := receipt.Digest(arena, rc)
	if err != nil {
		return nil, err
	}
	sig, err := o.cfg.Key.Sign(d)
	if err != nil {
		return nil, fmt.Errorf("sign receipt: %w", err)
	}
	sig[64] += 27
	return sig, nil
}

// salt draws a fresh 32-byte salt.
func (o *Operator) salt() ([32]byte, error) {
	var s [32]byte
	if _, err := io.ReadFull(o.cfg.Rand, s[:]); err != nil {
		return s, fmt.Errorf("draw salt: %w", err)
	}
	return s, nil
}

// NewSecret draws a match's 32-byte seed secret from rand and returns it with its
// commitment, match.SeedCommitment(secret).
func NewSecret(rand io.Reader) ([32]byte, string, error) {
	var s [32]byte
	if _, err := io.ReadFull(rand, s[:]); err != nil {
		return s, "", fmt.Errorf("draw seed secret: %w", err)
	}
	return s, match.SeedCommitment(s), nil
}

func unixMilli(t time.Time) uint64 { return uint64(max(t.UnixMilli(), 0)) }
