// Package composite folds a run's per-case grades into the benchmark composite, its
// standard error, the integrity factors and a per-category breakdown, in integer
// millionths ("micros", 1.0 = 1_000_000). It is the public scorer's aggregate for bench
// versions 3 and later, rewritten so that no floating-point value decides anything:
// every quantity is an exact rational (math/big) between the rounding points, and a
// rounding point rounds half away from zero to a whole micro, as round6 (Go's
// math.Round of x·1e6) does in the scorer.
//
// The arithmetic, with every round6 where the scorer has one:
//
//	tool_mean, memory_mean   arithmetic means of the case scores of each kind
//	mean                     ½·tool_mean + ½·memory_mean, or the single kind's mean
//	E  tool efficiency       mean, over observed tool cases scoring ≥ 0.5 with ≥ 1 expected
//	                         tool that are neither memory-only nor allowed extra tools, of
//	                         overshoot(over = actual − expected): 1 if over ≤ 1, else
//	                         1 − min(1, (over−1)/4)·0.15; 1 when there are none (not rounded)
//	M  metamorphic           round6(1 − 0.15·(1 − consistent/groups)) over twin groups
//	                         (Group ≠ ""), leaving out audit and injection roles and every
//	                         group with an unobserved member; a group is consistent when its
//	                         members are all correct (score ≥ 0.5) or all wrong; 1 if none
//	O  memory over-call      round6(1 − 0.10·overcalled/observed) over observed memory cases
//	                         that are not lifecycle writes; a case over-calls when it made a
//	                         non-memory tool call; 1 if none
//	C  canary integrity      0.5 when a canary case (memory, category containing "canary" in
//	                         any letter case) scored < 0.5 and carries the canary-leak note; else
//	                         0.85 when a canary case scored < 0.5 without it (an honest miss);
//	                         else 1. Applied once, however many canaries failed; a leak wins.
//	gate                     round6(max(0.75, E·M·O) · C)
//	composite                round6(mean · gate)
//	SE                       round6(gate · ½·√(se_tool² + se_mem²)), or gate·se of the single
//	                         kind, where se² = (n·Σs² − (Σs)²)/(n²·(n−1)), 0 when n < 2
//
// Decisions this package makes where the scorer's inputs differ from ours:
//   - An "undelivered" group member (the scorer's transport failure) is a grade with
//     Observed false.
//   - The honest canary miss is the bounded factor 0.85 (the seed's text), not the later
//     scorer's 1.0.
//   - M rounds once, where the pinned rule has round6; the scorer's advisory consistency
//     rate (consistent/groups) is not rounded first.
//   - The square root of the SE is an integer square root (floor) of the exact variance
//     scaled by 1e12, that is √ in micros to 1e-6 of a micro, before the gate and the
//     final rounding; its error never reaches half a micro except on a knife edge.
//   - The reported E, ToolMean, MemoryMean and category means are those exact values
//     rounded to a micro for display; the gate and the composite use the exact ones.
//
// The package is pure: it reads no clock, randomness, environment or network, and its
// output depends only on its input (categories are sorted, never in map order).
package composite
