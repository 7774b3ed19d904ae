// Package overlap measures lexical copying between entries with integer arithmetic, so
// that a duplicate is a fact every validator computes identically.
//
// Tokens are the maximal runs of ASCII letters and digits, lower-cased (every other byte,
// including all of non-ASCII text, separates tokens); the stopwords are removed. The
// overlap of a new entry A with an earlier entry B is 100*|A∩B|/|A| in integer division
// over distinct tokens, and 0 when A has none. It is not symmetric: it asks how much of
// the new entry was already there.
//
// # Measuring against many entries
//
// An Index answers exactly what comparing A with every earlier entry in turn would: the
// highest overlap, and the earliest entry in filing order that has it. It does so in two
// steps, reading as little of the index as it can.
//
// First, copies, by prefix filtering, as exact set-similarity joins do (PPJoin and its
// kin). B is a copy when its overlap reaches the copy threshold t, that is when B holds
// at least a = ceil(t*|A|/100) of A's tokens. Put A's tokens in a global order, rarest
// first. If B holds a of them, at most |A|-a are missing from B, so B holds one of the
// first |A|-a+1 (the prefix): only the entries holding a token of the prefix can be
// copies. Past the prefix, an entry hit h times by the first r tokens can share at most
// h + |A| - r of them, and only an entry for which that reaches a is verified: its set is
// intersected with A's. The search reads further tokens while doing so saves more
// verification than it costs, then verifies. Every entry at or above the threshold is
// verified, so the best of them (ties to the earliest filing) is the answer. The global
// order changes only what the search reads, never its answer.
//
// Unlike a join, the index keeps every token of an entry, not its prefix alone: the
// overlap is not symmetric, and a short entry can be a copy of a long one, so no prefix
// of B alone is long enough for every A.
//
// Second, when no entry reaches the threshold, the highest overlap under it is still the
// answer (the grade records it, and the reader is told it), so every entry's |A∩B| is
// counted exactly: the holders of a rare token from its list, and those of a common token
// (one that at least a 64th of the entries hold) from a bitset, 64 entries at a time, into
// bit-sliced counters by a carry-save adder tree. The highest count, and the earliest
// entry at its percent, are read off the counters.
//
// The global order is by the number of the entries measured against that hold a token,
// then by the token's first appearance in filing order. It depends on those entries
// alone, not on how the index was built or on later entries it holds, so every validator
// reads in the same order; no map is iterated, and nothing is random but the seed of the
// token table, which decides where a token sits in the table and nothing else.
package overlap
