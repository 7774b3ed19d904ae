package learn

// Keeps reports whether h keeps the learner a run of run's training left.
func (h *Host) Keeps(run Run) bool { return h.kept.has(trainingKey(run)) }
