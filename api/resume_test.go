package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arena/arena/api"
	"github.com/arena/arena/ledger"
	"github.com/google/go-cmp/cmp"
)

// sse is one server-sent event as a test reads it.
type sse struct {
	ID   string
	Type string
	Data string
}

// stream is an open GET /v1/events response whose events arrive on evs.
type stream struct {
	evs    chan sse
	cancel func()
}

// openEvents opens GET /v1/events+query with the given Last-Event-ID ("" for none),
// waits for the greeting and returns the stream. The stream ends with the test.
func (f *fixture) openEvents(t *testing.T, lastID, query string) *stream {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, f.srv.URL+"/v1/events"+query, nil)
	if err != nil {
		t.Fatal(err)
	}
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /v1/events: status %d", resp.StatusCode)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 8<<20)
	for sc.Scan() && sc.Text() != "" { // the greeting ends with a blank line
	}
	s := &stream{evs: make(chan sse, 1024), cancel: func() { cancel(); resp.Body.Close() }}
	t.Cleanup(s.cancel)
	go func() {
		defer close(s.evs)
		var ev sse
		for sc.Scan() {
			field, value, _ := strings.Cut(sc.Text(), ": ")
			switch field {
			case "id":
				ev.ID = value
			case "event":
				ev.Type = value
			case "data":
				ev.Data = value
			case "":
				if ev.Type != "" {
					s.evs <- ev
				}
				ev = sse{}
			}
		}
	}()
	return s
}

// next returns the stream's next event other than a comment, failing the test after
// 5 seconds.
func (s *stream) next(t *testing.T) sse {
	t.Helper()
	select {
	case ev, ok := <-s.evs:
		if !ok {
			t.Fatal("event stream ended")
		}
		return ev
	case <-time.After(5 * time.Second):
		t.Fatal("no event within 5s")
	}
	return sse{}
}

// blocks reads n blocks from s, with the ledger events that follow each, and checks
// that each event's id is its block's height.
func (s *stream) blocks(t *testing.T, n int) []api.Block {
	t.Helper()
	var out []api.Block
	for len(out) < n {
		ev := s.next(t)
		if ev.Type != "block" {
			t.Fatalf("event %+v, want a block event", ev)
		}
		var b api.Block
		if err := json.Unmarshal([]byte(ev.Data), &b); err != nil {
			t.Fatal(err)
		}
		if ev.ID != strconv.FormatUint(b.Height, 10) {
			t.Fatalf("block %d has event id %q", b.Height, ev.ID)
		}
		for _, le := range b.Events() {
			got := s.next(t)
			data, _ := json.Marshal(le)
			want := sse{ID: ev.ID, Type: le.Type, Data: string(data)}
			if got != want {
				t.Fatalf("after block %d: event %+v, want %+v", b.Height, got, want)
			}
		}
		out = append(out, b)
	}
	return out
}

// commit sends n faucet transactions from the sender, each in its own block, and
// returns the height of the last.
func (f *fixture) commit(t *testing.T, n int) uint64 {
	t.Helper()
	var rc api.Receipt
	for range n {
		_, nonce := f.heightAndNonce()
		st, b := f.post(f.encode(f.tx(nonce, ledger.Amount{}, faucet(f.sender.Address()))))
		if err := json.Unmarshal(b, &rc); st != http.StatusOK || err != nil {
			t.Fatalf("faucet tx: %d %s", st, b)
		}
	}
	return rc.Height
}

// heights returns the heights of bs.
func heights(bs []api.Block) []uint64 {
	var out []uint64
	for _, b := range bs {
		out = append(out, b.Height)
	}
	return out
}

// span returns from..to.
func span(from, to uint64) []uint64 {
	var out []uint64
	for h := from; h <= to; h++ {
		out = append(out, h)
	}
	return out
}

// TestEventsResumeAfterLastEventID: the SSE rule "a client reconnecting with
// Last-Event-ID resumes after that event". A client that saw blocks up to N and
// reconnects with Last-Event-ID N receives N+1, ... exactly once each, in order,
// including the blocks committed while it was away, then the live blocks; the replayed
// blocks and their events are exactly what the live stream sent.
func TestEventsResumeAfterLastEventID(t *testing.T) {
	f := newFixture(t)
	watcher := f.openEvents(t, "", "")
	away := f.openEvents(t, "", "")
	n := f.commit(t, 3)
	if got := heights(away.blocks(t, 3)); !cmp.Equal(got, span(1, n)) {
		t.Fatalf("before leaving the client saw %v, want %v", got, span(1, n))
	}
	away.cancel()
	f.commit(t, 4) // committed while the client is away
	back := f.openEvents(t, strconv.FormatUint(n, 10), "")
	last := f.commit(t, 2) // live after the reconnection
	got := back.blocks(t, int(last-n))
	if d := cmp.Diff(span(n+1, last), heights(got)); d != "" {
		t.Fatalf("after reconnecting with Last-Event-ID %d: heights (-want +got):\n%s", n, d)
	}
	live := watcher.blocks(t, int(last))
	if d := cmp.Diff(live[n:], got, cmp.Comparer(ledger.Amount.Eq)); d != "" {
		t.Errorf("replayed blocks differ from the live stream's (-live +replayed):\n%s", d)
	}
	next := f.commit(t, 1)
	if b := back.blocks(t, 1); b[0].Height != next {
		t.Errorf("after block %d the stream sent block %d, want %d once", last, b[0].Height, next)
	}
}

// TestEventsSinceIsLastEventIDInTheQuery: ?since= resumes as Last-Event-ID does, for
// clients that cannot set headers, and the header wins over it, as a browser
// reconnecting to a ?since= URL sends the last id it saw.
func TestEventsSinceIsLastEventIDInTheQuery(t *testing.T) {
	f := newFixture(t)
	head := f.commit(t, 5)
	tests := []struct {
		name, lastID, query string
		from                uint64
	}{
		{"since", "", "?since=2", 3},
		{"since 0 replays from the first block", "", "?since=0", 1},
		{"header wins", "4", "?since=1", 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := f.openEvents(t, tc.lastID, tc.query)
			if got := heights(s.blocks(t, int(head-tc.from+1))); !cmp.Equal(got, span(tc.from, head)) {
				t.Errorf("replayed %v, want %v", got, span(tc.from, head))
			}
		})
	}
}

// TestEventsBeyondTheHeadGiveOnlyLiveBlocks: a Last-Event-ID at or beyond the head
// replays nothing, and the stream starts with the next block committed.
func TestEventsBeyondTheHeadGiveOnlyLiveBlocks(t *testing.T) {
	f := newFixture(t)
	head := f.commit(t, 2)
	for _, id := range []string{strconv.FormatUint(head, 10), "1000"} {
		t.Run(id, func(t *testing.T) {
			s := f.openEvents(t, id, "")
			next := f.commit(t, 1)
			if got := heights(s.blocks(t, 1)); !cmp.Equal(got, []uint64{next}) {
				t.Errorf("Last-Event-ID %s at head %d: first block %v, want [%d]", id, head, got, next)
			}
			head = next
		})
	}
}

// TestEventsTooFarBehindGetAResync: a client more blocks behind than the server
// replays gets one resync event, whose id is the head so a reconnection resumes from
// there, telling it to fetch the snapshot; the live stream then follows the head.
func TestEventsTooFarBehindGetAResync(t *testing.T) {
	f := newFixture(t, func(c *api.Config) { c.MaxReplay = 3 })
	head := f.commit(t, 5)
	s := f.openEvents(t, "1", "")
	ev := s.next(t)
	var got api.Resync
	if err := json.Unmarshal([]byte(ev.Data), &got); err != nil || ev.Type != api.ResyncEvent || ev.ID != strconv.FormatUint(head, 10) {
		t.Fatalf("first event %+v (%v), want a resync event with id %d", ev, err, head)
	}
	want := api.Resync{Since: 1, Head: head, MaxReplay: 3,
		Message: "more than 3 blocks to replay: fetch GET /v1/snapshot, then follow the stream"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("resync (-want +got):\n%s", d)
	}
	next := f.commit(t, 1)
	if got := heights(s.blocks(t, 1)); !cmp.Equal(got, []uint64{next}) {
		t.Errorf("after the resync: %v, want [%d]", got, next)
	}
	within := f.openEvents(t, strconv.FormatUint(next-3, 10), "")
	if got := heights(within.blocks(t, 3)); !cmp.Equal(got, span(next-2, next)) {
		t.Errorf("exactly 3 behind: replayed %v, want %v", got, span(next-2, next))
	}
}

// TestEventsRefuseAMalformedResumePoint: a Last-Event-ID or since that is not a
// decimal block height is a 400 with an exact message, and no stream.
func TestEventsRefuseAMalformedResumePoint(t *testing.T) {
	f := newFixture(t)
	tests := []struct {
		name, lastID, query, msg string
	}{
		{"word", "abc", "", `Last-Event-ID must be a block height (a decimal number), got "abc"`},
		{"negative", "-1", "", `Last-Event-ID must be a block height (a decimal number), got "-1"`},
		{"signed", "+1", "", `Last-Event-ID must be a block height (a decimal number), got "+1"`},
		{"fraction", "1.5", "", `Last-Event-ID must be a block height (a decimal number), got "1.5"`},
		{"over 64 bits", "18446744073709551616", "", `Last-Event-ID must be a block height (a decimal number), got "18446744073709551616"`},
		{"long", strings.Repeat("9x", 50), "", `Last-Event-ID must be a block height (a decimal number), got "` + strings.Repeat("9x", 20) + `"`},
		{"bad header beside a good since", "x", "?since=1", `Last-Event-ID must be a block height (a decimal number), got "x"`},
		{"since word", "", "?since=head", `since must be a block height (a decimal number), got "head"`},
		{"since empty", "", "?since=", `since must be a block height (a decimal number), got ""`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, f.srv.URL+"/v1/events"+tc.query, nil)
			if err != nil {
				t.Fatal(err)
			}
			if tc.lastID != "" {
				req.Header.Set("Last-Event-ID", tc.lastID)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var got api.ErrorBody
			if err := json.NewDecoder(resp.Body).Decode(&got); err != nil {
				t.Fatalf("status %d, body not an error: %v", resp.StatusCode, err)
			}
			want := api.ErrorBody{Error: api.ErrorDetail{Class: "EXPECTED", Message: tc.msg}}
			if resp.StatusCode != http.StatusBadRequest || !cmp.Equal(want, got) {
				t.Errorf("GET /v1/events = %d, want 400; (-want +got):\n%s", resp.StatusCode, cmp.Diff(want, got))
			}
		})
	}
}

// TestEventsResumeWhileBlocksCommit: a stream resumed while blocks are being
// committed has no gap and no block twice, whichever side of the replay the blocks
// fall on.
func TestEventsResumeWhileBlocksCommit(t *testing.T) {
	f := newFixture(t)
	const total = 30
	errs := make(chan error, 1)
	go func() {
		defer close(errs)
		for nonce := uint64(1); nonce <= total; nonce++ {
			resp, err := http.Post(f.srv.URL+"/v1/tx", "application/json",
				strings.NewReader(string(f.encode(f.tx(nonce, ledger.Amount{}, faucet(f.sender.Address()))))))
			if err != nil {
				errs <- err
				return
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				errs <- fmt.Errorf("tx %d: status %d", nonce, resp.StatusCode)
				return
			}
		}
	}()
	for _, since := range []uint64{0, 2, 5, 9, 14} {
		for h, _ := f.heightAndNonce(); h < since; h, _ = f.heightAndNonce() {
			time.Sleep(time.Millisecond)
		}
		s := f.openEvents(t, strconv.FormatUint(since, 10), "")
		if d := cmp.Diff(span(since+1, total), heights(s.blocks(t, int(total-since)))); d != "" {
			t.Errorf("resumed after %d: heights (-want +got):\n%s", since, d)
		}
		s.cancel()
	}
	if err := <-errs; err != nil {
		t.Fatal(err)
	}
}

// headHook is a Chain that runs before each time Head is read, to commit a block
// between a stream's subscription and its reading of the head.
type headHook struct {
	api.Chain
	before func()
}

func (c headHook) Head() (uint64, error) {
	c.before()
	return c.Chain.Head()
}

// TestEventsSkipLiveBlocksAlreadyReplayed: a block committed after the stream
// subscribed but before it read the head is both in the replay and on the live
// subscription; it is sent once.
func TestEventsSkipLiveBlocksAlreadyReplayed(t *testing.T) {
	var f *fixture
	var during atomic.Bool // commit a block when the head is read
	f = newFixture(t, func(c *api.Config) {
		c.Chain = headHook{c.Chain, func() {
			if !during.Load() {
				return
			}
			_, nonce := f.heightAndNonce()
			if _, err := f.eng.Submit(context.Background(), f.tx(nonce, ledger.Amount{}, faucet(f.sender.Address()))); err != nil {
				t.Error(err)
			}
		}}
	})
	f.commit(t, 2)
	during.Store(true)
	s := f.openEvents(t, "1", "")
	during.Store(false)
	next := f.commit(t, 1)
	if d := cmp.Diff(span(2, 4), heights(s.blocks(t, 3))); d != "" || next != 4 {
		t.Errorf("block 3 committed between the subscription and the head, then block %d: heights (-want +got):\n%s", next, d)
	}
}
