package api

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/fetch"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/typed"
)

// FetchedWork is the answer to POST /v1/work/fetch.
type FetchedWork = wire.FetchedWork

// maxFetchBody bounds POST /v1/work/fetch's JSON body: a URL of fetch's longest and the
// signature's fields.
const maxFetchBody = 8 << 10

// Refusals of POST /v1/work/fetch besides the work routes'.
var (
	errNoFetcher     = &httpError{http.StatusNotImplemented, expected, "this node fetches no work URL"}
	errFetchBody     = badRequest("a work fetch is a JSON object: url, account, valid_until, chain_id and signature (0x and 130 hex digits)")
	errFetchSigField = &httpError{http.StatusUnauthorized, expected, "a work fetch needs its signature (0x and 130 hex digits) and a chain id of 1 to 18446744073709551615, as it signed them"}
)

// fetchWork fetches the https URL a signed request names, under the node's fetch limits
// and guard (those its validators fetch under), and keeps the bytes as PUT
// /v1/work/{sha256} would: charged to the signing account, within its quota. The
// request carries the account's WorkFetch signature (typed.WorkFetchTypedData), checked
// by ledger.VerifyWorkFetch at the arena's clock; only an account holding funds, or a
// validator, may have the node fetch. A fetch that fails answers with its class and
// message as a validator would class it (grading.ClassifyFetch), and keeps nothing.
func (s *server) fetchWork(w http.ResponseWriter, r *http.Request) {
	if !s.admitUpload(w, r) {
		return
	}
	var err error
	switch {
	case s.works == nil:
		err = errNoWorkStore
	case s.fetcher == nil:
		err = errNoFetcher
	}
	var req wire.WorkFetch
	if err == nil {
		dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxFetchBody))
		dec.DisallowUnknownFields()
		if dec.Decode(&req) != nil {
			err = errFetchBody
		}
	}
	var who ledger.Address
	if err == nil {
		who, err = s.fetcherOf(req)
	}
	var b []byte
	if err == nil {
		if b, err = s.fetcher.Fetch(r.Context(), req.URL); err != nil {
			err = grading.ClassifyFetch(err)
		}
	}
	var added bool
	var d string
	if err == nil {
		s.workMu.Lock()
		d, added, err = s.works.UploadWork(r.Context(), b, who.String(), s.now(), s.workQuota)
		s.workMu.Unlock()
		err = workError(err, who)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if sum := sha256.Sum256(b); d != hex.EncodeToString(sum[:]) {
		s.fail(w, r, errors.New("fetch work: the store kept the bytes under another digest"))
		return
	}
	st := http.StatusOK
	if added {
		st = http.StatusCreated
	}
	writeJSON(w, st, FetchedWork{URL: req.URL, SHA256: d, Size: len(b), Uploader: who})
}

// fetcherOf checks a work fetch's signature by ledger.VerifyWorkFetch at the arena's
// clock and that its account may store work, as uploader does for PUT /v1/work.
func (s *server) fetcherOf(req wire.WorkFetch) (ledger.Address, error) {
	sig, err := hex.DecodeString(strings.TrimPrefix(req.Signature, "0x"))
	if err != nil || len(sig) != 65 || req.ChainID == 0 {
		return ledger.Address{}, errFetchSigField
	}
	f := typed.WorkFetch{Account: req.Account, URL: req.URL, ValidUntil: req.ValidUntil, ChainID: req.ChainID}
	var funded, validator bool
	s.chain.View(func(st *ledger.State) {
		f.Arena = st.GenesisHash()
		err = ledger.VerifyWorkFetch(f, sig, st.Now())
		funded = !st.Balance(f.Account).IsZero()
		validator = slices.Contains(st.Terms().Validators, f.Account)
	})
	if err != nil {
		return ledger.Address{}, &httpError{http.StatusUnauthorized, expected, err.Error()}
	}
	if !funded && !validator {
		return ledger.Address{}, &httpError{http.StatusForbidden, expected,
			"account " + f.Account.String() + " holds no funds and is not a validator; only such accounts may store work"}
	}
	return f.Account, nil
}

// newFetcher returns the fetch client of POST /v1/work/fetch under cfg, nil for none,
// held to the work upload limit maxWork when cfg names no smaller one.
func newFetcher(cfg *fetch.Config, maxWork int64) *fetch.Client {
	if cfg == nil {
		return nil
	}
	c := *cfg
	c.Binary = false // work is text, as a validator fetches it
	if c.MaxBytes <= 0 || c.MaxBytes > maxWork {
		c.MaxBytes = maxWork
	}
	return fetch.New(c)
}
