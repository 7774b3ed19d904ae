package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
)

// showGrades prints every round on an entry and, per attempt, who said what: who
// agreed with the leader, who disagreed and with what, who failed and why, and which
// attestations came late (recorded, never tallied).
func (a *app) showGrades(ctx context.Context, c *client.Client, arg string) error {
	id, err := parseID("entry", arg)
	if err != nil {
		return err
	}
	rs, err := c.Grades(ctx, ledger.EntryID(id))
	if err != nil {
		return err
	}
	return a.emit(rs, func(w io.Writer) {
		for i := range rs {
			printRound(w, &rs[i])
		}
	})
}

// printRound writes a round, its grade if it settled, and each of its attempts.
func printRound(w io.Writer, r *ledger.RoundView) {
	kind := "grade"
	if r.Regrade {
		kind = "regrade"
	}
	fmt.Fprintf(w, "round %d (%s): %s, %s\n", r.ID, kind, r.State, attempts(len(r.Attempts)))
	if r.Quorum > 0 {
		fmt.Fprintf(w, "  a fresh panel of %d, quorum %d\n", len(r.Committee), r.Quorum)
	}
	if g := r.Grade; g != nil {
		fmt.Fprintf(w, "  %s, agreed %d%s%s\n", resultWords(&g.Result), len(g.Agreed),
			countWords("disagreed", len(g.Disagreed)), countWords("failed", len(g.Failed)))
		for _, ch := range g.Result.Checks {
			fmt.Fprintf(w, "  check %s %s: %s\n", passWord(ch.Passed), ch.Expr, ch.Criterion)
		}
	}
	for i := range r.Attempts {
		printAttempt(w, bountyAttempt(&r.Attempts[i]))
	}
}

// shownAttempt is an attempt of a round of any kind as the CLI prints it: its leader,
// state and deadline, and each attestation with its verdict already in words.
type shownAttempt struct {
	Attempt  int
	Leader   ledger.Address
	State    string
	Deadline int64
	Marks    []shownMark
}

// shownMark is one committee member's attestation on a shownAttempt.
type shownMark struct {
	Validator ledger.Address
	Words     string // the verdict in words: a result, or its classed failure
	Failed    bool   // the verdict is a classed failure
	Agrees    bool
	Late      bool
}

// bountyAttempt is a bounty round's attempt as the printer shows it.
func bountyAttempt(at *ledger.AttemptView) shownAttempt {
	s := shownAttempt{Attempt: at.Attempt, Leader: at.Leader, State: at.State, Deadline: at.Deadline}
	for i := range at.Attestations {
		x := &at.Attestations[i]
		s.Marks = append(s.Marks, shownMark{Validator: x.Validator, Words: resultWords(&x.Result), Failed: x.Result.Error != "", Agrees: x.Agrees, Late: x.Late})
	}
	return s
}

// printAttempt writes an attempt's line and one line per attestation: its role, who
// made it, what it said and whether it was late.
func printAttempt(w io.Writer, at shownAttempt) {
	fmt.Fprintf(w, "  %s\n", attemptWords(at))
	for i := range at.Marks {
		x := &at.Marks[i]
		fmt.Fprintf(w, "    %-9s %s %s%s\n", role(at, x), x.Validator, x.Words, lateWords(x.Late))
	}
}

// attemptWords says in one line how an attempt ended and why: "attempt 1 discarded:
// leader 0x.. failed [LLM_ERROR] Model refused the request; 2 disagreed". The counts are
// of the other members' attestations tallied on it; late ones are counted apart.
func attemptWords(at shownAttempt) string {
	state := strings.ReplaceAll(at.State, "_", " ")
	if at.State == ledger.AttemptOpen {
		state = "open until " + utc(at.Deadline)
	}
	lead, ok := leaderOf(at)
	says := "did not attest"
	switch {
	case ok && lead.Failed:
		says = "failed " + lead.Words
	case ok:
		says = "read " + lead.Words
	case at.State == ledger.AttemptOpen:
		says = "has not attested yet"
	}
	line := fmt.Sprintf("attempt %d %s: leader %s %s", at.Attempt, state, at.Leader, says)
	if n := tallies(at); n != "" {
		line += "; " + n
	}
	return line
}

// tallies counts the other members' attestations on at by role, in a fixed order:
// "2 agreed, 1 failed, 1 late".
func tallies(at shownAttempt) string {
	count := map[string]int{}
	late := 0
	for i := range at.Marks {
		x := &at.Marks[i]
		switch {
		case x.Validator == at.Leader:
		case x.Late:
			late++
		default:
			count[role(at, x)]++
		}
	}
	var parts []string
	for _, r := range []string{"agreed", "disagreed", "failed", "attested"} {
		if count[r] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", count[r], r))
		}
	}
	if late > 0 {
		parts = append(parts, fmt.Sprintf("%d late", late))
	}
	return strings.Join(parts, ", ")
}

// role names what an attestation was on its attempt: the leader's own; agreed with
// the leader's; failed (a classed failure the leader's was not); disagreed (another
// verdict); or, while the leader has not attested, only attested.
func role(at shownAttempt, x *shownMark) string {
	_, led := leaderOf(at)
	switch {
	case x.Validator == at.Leader:
		return "leader"
	case x.Agrees:
		return "agreed"
	case x.Failed:
		return "failed"
	case !led:
		return "attested"
	}
	return "disagreed"
}

// leaderOf returns the leader's attestation on at, if it made one.
func leaderOf(at shownAttempt) (*shownMark, bool) {
	for i := range at.Marks {
		if at.Marks[i].Validator == at.Leader {
			return &at.Marks[i], true
		}
	}
	return nil, false
}

// resultWords says what a result was: its classed failure, or its rung and score and
// what the gate made of it: `rung 4/5 "strong", score 80`.
func resultWords(r *ledger.Result) string {
	if r.Error != "" {
		return r.Error
	}
	return fmt.Sprintf("rung %d/5 %q, score %d%s", r.Tier, ladderLabel(r.Tier), r.Score, gateWords(r))
}

// countWords returns ", n what", or "" when n is 0.
func countWords(what string, n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(", %s %d", what, n)
}

func lateWords(late bool) string {
	if late {
		return " (late: on the record, not tallied)"
	}
	return ""
}

// explainRound writes to the progress stream why each attempt of round id ended as it
// did, after a wait that ended in a failure or a stall. Whatever the round's kind, the
// lines are those `arena show round` prints.
func (a *app) explainRound(ctx context.Context, c *client.Client, id ledger.RoundID) {
	if a.json || id == 0 {
		return
	}
	d, err := c.RoundDetail(ctx, id)
	if err != nil {
		return // the failure itself is still reported
	}
	for _, at := range detailAttempts(&d) {
		fmt.Fprintln(a.stderr, attemptWords(at))
	}
}
