// Package match is the agent-match contest kind: two entrants' agents (a model the
// operator serves and a published system prompt each) play a battle (package battle)
// turn by turn, run by an operator named in the founding terms, while anyone bets on
// each agent's move in each turn.
//
// The operator creates a match with its bond as the value and commits to a 32-byte
// secret by its keccak256. The block in which the match is created ends with a state
// hash that nobody knew when the secret was committed; the root hands it to Anchor at
// the beginning of the next height, and the battle seed is battle.Seed(secret, anchor),
// so the operator cannot grind it and nobody can predict it. Each entrant joins with
// the entry fee, in a later block (a join needs the match's id), so a match is anchored
// by the time it starts and needs no block of its own.
//
// Each turn, in strict order, the operator commits per agent to Commitment(match,
// turn, agent, move, receiptHash, salt), which closes betting on the turn, then reveals
// each agent's decision: the move, the EIP-712 receipt of the model call signed by the
// operator (package receipt), the raw prompt and response, and the salt, with the
// turn's events. The ledger refuses a reveal unless the commitment, the receipt's text
// hashes, its fields, its signature and the fallback rule all hold; the move must be
// the one the response names under battle.ParseAnswer, or defend with a fallback
// reason that fits. The reveal decides the turn's bets, parimutuel per agent, and a
// finish whose replay holds pays them: the pool less FeeBps goes to the treasury, the
// rest to the stakes on the revealed move pro rata, rounded down to the atto, the
// remainder to the largest of them (the earliest among equals); when no stake is on
// the revealed move every stake goes back in full, with no fee. A void match pays no
// pool and returns every stake.
//
// At the end the operator publishes the secret. The ledger replays the whole match
// from the seed (Replay): every revealed prompt must be battle.Prompt of the agent's
// system prompt and the replayed view, every turn's reported events the replay's, and
// the game over at the last revealed turn. All hold: the winner takes both entry fees
// less FeeBps (a draw returns them) and the bond goes back. Any mismatch voids the
// match: the entry fees go back and the bond is slashed to the treasury. A doctored
// prompt is thereby refused, not merely visible. If the operator does nothing on a
// started match for StallS seconds of arena time, anyone may reclaim it: void, the
// bond slashed. A match whose entrants do not both join within StallS of its creation
// is cancelled by reclaim with the bond returned. Every settlement returns the stakes
// still open.
//
// Its transactions are Create, Join, Commit, Bet, Reveal, Finish and Reclaim. It moves
// money only through book.Book, in FeePool, StakePool and BondPool; fees and slashed
// bonds go to the treasury named in the founding terms, as claimable balance.
//
// Its own rules, checked by Check after every transaction: the fee pool is the sum of
// the entry fees paid into unsettled matches, the stake pool the sum of the open
// stakes, the bond pool the sum of the unsettled matches' bonds; every match's state
// follows from its joins, anchor and turns, turns are numbered in order with at most
// the last one hidden; a bet is open exactly while its turn is unrevealed and its match
// unsettled; and each settled bet pool paid out what was staked less its fee.
package match
