package webhook_test

import (
	"errors"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/arena/arena/bridge/webhook"
)

var secret = []byte("0123456789abcdef-test-secret")

func signed(ts int64, body []byte) http.Header {
	h := http.Header{}
	h.Set(webhook.HeaderTimestamp, strconv.FormatInt(ts, 10))
	h.Set(webhook.HeaderSignature, webhook.Sign(secret, ts, body))
	return h
}

// TestVerifyAcceptsOnlyWhatTheSecretSigned: the brief, "signed with an HMAC-SHA256
// header over the exact body, plus a timestamp header included in the MAC". Verify
// accepts a request as signed, and refuses, by its exact message, a missing or malformed
// header, another secret, a changed body, a changed timestamp and a stale request.
func TestVerifyAcceptsOnlyWhatTheSecretSigned(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	body := []byte(`{"id":"c/award/1","task":1}`)
	good := signed(now.Unix(), body)
	if err := webhook.VerifyAt(secret, good, body, now, time.Minute); err != nil {
		t.Fatalf("VerifyAt(a signed request): %v", err)
	}
	with := func(k, v string) http.Header {
		h := good.Clone()
		h.Set(k, v)
		return h
	}
	for _, tc := range []struct {
		name   string
		secret []byte
		header http.Header
		body   []byte
		now    time.Time
		is     error
		want   string
	}{
		{"no timestamp", secret, with(webhook.HeaderTimestamp, ""), body, now, webhook.ErrNoTimestamp,
			"webhook: missing or malformed X-Arena-Timestamp header"},
		{"signed timestamp", secret, with(webhook.HeaderTimestamp, "+1800000000"), body, now, webhook.ErrNoTimestamp,
			"webhook: missing or malformed X-Arena-Timestamp header"},
		{"no signature", secret, with(webhook.HeaderSignature, ""), body, now, webhook.ErrNoSignature,
			"webhook: missing or malformed X-Arena-Signature header"},
		{"other scheme", secret, with(webhook.HeaderSignature, "sha1=00"), body, now, webhook.ErrNoSignature,
			"webhook: missing or malformed X-Arena-Signature header"},
		{"other secret", []byte("another-secret-of-16+"), good, body, now, webhook.ErrBadSignature,
			"webhook: signature does not match the body"},
		{"changed body", secret, good, []byte(`{"id":"c/award/1","task":2}`), now, webhook.ErrBadSignature,
			"webhook: signature does not match the body"},
		{"changed timestamp", secret, with(webhook.HeaderTimestamp, strconv.FormatInt(now.Unix()+1, 10)), body, now,
			webhook.ErrBadSignature, "webhook: signature does not match the body"},
		{"stale", secret, good, body, now.Add(2 * time.Minute), webhook.ErrStale,
			"webhook: timestamp outside the tolerated window: sent 2027-01-15T08:00:00Z, now 2027-01-15T08:02:00Z"},
		{"from the future", secret, good, body, now.Add(-2 * time.Minute), webhook.ErrStale,
			"webhook: timestamp outside the tolerated window: sent 2027-01-15T08:00:00Z, now 2027-01-15T07:58:00Z"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := webhook.VerifyAt(tc.secret, tc.header, tc.body, tc.now, time.Minute)
			if !errors.Is(err, tc.is) || err.Error() != tc.want {
				t.Errorf("VerifyAt: got %v, want %q", err, tc.want)
			}
		})
	}
}

// TestSignIsTheDocumentedMAC pins the signature of one request, so that receivers in
// other languages can check theirs: HMAC-SHA256(secret, "1800000000" "." body).
func TestSignIsTheDocumentedMAC(t *testing.T) {
	got := webhook.Sign([]byte("secret"), 1800000000, []byte(`{}`))
	// printf '1800000000.{}' | openssl dgst -sha256 -hmac secret
	const want = "sha256=bb7079132825ac793cea8c013c1dd24d926b9b02132245b10588d9e5c0df70d7"
	if got != want {
		t.Errorf("Sign = %s, want %s", got, want)
	}
}

// FuzzVerify: Verify parses outside input (two headers and a body). It never panics,
// and it accepts a request only if the signature header is exactly what Sign makes.
func FuzzVerify(f *testing.F) {
	f.Add("1800000000", webhook.Sign(secret, 1800000000, []byte("{}")), []byte("{}"))
	f.Add("1800000000", "sha256=", []byte("x"))
	f.Add("0", "sha256=zz", []byte{})
	f.Add("99999999999999999999", "SHA256=00", []byte("{}"))
	f.Fuzz(func(t *testing.T, ts, sig string, body []byte) {
		h := http.Header{}
		h.Set(webhook.HeaderTimestamp, ts)
		h.Set(webhook.HeaderSignature, sig)
		err := webhook.VerifyAt(secret, h, body, time.Unix(1800000000, 0), 100*365*24*time.Hour)
		if err != nil {
			return
		}
		n, perr := strconv.ParseInt(ts, 10, 64)
		if perr != nil || strconv.FormatInt(n, 10) != ts || webhook.Sign(secret, n, body) != sig {
			t.Fatalf("accepted ts=%q sig=%q body=%q", ts, sig, body)
		}
	})
}
