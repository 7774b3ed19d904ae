package builtin

import (
	"fmt"
	"strings"
)

// TenderScore is the builtin reader's score of one tender criterion.
type TenderScore struct {
	Criterion int    `json:"i"`
	Score     int    `json:"score"`
	Reason    string `json:"reason"`
}

// TenderCheck is the builtin reader's scorability verdict on a tender's criteria.
type TenderCheck struct {
	Scorable bool         `json:"scorable"`
	Flagged  []TenderFlag `json:"flagged"`
}

// TenderFlag is one criterion the builtin reader cannot score from a proposal's text.
type TenderFlag struct {
	Criterion int    `json:"i"`
	Reason    string `json:"reason"`
}

// pleas are phrases by which a proposal asks for a score, claims to be the best or
// addresses its scorer; a proposal holding one scores 0 on every criterion.
var pleas = []string{
	"score me", "score this", "give me", "give this", "give us", "rate this", "rate me", "award this", "award me",
	"full marks", "5/5", "score of 5", "a 5 on", "best proposal", "best bid", "the best choice", "clearly the best",
	"ignore previous", "ignore the above", "ignore all", "dear scorer", "dear evaluator", "dear grader", "to the scorer",
	"to the evaluator", "as the scorer", "as the evaluator", "you must score", "you should score", "scorer:", "evaluator:",
}

// outside are words that name what a proposal's text cannot show.
var outside = set(strings.Fields(`interview interviews visit visits reputation reputable feel feeling vibe gut
personally phone likeable likable trustworthy charisma impression impressions`))

// ScoreTender scores proposal against each criterion by the heuristic of the package
// doc. The appeal argument, if any, adds nothing the proposal does not say: a claim is
// counted only where the proposal's own words back it, which is what coverage measures.
func ScoreTender(criteria []string, proposal string) []TenderScore {
	out := make([]TenderScore, len(criteria))
	low := strings.ToLower(proposal)
	for _, p := range pleas {
		if strings.Contains(low, p) {
			for i := range out {
				out[i] = TenderScore{Criterion: i, Score: 0, Reason: fmt.Sprintf("the proposal says %q, so it scores 0", p)}
			}
			return out
		}
	}
	have := set(words(proposal))
	evidenced := strings.ContainsAny(proposal, "0123456789")
	for i, c := range criteria {
		asked := set(words(c))
		covered := 0
		var quote string
		for _, w := range words(c) {
			if have[w] {
				quote = w // the first term of the criterion the proposal uses
				break
			}
		}
		for w := range asked {
			if have[w] {
				covered++
			}
		}
		pct := 100
		if len(asked) > 0 {
			pct = covered * 100 / len(asked)
		}
		score := rungOf(pct)
		reason := fmt.Sprintf("covers %d of %d terms", covered, len(asked))
		if quote != "" {
			reason = fmt.Sprintf("says %q; covers %d of %d terms", quote, covered, len(asked))
		}
		if !evidenced && score > 3 {
			score = 3
			reason += "; no figure backs the claim"
		}
		out[i] = TenderScore{Criterion: i, Score: score, Reason: reason}
	}
	return out
}

// CheckTender decides whether each criterion can be scored from a proposal's text: one
// with no content word, or one that names what text cannot show (an interview, a
// visit, a reputation, a feeling), is flagged; the criteria are scorable when none is.
func CheckTender(criteria []string) TenderCheck {
	v := TenderCheck{Flagged: []TenderFlag{}}
	for i, c := range criteria {
		ws := words(c)
		switch {
		case len(ws) == 0:
			v.Flagged = append(v.Flagged, TenderFlag{Criterion: i, Reason: "names nothing a proposal could address"})
		default:
			for _, w := range ws {
				if outside[w] {
					v.Flagged = append(v.Flagged, TenderFlag{Criterion: i, Reason: fmt.Sprintf("asks about %q, which a proposal's text cannot show", w)})
					break
				}
			}
		}
	}
	v.Scorable = len(v.Flagged) == 0
	return v
}
