package board

import (
	"fmt"
	"strings"

	"github.com/arena/arena/ledger"
)

// tiersRow is what the task table shows of a task's prize tiers, top-ups, extensions
// and team entries.
type tiersRow struct {
	Shares   string     // "60%, 30%, 10%" before award
	Podium   []placeRow // after award, rank by rank
	TopUps   []term     // who added what
	Refunds  []term     // who got what back
	Extended int
	Teams    []teamRow
}

// placeRow is one rank of a tiered task's award.
type placeRow struct {
	Rank          int
	Share, Amount string
	Entry         ledger.EntryID // 0: no eligible entry
	Winner        string         // the entry's filer
	Others        int            // the entry's other team members
}

// teamRow is one team entry of a task: its members, their split and, after award,
// what each was paid.
type teamRow struct {
	Entry   ledger.EntryID
	State   string
	Members []term
}

// tiers returns the tiers row of t, or nil when it has no tiers, top-ups, extensions or
// team entries.
func tiers(t *ledger.TaskView, entries []ledger.EntryView, sym string) *tiersRow {
	r := &tiersRow{Extended: len(t.Extensions)}
	if len(t.Podium) == 0 && len(t.Shares) > 0 {
		parts := make([]string, len(t.Shares))
		for i, s := range t.Shares {
			parts[i] = percent(s)
		}
		r.Shares = strings.Join(parts, ", ")
	}
	for _, p := range t.Podium {
		pr := placeRow{Rank: p.Rank, Share: percent(p.Share), Amount: money(p.Amount, sym), Entry: p.Entry}
		for _, e := range entries {
			if p.Entry != 0 && e.ID == p.Entry {
				pr.Winner, pr.Others = e.Solver.String(), max(len(e.Team)-1, 0)
			}
		}
		r.Podium = append(r.Podium, pr)
	}
	for _, f := range t.TopUps {
		r.TopUps = append(r.TopUps, term{f.From.String(), money(f.Amount, sym)})
	}
	for _, f := range t.Refunds {
		r.Refunds = append(r.Refunds, term{f.Address.String(), money(f.Prize, sym)})
	}
	for _, e := range entries {
		if e.Task != t.ID || len(e.Team) == 0 {
			continue
		}
		tr := teamRow{Entry: e.ID, State: e.State}
		for i, m := range e.Team {
			v := percent(m.Share)
			if i < len(e.Payouts) {
				v += fmt.Sprintf(": paid %s and bond %s", money(e.Payouts[i].Prize, sym), money(e.Payouts[i].Bond, sym))
			}
			tr.Members = append(tr.Members, term{m.Address.String(), v})
		}
		r.Teams = append(r.Teams, tr)
	}
	if r.Shares == "" && r.Podium == nil && r.TopUps == nil && r.Refunds == nil && r.Extended == 0 && r.Teams == nil {
		return nil
	}
	return r
}

// percent writes basis points as a percentage: 3333 as "33.33%", 6000 as "60%".
func percent(bp int) string {
	s := fmt.Sprintf("%d.%02d", bp/100, bp%100)
	return strings.TrimSuffix(strings.TrimSuffix(s, "00"), ".") + "%"
}
