package api_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
)

// The claims of DESIGN.md, "Work is fixed at filing", at the API: the node keeps the
// bytes a URL entry commits, by their sha256, and keeps nothing else.

const note = "# Settlement API\n\nSettle invoices in one call.\n"

func sum(b string) string {
	s := sha256.Sum256([]byte(b))
	return hex.EncodeToString(s[:])
}

// TestWorkIsKeptUnderItsDigest: PUT /v1/work/{sha256} keeps the body (201, then 200 for
// the same bytes again) and, once a ledger record names them, GET answers exactly those
// bytes as text; a digest no record names, and a named digest never kept, are each a
// 404 that names it.
func TestWorkIsKeptUnderItsDigest(t *testing.T) {
	f := newFixture(t)
	d := sum(note)
	for _, want := range []int{http.StatusCreated, http.StatusOK} {
		st, b := f.put("/v1/work/"+d, note)
		var got api.Work
		if err := json.Unmarshal(b, &got); err != nil || st != want || got != (api.Work{SHA256: d, Size: len(note), Uploader: f.sender.Address()}) {
			t.Fatalf("PUT /v1/work = %d %s, want %d with the digest, size and uploader", st, b, want)
		}
	}
	var eb api.ErrorBody
	if st := f.get("/v1/work/"+d, &eb); st != http.StatusNotFound || eb.Error != (api.ErrorDetail{Class: "EXPECTED", Message: "no ledger record names sha256 " + d + "; a node serves only the artifacts its ledger names"}) {
		t.Fatalf("GET of work no record names = %d %+v", st, eb.Error)
	}
	f.name(d)
	resp, err := http.Get(f.srv.URL + "/v1/work/" + d)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || string(body) != note || resp.Header.Get("Content-Type") != "text/plain; charset=utf-8" {
		t.Fatalf("GET /v1/work = %d %q (%s), want 200 with the note as text", resp.StatusCode, body, resp.Header.Get("Content-Type"))
	}
	missing := sum("never kept")
	f.name(missing)
	if st := f.get("/v1/work/"+missing, &eb); st != http.StatusNotFound || eb.Error != (api.ErrorDetail{Class: "EXPECTED", Message: "no work with sha256 " + missing}) {
		t.Fatalf("GET of a digest never kept = %d %+v", st, eb.Error)
	}
}

// TestAWorkUploadIsRefused: a body that does not hash to the digest in the path, one
// over the fetch limit, one that is not UTF-8 text and a path that is not a digest are
// each refused with their exact message, and none of them is kept.
func TestAWorkUploadIsRefused(t *testing.T) {
	f := newFixture(t)
	big := strings.Repeat("x", api.DefaultMaxWork+1)
	tests := []struct {
		name, digest, body string
		status             int
		msg                string
	}{
		{"digest mismatch", sum(note), note + "edited", http.StatusUnprocessableEntity,
			"work hashes to sha256 " + sum(note+"edited") + ", not " + sum(note)},
		{"over the fetch limit", sum(big), big, http.StatusRequestEntityTooLarge,
			"work over 524288 bytes, the largest a validator fetches"},
		{"not UTF-8", sum("\xff\xfe"), "\xff\xfe", http.StatusUnprocessableEntity, "work must be UTF-8 text"},
		{"upper-case digest", strings.ToUpper(sum(note)), note, http.StatusBadRequest, "work digest must be 64 lowercase hex digits"},
		{"short digest", sum(note)[:63], note, http.StatusBadRequest, "work digest must be 64 lowercase hex digits"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, b := f.put("/v1/work/"+tc.digest, tc.body)
			var eb api.ErrorBody
			if err := json.Unmarshal(b, &eb); err != nil || st != tc.status || eb.Error != (api.ErrorDetail{Class: "EXPECTED", Message: tc.msg}) {
				t.Fatalf("PUT = %d %s, want %d [EXPECTED] %s", st, b, tc.status, tc.msg)
			}
		})
	}
	for _, d := range []string{sum(note), sum(note + "edited"), sum(big), sum("\xff\xfe")} {
		f.name(d) // so that a 404 says the store does not hold it
		var eb api.ErrorBody
		if st := f.get("/v1/work/"+d, &eb); st != http.StatusNotFound || eb.Error.Message != "no work with sha256 "+d {
			t.Errorf("GET /v1/work/%s after refusals = %d, want 404: nothing refused is kept", d, st)
		}
	}
}

// TestTheWorkLimitIsTheNodesFetchLimit: a node whose validators fetch at most MaxWork
// bytes keeps no larger upload, and keeps one of exactly that size.
func TestTheWorkLimitIsTheNodesFetchLimit(t *testing.T) {
	f := newFixture(t, func(c *api.Config) { c.MaxWork = 1 << 10 })
	exact := strings.Repeat("y", 1<<10)
	if st, b := f.put("/v1/work/"+sum(exact), exact); st != http.StatusCreated {
		t.Fatalf("PUT of exactly the limit = %d %s, want 201", st, b)
	}
	st, b := f.put("/v1/work/"+sum(exact+"y"), exact+"y")
	if want := `{"error":{"class":"EXPECTED","message":"work over 1024 bytes, the largest a validator fetches"}}`; st != http.StatusRequestEntityTooLarge || strings.TrimSpace(string(b)) != want {
		t.Fatalf("PUT over the limit = %d %s, want 413 %s", st, b, want)
	}
}

// TestANodeWithoutAWorkStoreSaysSo: without a work store, PUT and GET /v1/work answer
// 501 rather than pretending to keep or to miss anything.
func TestANodeWithoutAWorkStoreSaysSo(t *testing.T) {
	f := newFixture(t, func(c *api.Config) { c.Works = nil })
	want := api.ErrorDetail{Class: "EXPECTED", Message: "this node keeps no work store"}
	st, b := f.put("/v1/work/"+sum(note), note)
	var eb api.ErrorBody
	if err := json.Unmarshal(b, &eb); err != nil || st != http.StatusNotImplemented || eb.Error != want {
		t.Fatalf("PUT = %d %s, want 501 %+v", st, b, want)
	}
	if st := f.get("/v1/work/"+sum(note), &eb); st != http.StatusNotImplemented || eb.Error != want {
		t.Fatalf("GET = %d %+v, want 501 %+v", st, eb.Error, want)
	}
}

// put sends body to PUT path as text, signed by the funded sender, and returns the
// status and the answer.
func (f *fixture) put(path, body string) (int, []byte) {
	f.t.Helper()
	return f.putAs(f.sender, path, body)
}

// putAs is put signed by k over the upload hash of the path's digest; nil sends no
// signature.
func (f *fixture) putAs(k *account.Key, path, body string) (int, []byte) {
	f.t.Helper()
	req, err := http.NewRequest(http.MethodPut, f.srv.URL+path, bytes.NewReader([]byte(body)))
	if err != nil {
		f.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "text/plain; charset=utf-8")
	if k != nil {
		u := f.upload(k, []byte(body))
		u.Work = !strings.HasPrefix(path, "/v1/blobs/")
		u.SHA256 = [32]byte{}
		hex.Decode(u.SHA256[:], []byte(path[strings.LastIndex(path, "/")+1:])) // a malformed digest signs as zero
		for name, v := range signUpload(f.t, k, u) {
			req.Header[name] = v
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		f.t.Fatal(err)
	}
	return resp.StatusCode, b
}
