package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/arena/arena/api/wire"
)

// keepAlive is how often an idle event stream gets a comment line, so proxies and
// clients can tell a quiet arena from a dead connection.
const keepAlive = 15 * time.Second

// DefaultMaxReplay is the most blocks one request to GET /v1/events replays from the
// store unless Config.MaxReplay says otherwise. A client further behind gets a
// "resync" event instead and should fetch GET /v1/snapshot.
const DefaultMaxReplay = 10_000

// ResyncEvent is the type of the event that tells a client it is more blocks behind
// than a request replays (wire.ResyncEvent). Its id is the head height, so a client that
// reconnects after it resumes from there.
const ResyncEvent = wire.ResyncEvent

// subscribeBuf is how many blocks a stream buffers while it writes; a client slower
// than that is dropped, its stream ends, and it resumes with Last-Event-ID.
const subscribeBuf = 64

// getEvents streams server-sent events: one "block" event per committed block, then one
// event per ledger event in it, typed by the ledger's event type (round_opened,
// attested, grade_settled, award, ...). Every event's id is its block height. A
// Last-Event-ID header (or, for clients that cannot set it, ?since=) resumes the stream:
// the blocks after that height are replayed from the store, then the live stream
// follows with no gap and no block twice. A height whose next block this node no
// longer keeps (it prunes, or joined by state sync) is answered 410 with the lowest
// height it keeps.
func (s *server) getEvents(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		s.fail(w, r, fmt.Errorf("response writer %T cannot flush", w))
		return
	}
	since, resume, err := resumePoint(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if resume {
		first, err := s.firstBlock()
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if since+1 < first {
			s.fail(w, r, gone(since+1, first))
			return
		}
	}
	// Subscribe before reading the head: every block after the head then arrives on
	// blocks, and every block up to it is in the store.
	blocks, cancel := s.chain.Subscribe(subscribeBuf)
	defer cancel()
	head, err := s.chain.Head()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprintf(w, "retry: 1000\n: height %d\n\n", head)
	fl.Flush()
	if resume && since < head {
		if err := s.replay(w, fl, since, head); err != nil {
			s.log.Info("event stream closed during replay", "since", since, "head", head, "err", err)
			return
		}
	}
	s.follow(w, r, fl, blocks, head)
}

// follow streams the live blocks after height last until the request ends or the
// subscription is dropped.
func (s *server) follow(w http.ResponseWriter, r *http.Request, fl http.Flusher, blocks <-chan Block, last uint64) {
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-tick.C:
			fmt.Fprint(w, ": keep-alive\n\n")
		case b, ok := <-blocks:
			if !ok {
				return
			}
			if b.Height <= last {
				continue // replayed from the store, or committed before the stream began
			}
			if err := writeBlock(w, b); err != nil {
				s.log.Info("event stream closed", "err", err)
				return
			}
			last = b.Height
		}
		fl.Flush()
	}
}

// replay writes the stored blocks after since up to head, or a resync event when there
// are more than the server replays.
func (s *server) replay(w http.ResponseWriter, fl http.Flusher, since, head uint64) error {
	if head-since > s.maxReplay {
		msg := fmt.Sprintf("more than %d blocks to replay: fetch GET /v1/snapshot, then follow the stream", s.maxReplay)
		err := writeEvent(w, head, ResyncEvent, Resync{Since: since, Head: head, MaxReplay: s.maxReplay, Message: msg})
		fl.Flush()
		return err
	}
	next := since + 1
	for b, err := range s.chain.Blocks(next, head) {
		if err != nil {
			return err
		}
		if b.Height != next {
			return fmt.Errorf("store returned block %d, want %d", b.Height, next)
		}
		if err := writeBlock(w, b); err != nil {
			return err
		}
		fl.Flush()
		next++
	}
	if next != head+1 {
		return fmt.Errorf("store ended at block %d, want %d", next-1, head)
	}
	return nil
}

// writeBlock writes b and its ledger events as server-sent events.
func writeBlock(w http.ResponseWriter, b Block) error {
	if err := writeEvent(w, b.Height, "block", b); err != nil {
		return err
	}
	for _, e := range b.Events() {
		if err := writeEvent(w, b.Height, e.Type, e); err != nil {
			return err
		}
	}
	return nil
}

func writeEvent(w http.ResponseWriter, id uint64, typ string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode %s event: %w", typ, err)
	}
	_, err = fmt.Fprintf(w, "id: %d\nevent: %s\ndata: %s\n\n", id, typ, data)
	return err
}
