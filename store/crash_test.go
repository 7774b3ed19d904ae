package store

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// crashEnv names the file a child process of this test binary writes before it kills
// itself in the middle of a block.
const crashEnv = "ARENA_STORE_CRASH_PATH"

// crashTxs is the size of the block being written at the crash: big enough that SQLite
// spills uncommitted pages into the WAL before the crash.
const crashTxs = 20_000

func TestMain(m *testing.M) {
	if path := os.Getenv(crashEnv); path != "" {
		os.Exit(crashChild(path))
	}
	os.Exit(m.Run())
}

// crashChild commits block 1, reports it on stdout, then starts block 2 and is killed
// by SIGKILL after its transactions are written and before the block is committed.
func crashChild(path string) int {
	db, err := Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	t := childT{}
	s := newSigner(t)
	if err := db.CommitBlock(s.block(t, 1, 0, 10)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	fmt.Println("committed 1")
	midBlock = func() {
		fmt.Println("killing mid-block")
		syscall.Kill(os.Getpid(), syscall.SIGKILL)
		select {} // the signal arrives; nothing after it runs
	}
	err = db.CommitBlock(s.block(t, 2, 10, crashTxs))
	fmt.Fprintln(os.Stderr, "block 2 was not interrupted:", err)
	return 3
}

// TestACrashMidBlockKeepsTheLastCommittedBlock: DESIGN, "a crash loses nothing that was
// acknowledged and a restart resumes exactly". A process killed by SIGKILL while writing
// a block leaves the previous block intact and no row of the interrupted one; the file
// reopens and the next commit of that height succeeds.
func TestACrashMidBlockKeepsTheLastCommittedBlock(t *testing.T) {
	path := t.TempDir() + "/arena.db"
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), crashEnv+"="+path)
	out, err := cmd.Output()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("child: %v, want killed by SIGKILL; stdout:\n%s", err, out)
	}
	if got := strings.TrimSpace(string(out)); got != "committed 1\nkilling mid-block" {
		t.Fatalf("child stdout = %q", got)
	}
	// Block 1 fits in a few pages; a WAL far larger shows the crash came after SQLite
	// had written pages of block 2, uncommitted, into it.
	if fi, err := os.Stat(path + "-wal"); err != nil || fi.Size() < 1<<20 {
		t.Fatalf("WAL after the crash: %v, %v; want the uncommitted pages of block 2 in it", fi, err)
	}

	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	last, ok, err := db.LastBlock()
	if err != nil || !ok || last.Height != 1 || last.Txs != 10 {
		t.Fatalf("LastBlock() after crash = %+v, %v, %v; want height 1 with 10 txs", last, ok, err)
	}
	blocks := readAll(t, db)
	if len(blocks) != 1 || len(blocks[0].Txs) != 10 {
		t.Fatalf("log after crash holds %d blocks", len(blocks))
	}
	for _, q := range []string{`SELECT COUNT(*) FROM txs WHERE height = 2`, `SELECT COUNT(*) FROM events WHERE height = 2`} {
		if n := count(t, db, q); n != 0 {
			t.Errorf("%s = %d after the crash, want 0", q, n)
		}
	}
	s := newSigner(t)
	next := s.block(t, 2, 0, 3)
	commit(t, db, next)
	if diff := cmp.Diff(stored(next), readAll(t, db)[1], sameRecord); diff != "" {
		t.Errorf("block 2 after resuming (-want +got):\n%s", diff)
	}
}
