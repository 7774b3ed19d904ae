// Package readertest is the suite every HTTP reader backend passes: Run drives a backend
// over real HTTP against a local server that speaks its provider's wire format (OpenAI
// chat completions, Anthropic messages, Ollama /api/chat), records what was sent, and
// checks the claims a grader relies on: temperature 0 sent explicitly, the seed where the
// API has one, the schema and its name, the messages; retries on 429 and 503 and never
// on 400 or 401; the per-call timeout; a receipt whose hashes are those of the texts
// that crossed the wire; every wording of an answer handed whole to the one rung parser;
// and the provider's own refusal, alone, classed as a refusal.
package readertest

import (
	"encoding/json"
)

// Sent is what a backend sent in one request, decoded from its provider's format.
type Sent struct {
	Model       string
	System      string
	User        string
	Temperature *float64 // nil when the field was omitted
	Seed        *int64   // nil when the field was omitted
	SchemaName  string
	Schema      json.RawMessage
}

// Wire is one provider's wire format as a fake server speaks it.
type Wire struct {
	Name       string // provider, as receipts name it
	Path       string // the path the backend must POST to, from the server root
	Seed       bool   // the API has a seed field, which must be sent
	SchemaName bool   // the API names the schema, which must be sent
	// Decode reads a request body, refusing one that breaks the provider's format or
	// omits what a grader must send (stream off, strict schema, a token limit).
	Decode func(body []byte) (Sent, error)
	// Answer is the body of a successful response carrying text from model.
	Answer func(model, text string) []byte
	// Failure is the body of a failed response with status code.
	Failure func(code int) []byte
	// Refusal is the body of a successful response in which the provider declines to
	// answer (a refusal field, a refusal stop reason); nil when the API has none.
	Refusal func(model string) []byte
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// text reads a content field that is either a string or a list of text blocks.
func text(raw json.RawMessage) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var blocks []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &blocks); err != nil {
		return "", err
	}
	out := ""
	for _, b := range blocks {
		out += b.Text
	}
	return out, nil
}
