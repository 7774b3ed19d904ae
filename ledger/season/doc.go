// Package season is the funded season that the benchmark challenge and the learning
// challenge both run: a sponsor escrows an emission pool at publication; each entry
// escrows a deposit and a grading fee; once per epoch a fold pays at most per_epoch out
// of the pool; a close returns what is left. Runs wait for the next block's anchor and
// draw their seeds from it.
//
// It holds what those kinds share, written once: the three pools a kind keeps the money
// in (Pools) and the money a challenge record carries (Funds), the epoch clock and when
// a fold is due, the refusals of a season's terms, a run's anchored seed, the platform
// every program runs on, and the shape and agreement of a run's classed failure. Each
// kind keeps its own records, events and ranking; none imports another.
package season
