package challenge

import (
	"context"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/arena/arena/challenge/abi"
)

// session is the host's side of one case: the input the agent reads, the response it
// set, and the mock tool endpoint (and, when the bench pins one, the model) answering
// its calls, every one recorded. The record is what the host observed, never what the
// program says it did: grading reads nothing else. Package sandbox serves the arena
// imports, counts the calls of a case (abi.MaxCalls) and hands over the response only
// when the case ended ok.
type session struct {
	ctx    context.Context
	c      abi.Case
	model  modelRoute // nil: the bench pins no model
	rec    abi.Record
	failed error // a model call that could not be served: the run abstains
}

// newSession returns the session of case c.
func newSession(ctx context.Context, c abi.Case, model modelRoute) *session {
	return &session{ctx: ctx, c: c, model: model, rec: abi.Record{ID: text([]byte(c.ID)), Calls: []abi.Call{}}}
}

// text is bytes as the transcript records them: valid UTF-8, each invalid byte sequence
// replaced by U+FFFD. encoding/json would write an invalid byte as the escape \ufffd but
// a decoded U+FFFD as itself, so without this a transcript holding garbage would not
// come back to its own canonical bytes once published and read.
func text(b []byte) string { return strings.ToValidUTF8(string(b), "\uFFFD") }

// Input is the case's input, all the agent is given.
func (s *session) Input() []byte { return s.c.Input }

// Output sets the case's response: recorded as text, cut at abi.MaxResponse bytes on a
// character boundary.
func (s *session) Output(b []byte) {
	if len(b) > abi.MaxResponse {
		b = b[:abi.MaxResponse]
	}
	r := text(b)
	for len(r) > abi.MaxResponse {
		_, size := utf8.DecodeLastRuneInString(r)
		r = r[:len(r)-size]
	}
	s.rec.Response = r
}

// Call serves one request on channel and records it. A channel other than tool and
// (when the bench pins one) model answers empty and is not recorded: the sandbox serves
// only what the bench offers, so only a host bug reaches it.
func (s *session) Call(channel string, req []byte) []byte {
	var resp []byte
	switch {
	case channel == abi.ChannelTool:
		resp = s.tool(req)
	case channel == abi.ChannelModel && s.model != nil:
		resp = s.ask(req)
	default:
		return nil
	}
	s.rec.Calls = append(s.rec.Calls, abi.Call{Channel: channel, Request: text(req), Response: text(resp)})
	return resp
}

// tool is the mock tool endpoint: the case's mock for the named tool, or
// abi.UnknownTool for a tool the case does not mock or a request that is not a tool
// request.
func (s *session) tool(req []byte) []byte {
	var r abi.ToolRequest
	if err := json.Unmarshal(req, &r); err != nil {
		return []byte(abi.UnknownTool)
	}
	if m, ok := s.c.Mocks[r.Name]; ok && r.Name != "" {
		return m
	}
	return []byte(abi.UnknownTool)
}

// ask routes a model request to the bench's pinned model. A call the model could not
// serve answers empty and marks the run as one this validator abstains from.
func (s *session) ask(req []byte) []byte {
	text, err := s.model.ask(s.ctx, req)
	if err != nil {
		if s.failed == nil {
			s.failed = err
		}
		return nil
	}
	return []byte(text)
}

// record returns what the host observed in the case, with its outcome and gas.
func (s *session) record(outcome string, gas int64) abi.Record {
	r := s.rec
	r.Outcome, r.Gas = outcome, gas
	if outcome != abi.OutcomeOK {
		r.Response = ""
	}
	return r
}

// toolCalls counts the tool calls the host served.
func (s *session) toolCalls() int {
	n := 0
	for _, c := range s.rec.Calls {
		if c.Channel == abi.ChannelTool {
			n++
		}
	}
	return n
}

// line is the Session an agent instance is bound to for its life: it forwards to the
// session of the case being played, so one instance serves case after case.
type line struct{ cur *session }

func (l *line) Input() []byte                          { return l.cur.Input() }
func (l *line) Output(b []byte)                        { l.cur.Output(b) }
func (l *line) Call(channel string, req []byte) []byte { return l.cur.Call(channel, req) }
