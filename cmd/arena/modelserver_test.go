package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"

	"github.com/arena/arena/reader/readertest"
	"github.com/rogpeppe/go-internal/testscript"
)

// modelModes are how the scripts' model server answers, by the first segment of the
// path a reader posts to: ok reads every work at rung 3 (and answers a tender's
// prompts as tenderAnswer does), refuse answers 400 (the model
// refused: LLM_ERROR), fail answers 500 (retried, then TRANSIENT), hang answers only
// when the caller gives up, and switch answers as the last `modelmode` said (ok at
// first).
var modelModes = []string{"ok", "refuse", "fail", "hang", "switch"}

// modelServer is one script's OpenAI-compatible model server.
type modelServer struct {
	mu   sync.Mutex
	mode string // what switch answers as
	done chan struct{}
}

// startModelServer starts a model server on loopback for the script and sets, for
// each mode, the environment variable of its upper-case name to a reader spec that
// reaches it: OK=openai:http://127.0.0.1:PORT/ok/v1#m, and so on.
func startModelServer(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: modelserver")
	}
	m := &modelServer{mode: "ok", done: make(chan struct{})}
	srv := httptest.NewServer(m)
	ts.Defer(func() { close(m.done); srv.Close() })
	ts.Value(modelServerKey{}).(*modelSlot).m = m
	for _, mode := range modelModes {
		ts.Setenv(strings.ToUpper(mode), "openai:"+srv.URL+"/"+mode+"/v1#m")
	}
}

// modelServerKey names, in the script's values, the slot its model server is kept in
// (TestScripts' Setup makes one per script).
type modelServerKey struct{}

type modelSlot struct{ m *modelServer }

// setModelMode sets what the script's model server answers on its switch path.
func setModelMode(ts *testscript.TestScript, neg bool, args []string) {
	m := ts.Value(modelServerKey{}).(*modelSlot).m
	if neg || len(args) != 1 || m == nil || args[0] == "switch" || !slices.Contains(modelModes, args[0]) {
		ts.Fatalf("usage: modelmode ok|refuse|fail|hang, after modelserver")
	}
	m.mu.Lock()
	m.mode = args[0]
	m.mu.Unlock()
}

func (m *modelServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body) // read whole, so a caller that gives up cancels r's context
	mode, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	if mode == "switch" {
		m.mu.Lock()
		mode = m.mode
		m.mu.Unlock()
	}
	w.Header().Set("Content-Type", "application/json")
	switch mode {
	case "refuse":
		w.WriteHeader(http.StatusBadRequest)
		w.Write(readertest.OpenAI.Failure(http.StatusBadRequest))
	case "fail":
		w.WriteHeader(http.StatusInternalServerError)
		w.Write(readertest.OpenAI.Failure(http.StatusInternalServerError))
	case "hang":
		select {
		case <-r.Context().Done():
		case <-m.done:
		}
	default:
		text := `{"rung": 3, "reason": "a fair piece of work"}`
		sent, err := readertest.OpenAI.Decode(body)
		if err == nil && sent.SchemaName == "arena_compile" {
			text = `{"checks": []}`
		}
		if t, ok := tenderAnswer(sent); err == nil && ok {
			text = t
		}
		w.Write(readertest.OpenAI.Answer("m", text))
	}
}
