// Package bounty is the pipeline one validator runs on one bounty entry: fetch the work
// if the entry gave a URL, compile the rubric into checks, one sandbox pass (checks and
// overlap against every earlier entry), one reading by a model, and the arithmetic.
// The stages live in facts, checks, overlap and rung, and the bounty's prompt texts
// here; this package wires them. Every failure is classed by grading's one classifier,
// so the protocol messages a bounty's result can carry are written in grading, not here.
package bounty
