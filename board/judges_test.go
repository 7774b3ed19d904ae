package board

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// contest is a ledger driven directly, one transaction a block, for the judge panel's
// tests: Apply takes transactions whose signatures the engine would have checked, so
// none are signed here.
type contest struct {
	t      *testing.T
	s      *ledger.State
	height uint64
	now    int64
	nonces map[ledger.Address]uint64
}

// addr returns a fixed address ending in b.
func addr(b byte) ledger.Address {
	var a ledger.Address
	a[0], a[19] = 0xa0, b
	return a
}

var (
	sponsor, alice, bob = addr(0x51), addr(0xa1), addr(0xb1)
	judges4             = []ledger.Address{addr(1), addr(2), addr(3), addr(4)}
	judgeModels         = []string{"openai-compatible|qwen2.5-14b-instruct", "anthropic|claude-sonnet-4-5", "ollama|llama3.2", "builtin|"}
)

func newContest(t *testing.T) *contest {
	t.Helper()
	terms := ledger.Terms{
		Chain: "arena-judges", Name: "Judges arena", Symbol: "GEN",
		EntryBond: ledger.Ether(5), AppealBond: ledger.Ether(20), AppealWindowS: 3600, GradingWindowS: 86400,
		Validators: judges4, Quorum: 3, Attempts: 3, RoundTimeoutS: 600,
		FeePerTx: ledger.NewAmount(1e15), GradingFee: ledger.MustAmount("300000000000000000"),
		Genesis: []ledger.Allocation{{Address: sponsor, Amount: ledger.Ether(500)}, {Address: alice, Amount: ledger.Ether(10)}, {Address: bob, Amount: ledger.Ether(10)}},
	}
	for _, v := range judges4 {
		terms.Genesis = append(terms.Genesis, ledger.Allocation{Address: v, Amount: ledger.Ether(1)})
	}
	s, err := ledger.New(terms)
	if err != nil {
		t.Fatal(err)
	}
	return &contest{t: t, s: s, now: 1_767_225_600, nonces: map[ledger.Address]uint64{}}
}

// send applies body from from in a block of its own at the contest's clock and fails
// the test on any refusal.
func (c *contest) send(from ledger.Address, value ledger.Amount, body ledger.Body) ledger.Outcome {
	c.t.Helper()
	c.height++
	c.now += 10
	c.nonces[from]++
	tx := ledgertest.Stamped(c.s.Terms(), &ledger.Tx{From: from, Nonce: c.nonces[from], Value: value, Body: body})
	out, err := c.s.Apply(tx, ledger.Block{Height: c.height, Time: c.now})
	if err != nil || !out.OK() {
		c.t.Fatalf("%s from %s: %v %s", body.Kind(), from, err, out.Err)
	}
	return out
}

// attest sends v's attestation of result r on round id's attempt, with a receipt naming
// v's model.
func (c *contest) attest(id ledger.RoundID, attempt, v int, r ledger.Result) {
	c.t.Helper()
	provider, model, _ := strings.Cut(judgeModels[v], "|")
	r.Calls = []ledger.Call{{Provider: provider, Model: model, Purpose: "read"}}
	c.send(judges4[v], ledger.Amount{}, ledger.Attest{Round: id, Attempt: attempt, Result: r})
}

// leaderFirst returns the validators' indexes with attempt's leader of round id first.
func (c *contest) leaderFirst(id ledger.RoundID, attempt int) []int {
	c.t.Helper()
	rv, ok := c.s.Round(id)
	if !ok || len(rv.Attempts) < attempt {
		c.t.Fatalf("round %d has no attempt %d", id, attempt)
	}
	order := []int{}
	for i, v := range judges4 {
		if v == rv.Attempts[attempt-1].Leader {
			order = append([]int{i}, order...)
		} else {
			order = append(order, i)
		}
	}
	return order
}

// judgedContest runs a contest whose rounds give each judge a different record: on
// entry 1 one member reads rung 2 where three read rung 4 and the round keeps rung 4; on
// entry 2 the work host is down for everyone (a transient attempt) and then answers
// 404, an agreed failure, the fourth member attesting late.
func judgedContest(t *testing.T) *contest {
	c := newContest(t)
	c.send(sponsor, ledger.Ether(100), ledger.PostTask{Title: "Launch note", Spec: "Write a launch note.", Rubric: "It should be short.", ClosesInS: 60})
	c.send(alice, ledger.Ether(5), ledger.Submit{Task: 1, Work: "The webhooks API is live."})
	c.send(bob, ledger.Ether(5), ledger.Submit{Task: 1, Work: "Webhooks, today."})
	c.now += 60
	strong := ledger.Result{Tier: 4, Passed: true, Score: 80, JudgedTier: 4, JudgedScore: 80, Rationale: "clear"}
	weak := ledger.Result{Tier: 2, Passed: true, Score: 40, JudgedTier: 2, JudgedScore: 40, Rationale: "thin"}
	c.send(alice, ledger.Amount{}, ledger.Grade{Entry: 1})
	o := c.leaderFirst(1, 1)
	c.attest(1, 1, o[3], weak)
	c.attest(1, 1, o[0], strong)
	c.attest(1, 1, o[1], strong)
	c.attest(1, 1, o[2], strong)
	c.send(bob, ledger.Amount{}, ledger.Grade{Entry: 2})
	down := ledger.Result{Error: "[TRANSIENT] Work host unavailable (503)"}
	o = c.leaderFirst(2, 1)
	for _, v := range o[:3] {
		c.attest(2, 1, v, down)
	}
	gone := ledger.Result{Error: "[EXTERNAL] Work URL returned 404"}
	o = c.leaderFirst(2, 2)
	for _, v := range o {
		c.attest(2, 2, v, gone)
	}
	return c
}

// TestTheJudgePanelIsTheLedgersRecord: issue 16, "a judge panel: per validator, the
// rounds it sat on, how often it agreed with the settled result, how often it failed
// and why, and the model it reads with". The board derives each validator's record from
// the snapshot's rounds alone, and it is the record ledger.State.Judges keeps, field by
// field, but for the fees earned, which a snapshot does not carry.
func TestTheJudgePanelIsTheLedgersRecord(t *testing.T) {
	c := judgedContest(t)
	snap := c.s.Snapshot()
	want := c.s.Judges()
	if d := cmp.Diff(want, judgesOf(&snap), cmpopts.IgnoreFields(ledger.Judge{}, "Earned")); d != "" {
		t.Errorf("judges from the snapshot (-State.Judges +board):\n%s", d)
	}
	kept := 0
	for _, j := range want {
		kept += j.Agreed
	}
	if kept != 6 || want[0].Models[0] != "openai-compatible/qwen2.5-14b-instruct" {
		t.Fatalf("the contest did not give the judges their records: %+v", want)
	}
}

// TestJudgesMatchesGolden: the judged contest's board renders to
// testdata/judges.golden.html byte for byte (-update rewrites it), and its judge panel
// says, per validator, what the ledger's record says.
func TestJudgesMatchesGolden(t *testing.T) {
	c := judgedContest(t)
	got := render(t, c.s.Snapshot())
	path := filepath.Join("testdata", "judges.golden.html")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("board differs from %s (-want +got):\n%s", path,
			cmp.Diff(strings.Split(string(want), "\n"), strings.Split(string(got), "\n")))
	}
	checkPage(t, got,
		In(".sections", HasText("Terms Money Tasks Entries Tenders Leaderboard Judges Award events")),
		In("#judge-0xA000000000000000000000000000000000000001", HasText("0xA000000000000000000000000000000000000001 2 3 2 of 2 (100%) 2 "+
			"[EXTERNAL] Work URL returned 404 \u00d71 openai-compatible/qwen2.5-14b-instruct")),
		In("#judge-0xA000000000000000000000000000000000000003 .agreed", HasText("1 of 2 (50%)")),
		In("#judge-0xa000000000000000000000000000000000000004", HasText("0xa000000000000000000000000000000000000004 2 3 1 of 1 (100%) 2 "+
			"[EXTERNAL] Work URL returned 404 \u00d71 builtin/")),
		In("dl.terms", HasText("Chain arena-judges Currency GEN Entry bond 5 GEN Appeal bond 20 GEN Appeal window 1 h Validators 4 "+
			"Committee per round 4 Quorum, leader included 3 Attempts per round 3 Attempt timeout 10 min Fee per transaction 0.001 GEN "+
			"Grading fee, per entry and appeal 0.3 GEN EVM registry none Dev mode off")),
	)
}
