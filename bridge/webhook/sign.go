package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The headers of a delivery.
const (
	HeaderTimestamp   = "X-Arena-Timestamp"
	HeaderSignature   = "X-Arena-Signature"
	HeaderIdempotency = "Idempotency-Key"
)

// DefaultTolerance is how far Verify lets a request's timestamp be from the receiver's
// clock, either way.
const DefaultTolerance = 5 * time.Minute

// Errors Verify reports.
var (
	ErrNoTimestamp  = errors.New("webhook: missing or malformed " + HeaderTimestamp + " header")
	ErrNoSignature  = errors.New("webhook: missing or malformed " + HeaderSignature + " header")
	ErrBadSignature = errors.New("webhook: signature does not match the body")
	ErrStale        = errors.New("webhook: timestamp outside the tolerated window")
)

// Sign returns the X-Arena-Signature value of body sent at unix second ts:
// "sha256=" and the hex HMAC-SHA256 under secret of ts in decimal, ".", and body.
func Sign(secret []byte, ts int64, body []byte) string {
	return "sha256=" + hex.EncodeToString(mac(secret, ts, body))
}

func mac(secret []byte, ts int64, body []byte) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(strconv.FormatInt(ts, 10)))
	m.Write([]byte{'.'})
	m.Write(body)
	return m.Sum(nil)
}

// Verify checks that body, received with header, was signed with secret no more than
// DefaultTolerance from now. It is what a receiver calls before trusting a delivery.
func Verify(secret []byte, header http.Header, body []byte) error {
	return VerifyAt(secret, header, body, time.Now(), DefaultTolerance)
}

// VerifyAt is Verify against the clock reading now and the given tolerance.
func VerifyAt(secret []byte, header http.Header, body []byte, now time.Time, tolerance time.Duration) error {
	ts, err := parseTimestamp(header.Get(HeaderTimestamp))
	if err != nil {
		return err
	}
	got, err := parseSignature(header.Get(HeaderSignature))
	if err != nil {
		return err
	}
	if !hmac.Equal(got, mac(secret, ts, body)) {
		return ErrBadSignature
	}
	if d := now.Sub(time.Unix(ts, 0)); d > tolerance || d < -tolerance {
		return fmt.Errorf("%w: sent %s, now %s", ErrStale, time.Unix(ts, 0).UTC().Format(time.RFC3339),
			now.UTC().Format(time.RFC3339))
	}
	return nil
}

// parseTimestamp accepts 1 to 12 decimal digits without sign or leading zero.
func parseTimestamp(s string) (int64, error) {
	if s == "" || len(s) > 12 || (len(s) > 1 && s[0] == '0') || strings.Trim(s, "0123456789") != "" {
		return 0, ErrNoTimestamp
	}
	ts, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, ErrNoTimestamp
	}
	return ts, nil
}

// parseSignature accepts "sha256=" and exactly 64 lower-case hex digits.
func parseSignature(s string) ([]byte, error) {
	hexSum, ok := strings.CutPrefix(s, "sha256=")
	if !ok || len(hexSum) != 2*sha256.Size || strings.ToLower(hexSum) != hexSum {
		return nil, ErrNoSignature
	}
	sum, err := hex.DecodeString(hexSum)
	if err != nil {
		return nil, ErrNoSignature
	}
	return sum, nil
}
