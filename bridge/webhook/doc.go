// Package webhook is the bridge sink that POSTs each award, as JSON, to a URL, and the
// check its receivers run.
//
// Every request carries three headers:
//
//	X-Arena-Timestamp: 1700000000                 unix seconds when the attempt was sent
//	X-Arena-Signature: sha256=<64 hex digits>     HMAC-SHA256(secret, timestamp "." body)
//	Idempotency-Key:   <the award's event id>     the same on every attempt
//
// The body is identical on every attempt; the timestamp and signature are made afresh.
// A receiver checks a request with Verify and drops repeats by Idempotency-Key. Any
// 2xx answer is a delivery; anything else, or no answer, is a failure the relayer
// retries.
package webhook
