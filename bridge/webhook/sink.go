package webhook

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/arena/arena/bridge"
)

// Config configures a Sink.
type Config struct {
	URL    string           // http or https
	Secret []byte           // the HMAC key shared with the receiver; at least 16 bytes
	Client *http.Client     // default: a client with a 15s timeout
	Now    func() time.Time // the clock of the timestamp header; default time.Now
}

// MinSecret is the shortest secret New accepts.
const MinSecret = 16

// Sink POSTs awards to one URL. It accepts every award, voided ones included, so a
// receiver learns of every settlement.
type Sink struct {
	cfg  Config
	name string
}

// New returns a sink for cfg. It refuses a URL that is not absolute http or https and a
// secret shorter than MinSecret.
func New(cfg Config) (*Sink, error) {
	u, err := url.Parse(cfg.URL)
	if err != nil {
		return nil, errors.New("webhook: url is not an absolute http or https URL: " + Unparsable)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("webhook: url %q is not an absolute http or https URL", Redacted(u))
	}
	if len(cfg.Secret) < MinSecret {
		return nil, fmt.Errorf("webhook %s: secret must be at least %d bytes", Redacted(u), MinSecret)
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{Timeout: 15 * time.Second}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	// The name is kept in the store and shown; it drops credentials and the query.
	name := "webhook:" + u.Scheme + "://" + u.Host + u.EscapedPath()
	return &Sink{cfg: cfg, name: name}, nil
}

// Unparsable is what an error says of a webhook URL url.Parse refuses, in place of the
// URL: any part of it may be a credential, and without parsing it none can be told apart.
const Unparsable = "unparsable URL"

// Redacted is u as an error may quote it: the password masked as url.URL.Redacted masks
// it, and the query and fragment dropped, since either may carry a token.
func Redacted(u *url.URL) string {
	v := *u
	v.RawQuery, v.ForceQuery, v.Fragment, v.RawFragment = "", false, "", ""
	return v.Redacted()
}

// Name is "webhook:" and the URL without credentials or query.
func (s *Sink) Name() string { return s.name }

// Accepts reports true: receivers hear of voided tasks too.
func (s *Sink) Accepts(bridge.Award) bool { return true }

// ErrStatus reports an answer other than 2xx.
var ErrStatus = errors.New("webhook answered")

// Deliver POSTs a once, signed, and reports the status the receiver answered.
func (s *Sink) Deliver(ctx context.Context, a bridge.Award) (bridge.Receipt, error) {
	body, err := json.Marshal(a)
	if err != nil {
		return bridge.Receipt{}, fmt.Errorf("encode %s: %w", a.ID, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.cfg.URL, bytes.NewReader(body))
	if err != nil {
		return bridge.Receipt{}, fmt.Errorf("post %s: %w", s.name, err)
	}
	ts := s.cfg.Now().Unix()
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "arena-bridge")
	req.Header.Set(HeaderTimestamp, strconv.FormatInt(ts, 10))
	req.Header.Set(HeaderSignature, Sign(s.cfg.Secret, ts, body))
	req.Header.Set(HeaderIdempotency, a.ID)
	resp, err := s.cfg.Client.Do(req)
	if err != nil {
		// net/http's error repeats the whole URL, query and credentials included; the
		// sink's name already says where it went, without them.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return bridge.Receipt{}, fmt.Errorf("post %s: %w", s.name, err)
	}
	defer resp.Body.Close()
	snippet, _ := io.ReadAll(io.LimitReader(resp.Body, 200))
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10)) // let the connection be reused
	rec := bridge.Receipt{HTTPStatus: resp.StatusCode}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return rec, fmt.Errorf("post %s: %w %s: %q", s.name, ErrStatus, resp.Status, bytes.TrimSpace(snippet))
	}
	return rec, nil
}
