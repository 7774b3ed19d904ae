package blobs

import (
	"bytes"
	"context"
	"testing"
)

// BenchmarkPutAMiB measures keeping a new 1 MiB blob: hash, write, sync, rename.
func BenchmarkPutAMiB(b *testing.B) {
	s, err := Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	body := bytes.Repeat([]byte{1}, 1<<20)
	b.SetBytes(int64(len(body)))
	i := 0
	for b.Loop() {
		i++
		body[0], body[1], body[2] = byte(i), byte(i>>8), byte(i>>16)
		if err := s.Put(Digest(body), bytes.NewReader(body)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFetchAMiBFromANode measures fetching and checking a 1 MiB blob over a
// loopback node API.
func BenchmarkFetchAMiBFromANode(b *testing.B) {
	body := bytes.Repeat([]byte{2}, 1<<20)
	d := Digest(body)
	n := node(b, serving(body))
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if _, err := Fetch(context.Background(), d, n); err != nil {
			b.Fatal(err)
		}
	}
}
