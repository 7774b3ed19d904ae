package ledger_test

import (
	"strings"
	"testing"

	. "github.com/arena/arena/ledger"
)

// "submit(task_id, work, work_url): anyone but the sponsor, once per task, the bond":
// every argument that must be refused is refused by its exact message.
func TestEnteringRefusesEveryBadArgument(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.Post(Ether(100))
	a.Enter(task, "alice", "first")
	tests := []struct {
		name   string
		solver string
		value  Amount
		body   Submit
		want   *Error
	}{
		{"no such task", "bob", entryBond, Submit{Task: 9, Work: "w"}, errNoTask},
		{"task zero", "bob", entryBond, Submit{Task: 0, Work: "w"}, errNoTask},
		{"bond short", "bob", Ether(4), Submit{Task: task, Work: "w"}, errEntryBond},
		{"bond over", "bob", Ether(6), Submit{Task: task, Work: "w"}, errEntryBond},
		{"no bond", "bob", Amount{}, Submit{Task: task, Work: "w"}, errEntryBond},
		{"sponsor", "sponsor", entryBond, Submit{Task: task, Work: "w"}, errSponsorEntry},
		{"twice", "alice", entryBond, Submit{Task: task, Work: "again"}, errEnteredTwice},
		{"nothing", "bob", entryBond, Submit{Task: task}, errNoWork},
		{"work too long", "bob", entryBond, Submit{Task: task, Work: strings.Repeat("w", MaxWorkLen+1)}, errWorkLen},
		{"work not UTF-8", "bob", entryBond, Submit{Task: task, Work: "\xc3"}, errWorkLen},
		{"http URL", "bob", entryBond, Submit{Task: task, WorkURL: "http://example.com/a"}, errWorkURL},
		{"no host", "bob", entryBond, Submit{Task: task, WorkURL: "https:///a"}, errWorkURL},
		{"not a URL", "bob", entryBond, Submit{Task: task, WorkURL: "example.com"}, errWorkURL},
		{"bad escape", "bob", entryBond, Submit{Task: task, WorkURL: "https://example.com/%zz"}, errWorkURL},
		{"long URL", "bob", entryBond, Submit{Task: task, WorkURL: "https://example.com/" + strings.Repeat("a", MaxURLLen)}, errWorkURL},
		{"URL without its digest", "bob", entryBond, Submit{Task: task, WorkURL: "https://example.com/a"}, errWorkDigest},
		{"digest too short", "bob", entryBond, Submit{Task: task, WorkURL: "https://example.com/a", WorkSHA256: "abc"}, errWorkDigest},
		{"digest in capitals", "bob", entryBond, Submit{Task: task, WorkURL: "https://example.com/a", WorkSHA256: strings.ToUpper(guideSHA)}, errWorkDigest},
		{"digest without a URL", "bob", entryBond, Submit{Task: task, Work: "w", WorkSHA256: guideSHA}, errWorkDigest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a.In(t).Refused(tt.want, tt.solver, tt.value, tt.body)
		})
	}
	a.Wait(3600)
	a.Refused(errTaskClosed, "bob", entryBond, Submit{Task: task, Work: "late"})
	if n := len(a.s.Entries(task)); n != 1 {
		t.Fatalf("refusals filed entries: %d entries", n)
	}
}

// "enters work, or an https URL the graders fetch themselves": the bond moves into bond
// escrow, entries are numbered in filing order and stamped with the arena's clock.
func TestEnteringEscrowsTheBondInFilingOrder(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.Post(Ether(100))
	e1 := a.Enter(task, "alice", "first")
	a.Wait(10)
	e2 := EntryID(a.Do("bob", entryBond, Submit{Task: task, WorkURL: "https://example.com/guide.md", WorkSHA256: guideSHA}).Created)
	v1, _ := a.s.Entry(e1)
	v2, _ := a.s.Entry(e2)
	if v1.Seq != 1 || v2.Seq != 2 || v2.FiledAt != v1.FiledAt+10 || v1.State != EntryPending || v2.WorkURL == "" || v2.WorkSHA != guideSHA {
		t.Fatalf("entries %+v %+v", v1, v2)
	}
	if b := a.s.Arena().Balances; !b.BondEscrow.Eq(Ether(10)) {
		t.Fatalf("bond escrow %s, want 10 GEN", b.BondEscrow)
	}
	if got := a.s.Balance(a.Addr("alice")); !got.Eq(Ether(995)) {
		t.Fatalf("alice wallet %s, want 995 GEN", got)
	}
	if c := a.s.Arena().Counts; c.Entries != 2 || c.Solvers != 2 {
		t.Fatalf("counts %+v", c)
	}
}

// guideSHA is the sha256 of the bytes a test's work URL served at filing.
const guideSHA = "cbbc0f212610e6c2d2f33e4ae278f2dc4c37dc3152aebe162dfd271fe7243563"
