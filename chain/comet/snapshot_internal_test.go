package comet

import (
	"os"
	"path/filepath"
	"testing"
)

// Snapshots written out of height order (two pending ones may take the writer in either
// order) are still listed oldest first, and the newest SnapshotsKept are the ones kept:
// writing 8, then 3, then 4 keeps 4 and 8 and removes 3 from the disk.
func TestSnapshotsWrittenOutOfOrderKeepTheNewest(t *testing.T) {
	s := &snapshots{cfg: SnapshotConfig{Dir: t.TempDir(), Every: 1, ChunkSize: 64}}
	for _, h := range []uint64{8, 3, 4} {
		if err := s.write(h, [32]byte{byte(h)}, []byte("state at a height")); err != nil {
			t.Fatal(err)
		}
	}
	if len(s.list) != SnapshotsKept || s.list[0].Height != 4 || s.list[1].Height != 8 {
		var hs []uint64
		for _, x := range s.list {
			hs = append(hs, x.Height)
		}
		t.Fatalf("kept %v, want [4 8]", hs)
	}
	if _, err := os.Stat(filepath.Join(s.cfg.Dir, "3")); !os.IsNotExist(err) {
		t.Errorf("snapshot 3 is still on disk: %v", err)
	}
}
