package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// keepAlive is how often an idle event stream gets a comment line, so proxies and
// clients can tell a quiet arena from a dead connection.
const keepAlive = 15 * time.Second

// getEvents streams server-sent events: one "block" event per committed block, then one
// event per ledger event in it, typed by the ledger's event type (round_opened,
// attested, grade_settled, award, ...). Every event's id is its block height. A
// Last-Event-ID header is accepted but streams resume from the next block: the engine
// keeps no replayable history for the API.
func (s *server) getEvents(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		s.fail(w, r, fmt.Errorf("response writer %T cannot flush", w))
		return
	}
	blocks, cancel := s.chain.Subscribe(64)
	defer cancel()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprintf(w, "retry: 1000\n: height %d\n\n", s.height())
	fl.Flush()
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
			if err := writeBlock(w, b); err != nil {
				s.log.Info("event stream closed", "err", err)
				return
			}
		}
		fl.Flush()
	}
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
