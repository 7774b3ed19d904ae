// Package bounty is the pipeline one validator runs on one bounty entry: read the work
// (for a URL entry, the bytes it committed by sha256 at filing: the node's stored copy,
// or the URL's bytes if they still hash to the digest, else [EXTERNAL] Work changed
// since filing), compile the rubric into checks, one sandbox pass (checks and overlap
// against every earlier entry's committed text), one reading by a model, and the
// arithmetic. The stages live in facts, checks, overlap and rung, and the bounty's
// prompt texts here; this package wires them. Every failure is classed by grading's one
// classifier, so the protocol messages a bounty's result can carry are written in
// grading, not here.
package bounty
