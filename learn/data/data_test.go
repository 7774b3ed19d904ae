package data

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"unicode/utf8"
)

// TestTheSplitsAreThePinnedOnes: each split has its pinned length and digest, is valid
// UTF-8 with "\n" line endings only, and ends at a line boundary.
func TestTheSplitsAreThePinnedOnes(t *testing.T) {
	for _, c := range []struct {
		name   string
		b      []byte
		n      int
		digest string
	}{
		{"train", Train(), TrainBytes, TrainSHA256},
		{"heldout", Heldout(), HeldoutBytes, HeldoutSHA256},
	} {
		sum := sha256.Sum256(c.b)
		if len(c.b) != c.n || hex.EncodeToString(sum[:]) != c.digest {
			t.Errorf("%s: %d bytes, sha256 %x; want %d, %s", c.name, len(c.b), sum, c.n, c.digest)
		}
		if !utf8.Valid(c.b) || bytes.IndexByte(c.b, '\r') >= 0 || c.b[len(c.b)-1] != '\n' {
			t.Errorf("%s: not UTF-8 text with \\n line endings ending at a line boundary", c.name)
		}
	}
}

// TestTheSizesAreTheBriefs: train is at least 1 MiB, held-out 64–128 KiB.
func TestTheSizesAreTheBriefs(t *testing.T) {
	if TrainBytes < 1<<20 || HeldoutBytes < 64<<10 || HeldoutBytes > 128<<10 {
		t.Errorf("train %d, held-out %d bytes", TrainBytes, HeldoutBytes)
	}
}

// TestCallersGetCopies: changing a returned split does not change the next one.
func TestCallersGetCopies(t *testing.T) {
	b := Train()
	b[0] ^= 0xff
	if Train()[0] == b[0] {
		t.Error("Train returned shared bytes")
	}
}

func TestPrefixCutsAtALine(t *testing.T) {
	p := Prefix(Train(), 32<<10)
	if len(p) == 0 || len(p) > 32<<10 || p[len(p)-1] != '\n' || !bytes.HasPrefix(Train(), p) {
		t.Fatalf("prefix of %d bytes does not end a line of the train split", len(p))
	}
	if got := Prefix([]byte("abc"), 8); string(got) != "abc" {
		t.Errorf("short input: %q", got)
	}
	if got := Prefix([]byte("abcdef"), 3); string(got) != "abc" {
		t.Errorf("no newline: %q", got)
	}
	if got := Prefix([]byte("ab\ncd\nef"), 7); string(got) != "ab\ncd\n" {
		t.Errorf("two lines: %q", got)
	}
}
