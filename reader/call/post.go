package call

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
)

// MaxBody bounds what is read of a model server's response: 4 MiB.
const MaxBody = 4 << 20

// Post sends body, a JSON request, to url with header added, and returns the body of a
// 2xx response. Any other status is an *HTTPError carrying Retry-After and the start of
// the error body, which Policy.Do retries or refuses by its code. A request that cannot
// be built wraps grading.ErrModelRefused; a network failure comes back as the network
// returned it, for Policy.Do to retry.
func Post(ctx context.Context, hc *http.Client, url string, header http.Header, body []byte) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", grading.ErrModelRefused, err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, MaxBody))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode/100 != 2 {
		return nil, Status(resp.StatusCode, resp.Header, string(raw))
	}
	return raw, nil
}

// Exchange makes one model call for p under pol: attempt is run, and retried, by
// pol.Do; the text it returns comes back exactly as the provider sent it, with the
// receipt of the call (named provider and model, timed by now). Nothing is refused for
// its form: the answer goes whole to the caller's parser (rung.Parse for a reading),
// which alone decides what a reading is. Errors are prefixed with the provider and
// model.
func Exchange(ctx context.Context, pol Policy, now func() time.Time, provider, model string,
	p prompt.Prompt, attempt func(ctx context.Context) (string, error)) (string, ledger.Call, error) {
	started := now()
	var text string
	err := pol.Do(ctx, func(ctx context.Context) error {
		var aerr error
		text, aerr = attempt(ctx)
		return aerr
	})
	if err != nil {
		return "", ledger.Call{}, fmt.Errorf("%s %s: %w", provider, model, err)
	}
	return text, Receipt(provider, model, p, text, started, now()), nil
}
