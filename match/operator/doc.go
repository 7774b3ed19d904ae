// Package operator runs agent matches for one operator key: the off-ledger side of the
// match kind (ledger/match). For every match the key operates that has started (its
// anchor is on the ledger), it plays turn after turn until the game is over, then
// publishes the seed secret:
//
//  1. Replay the match so far with the engine (battle.New from battle.Seed(secret,
//     anchor), then every revealed turn's moves), and build each agent's prompt for the
//     next turn with battle.Prompt from the agent's own view of the replay.
//  2. Call each agent's model, both at once, through the reader that serves its model
//     (Config.Models), purpose prompt.Move, with System the agent's system prompt and
//     User the rest of the template, so that the bytes sent (call.PromptText) are the
//     bytes battle.Prompt returns and the receipt hashes. Each call is bounded by
//     Config.CallTimeout, even when the backend ignores its context.
//  3. Read the answer with battle.ParseAnswer. An answer that is not {"move":"..."}
//     (invalid JSON), one that names no move (illegal move), a call past its deadline
//     (timeout) and a failed call or unknown model (provider error) each make the agent
//     defend, with the reason in the receipt.
//  4. Sign each agent's EIP-712 receipt (ledger/match/receipt) with the operator key,
//     draw a fresh 32-byte salt per agent, play the turn on the replay for its events,
//     and keep the whole reveal in the Store before anything is sent.
//  5. Once the turn has been open for bets Config.BetWindow, commit both moves (which
//     closes betting on the turn), then reveal them with the turn's events.
//  6. When the replay is over, send the finish with the secret; the ledger replays the
//     match itself and pays out.
//
// # The anchor
//
// A match's seed is anchored by the state hash at the end of the block that created
// it, which the ledger records when the next block begins; the joins come in later
// blocks, so a match is normally anchored by the time it starts. Only when both
// entrants joined in the creation block itself does the match wait for a further
// block, which the engines make themselves; an engine that made blocks only for
// transactions would leave it waiting until someone sent one, so, as a fallback, once
// a match of this operator has waited Config.AnchorWait in that state, the operator
// sends a commit of turn 0, which the ledger refuses whatever the match's state (turns
// start at 1) but which lands in a block, and that block anchors the match.
//
// # Failures
//
// A failed action (a refusal, an engine error, a store error) is logged and counted,
// and the match is left alone for ten polls before the operator plans it again from
// the ledger, so that a refusal that persists costs a transaction now and then rather
// than one per block.
//
// # Restarts
//
// The operator holds nothing in memory that the ledger and the Store do not: each step
// it reads the ledger's views and acts on what they show. A turn committed but not yet
// revealed (MatchView.Hidden) is revealed from the Store; a turn prepared but not yet
// committed is committed from the Store as it was kept, so the model is not asked
// twice; a finished game is finished. A crash at any point therefore loses nothing, as
// long as the Store's writes are durable (Dir syncs each file and its directory).
//
// # Secrets
//
// A match's seed secret is drawn (NewSecret) and kept in the Store under its commitment
// before the create transaction is sent (`arena match create` does this in the arena
// directory's operator folder), so the operator that runs the match finds it by the
// match's SeedCommitment. A match whose secret the Store lacks is not played, and is
// logged: it will stall, and anyone may reclaim it.
package operator
