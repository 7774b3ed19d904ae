// Package challenge is what one committee member runs on a round of a benchmark
// challenge: a program's run (rounds of RunKind) and a bench version's check (rounds
// of CheckKind).
package challenge
