package client

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/chain"
	"github.com/arena/arena/ledger"
)

// Event is one server-sent event: its id (the block height), its type ("block" or a
// ledger event type such as "round_opened") and its JSON data.
type Event struct {
	ID   string
	Type string
	Data json.RawMessage
}

// Block decodes a "block" event.
func (e Event) Block() (chain.Block, error) {
	var b chain.Block
	if err := json.Unmarshal(e.Data, &b); err != nil {
		return b, fmt.Errorf("decode %s event: %w", e.Type, err)
	}
	return b, nil
}

// Ledger decodes any other event into the ledger event it carries.
func (e Event) Ledger() (ledger.Event, error) {
	var v ledger.Event
	if err := json.Unmarshal(e.Data, &v); err != nil {
		return v, fmt.Errorf("decode %s event: %w", e.Type, err)
	}
	return v, nil
}

// maxEventBytes bounds one line of the event stream.
const maxEventBytes = 8 << 20

// Height returns the block height the event's id names.
func (e Event) Height() (uint64, error) {
	h, err := strconv.ParseUint(e.ID, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s event id %q is not a block height", e.Type, e.ID)
	}
	return h, nil
}

// Resync decodes a "resync" event (wire.ResyncEvent): the stream was asked to replay
// more blocks than the server does, so the caller should fetch the snapshot; the stream
// continues after the head it names.
func (e Event) Resync() (wire.Resync, error) {
	var r wire.Resync
	if err := json.Unmarshal(e.Data, &r); err != nil {
		return r, fmt.Errorf("decode %s event: %w", e.Type, err)
	}
	return r, nil
}

// Events subscribes to GET /v1/events from the next block. The channel delivers events
// until ctx is done or the stream ends, and is then closed.
func (c *Client) Events(ctx context.Context) (<-chan Event, error) {
	return c.events(ctx, "")
}

// EventsSince resumes GET /v1/events after the block at height, sending it as
// Last-Event-ID: the stream replays the blocks committed after it, then continues live,
// each block once. A caller whose stream ended reconnects with the height of the last
// event it received. When height is too far behind, the first event is a "resync"
// (see Event.Resync) instead of the replay.
func (c *Client) EventsSince(ctx context.Context, height uint64) (<-chan Event, error) {
	return c.events(ctx, strconv.FormatUint(height, 10))
}

// events opens the stream, resuming after lastID unless it is empty.
func (c *Client) events(ctx context.Context, lastID string) (<-chan Event, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/v1/events", nil)
	if err != nil {
		return nil, fmt.Errorf("events: %w", err)
	}
	req.Header.Set("Accept", "text/event-stream")
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("events: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		defer resp.Body.Close()
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
		return nil, answerError(resp.StatusCode, b)
	}
	ch := make(chan Event, 16)
	go func() {
		defer close(ch)
		defer resp.Body.Close()
		readEvents(ctx, resp.Body, ch)
	}()
	return ch, nil
}

// readEvents parses the text/event-stream format from r into ch.
func readEvents(ctx context.Context, r io.Reader, ch chan<- Event) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxEventBytes)
	var ev Event
	var data bytes.Buffer
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 {
			if data.Len() > 0 || ev.Type != "" {
				ev.Data = bytes.Clone(bytes.TrimSuffix(data.Bytes(), []byte("\n")))
				if ev.Type == "" {
					ev.Type = "message"
				}
				select {
				case ch <- ev:
				case <-ctx.Done():
					return
				}
			}
			ev, data = Event{ID: ev.ID}, bytes.Buffer{}
			continue
		}
		field, value, _ := bytes.Cut(line, []byte(":"))
		value = bytes.TrimPrefix(value, []byte(" "))
		switch string(field) {
		case "id":
			ev.ID = string(value)
		case "event":
			ev.Type = string(value)
		case "data":
			data.Write(value)
			data.WriteByte('\n')
		}
	}
}
