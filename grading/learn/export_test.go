package learn

// Keeps reports whether h keeps the learner a run of run's training left.
func (h *Host) Keeps(run Run) bool { return h.kept.has(trainingKey(run)) }

// KeptMemory returns the memory of the learners h keeps.
func (h *Host) KeptMemory() uint64 {
	h.kept.mu.Lock()
	defer h.kept.mu.Unlock()
	return h.kept.bytes()
}
