package bounty

// Windows are the appeal and grading windows a task was posted under, kept on the task
// once an adopted change of terms alters the arena's, so that a change never moves the
// deadlines of a task already posted.
type Windows struct {
	AppealS  int64 `json:"appeal_s"`
	GradingS int64 `json:"grading_s"`
}

// appealWindow is the appeal window of grades on t.
func (s *State) appealWindow(t *task) int64 {
	if t.Windows != nil {
		return t.Windows.AppealS
	}
	return s.terms.AppealWindowS
}

// gradingWindow is t's grading window.
func (s *State) gradingWindow(t *task) int64 {
	if t.Windows != nil {
		return t.Windows.GradingS
	}
	return s.terms.GradingWindowS
}

// Retune puts the terms t in force from now on. Bonds and grading fees already taken
// come back as they were taken; every task already posted keeps the windows it was posted
// under (Windows) when t changes them, so its deadlines and its history read the same; new entries and appeals on any task pay t's bond
// and fee.
func (s *State) Retune(t Terms) {
	if t.AppealWindowS != s.terms.AppealWindowS || t.GradingWindowS != s.terms.GradingWindowS {
		for _, k := range s.tasks {
			if k.Windows == nil {
				k.Windows = &Windows{AppealS: s.terms.AppealWindowS, GradingS: s.terms.GradingWindowS}
				s.markTask(k.ID)
			}
		}
	}
	s.terms = t
}
