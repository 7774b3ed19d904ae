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

// BenchmarkFetchFourMiBFromAPeer measures what a validator pays for a 4 MiB module
// uploaded to another node: its own store's miss, the peer's loopback API, the check
// against the digest, and keeping the bytes in its store.
func BenchmarkFetchFourMiBFromAPeer(b *testing.B) {
	body := bytes.Repeat([]byte{3}, 4<<20)
	d := Digest(body)
	n := node(b, serving(body))
	peers := Peers{Bases: []string{n.Base}}
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		b.StopTimer()
		s, err := Open(b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		got, err := Fetch(context.Background(), d, s, peers)
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Put(d, bytes.NewReader(got)); err != nil {
			b.Fatal(err)
		}
	}
}
