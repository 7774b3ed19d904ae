// Package reader builds the model backend a validator reads with, from a one-line spec.
// The backends live in subpackages (builtin, replay, openai, anthropic, ollama), each a
// grading.Model; what they share (the retry policy, the per-call timeout, the receipt
// and the definition of the prompt bytes it hashes) is in reader/call.
//
// Specs:
//
//	builtin                                    the lexical heuristic; no model
//	replay:PATH                                recorded answers from a replay file
//	openai:BASEURL#MODEL                       any OpenAI-compatible server; BASEURL includes /v1
//	ollama:BASEURL#MODEL                       Ollama's native /api/chat
//	anthropic:BASEURL#MODEL                    Anthropic's messages API
//
// for example "openai:http://127.0.0.1:8000/v1#qwen2.5-7b-instruct",
// "ollama:http://127.0.0.1:11434#llama3.2" or
// "anthropic:https://api.anthropic.com#claude-sonnet-4-5".
//
// API keys come from the environment, never from the spec (which is logged and shown):
// openai uses ARENA_OPENAI_API_KEY, else OPENAI_API_KEY, else no key (local servers
// need none); anthropic uses ARENA_ANTHROPIC_API_KEY, else ANTHROPIC_API_KEY, and is
// refused without one unless its URL is local (Local); ollama takes none. Without a
// key, no credential header is sent at all.
package reader

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"strings"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/reader/anthropic"
	"github.com/arena/arena/reader/builtin"
	"github.com/arena/arena/reader/call"
	"github.com/arena/arena/reader/ollama"
	"github.com/arena/arena/reader/openai"
	"github.com/arena/arena/reader/replay"
)

// ErrSpec is wrapped by every error Open returns for a spec it cannot read.
var ErrSpec = errors.New("bad reader spec")

// Open returns the backend spec names, under call.DefaultPolicy, reading API keys
// through env (os.Getenv in a command; nil reads nothing).
func Open(spec string, env func(string) string) (grading.Model, error) {
	return OpenWith(spec, env, call.Policy{})
}

// OpenWith is Open with policy as the backend's retries and per-call timeout; zero
// fields take call.DefaultPolicy's. The builtin and replay readers ignore it.
func OpenWith(spec string, env func(string) string, policy call.Policy) (grading.Model, error) {
	if env == nil {
		env = func(string) string { return "" }
	}
	kind, rest, _ := strings.Cut(spec, ":")
	switch kind {
	case "builtin":
		if rest != "" {
			return nil, fmt.Errorf("%w %q: builtin takes no argument", ErrSpec, spec)
		}
		return builtin.New(), nil
	case "replay":
		if rest == "" {
			return nil, fmt.Errorf("%w %q: want replay:PATH", ErrSpec, spec)
		}
		return replay.Open(rest)
	case "openai", "ollama", "anthropic":
		base, model, err := endpoint(spec, rest)
		if err != nil {
			return nil, err
		}
		return remote(kind, base, model, env, policy)
	}
	return nil, fmt.Errorf("%w %q: want builtin, replay:PATH, or openai:, ollama:, anthropic: with URL#MODEL", ErrSpec, spec)
}

// endpoint splits "URL#MODEL", requiring an http or https URL with a host, and a model.
func endpoint(spec, rest string) (string, string, error) {
	i := strings.LastIndex(rest, "#")
	if i < 0 || i == len(rest)-1 {
		return "", "", fmt.Errorf("%w %q: want URL#MODEL", ErrSpec, spec)
	}
	base, model := rest[:i], rest[i+1:]
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return "", "", fmt.Errorf("%w %q: %q is not an http(s) URL without credentials", ErrSpec, spec, base)
	}
	return base, model, nil
}

func remote(kind, base, model string, env func(string) string, policy call.Policy) (grading.Model, error) {
	switch kind {
	case "openai":
		key := first(env, "ARENA_OPENAI_API_KEY", "OPENAI_API_KEY")
		return openai.New(openai.Config{BaseURL: base, Model: model, APIKey: key, Policy: policy}), nil
	case "anthropic":
		key := first(env, "ARENA_ANTHROPIC_API_KEY", "ANTHROPIC_API_KEY")
		if key == "" && !Local(base) {
			return nil, fmt.Errorf("%w: anthropic needs ARENA_ANTHROPIC_API_KEY or ANTHROPIC_API_KEY unless its URL is a loopback or private address", ErrSpec)
		}
		return anthropic.New(anthropic.Config{BaseURL: base, Model: model, APIKey: key, Policy: policy}), nil
	}
	return ollama.New(ollama.Config{BaseURL: base, Model: model, Policy: policy}), nil
}

// cgnat is the shared address space (RFC 6598), private to a carrier or a tailnet.
var cgnat = netip.MustParsePrefix("100.64.0.0/10")

// Local reports whether base's host is on this machine or a private network: localhost
// (or a name under .localhost), or a loopback, private (RFC 1918, ULA), shared (CGNAT)
// or link-local address literal. A server there is the operator's own and may need no
// API key. Other names are not resolved, so they count as public.
func Local(base string) bool {
	u, err := url.Parse(base)
	if err != nil {
		return false
	}
	host := strings.ToLower(u.Hostname())
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	a = a.Unmap().WithZone("")
	return a.IsLoopback() || a.IsPrivate() || cgnat.Contains(a)
}

func first(env func(string) string, names ...string) string {
	for _, n := range names {
		if v := env(n); v != "" {
			return v
		}
	}
	return ""
}
