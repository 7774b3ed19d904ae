package call

import (
	"crypto/sha256"
	"encoding/hex"
	"time"

	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
)

// PromptText returns the exact prompt bytes a receipt hashes: p.System, a blank line,
// then p.User.
func PromptText(p prompt.Prompt) string { return p.System + "\n\n" + p.User }

// Hash returns the lower-case hex SHA-256 of s.
func Hash(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// Receipt returns the unsigned receipt of one model call: who answered, for what
// purpose, the exact prompt and response texts with their hashes, and when the call
// started and finished (RFC 3339 in UTC, to the nanosecond).
func Receipt(provider, model string, p prompt.Prompt, response string, started, finished time.Time) ledger.Call {
	text := PromptText(p)
	return ledger.Call{
		Provider:    provider,
		Model:       model,
		Purpose:     p.Purpose,
		PromptSHA:   Hash(text),
		ResponseSHA: Hash(response),
		Prompt:      text,
		Response:    response,
		Started:     started.UTC().Format(time.RFC3339Nano),
		Finished:    finished.UTC().Format(time.RFC3339Nano),
	}
}
