package builtin

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/reader/call"
)

// Provider and ModelName are the names receipts carry for this reader; ModelName
// changes whenever the heuristic does, so that receipts say which one read.
const (
	Provider  = "builtin"
	ModelName = "lexical-1"
)

// Client is the builtin reader. It is safe for concurrent use.
type Client struct {
	now func() time.Time
}

var _ grading.Model = (*Client)(nil)

// New returns the builtin reader.
func New() *Client { return &Client{now: time.Now} }

// Complete answers p by the heuristic of the package doc. A read without a Brief, or
// a purpose it does not know, is an error wrapping grading.ErrModelRefused.
func (c *Client) Complete(ctx context.Context, p prompt.Prompt) (string, ledger.Call, error) {
	started := c.now()
	var text string
	switch p.Purpose {
	case prompt.Compile:
		text = `{"checks": []}`
	case prompt.Read:
		if p.Brief == nil {
			return "", ledger.Call{}, fmt.Errorf("builtin: %w: a reading needs the brief", grading.ErrModelRefused)
		}
		b, err := json.Marshal(Read(*p.Brief))
		if err != nil {
			return "", ledger.Call{}, fmt.Errorf("builtin: %w", err)
		}
		text = string(b)
	case prompt.Score, prompt.Check:
		if p.Brief == nil {
			return "", ledger.Call{}, fmt.Errorf("builtin: %w: a tender prompt needs the brief", grading.ErrModelRefused)
		}
		var v any = struct {
			Scores []TenderScore `json:"scores"`
		}{ScoreTender(p.Brief.Criteria, p.Brief.Proposal)}
		if p.Purpose == prompt.Check {
			v = CheckTender(p.Brief.Criteria)
		}
		b, err := json.Marshal(v)
		if err != nil {
			return "", ledger.Call{}, fmt.Errorf("builtin: %w", err)
		}
		text = string(b)
	case prompt.Move:
		var err error
		if text, err = moveAnswer(p.User); err != nil {
			return "", ledger.Call{}, fmt.Errorf("builtin: %w: %w", grading.ErrModelRefused, err)
		}
	default:
		return "", ledger.Call{}, fmt.Errorf("builtin: %w: unknown purpose %q", grading.ErrModelRefused, p.Purpose)
	}
	return text, call.Receipt(Provider, ModelName, p, text, started, c.now()), nil
}

// Reading is the builtin reader's answer.
type Reading struct {
	Rung   int    `json:"rung"`
	Reason string `json:"reason"`
}

// Read places b's work on a rung by the heuristic of the package doc.
func Read(b prompt.Brief) Reading {
	work := words(b.Work)
	if len(work) == 0 {
		return Reading{Rung: 0, Reason: "the work has no words"}
	}
	asked := set(words(b.Title, b.Spec, b.Rubric), words(b.Prose...))
	have := set(work)
	covered := 0
	for w := range asked {
		if have[w] {
			covered++
		}
	}
	pct := 100
	if len(asked) > 0 {
		pct = covered * 100 / len(asked)
	}
	rung := rungOf(pct)
	n := len(strings.Fields(b.Work))
	target, stated := target(b)
	capped := min(rung, lengthCap(n, target))
	reason := fmt.Sprintf("covers %d of %d terms of the brief (%d%%); %d words against %s",
		covered, len(asked), pct, n, targetText(target, stated))
	if capped < rung {
		reason += fmt.Sprintf(", too short for more than rung %d", capped)
	}
	return Reading{Rung: capped, Reason: reason + "; lexical heuristic, not a judgement of quality"}
}

// rungOf maps coverage, in percent, to a rung.
func rungOf(pct int) int {
	for rung, below := range [...]int{10, 25, 40, 60, 80} {
		if pct < below {
			return rung
		}
	}
	return 5
}

// lengthCap is the highest rung a work of n words may reach against a target.
func lengthCap(n, target int) int {
	switch {
	case target <= 0:
		return 5
	case n*4 < target:
		return 1
	case n*2 < target:
		return 2
	}
	return 5
}

func targetText(target int, stated bool) string {
	if stated {
		return fmt.Sprintf("%d asked", target)
	}
	return fmt.Sprintf("a brief-derived %d", target)
}
