// Package rating fits Bradley-Terry ratings to the results of games between agents,
// as Kaggle Game Arena and lmarena fit them: one maximum-likelihood fit over every game
// at once, on the Elo scale.
//
// # The model
//
// Each agent i has a strength θ_i. Agent i beats agent j with probability
// σ(θ_i − θ_j), σ(x) = 1/(1 + e^−x); a win scores 1, a draw ½ to each side, a loss 0.
// The fit maximises the log-likelihood of every score, Σ s_ij·log σ(θ_i − θ_j) over
// ordered pairs, plus a normal prior of mean 0 and variance PriorSD² on every θ_i. The
// prior is what keeps an unbeaten agent's rating finite and makes the fit unique when
// the results graph is not connected; it also anchors the offset: at the optimum the
// strengths sum to 0, so the ratings average Offset. A rating is
// Offset + Scale·θ, Scale = 400/ln 10, so a 400-point gap means 10-to-1 odds.
//
// # The interval
//
// The interval is the rating ± 1.96 standard errors times Scale: a 95% normal interval.
// The covariance of the strengths is the inverse of the observed information (the
// negated Hessian of the log posterior at the optimum); a rating is read against the
// anchor, the average, so its standard error is that of θ_i − mean(θ), the diagonal of
// P·C·P with P = I − 11ᵀ/n, and an offset common to every agent, which no game can
// tell, does not widen it.
//
// # Deterministic arithmetic
//
// The ratings are a view, never consensus state, but anyone must re-derive them to the
// last bit on any machine. So the fit first reduces the games to integer counts per
// pair (the order of the games cannot matter) and then uses float64 with IEEE-754's
// correctly rounded operations only: addition, subtraction, multiplication, division
// and square root. Every product is rounded by an explicit conversion, which the Go
// specification says prevents a fused multiply-add; the exponential is this package's
// own (a power-of-two reduction and a fixed Taylor polynomial), never the math
// package's, whose assembly differs between platforms. Newton's method runs from
// θ = 0 for a fixed rule: each step scaled to move no strength by more than MaxStep,
// stopping once no strength moves by more than Tolerance, or after MaxIterations.
// Published figures are rounded to a tenth of a point.
package rating
