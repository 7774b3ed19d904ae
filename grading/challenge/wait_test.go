package challenge_test

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/ledger"
)

// uploadOnAsk is a source that holds nothing; the first time it is asked it uploads the
// program to the node, as a solver whose upload lands a moment after the commit did.
type uploadOnAsk struct {
	once   sync.Once
	upload func()
	empty  *blobs.Store
}

func (u *uploadOnAsk) Where(d string) string { return u.empty.Where(d) }

func (u *uploadOnAsk) Blob(ctx context.Context, d string) ([]byte, error) {
	u.once.Do(u.upload)
	return u.empty.Blob(ctx, d)
}

// quickly retries at once, so the tests wait only on what they assert.
var quickly = blobs.Backoff{First: time.Millisecond, Max: 20 * time.Millisecond}

// A program committed by digest alone, whose bytes reach the node only after the
// validator first asked for them, is fetched within the attempt and its run scored.
func TestAProgramUploadedAfterItsCommitIsScored(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	v := newValidator(t, n, m)
	v.Wait = quickly
	run := practice(runOf(m, toolbench(m), "sharp", "late"))
	run.URL = ""
	empty, err := blobs.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	late := &uploadOnAsk{empty: empty, upload: func() {
		if err := n.store.Put(run.Program, bytes.NewReader(guests["sharp"])); err != nil {
			t.Error(err)
		}
	}}
	v.Nodes = append(v.Nodes, late)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	out := v.Run(ctx, run)
	if out.Result.Error != "" || out.Result.Gas == 0 {
		t.Fatalf("the late program's run: %+v", out.Result)
	}
}

// A program committed by digest whose bytes never reach any source is waited for until
// the attempt's deadline, and only then fails, [TRANSIENT] (the validator abstains),
// naming the deadline and the last answer of a source.
func TestAProgramNeverUploadedIsTransientAtTheDeadline(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	v := newValidator(t, n, m)
	v.Wait = quickly
	program := abi.Digest([]byte("never uploaded"))
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	_, err := v.Fetch(ctx, program, "")
	where := blobs.Node{Base: n.url}.Where(program)
	var got *ledger.Error
	if !errors.As(err, &got) {
		t.Fatalf("not a classed failure: %v", err)
	}
	failed(t, got.Error(), ledger.NewError(ledger.Transient, "No source held the artifact "+program+
		" before the attempt's deadline (last: The artifact at "+where+" was not found (404))"))
	if ctx.Err() == nil {
		t.Fatal("the wait ended before the deadline")
	}
}
