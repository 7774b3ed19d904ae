package client

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReadEventsParsesTheStreamFormat: comments are skipped, multi-line data is
// joined with newlines, an event without a type is a "message", and the last id
// carries over to events that name none.
func TestReadEventsParsesTheStreamFormat(t *testing.T) {
	in := "retry: 1000\n: height 0\n\nid: 3\nevent: block\ndata: {\"height\":3}\n\ndata: a\ndata: b\n\n"
	ch := make(chan Event, 4)
	readEvents(context.Background(), strings.NewReader(in), ch)
	close(ch)
	var got []Event
	for e := range ch {
		got = append(got, e)
	}
	want := []Event{{ID: "3", Type: "block", Data: []byte(`{"height":3}`)}, {ID: "3", Type: "message", Data: []byte("a\nb")}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("events (-want +got):\n%s", d)
	}
}
