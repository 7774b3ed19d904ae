// Package score turns a learning run's code lengths into its final score, ranks the
// entries and splits an epoch's emission, following the public scorer (FACTS §4.3,
// §4.4) in fixed point: values are int64 micros (millionths), computed with exact
// rationals (math/big) between the rounding points, and every rounding is half away
// from zero. It is pure: no clock, no randomness, no floats.
//
//   - bpb = bits / bytes, an exact ratio of integers (BPB).
//   - base = 1/(1+bpb) = bytes/(bytes+bits).
//   - step-0 multiplier: 0 when the first Window bytes cost fewer than 4·Window bits
//     (less than half of 8 bits a byte), else 1 (StepZero).
//   - held-out: gap = trained_val_bpb − train_bpb; penalty 0.5 if gap > 1.0, else 1;
//     delta = twin_val_bpb − trained_val_bpb; res = f(bpb) − f(bpb+0.005), f(x) =
//     1/(1+x); cap = min(1e-3, 0.5·max(0, res)); tie = cap·tanh(delta) (Heldout).
//     Without a reveal: penalty 1, tie 0.
//   - final = (base·penalty + tie) × multiplier (Final).
//
// Rounding points (decided here, the brief leaves them open): tanh(delta) is rounded
// to micros by a documented integer method (Tanh), and the tie is rounded to micros
// (cap·tanh, both exact until then); base, bpb, gap, delta and res stay exact; final
// is rounded once at the end. The parts a board shows (Parts) are each the rounded
// value of the exact quantity.
//
// Ranking (Rank) is by (−final, commit order, entry id), one row per submitter (its
// best by the same key). Weights pays 0.60 of an amount to the owner of the best
// architecture family and 0.40 to the owner of the best training variant on it, in
// atto with the remainder of the integer division to the architecture's owner.
package score
