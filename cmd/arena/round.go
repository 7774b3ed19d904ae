package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/tender"
)

// showRound prints a round of any kind attempt by attempt: who led, who agreed,
// disagreed or failed and why, and who was late.
func (a *app) showRound(ctx context.Context, c *client.Client, arg string) error {
	id, err := parseID("round", arg)
	if err != nil {
		return err
	}
	d, err := c.RoundDetail(ctx, ledger.RoundID(id))
	if err != nil {
		return err
	}
	return a.emit(d, func(w io.Writer) { printDetail(w, &d) })
}

// printDetail writes a round of any kind: what it grades, its state and quorum, and
// each attempt as printAttempt writes it.
func printDetail(w io.Writer, d *ledger.RoundDetail) {
	subject, view := roundSubject(d)
	fmt.Fprintf(w, "round %d (%s): %s, %s, quorum %d of %d\n", d.ID, subject, d.State, attempts(len(d.Attempts)), d.Quorum, len(d.Committee))
	for _, at := range detailAttempts(d) {
		printAttempt(w, at)
	}
	if view != "" {
		fmt.Fprintf(w, "(`%s` shows what it grades)\n", view)
	}
}

// roundSubject names what a round grades, by its kind, and the verb that shows it, if
// one does.
func roundSubject(d *ledger.RoundDetail) (subject, view string) {
	n := d.Subject
	switch d.Kind {
	case bounty.Kind:
		if d.Ref != 0 {
			return fmt.Sprintf("bounty regrade of entry %d on appeal %d", n, d.Ref), fmt.Sprintf("arena show grades %d", n)
		}
		return fmt.Sprintf("bounty grade of entry %d", n), fmt.Sprintf("arena show grades %d", n)
	case tender.Kind:
		if d.Ref != 0 {
			return fmt.Sprintf("tender rescoring of bid %d on appeal", n), fmt.Sprintf("arena show bid %d", n)
		}
		return fmt.Sprintf("tender scoring of bid %d", n), fmt.Sprintf("arena show bid %d", n)
	case tender.CheckKind:
		return fmt.Sprintf("tender scorability check %d", n), "" // a check is shown by the verb that sent it
	case challenge.RunKind:
		return fmt.Sprintf("challenge run %d", n), fmt.Sprintf("arena show run %d", n)
	case challenge.CheckKind:
		return fmt.Sprintf("check of bench %d", n), fmt.Sprintf("arena show bench %d", n)
	case learn.RunKind:
		return fmt.Sprintf("learning run %d", n), fmt.Sprintf("arena show learn-run %d", n)
	case learn.HeldoutKind:
		return fmt.Sprintf("held-out measurement of learning run %d", n), fmt.Sprintf("arena show learn-run %d", n)
	}
	return fmt.Sprintf("%s %d", d.Kind, n), ""
}

// detailAttempts returns a round's attempts as the printer shows them, each verdict
// in the words of its kind.
func detailAttempts(d *ledger.RoundDetail) []shownAttempt {
	out := make([]shownAttempt, len(d.Attempts))
	for i, at := range d.Attempts {
		s := shownAttempt{Attempt: at.Attempt, Leader: at.Leader, State: at.State, Deadline: at.Deadline}
		for _, x := range at.Attestations {
			s.Marks = append(s.Marks, shownMark{Validator: x.Validator, Words: verdictWords(d.Kind, x.Verdict, x.Failure),
				Failed: x.Failure != "", Agrees: x.Agrees, Late: x.Late})
		}
		out[i] = s
	}
	return out
}

// verdictWords says what a verdict of a round of kind was, in the words the kind's own
// view uses: its classed failure, or its result.
func verdictWords(kind string, raw json.RawMessage, failure string) string {
	if failure != "" {
		return failure
	}
	decode := func(v any) bool { return json.Unmarshal(raw, v) == nil }
	switch kind {
	case bounty.Kind:
		var r ledger.Result
		if decode(&r) {
			return resultWords(&r)
		}
	case tender.Kind:
		var sc tender.Scorecard
		if decode(&sc) {
			return scorecardWords(&sc)
		}
	case tender.CheckKind:
		var cr tender.CheckResult
		if decode(&cr) {
			return checkResultWords(&cr)
		}
	case challenge.RunKind:
		var r challenge.RunResult
		if decode(&r) {
			return runResultWords(r)
		}
	case challenge.CheckKind:
		var b challenge.BenchCheck
		if decode(&b) {
			return benchCheckWords(b)
		}
	case learn.RunKind:
		var r learn.RunResult
		if decode(&r) {
			return learnResultWords(r)
		}
	case learn.HeldoutKind:
		var h learn.HeldoutResult
		if decode(&h) {
			return heldoutResultWords(h)
		}
	}
	return string(raw)
}

// scorecardWords says what a tender scorecard gave each criterion: "scores [0] 4/5,
// [1] 3/5", or its unclassed error.
func scorecardWords(sc *tender.Scorecard) string {
	if sc.Error != "" {
		return sc.Error
	}
	parts := make([]string, len(sc.Scores))
	for i, s := range sc.Scores {
		parts[i] = fmt.Sprintf("[%d] %d/%d", s.Criterion, s.Score, tender.ScoreMax)
	}
	return "scores " + strings.Join(parts, ", ")
}

// checkResultWords says what a scorability check found: "scorable", or "not
// scorable: flagged [0], [2]".
func checkResultWords(cr *tender.CheckResult) string {
	switch {
	case cr.Error != "":
		return cr.Error
	case cr.Scorable:
		return "scorable"
	}
	parts := make([]string, len(cr.Flagged))
	for i, f := range cr.Flagged {
		parts[i] = fmt.Sprintf("[%d]", f)
	}
	return "not scorable: flagged " + strings.Join(parts, ", ")
}

// benchCheckWords says what a bench version's check measured, or its error.
func benchCheckWords(b challenge.BenchCheck) string {
	if b.Error != "" {
		return b.Error
	}
	return fmt.Sprintf("dataset %s, %d cases, kinds %s", short(b.Dataset), b.Cases, strings.Join(b.Kinds, ", "))
}
