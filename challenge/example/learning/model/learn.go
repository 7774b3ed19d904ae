package model

// LearnCounts is the simple training rule (the order2 example's training program): for
// each of the model's contexts, claim its row if another context owns it (zero the counts,
// write the tag), add 1 to the count of b, and halve the whole row when that count
// passes limit (≤ MaxCount); then move the context past b.
func LearnCounts(m Model, b, limit int) {
	for k, n := 0, m.Orders(); k < n; k++ {
		bump(m, k, b, 1, limit)
	}
	m.Advance(b)
}

// OrderLimits is the halving limit of each of Mix's orders under LearnMix: high orders
// forget sooner, so they follow the text's changes while the low orders stay stable.
var OrderLimits = [4]int{MaxCount, 1023, 255, 127}

// LearnMix is the mix example's training rule: LearnCounts with a per-order halving limit
// (OrderLimits; orders past the table's end use its last).
func LearnMix(m Model, b int) {
	for k, n := 0, m.Orders(); k < n; k++ {
		bump(m, k, b, 1, OrderLimits[min(k, len(OrderLimits)-1)])
	}
	m.Advance(b)
}

func bump(m Model, k, b, inc, limit int) {
	r, tag := m.Row(k), m.Tag(k)
	if m.GetTag(r) != tag {
		for s := 0; s < 256; s++ {
			m.Put(r, s, 0)
		}
		m.PutTag(r, tag)
	}
	c := min(m.Get(r, b), MaxCount) + inc
	if c <= limit {
		m.Put(r, b, c)
		return
	}
	m.Put(r, b, c)
	for s := 0; s < 256; s++ {
		m.Put(r, s, min(m.Get(r, s), MaxCount+1)/2)
	}
}
