package ledger_test

import (
	"strings"
	"testing"

	. "github.com/arena/arena/ledger"
)

// "post_task(title, spec, rubric, closes_in_s) ... the prize is escrowed until it
// settles": every bad argument is refused by its exact message, and a good one moves the
// prize from the sponsor's wallet into prize escrow.
func TestPostingRefusesEveryBadArgument(t *testing.T) {
	ok := PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 60}
	with := func(edit func(*PostTask)) PostTask { p := ok; edit(&p); return p }
	tests := []struct {
		name  string
		value Amount
		body  PostTask
		want  *Error
	}{
		{"no prize", Amount{}, ok, errPrizeZero},
		{"no title", Ether(1), with(func(p *PostTask) { p.Title = "" }), errTitle},
		{"long title", Ether(1), with(func(p *PostTask) { p.Title = strings.Repeat("t", MaxTitleLen+1) }), errTitle},
		{"title not UTF-8", Ether(1), with(func(p *PostTask) { p.Title = "\xff" }), errTitle},
		{"no spec", Ether(1), with(func(p *PostTask) { p.Spec = "" }), errSpec},
		{"long spec", Ether(1), with(func(p *PostTask) { p.Spec = strings.Repeat("s", MaxSpecLen+1) }), errSpec},
		{"no rubric", Ether(1), with(func(p *PostTask) { p.Rubric = "" }), errRubric},
		{"long rubric", Ether(1), with(func(p *PostTask) { p.Rubric = strings.Repeat("r", MaxRubricLen+1) }), errRubric},
		{"closes now", Ether(1), with(func(p *PostTask) { p.ClosesInS = 0 }), errClosesIn},
		{"closed already", Ether(1), with(func(p *PostTask) { p.ClosesInS = -5 }), errClosesIn},
		{"closes too late", Ether(1), with(func(p *PostTask) { p.ClosesInS = MaxCloseS + 1 }), errClosesIn},
	}
	a := newArena(t, 5, nil)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a.In(t).Refused(tt.want, "sponsor", tt.value, tt.body)
		})
	}
	if n := len(a.s.Tasks()); n != 0 {
		t.Fatalf("refusals created %d tasks", n)
	}
}

// "opens a task; the prize is escrowed": the wallet pays, prize escrow holds it, and the
// task closes closes_in_s after the arena's clock.
func TestPostingEscrowsThePrize(t *testing.T) {
	a := newArena(t, 5, nil)
	id := a.Post(Ether(200))
	task, ok := a.s.Task(id)
	if !ok || task.ID != 1 || task.State != TaskOpen || task.ClosesAt != a.s.Now()+3600 || task.Sponsor != a.Addr("sponsor") {
		t.Fatalf("task %+v", task)
	}
	if task.Spec == "" || task.Rubric == "" {
		t.Fatal("get_task dropped the prose")
	}
	if list := a.s.Tasks(); len(list) != 1 || list[0].Spec != "" || list[0].Rubric != "" {
		t.Fatalf("get_tasks must omit the prose: %+v", list)
	}
	b := a.s.Arena().Balances
	if !b.PrizeEscrow.Eq(Ether(200)) || !b.PaidIn.Eq(Ether(200)) {
		t.Fatalf("balances %+v", b)
	}
	if got := a.s.Balance(a.Addr("sponsor")); !got.Eq(Ether(800)) {
		t.Fatalf("sponsor wallet %s, want 800 GEN", got)
	}
	a.Wait(3600)
	if err := a.bare.Tick(); err != nil {
		t.Fatal(err)
	}
	if task, _ := a.s.Task(id); task.State != TaskClosed {
		t.Fatalf("state %s after close, want closed", task.State)
	}
}
