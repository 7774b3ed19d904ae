package board

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/arena/arena/ledger"
)

// TestTendersSurviveTheSnapshotFile: DESIGN.md, "the board is one self-contained HTML
// file built from a snapshot of the views. The node also serves it live." The static
// board reads the snapshot as JSON from a file and the live one takes it from the node;
// tenders and checks come through the JSON unchanged, so both pages are the same bytes,
// and the data block still carries exactly the entries' cards.
func TestTendersSurviveTheSnapshotFile(t *testing.T) {
	s := withFullTender(tendered(t))
	file, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var read ledger.Snapshot
	dec := json.NewDecoder(bytes.NewReader(file))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&read); err != nil {
		t.Fatalf("decode the snapshot file: %v", err)
	}
	again, err := json.Marshal(read)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(file, again) {
		t.Error("a snapshot with tenders does not survive its own JSON")
	}
	live := render(t, s)
	if static := render(t, read); !bytes.Equal(live, static) {
		t.Error("the board from the snapshot file differs from the board from the snapshot")
	}

	srv := httptest.NewServer(Handler(func() (ledger.Snapshot, error) { return s, nil }))
	defer srv.Close()
	resp, body := get(t, http.MethodGet, srv.URL+"/")
	if resp.StatusCode != http.StatusOK || !bytes.Equal(body, live) {
		t.Errorf("GET / = %d with %d bytes, want 200 with the %d bytes Render writes", resp.StatusCode, len(body), len(live))
	}
	checkPage(t, body, In("#bid-9 .total dd", HasText("26/30re-scored on appeal; was 23/30")))

	_, _, cards, err := decodeData(textOfScript(t, live))
	if err != nil {
		t.Fatalf("decode the data block: %v", err)
	}
	if d := sameCards(index(&s, crossings{}).cards(), cards); d != "" {
		t.Errorf("the data block differs from the entries' cards (-want +got):\n%s", d)
	}
}
