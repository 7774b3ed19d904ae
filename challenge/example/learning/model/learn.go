package model

// LearnCounts is the simple training rule (the order2 example's training program): for
// each of the model's contexts, claim its row if another context owns it (Clear), add 1
// to the count of b, and halve the row when that count passes limit (≤ MaxCount); then
// move the context past b.
func LearnCounts(m Model, b, limit int) {
	for k, n := 0, m.Orders(); k < n; k++ {
		bump(m, k, b, limit)
	}
	m.Advance(b)
}

// Order2Limit is the halving limit the order2 example trains with: Order2 reads counts up
// to 511.
const Order2Limit = order2Max

// OrderLimits is the halving limit of each of Mix's orders (1, 2, 3) under LearnMix: high
// orders forget sooner, so they follow the text's changes while the low orders stay
// stable.
var OrderLimits = [...]int{MaxCount, 1023, 255}

// LearnMix is the mix example's training rule: LearnCounts with a per-order halving limit
// (OrderLimits; orders past its end use its last).
func LearnMix(m Model, b int) {
	for k, n := 0, m.Orders(); k < n; k++ {
		bump(m, k, b, OrderLimits[min(k, len(OrderLimits)-1)])
	}
	m.Advance(b)
}

func bump(m Model, k, b, limit int) {
	r, tag := m.Row(k), m.Tag(k)
	if m.GetTag(r) != tag {
		m.Clear(r, tag)
	}
	c := m.Get(r, b) + 1
	m.Put(r, b, c)
	if c > limit {
		m.Halve(r)
	}
}
