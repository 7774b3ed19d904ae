// Package client is the Go client of the arena's HTTP API: one method per route, typed
// errors carrying the protocol class and message, server-sent events, and helpers that
// follow an entry until its grade settles. It reads the API's bodies as the server
// writes them (packages ledger, chain and api/wire) and links no engine, no SQLite and
// not the server.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/chain"
)

// Client talks to one arena node. It is safe for concurrent use.
type Client struct {
	base   string
	hc     *http.Client
	signer HashSigner // signs blob uploads; nil until WithSigner
}

// New returns a client of the API at baseURL ("http://127.0.0.1:8545"). A nil hc means
// http.DefaultClient.
func New(baseURL string, hc *http.Client) *Client {
	if hc == nil {
		hc = http.DefaultClient
	}
	return &Client{base: strings.TrimRight(baseURL, "/"), hc: hc}
}

// BaseURL returns the URL the client was made with, without a trailing slash.
func (c *Client) BaseURL() string { return c.base }

// Error is a failure the API answered with: its HTTP status, the protocol class word
// (EXPECTED, EXTERNAL, TRANSIENT, LLM_ERROR or INTERNAL) and the exact message. Receipt
// is set when the ledger applied and refused a transaction.
type Error struct {
	Status  int
	Class   string
	Message string
	Receipt *chain.Receipt
}

// Error returns "[CLASS] message", the form the ledger's refusals are compared in.
func (e *Error) Error() string { return "[" + e.Class + "] " + e.Message }

// get decodes the JSON answer to GET path into v.
func (c *Client) get(ctx context.Context, path string, v any) error {
	return c.do(ctx, http.MethodGet, path, nil, v)
}

// do sends one request with a JSON body, if any, and decodes a 2xx answer into v, or
// returns an *Error.
func (c *Client) do(ctx context.Context, method, path string, body []byte, v any) error {
	return c.send(ctx, method, path, "application/json", body, v)
}

// send sends one request with a body of content type ctype, if any, and decodes a 2xx
// answer into v (a *[]byte takes it raw), or returns an *Error.
func (c *Client) send(ctx context.Context, method, path, ctype string, body []byte, v any) error {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	if body != nil {
		req.Header.Set("Content-Type", ctype)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return fmt.Errorf("%s %s: read answer: %w", method, path, err)
	}
	if resp.StatusCode/100 != 2 {
		return answerError(resp.StatusCode, b)
	}
	if raw, ok := v.(*[]byte); ok {
		*raw = b
		return nil
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s %s: decode answer: %w", method, path, err)
	}
	return nil
}

// answerError turns a non-2xx answer into an *Error.
func answerError(status int, b []byte) error {
	var eb wire.ErrorBody
	if err := json.Unmarshal(b, &eb); err != nil || eb.Error.Class == "" {
		msg := strings.TrimSpace(string(b))
		if len(msg) > 200 {
			msg = msg[:200]
		}
		return &Error{Status: status, Class: "INTERNAL", Message: fmt.Sprintf("HTTP %d: %s", status, msg)}
	}
	return &Error{Status: status, Class: eb.Error.Class, Message: eb.Error.Message, Receipt: eb.Receipt}
}
