// Package call holds what every model backend under reader/ shares: the retry policy
// (which failures are retried, after which deterministic delays), the per-call timeout,
// the one JSON POST over net/http that each backend's wire format is sent with (Post,
// which turns a failed status and its Retry-After into an *HTTPError), one retried
// exchange with its receipt (Exchange), and the receipt a call leaves (ledger.Call).
// No backend judges an answer's form: a reading's text goes whole to rung.Parse, the
// one parser of answers, and a provider's refusal (a status, a refusal field or stop
// reason) is the only thing that wraps grading.ErrModelRefused.
//
// # The prompt bytes
//
// A receipt's PromptSHA is the SHA-256 (lower-case hex) of PromptText(p):
//
//	p.System + "\n\n" + p.User
//
// as UTF-8 bytes, with nothing trimmed or normalised, and Prompt holds that same text.
// It is the same for every backend, so the receipts of two validators that built the
// same prompt carry the same hash whichever provider each used, and the replay reader
// files recorded answers under it. The request body itself is not hashed: it differs
// by provider, and what else it carries is fixed by the backend, not by the prompt: the
// schema (p.Schema, named p.SchemaName, fixed by p.Purpose), temperature 0, and p.Seed
// where the API has a seed.
//
// ResponseSHA is the SHA-256 of the answer text exactly as the provider returned it
// (the message content, before any parsing), and Response holds that text.
package call
