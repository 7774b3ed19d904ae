package solo

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/store"
)

// killEnv names the file a child process of this test binary fills with acknowledged
// transactions before it kills itself.
const killEnv = "ARENA_SOLO_KILL_PATH"

func TestMain(m *testing.M) {
	if path := os.Getenv(killEnv); path != "" {
		os.Exit(killChild(path))
	}
	os.Exit(m.Run())
}

// killChild runs 4 submitters against the engine, prints the id of every transaction as
// soon as it is acknowledged, and SIGKILLs itself after 200 acknowledgements while the
// submitters are still busy.
func killChild(path string) int {
	t := childT{}
	e, err := Open(Config{Path: path}, testTerms(t))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	out := bufio.NewWriter(os.Stdout)
	var mu sync.Mutex
	acked := 0
	for range 4 {
		s := newSigner(t)
		go func() {
			for n := uint64(1); ; n++ {
				r, err := e.Submit(context.Background(), s.faucet(t, n, n))
				if err != nil {
					return
				}
				mu.Lock()
				fmt.Fprintf(out, "%s %d %d\n", r.TxID, r.Height, r.Index)
				if acked++; acked == 200 {
					out.Flush()
					syscall.Kill(os.Getpid(), syscall.SIGKILL)
				}
				mu.Unlock()
			}
		}()
	}
	select {}
}

// killCycles is how many times TestAcknowledgedMeansDurable kills and reopens one file;
// raise it for a soak.
var killCycles = flag.Int("solo.kill.cycles", 2, "kill -9 and reopen cycles of TestAcknowledgedMeansDurable")

// TestAcknowledgedMeansDurable: DESIGN, "a crash loses nothing that was acknowledged".
// A process killed by SIGKILL while four submitters are busy, with one block committing
// while the next is applied, leaves, on reopening the file, every transaction it had
// acknowledged, at the height and index of its receipt. The file is killed and reopened
// -solo.kill.cycles times; every acknowledgement of every cycle is checked after each.
func TestAcknowledgedMeansDurable(t *testing.T) {
	path := tempPath(t)
	var acked [][]byte
	for cycle := range *killCycles {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), killEnv+"="+path)
		out, err := cmd.Output()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
			t.Fatalf("cycle %d: child: %v, want killed by SIGKILL", cycle, err)
		}
		lines := bytes.Split(bytes.TrimSpace(out), []byte("\n"))
		if len(lines) != 200 {
			t.Fatalf("cycle %d: child acknowledged %d transactions, want 200", cycle, len(lines))
		}
		acked = append(acked, lines...)
		e := openEngine(t, Config{Path: path}, nil)
		e.Close()
		checkAcknowledged(t, path, acked)
		if _, err := Verify(path); err != nil {
			t.Errorf("cycle %d: Verify after the crash: %v", cycle, err)
		}
	}
}

// checkAcknowledged checks that every line "id height index" a child printed names a
// transaction the file at path holds at that height and index, applied.
func checkAcknowledged(t *testing.T, path string, lines [][]byte) {
	t.Helper()
	db := openStore(t, path)
	defer db.Close()
	for _, line := range lines {
		var id string
		var h uint64
		var idx int
		if _, err := fmt.Sscanf(string(line), "%s %d %d", &id, &h, &idx); err != nil {
			t.Fatalf("child line %q: %v", line, err)
		}
		want, _ := store.ParseID(id)
		got, ok, err := db.Tx(want)
		if err != nil || !ok {
			t.Fatalf("acknowledged tx %s is not in the log after the crash: %v", id, err)
		}
		if got.Height != h || got.Index != idx || !got.Outcome.OK() {
			t.Errorf("tx %s: block %d index %d outcome %+v; receipt said block %d index %d", id, got.Height, got.Index, got.Outcome, h, idx)
		}
	}
}

// TestAReceiptIsWhatTheLogHolds: the receipt names the block and position the log
// records, with the same outcome, after the engine is reopened.
func TestAReceiptIsWhatTheLogHolds(t *testing.T) {
	path := tempPath(t)
	e := openEngine(t, Config{Path: path}, testTerms(t))
	s := newSigner(t)
	var receipts []Receipt
	for n := uint64(1); n <= 3; n++ {
		receipts = append(receipts, submit(t, e, s.faucet(t, n, 10*n)))
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	db := openStore(t, path)
	for _, r := range receipts {
		id, _ := store.ParseID(r.TxID)
		got, ok, err := db.Tx(id)
		if err != nil || !ok {
			t.Fatalf("tx %s not found: %v", r.TxID, err)
		}
		back := Receipt{TxID: store.HexID(got.ID), Height: got.Height, Index: got.Index, Outcome: got.Outcome}
		if diff := cmp.Diff(r, back, amountEq); diff != "" {
			t.Errorf("receipt vs log (-receipt +log):\n%s", diff)
		}
	}
}
