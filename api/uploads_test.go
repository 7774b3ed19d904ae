package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/blobs"
)

// The claims of "No stranger can fill a disk" at the API: every route that stores
// bytes is signed by an account that holds funds or is a validator, charged to it
// under a quota, rate-limited per client, and what it stores is listed with its owner.

// uploadFixture is the API fixture with a work store, a blob store, an upload limit of
// burst 5 on a frozen clock, and a stranger holding nothing.
func uploadFixture(t *testing.T, work blobs.Quota) (*fixture, *account.Key) {
	t.Helper()
	store, err := blobs.Open(filepath.Join(t.TempDir(), "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	frozen := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	f := newFixture(t, func(c *api.Config) {
		c.Blobs, c.WorkQuota = store, work
		c.UploadLimit = api.Limit{Rate: 1, Burst: 5}
		c.Now = func() time.Time { return frozen }
	})
	stranger, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	return f, stranger
}

// listed returns GET path's list of uploads.
func listed(t *testing.T, f *fixture, path string) wire.Uploads {
	t.Helper()
	var u wire.Uploads
	if st := f.get(path, &u); st != http.StatusOK {
		t.Fatalf("GET %s = %d", path, st)
	}
	return u
}

// A client holding no key floods both storing routes: the first uploads are refused
// for want of a signature, every later one by the client's upload limit before its body
// is read, and nothing at all is stored.
func TestAKeylessFloodStoresNothing(t *testing.T) {
	f, _ := uploadFixture(t, blobs.Quota{})
	counts := map[string]int{}
	for i := range 300 {
		path := "/v1/work/"
		body := fmt.Sprintf("text %d", i)
		if i%2 == 1 {
			path, body = "/v1/blobs/", strings.Repeat("x", 400<<10)+body
		}
		st, b := f.putAs(nil, path+sum(body), body)
		var eb api.ErrorBody
		if err := json.Unmarshal(b, &eb); err != nil {
			t.Fatalf("PUT %d: %d %s", i, st, b)
		}
		counts[fmt.Sprintf("%d [%s] %s", st, eb.Error.Class, eb.Error.Message)]++
	}
	want := map[string]int{
		"401 [EXPECTED] storing work needs an Arena-Signature header: an account's signature over the work's upload hash":   3,
		"401 [EXPECTED] storing a blob needs an Arena-Signature header: an account's signature over the blob's upload hash": 2,
		"429 [TRANSIENT] Too many uploads from this client; try again after Retry-After seconds":                            295,
	}
	if fmt.Sprint(counts) != fmt.Sprint(want) {
		t.Fatalf("answers to the flood:\n got %v\nwant %v", counts, want)
	}
	if w, b := listed(t, f, "/v1/work"), listed(t, f, "/v1/blobs"); len(w.Uploads)+len(b.Uploads) != 0 || w.Bytes+b.Bytes != 0 {
		t.Fatalf("the flood stored work %+v and blobs %+v", w, b)
	}
}

// An account holding nothing may not store work, signature or not; a funded account
// may, and what it stored is listed with its owner, size and time.
func TestOnlyAnAccountThatCanPayStoresWork(t *testing.T) {
	f, stranger := uploadFixture(t, blobs.Quota{})
	st, b := f.putAs(stranger, "/v1/work/"+sum(note), note)
	refused(t, "a stranger's work", st, b, http.StatusForbidden,
		"account "+stranger.Address().String()+" holds no funds and is not a validator; only such accounts may store work")
	if st, b := f.put("/v1/work/"+sum(note), note); st != http.StatusCreated {
		t.Fatalf("the funded sender's work: %d %s", st, b)
	}
	got := listed(t, f, "/v1/work")
	owner := f.sender.Address()
	want := wire.Uploads{Uploads: []wire.Upload{{SHA256: sum(note), Size: int64(len(note)), Uploader: &owner,
		StoredAt: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Unix()}}, Bytes: int64(len(note))}
	if a, b := jsonOf(t, got), jsonOf(t, want); a != b {
		t.Fatalf("GET /v1/work:\n got %s\nwant %s", a, b)
	}
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Work uploads count against the account's quota and the store's.
func TestQuotasBoundWorkUploads(t *testing.T) {
	f, _ := uploadFixture(t, blobs.Quota{PerUploader: 100, Total: 1 << 20})
	if st, b := f.put("/v1/work/"+sum(note), note); st != http.StatusCreated {
		t.Fatalf("within the quota: %d %s", st, b)
	}
	more := strings.Repeat("m", 100-len(note)+1)
	st, b := f.put("/v1/work/"+sum(more), more)
	refused(t, "past the account's quota", st, b, http.StatusForbidden, "account "+f.sender.Address().String()+" has spent its work quota on this node")
	g, _ := uploadFixture(t, blobs.Quota{PerUploader: 1 << 20, Total: 10})
	st, b = g.put("/v1/work/"+sum(note), note)
	refused(t, "past the store's quota", st, b, http.StatusInsufficientStorage, "this node's work store is full")
}
