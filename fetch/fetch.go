package fetch

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"mime"
	"net"
	"net/http"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"
)

// Config sets the limits of a Client. Zero fields take the defaults.
type Config struct {
	MaxBytes      int64          // largest body accepted; default 512 KiB
	Timeout       time.Duration  // whole fetch, redirects and body included; default 10 s
	MaxRedirects  int            // redirects followed; default 3
	MaxURLLen     int            // longest URL accepted, in bytes; default 2048
	AllowLoopback bool           // allow 127.0.0.0/8 and ::1 (tests, a local fixture)
	AllowPrivate  bool           // allow RFC 1918, ULA (fc00::/7) and CGNAT (100.64.0.0/10)
	RootCAs       *x509.CertPool // trusted roots; nil means the system's (SystemRootsPlus adds a private CA to them)
	// Binary accepts any Content-Type and any bytes, for artifacts that the caller checks
	// against a digest (a challenge's modules); every other rule still holds.
	Binary bool
}

// Defaults of Config.
const (
	DefaultMaxBytes     = 512 << 10
	DefaultTimeout      = 10 * time.Second
	DefaultMaxRedirects = 3
	DefaultMaxURLLen    = 2048
)

func (c Config) withDefaults() Config {
	if c.MaxBytes <= 0 {
		c.MaxBytes = DefaultMaxBytes
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.MaxRedirects <= 0 {
		c.MaxRedirects = DefaultMaxRedirects
	}
	if c.MaxURLLen <= 0 {
		c.MaxURLLen = DefaultMaxURLLen
	}
	return c
}

// Client fetches work URLs under one Config. It is safe for concurrent use.
type Client struct {
	cfg   Config
	guard guard
	hc    *http.Client
	// dialed, when set, is told of every address the dialer was about to connect to
	// (before the guard decides); tests use it to prove a refusal came first.
	dialed func(address string)
}

// New returns a Client with cfg's limits. It ignores proxy settings in the
// environment: a proxy would dial on the fetcher's behalf, out of the guard's reach.
func New(cfg Config) *Client {
	cfg = cfg.withDefaults()
	c := &Client{cfg: cfg, guard: guard{
		allowLoopback: cfg.AllowLoopback, allowPrivate: cfg.AllowPrivate, maxURLLen: cfg.MaxURLLen,
	}}
	dialer := &net.Dialer{Timeout: cfg.Timeout, Control: c.control}
	tr := &http.Transport{
		Proxy:                  nil,
		DialContext:            dialer.DialContext,
		TLSClientConfig:        &tls.Config{RootCAs: cfg.RootCAs, MinVersion: tls.VersionTLS12},
		ForceAttemptHTTP2:      true,
		MaxResponseHeaderBytes: 64 << 10,
		IdleConnTimeout:        30 * time.Second,
	}
	c.hc = &http.Client{Transport: tr, CheckRedirect: c.checkRedirect}
	return c
}

func (c *Client) control(network, address string, rc syscall.RawConn) error {
	if c.dialed != nil {
		c.dialed(address)
	}
	return c.guard.control(network, address, rc)
}

func (c *Client) checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) > c.cfg.MaxRedirects {
		return ErrTooManyRedirects
	}
	if _, f := c.guard.checkURL(req.URL.String()); f != nil {
		return f
	}
	return nil
}

// Fetch returns the body of the https URL raw, exactly as read. Every error is an
// *Error whose Kind names what failed.
func (c *Client) Fetch(ctx context.Context, raw string) ([]byte, error) {
	u, f := c.guard.checkURL(raw)
	if f != nil {
		return nil, c.fail(raw, f, nil)
	}
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, c.fail(raw, ErrBadURL, err)
	}
	req.Header.Set("Accept", "text/markdown, text/plain;q=0.9")
	if c.cfg.Binary {
		req.Header.Set("Accept", "application/octet-stream, */*;q=0.5")
	}
	req.Header.Set("User-Agent", "arena-fetch/1")
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, c.fail(raw, kindOf(err), err)
	}
	defer resp.Body.Close()
	body, kind, err := c.read(resp)
	if kind != nil {
		return nil, c.fail(raw, kind, err)
	}
	// A body cut off by the deadline can read as complete; it is never the work.
	if err := ctx.Err(); err != nil {
		return nil, c.fail(raw, kindOf(err), err)
	}
	return body, nil
}

// read checks the answer and reads its body within the size limit. On failure it
// returns the kind (a *Failure or a *StatusError) and the cause, if any.
func (c *Client) read(resp *http.Response) (body []byte, kind, cause error) {
	if resp.StatusCode != http.StatusOK {
		return nil, &StatusError{Code: resp.StatusCode}, nil
	}
	if !c.cfg.Binary && !textual(resp.Header.Get("Content-Type")) {
		return nil, ErrContentType, nil
	}
	if resp.ContentLength > c.cfg.MaxBytes {
		return nil, ErrTooLarge, nil
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, c.cfg.MaxBytes+1))
	switch {
	case err != nil:
		return nil, kindOf(err), err
	case int64(len(body)) > c.cfg.MaxBytes:
		return nil, ErrTooLarge, nil
	case !c.cfg.Binary && !utf8.Valid(body):
		return nil, ErrContentType, nil
	}
	return body, nil, nil
}

// textual reports whether a Content-Type header names plain text or markdown in
// UTF-8 (or with no charset, which for these types means UTF-8 or its ASCII subset).
func textual(header string) bool {
	mt, params, err := mime.ParseMediaType(header)
	if err != nil {
		return false
	}
	switch mt {
	case "text/plain", "text/markdown", "text/x-markdown":
	default:
		return false
	}
	cs, ok := params["charset"]
	return !ok || strings.EqualFold(cs, "utf-8") || strings.EqualFold(cs, "us-ascii")
}

// kindOf names the kind of a transport failure.
func kindOf(err error) *Failure {
	var f *Failure
	var verify *tls.CertificateVerificationError
	var unknown x509.UnknownAuthorityError
	var host x509.HostnameError
	var invalid x509.CertificateInvalidError
	var ne net.Error
	var dns *net.DNSError
	switch {
	case errors.As(err, &f):
		return f
	case errors.As(err, &verify), errors.As(err, &unknown), errors.As(err, &host), errors.As(err, &invalid):
		return ErrCertificate
	case errors.Is(err, context.Canceled):
		return ErrCanceled
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return ErrTimeout
	case errors.As(err, &dns) && dns.IsNotFound:
		return ErrHostNotFound
	}
	return ErrUnreachable
}

func (c *Client) fail(raw string, kind, cause error) *Error {
	if len(raw) > 200 {
		raw = raw[:200] + "..."
	}
	e := &Error{URL: raw, Kind: kind, Cause: cause}
	if kind == ErrTooLarge {
		e.Limit = c.cfg.MaxBytes
	}
	if errors.Is(cause, kind) {
		e.Cause = nil // the cause is the kind itself, wrapped by net/http
	}
	return e
}
