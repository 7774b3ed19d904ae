package ledger

// attest records a committee member's result for the open attempt of a round, and
// settles or discards the attempt when the results allow.
func (s *State) attest(tx *Tx, b Attest) (Outcome, *Error) {
	r := s.round(b.Round)
	if r == nil {
		return Outcome{}, errNoRound
	}
	if !r.member(tx.From) {
		return Outcome{}, errNotCommittee
	}
	a := r.current()
	switch {
	case r.State != RoundOpen || b.Attempt != a.Attempt || a.State != AttemptOpen:
		return Outcome{}, errAttemptNotOpen
	case s.Now() > a.Deadline:
		return Outcome{}, errAttemptExpired
	}
	for _, at := range a.Attestations {
		if at.Validator == tx.From {
			return Outcome{}, errAttestedTwice
		}
	}
	if err := s.checkResult(r, &b.Result); err != nil {
		return Outcome{}, err
	}
	a.Attestations = append(a.Attestations, Attestation{Validator: tx.From, Height: s.height, Result: b.Result})
	s.mark.round(r.ID)
	ev := []Event{{Type: "attested", Height: s.height, Entry: r.Entry, Round: r.ID, Attempt: a.Attempt, Address: addrPtr(tx.From)}}
	return Outcome{Events: append(ev, s.tally(r)...)}, nil
}

// checkResult refuses a result whose arithmetic does not follow from its own fields, or
// that breaks a size limit.
func (s *State) checkResult(r *round, res *Result) *Error {
	if err := checkSizes(res); err != nil {
		return err
	}
	if res.Error != "" {
		if _, ok := ParseError(res.Error); !ok {
			return errResultClass
		}
		if res.Tier != 0 || res.Passed || res.Disqualified || res.DuplicateOf != 0 || res.Violations != 0 || res.Score != 0 {
			return errFailureGraded
		}
		return nil
	}
	switch {
	case res.Tier < 0 || res.Tier >= Rungs:
		return errTier
	case res.Violations < 0 || res.Violations > MaxChecks:
		return errViolations
	case res.Disqualified && res.Tier != 0:
		return errDisqualifiedRung
	case res.Passed != (!res.Disqualified && res.Tier >= 1):
		return errPassedGate
	case res.Score != ScoreOf(res.Tier, res.Violations, res.Disqualified):
		return errScoreArithmetic
	}
	if res.DuplicateOf != 0 {
		d := s.entry(res.DuplicateOf)
		if !res.Disqualified {
			return errDuplicateNotDQ
		}
		if d == nil || d.Task != r.Task || d.Seq > r.Earlier {
			return errDuplicateNotEarlier
		}
	}
	return nil
}

// checkSizes refuses a result past the limits on its free-text parts.
func checkSizes(res *Result) *Error {
	if len(res.Calls) > MaxCalls || len(res.Checks) > MaxChecks || len(res.Prose) > MaxChecks || len(res.Dropped) > MaxChecks {
		return errResultSize
	}
	short := []string{res.Error, res.Rationale, res.Reason, res.WorkDigest}
	for _, c := range res.Checks {
		short = append(short, c.Criterion, c.Expr, c.Source, c.Error)
	}
	short = append(short, res.Prose...)
	short = append(short, res.Dropped...)
	for _, c := range res.Calls {
		short = append(short, c.Provider, c.Model, c.Purpose, c.PromptSHA, c.ResponseSHA, c.Started, c.Finished, c.FallbackWhy, c.Sig)
		if !text(c.Prompt, 0, MaxCallText) || !text(c.Response, 0, MaxCallText) {
			return errResultSize
		}
	}
	for _, t := range short {
		if !text(t, 0, MaxRationaleLen) {
			return errResultSize
		}
	}
	return nil
}

// tally compares the attempt's results with the leader's. It settles the round once a
// quorum, leader included, agrees; discards the attempt when the leader failed with
// LLM_ERROR or agreement can no longer be reached; and ends it as transient when the
// quorum agrees the work host was unavailable.
func (s *State) tally(r *round) []Event {
	a := r.current()
	li := -1
	for i, at := range a.Attestations {
		if at.Validator == a.Leader {
			li = i
		}
	}
	if li < 0 {
		return nil
	}
	leader := a.Attestations[li].Result
	if le, ok := ParseError(leader.Error); ok && le.Class == LLMError {
		return s.endAttempt(r, AttemptDiscarded)
	}
	agree, disagree := 0, 0
	for i := range a.Attestations {
		at := &a.Attestations[i]
		at.Agrees = i == li || leader.Agrees(at.Result)
		if at.Agrees {
			agree++
		} else {
			disagree++
		}
	}
	switch {
	case agree >= s.terms.QuorumSize():
		if le, ok := ParseError(leader.Error); ok && le.Class == Transient {
			return s.endAttempt(r, AttemptTransient)
		}
		return s.settle(r, a, li)
	case disagree > s.terms.CommitteeSize()-s.terms.QuorumSize():
		return s.endAttempt(r, AttemptDiscarded)
	}
	return nil
}
