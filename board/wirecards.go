package board

import (
	"strconv"
	"unicode/utf8"
)

// The walkers below name the short key of every field; board.js's expand names the
// same keys, and wire_test.go's decoder reads them back into cards.

func (e *wire) card(c *card) {
	e.object(func() {
		e.unum("i", uint64(c.ID))
		e.unum("t", uint64(c.Task))
		e.str("tt", c.TaskTitle)
		e.str("so", c.Solver)
		e.num("q", int64(c.Seq))
		e.str("f", c.Filed)
		e.str("st", c.State)
		e.str("o", c.Outcome)
		e.str("b", c.Bond)
		e.str("wu", c.WorkURL)
		e.str("w", c.Work)
		// The script measures the work it holds; the length is written only when that
		// would not give it back.
		if c.WorkLen != len(c.Work) || !utf8.ValidString(c.Work) {
			e.num("wl", int64(c.WorkLen))
		}
		e.flag("wc", c.WorkCut)
		e.str("ss", c.Status)
		if c.Grade != nil {
			e.nest("g", 1, false, func(int) { e.grade(c.Grade) })
		}
		if c.Appeal != nil {
			e.nest("a", 1, false, func(int) { e.appeal(c.Appeal) })
		}
		e.nest("r", len(c.Rounds), true, func(i int) { e.round(&c.Rounds[i]) })
		e.nest("x", len(c.Crossings), true, func(i int) { e.crossing(&c.Crossings[i]) })
		e.flag("ux", c.Uncrossed)
		if c.Place != nil {
			e.nest("pl", 1, false, func(int) {
				e.num("rk", int64(c.Place.Rank))
				e.str("sh", c.Place.Share)
				e.str("am", c.Place.Amount)
			})
		}
		e.nest("tm", len(c.Team), true, func(i int) {
			m := &c.Team[i]
			e.str("a", m.Address)
			e.str("sh", m.Share)
			e.str("p", m.Prize)
			e.str("bd", m.Bond)
		})
	})
}

func (e *wire) grade(g *gradeCard) {
	e.unum("r", uint64(g.Round))
	e.num("at", int64(g.Attempt))
	e.num("ti", int64(g.Tier))
	e.str("l", g.Label)
	e.num("jt", int64(g.JudgedTier))
	e.str("jl", g.JudgedLabel)
	e.num("js", int64(g.JudgedScore))
	e.num("sc", int64(g.Score))
	e.str("d", g.Diff)
	e.str("v", g.Verdict)
	e.str("e", g.Error)
	e.strs("ca", g.Causes)
	e.str("re", g.Reason)
	e.str("ra", g.Rationale)
	e.nest("ch", len(g.Checks), true, func(i int) { e.check(&g.Checks[i]) })
	e.strs("pr", g.Prose)
	e.strs("dr", g.Dropped)
	e.flag("nd", g.NoDet)
	e.num("si", int64(g.Similarity))
	e.num("ex", int64(g.Excluded))
	e.unum("du", uint64(g.DuplicateOf))
	e.str("wd", g.Digest)
	e.str("le", g.Leader)
	e.strs("ag", g.Agreed)
	e.strs("di", g.Disagreed)
	e.strs("fa", g.Failed)
	e.str("se", g.Settled)
	e.str("au", g.AppealUntil)
}

func (e *wire) check(c *checkCard) {
	e.str("c", c.Criterion)
	e.str("x", c.Expr)
	e.str("k", c.Kind)
	e.str("so", c.Source)
	e.flag("p", c.Passed)
	e.str("e", c.Error)
}

func (e *wire) appeal(a *appealCard) {
	e.str("ap", a.Appellant)
	e.str("ar", a.Argument)
	e.str("b", a.Bond)
	e.unum("r", uint64(a.Round))
	e.unum("ag", uint64(a.Against))
	e.str("f", a.Filed)
	e.str("o", a.Outcome)
	e.str("bo", a.Bounty)
	e.num("pn", int64(a.Panel))
	e.num("qu", int64(a.Quorum))
}

func (e *wire) round(r *roundCard) {
	e.unum("i", uint64(r.ID))
	e.flag("rg", r.Regrade)
	e.str("ar", r.Argument)
	e.str("o", r.Opened)
	e.str("st", r.State)
	e.num("cm", int64(r.Committee))
	e.num("qu", int64(r.Quorum))
	if len(r.Earlier) > 0 && !e.counting() {
		e.key("ea")
		e.w.WriteByte('[')
		for i, id := range r.Earlier {
			if i > 0 {
				e.w.WriteByte(',')
			}
			e.buf = strconv.AppendUint(e.buf[:0], uint64(id), 10)
			e.w.Write(e.buf)
		}
		e.w.WriteByte(']')
	}
	e.str("sa", r.Says)
	e.nest("ch", len(r.Checks), true, func(i int) { e.check(&r.Checks[i]) })
	e.nest("cl", len(r.Calls), true, func(i int) { e.call(&r.Calls[i]) })
	e.nest("at", len(r.Attempts), true, func(i int) { e.attempt(&r.Attempts[i]) })
}

func (e *wire) attempt(a *attemptCard) {
	e.num("n", int64(a.N))
	e.str("le", a.Leader)
	e.str("o", a.Opened)
	e.str("dl", a.Deadline)
	e.str("st", a.State)
	e.nest("as", len(a.Atts), true, func(i int) { e.att(&a.Atts[i]) })
}

func (e *wire) att(a *attCard) {
	e.str("v", a.Validator)
	e.unum("h", a.Height)
	e.flag("ag", a.Agrees)
	e.flag("lt", a.Late)
	e.str("sa", a.Says)
}

func (e *wire) call(c *callCard) {
	e.str("pu", c.Purpose)
	e.str("pv", c.Provider)
	e.str("m", c.Model)
	e.str("ps", c.Prompt)
	e.str("rs", c.Response)
	e.flag("fb", c.Fallback)
	e.str("wy", c.Why)
}

func (e *wire) crossing(x *crossCard) {
	e.str("s", x.Sink)
	e.str("tx", x.Tx)
	e.num("h", int64(x.HTTP))
	e.str("at", x.At)
}
