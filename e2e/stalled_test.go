package e2e

import (
	"encoding/pem"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
)

// TestAHostThatAlwaysAnswers503DoesNotLockThePrize: the liveness fault of the issue, end
// to end against a real node and its validators. An entry whose work host answers 503 to
// every fetch can never be graded; award waits for it while the grading window lasts, and
// then goes ahead: the entry is stalled (not graded, never a verdict), its bond comes
// back, and the prize goes to the entry that was graded.
func TestAHostThatAlwaysAnswers503DoesNotLockThePrize(t *testing.T) {
	down := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "down for maintenance", http.StatusServiceUnavailable)
	}))
	down.Config.ErrorLog = log.New(io.Discard, "", 0)
	down.StartTLS()
	t.Cleanup(down.Close)
	dir := workArena(t, "always 503")
	p := startNodeWith(t, dir, []string{"SSL_CERT_FILE=" + writeCA(t, down)})
	sponsor, good, stuck := newSender(t, p.c), newSender(t, p.c), newSender(t, p.c)
	for _, s := range []*client.Sender{sponsor, good, stuck} {
		mustSend(t, s, ledger.Amount{}, ledger.Faucet{To: s.Address(), Amount: ledger.Ether(100)})
	}
	task := ledger.TaskID(mustSend(t, sponsor, ledger.Ether(50), ledger.PostTask{Title: "Exports migration guide",
		Spec: "Write a guide for moving off the v1 invoices endpoint.", Rubric: "It should mention the cursor.", ClosesInS: 3600}).Outcome.Created)
	graded := ledger.EntryID(mustSend(t, good, ledger.Ether(5), ledger.Submit{Task: task, Work: victimGuide}).Outcome.Created)
	locked := fileURL(t, stuck, task, down.URL+"/guide.md", victimGuide)
	mustSend(t, sponsor, ledger.Amount{}, ledger.Grade{Entry: graded})
	mustSend(t, sponsor, ledger.Amount{}, ledger.Grade{Entry: locked})
	waitSettled(t, p.c, graded)
	waitRounds(t, p, locked)

	terms, err := p.c.Arena(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	mustSend(t, sponsor, ledger.Amount{}, ledger.Advance{Seconds: 3600 + terms.Terms.AppealWindowS})
	if rc, err := sponsor.Send(t.Context(), ledger.Amount{}, ledger.Award{Task: task}); err == nil && rc.Outcome.OK() {
		t.Fatal("award went ahead inside the grading window while an entry waited on grading")
	}
	mustSend(t, sponsor, ledger.Amount{}, ledger.Advance{Seconds: terms.Terms.GradingWindowS})
	mustSend(t, sponsor, ledger.Amount{}, ledger.Award{Task: task})

	tv, err := p.c.Task(t.Context(), task)
	if err != nil || tv.State != ledger.TaskAwarded || tv.Winner != graded {
		t.Fatalf("task %+v, %v: want awarded to the graded entry %d", tv, err, graded)
	}
	e, err := p.c.Entry(t.Context(), locked)
	if err != nil || e.State != ledger.EntryStalled || e.Current != nil || e.Outcome != "refunded" {
		t.Fatalf("the 503 entry: %+v, %v; want stalled, refunded, with no grade", e, err)
	}
	p.stop(t)
	arena(t, "verify", "--dir", dir)
}

// waitRounds waits until the validators have tried the entry at least once: a round on it
// has an attempt that ended, so its failure is on the record.
func waitRounds(t *testing.T, p *proc, id ledger.EntryID) {
	t.Helper()
	deadline := time.Now().Add(settleBound)
	for time.Now().Before(deadline) {
		rs, err := p.c.Grades(t.Context(), id)
		if err == nil && len(rs) > 0 && (len(rs[0].Attempts) > 1 || rs[0].State != ledger.RoundOpen) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("no attempt on entry %d ended within %s", id, settleBound)
}

// writeCA writes srv's certificate as a PEM file, for $SSL_CERT_FILE.
func writeCA(t *testing.T, srv *httptest.Server) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
