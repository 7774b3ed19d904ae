package api_test

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/arena/arena/api"
	"github.com/arena/arena/ledger"
)

// TestEventsDeliverEachBlock: GET /v1/events streams a "block" event for a committed
// block, with the block height as its id, followed by its ledger events.
func TestEventsDeliverEachBlock(t *testing.T) {
	f := newFixture(t)
	resp, err := http.Get(f.srv.URL + "/v1/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type = %q", ct)
	}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() && sc.Text() != "" { // the greeting ends with a blank line
	}
	if st, b := f.post(f.encode(f.tx(1, ledger.Amount{}, faucet(f.sender.Address())))); st != http.StatusOK {
		t.Fatalf("tx: %d %s", st, b)
	}
	done := time.AfterFunc(5*time.Second, func() { resp.Body.Close() })
	defer done.Stop()
	var lines []string
	for sc.Scan() && len(lines) < 6 {
		if l := sc.Text(); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) < 6 || lines[0] != "id: 1" || lines[1] != "event: block" || lines[3] != "id: 1" || lines[4] != "event: faucet" {
		t.Fatalf("stream = %q, want a block event then a faucet event, both with id 1", lines)
	}
	var b api.Block
	if err := json.Unmarshal([]byte(strings.TrimPrefix(lines[2], "data: ")), &b); err != nil {
		t.Fatal(err)
	}
	if b.Height != 1 || len(b.Txs) != 1 || b.Txs[0].Kind != ledger.KindFaucet || !b.Txs[0].Outcome.OK() {
		t.Errorf("block = %+v, want height 1 with the faucet tx applied", b)
	}
}

// TestEventsStreamTheBlocksBeginBlockEvents: the events a block's begin-block work
// produced, which no transaction's outcome carries, reach GET /v1/events: the block
// that anchors a learning run's seed carries learn_run_anchored in its begin_events,
// with the seed the run's view shows, and the stream sends it before the block's
// transactions' events.
func TestEventsStreamTheBlocksBeginBlockEvents(t *testing.T) {
	f := learningFixture(t)
	var seed string
	var round ledger.RoundID
	var head uint64
	f.eng.View(func(s *ledger.State) {
		r := s.Snapshot().Learning[0].Runs[0]
		seed, round, head = r.Seed, r.Round, s.Height()
	})
	if len(seed) != 64 {
		t.Fatalf("the run's seed is %q after its anchor", seed)
	}
	s := f.openEvents(t, "0", "")
	var found []ledger.Event
	for _, b := range s.blocks(t, int(head)) {
		for _, e := range b.Begin {
			if e.Type == "learn_run_anchored" {
				found = append(found, e)
			}
		}
	}
	if len(found) != 1 || found[0].Note != seed || found[0].Round != uint64(round) || found[0].Entry != 1 {
		t.Fatalf("learn_run_anchored begin events %+v, want one naming run 1, round %d and seed %s", found, round, seed)
	}
}
