package demo

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
)

// driver plays the contests through the API as the demo's people.
type driver struct {
	c       *client.Client
	out     io.Writer
	terms   ledger.Terms
	senders map[string]*client.Sender
	names   map[ledger.Address]string
	tasks   []ledger.TaskID             // by story
	entries []map[string]ledger.EntryID // by story, by solver
	tender  ledger.TenderID
	bids    map[string]ledger.BidID // the tender's, by bidder
	match   ledger.MatchID
	chal    *challengeRun
	warm    <-chan error // the compilation cache's warm-up for the challenge story (warmModules)
	warmLrn <-chan error // and for the learning story
	learn   learnState
	skip    map[string]bool // the stories Options.Skip names
	round   int             // which round of Options.Rounds this driver plays, from 1
}

// play runs every step of the contests, in the order a real arena would see them.
func (d *driver) play(ctx context.Context, a *arena) error {
	ar, err := d.c.Arena(ctx)
	if err != nil {
		return err
	}
	d.terms = ar.Terms
	steps := []func(context.Context, *arena) error{
		d.warmModules, d.makeKeys, d.fund, d.post, d.question, d.enter, d.gradeAll, d.appeal, d.advance, d.award, d.tenderStory, d.matchStory,
	}
	if !d.skip[SkipChallenge] {
		steps = append(steps, d.challengeStory)
	}
	if !d.skip[SkipLearning] {
		steps = append(steps, d.learnStory)
	}
	steps = append(steps, d.withdraw)
	for _, step := range steps {
		if err := step(ctx, a); err != nil {
			return err
		}
	}
	return nil
}

// makeKeys creates a key in the arena's keystore for each person.
func (d *driver) makeKeys(_ context.Context, a *arena) error {
	ks := a.node.Keystore()
	for _, p := range people {
		k, err := ks.New("")
		if err != nil {
			return fmt.Errorf("key for %s: %w", p, err)
		}
		d.senders[p] = d.c.Sender(k)
		d.names[k.Address()] = p
	}
	return nil
}

// send sends one transaction as who and refuses a refusal.
func (d *driver) send(ctx context.Context, who string, value ledger.Amount, body ledger.Body) (ledger.Outcome, error) {
	rc, err := d.senders[who].Send(ctx, value, body)
	if err != nil {
		return ledger.Outcome{}, fmt.Errorf("%s's %s: %w", who, body.Kind(), err)
	}
	return rc.Outcome, nil
}

// fund credits the sponsor and every solver from the dev faucet.
func (d *driver) fund(ctx context.Context, _ *arena) error {
	for _, p := range people {
		amt := ledger.Ether(100)
		if p == "sponsor" {
			amt = ledger.Ether(1000)
		}
		if _, err := d.send(ctx, "sponsor", ledger.Amount{}, ledger.Faucet{To: d.senders[p].Address(), Amount: amt}); err != nil {
			return err
		}
	}
	fmt.Fprintf(d.out, "funded the sponsor with 1000 %s and five solvers with 100 each\n", d.terms.Symbol)
	return nil
}

// post posts every story's task as the sponsor.
func (d *driver) post(ctx context.Context, _ *arena) error {
	for _, st := range stories {
		out, err := d.send(ctx, "sponsor", ledger.Ether(st.prize), ledger.PostTask{
			Title: st.title, Spec: st.text("spec.md"), Rubric: st.text("rubric.md"), ClosesInS: st.closesIn, Shares: st.shares,
		})
		if err != nil {
			return err
		}
		d.tasks = append(d.tasks, ledger.TaskID(out.Created))
		fmt.Fprintf(d.out, "task %d posted: %q, prize %d %s%s\n", out.Created, st.title, st.prize, d.terms.Symbol, tiersOf(st.shares))
	}
	return nil
}

// enter files each story's entries in order, each staking the entry bond.
func (d *driver) enter(ctx context.Context, _ *arena) error {
	for i, st := range stories {
		m := map[string]ledger.EntryID{}
		for _, s := range st.solvers {
			var team []ledger.Member
			for _, tm := range st.teams[s] {
				team = append(team, ledger.Member{Address: d.senders[tm.who].Address(), Share: tm.share})
			}
			out, err := d.send(ctx, s, d.terms.EntryBond, ledger.Submit{Task: d.tasks[i], Work: st.text(s + ".md"), Team: team})
			if err != nil {
				return err
			}
			m[s] = ledger.EntryID(out.Created)
			fmt.Fprintf(d.out, "  entry %d: %s enters task %d%s\n", out.Created, s, d.tasks[i], teamOf(st.teams[s]))
		}
		d.entries = append(d.entries, m)
	}
	return nil
}

// gradeAll opens a round on every entry, each solver grading their own, and waits for
// the validators to agree.
func (d *driver) gradeAll(ctx context.Context, _ *arena) error {
	for i, st := range stories {
		for _, s := range st.solvers {
			if err := d.grade(ctx, s, d.entries[i][s]); err != nil {
				return err
			}
		}
	}
	return nil
}

func (d *driver) grade(ctx context.Context, who string, id ledger.EntryID) error {
	if _, err := d.send(ctx, who, ledger.Amount{}, ledger.Grade{Entry: id}); err != nil {
		return err
	}
	return d.wait(ctx, id)
}

// wait follows an entry's latest round and prints how it settled.
func (d *driver) wait(ctx context.Context, id ledger.EntryID) error {
	var last client.Progress
	e, err := d.c.WaitEntry(ctx, id, func(p client.Progress) { last = p })
	if err != nil {
		return fmt.Errorf("entry %d: %w", id, err)
	}
	g := e.Current
	fmt.Fprintf(d.out, "  entry %d graded: rung %d %q, score %d (validators attested %d/%d, agreeing %d)\n",
		id, g.Tier, g.Label, g.Score, last.Attested, last.Committee, last.Agreeing)
	return nil
}

// appeal files each story's planned appeal and waits for its regrade.
func (d *driver) appeal(ctx context.Context, _ *arena) error {
	for i, st := range stories {
		if st.appeal == nil {
			continue
		}
		id := d.entries[i][st.appeal.solver]
		if _, err := d.send(ctx, st.appeal.solver, d.terms.AppealBond, ledger.Appeal{Entry: id, Argument: st.appeal.argument}); err != nil {
			return err
		}
		fmt.Fprintf(d.out, "%s appeals entry %d, staking %s %s\n", st.appeal.solver, id, units(d.terms.AppealBond), d.terms.Symbol)
		if err := d.wait(ctx, id); err != nil {
			return err
		}
	}
	return nil
}

// advance moves the dev clock past every task's close and every appeal window.
func (d *driver) advance(ctx context.Context, _ *arena) error {
	s, err := d.c.Snapshot(ctx)
	if err != nil {
		return err
	}
	target := s.Arena.Time
	for _, t := range s.Tasks {
		target = max(target, t.ClosesAt)
	}
	for _, e := range s.Entries {
		if e.Current != nil {
			target = max(target, e.Current.AppealUntil)
		}
	}
	secs := target - s.Arena.Time + 1
	if _, err := d.send(ctx, "sponsor", ledger.Amount{}, ledger.Advance{Seconds: secs}); err != nil {
		return err
	}
	fmt.Fprintf(d.out, "dev advance %ds: submissions closed, appeal windows over\n", secs)
	return nil
}

// award settles every task; anyone may, and here the sponsor does.
func (d *driver) award(ctx context.Context, _ *arena) error {
	for _, id := range d.tasks {
		out, err := d.send(ctx, "sponsor", ledger.Amount{}, ledger.Award{Task: id})
		if err != nil {
			return err
		}
		for _, e := range out.Events {
			if e.Type == "award" && e.Entry != 0 {
				fmt.Fprintf(d.out, "task %d awarded to entry %d (%s) at score %d\n", id, e.Entry, d.names[*e.Address], e.Score)
				for _, p := range e.Payees {
					fmt.Fprintf(d.out, "  rank %d: entry %d, %s paid %s %s\n", p.Rank, p.Entry, d.names[p.Address], units(p.Amount), d.terms.Symbol)
				}
			} else if e.Type == "award" {
				fmt.Fprintf(d.out, "task %d voided: no eligible entry\n", id)
			}
		}
	}
	return nil
}

// withdraw collects what the arena owes each person.
func (d *driver) withdraw(ctx context.Context, _ *arena) error {
	for _, p := range people {
		cl, err := d.c.Claimable(ctx, d.senders[p].Address())
		if err != nil {
			return err
		}
		if cl.Amount.IsZero() {
			continue
		}
		if _, err := d.send(ctx, p, ledger.Amount{}, ledger.Withdraw{}); err != nil {
			return err
		}
		fmt.Fprintf(d.out, "%s withdrew %s %s\n", p, units(cl.Amount), d.terms.Symbol)
	}
	return nil
}

// tiersOf says how a task with shares pays, for the demo's output: "" for one winner.
func tiersOf(shares []int) string {
	if len(shares) == 0 {
		return ""
	}
	parts := make([]string, len(shares))
	for i, sh := range shares {
		parts[i] = fmt.Sprintf("%d%%", sh/100)
	}
	return ", paid by rank " + strings.Join(parts, "/")
}

// teamOf names a team entry's members and their parts, for the demo's output.
func teamOf(team []teamMember) string {
	if len(team) == 0 {
		return ""
	}
	parts := make([]string, len(team))
	for i, m := range team {
		parts[i] = fmt.Sprintf("%s %d%%", m.who, m.share/100)
	}
	return " for a team: " + strings.Join(parts, ", ")
}
