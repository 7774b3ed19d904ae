package learn_test

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"math/rand/v2"
	"testing"

	"github.com/arena/arena/learn/data"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/learn/coder"
)

// The parameter region a run starts from is ChaCha8 keyed by the init seed the ledger
// publishes for the run (learn.InitSeed), so an auditor can rebuild it: the test
// architecture's first prediction is its region read as counts, and coding the first
// byte with the prediction rebuilt from that key gives the run's stream exactly.
func TestTheRegionIsKeyedByThePublishedInitSeed(t *testing.T) {
	n := newNode(t)
	run := prefix(t, n, runOf("arch", "train", "init seed"), 1)
	d := newValidator(t, n).Rederive(context.Background(), run)
	if d.Result.Error != "" {
		t.Fatal(d.Result.Error)
	}
	key, err := hex.DecodeString(learn.InitSeed(run.Seed))
	if err != nil {
		t.Fatal(err)
	}
	region := make([]byte, 1024)
	rand.NewChaCha8([32]byte(key)).Read(region)
	f := make([]uint32, 256)
	for i := range f {
		f[i] = 1 + binary.LittleEndian.Uint32(region[4*i:])&0x7fff
	}
	enc := coder.NewEncoder()
	if err := enc.Encode(f, data.Train()[0]); err != nil {
		t.Fatal(err)
	}
	if want := enc.Finish(); string(d.Coded) != string(want) || d.Result.Bits != enc.Bits() {
		t.Fatalf("the run coded its first byte as %x (%d bits); the published init seed's region codes it as %x (%d bits)", d.Coded, d.Result.Bits, want, enc.Bits())
	}
}
