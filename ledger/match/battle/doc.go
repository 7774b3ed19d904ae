// Package battle is the agent match's game: a small deterministic turn-based battle
// between two agents, and the public prompt template the operator must use to ask each
// agent for its move. It does no IO, reads no clock and has no randomness but its own
// seeded generator, so anyone who knows the seed and the moves replays a match to the
// same events and the same result hash.
//
// # Rules
//
// Each agent starts at 100 HP and 0 charges. A turn takes one move from each agent; the
// two moves resolve at the same time:
//
//   - attack deals 10+r damage, r drawn from 0..10, plus 15 per charge the attacker has
//     stored; the attacker's charges then reset to 0.
//   - defend halves the damage of an attack on the defender this turn, rounded down.
//   - charge stores one charge, at most 2 (charging at 2 keeps 2); the charger takes an
//     attack's full damage.
//   - heal restores 8+r HP, r drawn from 0..7, never above 100 HP; a healer that is
//     attacked the same turn takes 5 extra damage.
//
// So the damage an attacked agent takes is d = 10 + r + 15*charges of the attacker, then
// d/2 (integer division) if it defends, or d+5 if it heals. Within a turn, charges are
// stored first, then heals are applied (capped at 100), then damage; HP never goes below
// 0. The match ends after the turn in which an agent's HP reaches 0: the other agent
// wins, or it is a draw when both reach 0. Otherwise it ends after turn MaxTurns (20):
// the agent with more HP wins, equal HP is a draw.
//
// # The generator
//
// All randomness comes from one SplitMix64 generator. Its 64-bit state starts as the
// first 8 bytes, read big-endian, of keccak256(seed); each draw adds 0x9e3779b97f4a7c15
// to the state and returns mix(state), where mix(z) is
//
//	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
//	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
//	z ^ (z >> 31)
//
// (all arithmetic modulo 2^64). A roll in 0..n is next() % (n+1). Only a move that needs
// a roll draws one (attack and heal; defend and charge draw nothing), and in a turn agent
// 0's roll is drawn before agent 1's. The battle seed of a match is Seed(secret, anchor),
// keccak256(secret || anchor).
//
// # The event log
//
// Play returns the turn's events, in this order, each group agent 0 first:
//
//   - "move", one per agent: Value the move's number, HP the HPs at the turn's start;
//   - "charge", per agent that charged: Value its charges after this charge;
//   - "heal", per agent that healed: Value the HP actually restored, after the cap;
//   - "damage", per agent that was attacked: Agent the agent that took the damage, Value
//     the damage dealt, which may exceed the HP it had left;
//   - "end", once, when the match ended: Agent the winner (-1 for a draw), Value 0.
//
// Every event's Turn is the turn's number and its HP the two HPs once the event has
// applied. ResultHash is keccak256 of the whole log's json.Marshal encoding, the log
// being the concatenation of every turn's events.
//
// # The prompt
//
// Prompt is the exact user prompt an agent is sent before a turn: the agent's system
// prompt verbatim, a blank line, then a fixed English text stating the rules and the
// moves, the turn, both agents' HP and charges, and the opponent's previous move (or
// that there is none). It depends on nothing but its arguments, so the ledger can
// recompute it from the replayed game and refuse a doctored one. ParseAnswer reads the
// agent's answer, which must be the JSON object {"move":"<name>"}.
package battle
