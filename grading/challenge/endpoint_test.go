package challenge

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/arena/arena/challenge/abi"
)

// The mock tool endpoint answers any request with a mock of the case or
// abi.UnknownTool, never panics, and records every call it served as it crossed: the
// request's bytes and the answer's, as text (an invalid byte sequence read as U+FFFD).
func FuzzTheToolEndpointAnswersAnyRequest(f *testing.F) {
	for _, s := range []string{`{"name":"search","args":{"q":"x"}}`, `{"name":"weather"}`, `{"name":""}`, `not json`, ``, `{"name":["search"]}`, `null`} {
		f.Add([]byte(s))
	}
	c := abi.Case{ID: "c1", Input: json.RawMessage(`"hi"`), Mocks: map[string]json.RawMessage{
		"search": json.RawMessage(`{"results":["a"]}`), "": json.RawMessage(`"never"`),
	}}
	f.Fuzz(func(t *testing.T, req []byte) {
		s := newSession(context.Background(), c, nil)
		got := string(s.Call(abi.ChannelTool, req))
		if got != `{"results":["a"]}` && got != abi.UnknownTool {
			t.Fatalf("answered %q", got)
		}
		if s.Call(abi.ChannelModel, req) != nil {
			t.Fatal("the model channel answered without a pinned model")
		}
		rec := s.record(abi.OutcomeOK, 1)
		if len(rec.Calls) != 1 || rec.Calls[0] != (abi.Call{Channel: abi.ChannelTool, Request: strings.ToValidUTF8(string(req), "\uFFFD"), Response: got}) {
			t.Fatalf("recorded %+v", rec.Calls)
		}
	})
}

// A case that did not end ok has no response in its record, whatever the program set.
func TestAFailedCaseHasNoResponse(t *testing.T) {
	s := newSession(context.Background(), abi.Case{ID: "c1"}, nil)
	s.Output([]byte("partial"))
	for _, o := range []string{abi.OutcomeTrap, abi.OutcomeOutOfGas} {
		if r := s.record(o, 7); r.Response != "" || r.Outcome != o || r.Gas != 7 {
			t.Fatalf("%s: %+v", o, r)
		}
	}
	if r := s.record(abi.OutcomeOK, 7); r.Response != "partial" {
		t.Fatalf("ok: %+v", r)
	}
}

// A response is recorded as text and cut at abi.MaxResponse bytes, never inside a
// character, whatever bytes the program wrote.
func TestAResponseIsTextUnderTheCap(t *testing.T) {
	for _, b := range [][]byte{
		[]byte(strings.Repeat("é", abi.MaxResponse)),                       // a two-byte character across the cap
		append([]byte(strings.Repeat("a", abi.MaxResponse-1)), 0xff, 0xfe), // garbage at the cap
		{0xff, 'o', 'k', 0xc3},
	} {
		s := newSession(context.Background(), abi.Case{ID: "c1"}, nil)
		s.Output(b)
		r := s.rec.Response
		if len(r) > abi.MaxResponse || !utf8.ValidString(r) || r == "" {
			t.Fatalf("recorded %d bytes, valid %v", len(r), utf8.ValidString(r))
		}
	}
}
