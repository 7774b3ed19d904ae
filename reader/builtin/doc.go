// Package builtin is a reader that needs no model: a lexical heuristic, deterministic
// and free, for the embedded default and for demonstrations. It is not a judge. It
// cannot tell good writing from bad, or a right answer from a wrong one; it only
// measures how much of what was asked the work talks about, and whether it is long
// enough to have delivered it. Operators who want a reading of quality configure a model.
//
// # Reading (prompt.Read)
//
// From p.Brief (nil is refused), with words taken as maximal runs of letters and digits,
// lower-cased, of at least three characters, not in a short English stopword list, and
// with a final plural "s" dropped:
//
//  1. asked is the set of distinct words of the title, spec, rubric and prose criteria;
//     covered is how many of them occur in the work; coverage = covered*100/len(asked)
//     (integer division; 100 when nothing was asked).
//  2. The rung from coverage: below 10% rung 0, below 25% rung 1, below 40% rung 2,
//     below 60% rung 3, below 80% rung 4, otherwise rung 5.
//  3. Length, counted in whitespace-separated words: the target is the first "N words"
//     the spec or rubric names; without one, half the words of the spec and rubric
//     together. A work under a quarter of the target is held to rung 1 at most, and one
//     under half of it to rung 2 at most.
//  4. A work with no words at all is rung 0.
//
// The answer is {"rung": n, "reason": "..."}, the reason stating the counts. Every step
// is integer arithmetic over sets and counts, so the same Brief gives the same bytes on
// every run and every machine.
//
// # An agent's move (prompt.Move)
//
// From the state lines of the battle prompt (ledger/match/battle.Prompt) in p.User: the
// turn, the agent's own HP and charges, the opponent's, and the opponent's previous
// move. The first rule that applies picks the move:
//
//  1. the agent has a stored charge: attack, spending it;
//  2. its HP is 30 or less: heal;
//  3. the opponent charged last turn: defend;
//  4. the turn is 1, 4, 7, ... (turn mod 3 is 1): charge;
//  5. otherwise: attack.
//
// The answer is {"move":"<name>"}. A prompt without those lines is refused
// (grading.ErrModelRefused), which the operator records as a provider error.
//
// # Compiling (prompt.Compile)
//
// The answer is {"checks": []}: the deterministic pattern compiler has already turned
// every sentence a heuristic could, and the rest goes to the reader as prose.
package builtin
