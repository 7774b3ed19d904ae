package ledgertest

import "github.com/arena/arena/ledger"

// ClosesInS is how long after it is posted a task Post opens closes.
const ClosesInS = 3600

// Post opens a task by "sponsor" with the given prize, closing ClosesInS later.
func (c *Contest) Post(prize ledger.Amount) ledger.TaskID {
	c.t.Helper()
	body := ledger.PostTask{Title: "Launch note", Spec: "Write a launch note.", Rubric: "The note must be at most 600 characters.", ClosesInS: ClosesInS}
	return ledger.TaskID(c.Do("sponsor", prize, body).Created)
}

// Enter files work on task by the named solver, with the entry bond.
func (c *Contest) Enter(task ledger.TaskID, solver, work string) ledger.EntryID {
	c.t.Helper()
	return ledger.EntryID(c.Do(solver, c.terms.EntryBond, ledger.Submit{Task: task, Work: work}).Created)
}

// OpenRound has "stranger" send grade(e) and returns the round it opened.
func (c *Contest) OpenRound(e ledger.EntryID) ledger.RoundView {
	c.t.Helper()
	out := c.Do("stranger", ledger.Amount{}, ledger.Grade{Entry: e})
	r, ok := c.round(ledger.RoundID(out.Created))
	if !ok {
		c.t.Fatalf("grade(%d) opened no round: %+v", e, out)
	}
	return r
}

// Attempt returns round id's current attempt.
func (c *Contest) Attempt(id ledger.RoundID) ledger.AttemptView {
	c.t.Helper()
	r, ok := c.round(id)
	if !ok || len(r.Attempts) == 0 {
		c.t.Fatalf("round %d has no attempt", id)
	}
	return r.Attempts[len(r.Attempts)-1]
}

// AttestAll has every committee member of round id's current attempt attest: the leader
// with leader, the others in committee order with the results in others (cycling, or
// leader's if none), stopping when the attempt closes.
func (c *Contest) AttestAll(id ledger.RoundID, leader ledger.Result, others ...ledger.Result) {
	c.t.Helper()
	at := c.Attempt(id)
	r, _ := c.round(id)
	c.Do(c.ByAddr(at.Leader), ledger.Amount{}, ledger.Attest{Round: id, Attempt: at.Attempt, Result: leader})
	i := 0
	for _, m := range r.Committee {
		if m == at.Leader {
			continue
		}
		if cur := c.Attempt(id); cur.Attempt != at.Attempt || cur.State != ledger.AttemptOpen {
			return
		}
		res := leader
		if len(others) > 0 {
			res = others[i%len(others)]
		}
		i++
		c.Do(c.ByAddr(m), ledger.Amount{}, ledger.Attest{Round: id, Attempt: at.Attempt, Result: res})
	}
}

// GradeAs opens a round on e, has the whole committee agree on res, and returns the
// grade it settled.
func (c *Contest) GradeAs(e ledger.EntryID, res ledger.Result) ledger.GradeView {
	c.t.Helper()
	r := c.OpenRound(e)
	c.AttestAll(r.ID, res)
	ev := c.entry(e)
	if ev.Current == nil || ev.Current.Round != r.ID {
		c.t.Fatalf("entry %d: round %d did not settle (state %s)", e, r.ID, ev.State)
	}
	return *ev.Current
}

// Regrade has "appellant" appeal e's grade with the appeal bond, has the regrade
// committee agree on res, and returns the appeal as it resolved.
func (c *Contest) Regrade(e ledger.EntryID, res ledger.Result) ledger.AppealView {
	c.t.Helper()
	out := c.Do("appellant", c.terms.AppealBond, ledger.Appeal{Entry: e, Argument: "the limit should not outweigh the note"})
	c.AttestAll(ledger.RoundID(out.Created), res)
	ev := c.entry(e)
	if ev.Appeal == nil || ev.Appeal.Outcome == "" {
		c.t.Fatalf("appeal unresolved: %+v", ev)
	}
	return *ev.Appeal
}

// Settle waits out a task Post opened (its close and the appeal window), has "stranger"
// award it, and returns it.
func (c *Contest) Settle(task ledger.TaskID) ledger.TaskView {
	c.t.Helper()
	c.Wait(ClosesInS + c.terms.AppealWindowS)
	c.Do("stranger", ledger.Amount{}, ledger.Award{Task: task})
	var tv ledger.TaskView
	c.View(func(s *ledger.State) { tv, _ = s.Task(task) })
	return tv
}

func (c *Contest) round(id ledger.RoundID) (r ledger.RoundView, ok bool) {
	c.View(func(s *ledger.State) { r, ok = s.Round(id) })
	return r, ok
}

func (c *Contest) entry(id ledger.EntryID) (e ledger.EntryView) {
	c.View(func(s *ledger.State) { e, _ = s.Entry(id) })
	return e
}
