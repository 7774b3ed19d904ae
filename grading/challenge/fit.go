package challenge

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/challenge/composite"
)

// maxTranscript is the most bytes a canonical transcript may take: what the blob store
// keeps. A program alone can write far more (per case a 64 KiB response and 32 requests
// of 64 KiB, each control byte JSON-escaped to six), so fit cuts what it recorded. It is
// a variable only so that tests can lower it (export_test.go); it is part of the protocol.
var maxTranscript = blobs.MaxBytes

// fit returns t's canonical bytes, first cutting, when they exceed limit, the strings of
// every record over an even share of limit: each record whose encoding exceeds
// (limit - the transcript's frame) / (cases + 1) has its response and each call's
// request and response cut, on character boundaries, to an equal share of what its
// other fields leave. The cut is a pure function of what was recorded, so every
// validator cuts alike; t is changed in place. What still exceeds limit (a dataset whose
// case ids alone are too long, for one) fails [EXPECTED] with msgTranscriptSize.
func fit(t *abi.Transcript, limit int) ([]byte, error) {
	canon := t.Canonical()
	if len(canon) <= limit {
		return canon, nil
	}
	frame := *t
	frame.Probe, frame.Cases = abi.Record{}, nil
	n := len(t.Cases) + 1
	share := (limit - len(frame.Canonical()) - n) / n // a comma between records
	t.Probe = cutRecord(t.Probe, share)
	for i := range t.Cases {
		t.Cases[i] = cutRecord(t.Cases[i], share)
	}
	canon = t.Canonical()
	if len(canon) > limit {
		return nil, failTranscriptSize(limit)
	}
	return canon, nil
}

// cutRecord cuts r's strings (not its id) so that its encoding takes at most share
// bytes, when it takes more.
func cutRecord(r abi.Record, share int) abi.Record {
	if encodedLen(r) <= share {
		return r
	}
	bare := r
	bare.Response = ""
	bare.Calls = make([]abi.Call, len(r.Calls))
	for i, c := range r.Calls {
		bare.Calls[i] = abi.Call{Channel: c.Channel}
	}
	each := max(0, (share-encodedLen(bare))/(1+2*len(r.Calls)))
	bare.Response = cutString(r.Response, each)
	for i, c := range r.Calls {
		bare.Calls[i].Request, bare.Calls[i].Response = cutString(c.Request, each), cutString(c.Response, each)
	}
	return bare
}

// encodedLen is the length of r's canonical encoding.
func encodedLen(r abi.Record) int {
	if r.Calls == nil {
		r.Calls = []abi.Call{}
	}
	b, _ := json.Marshal(r)
	return len(b)
}

// cutString returns the longest prefix of s, in whole characters, whose JSON encoding
// takes at most n bytes besides its quotes (counting every control character and
// HTML-escaped one as six, which encoding/json never exceeds).
func cutString(s string, n int) string {
	size := 0
	for i, c := range s {
		w := utf8.RuneLen(c)
		switch {
		case c == '"' || c == '\\':
			w = 2
		case c < 0x20 || c == '<' || c == '>' || c == '&' || c == '\u2028' || c == '\u2029':
			w = 6
		case w < 0:
			w = 6
		}
		if size+w > n {
			return s[:i]
		}
		size += w
	}
	return s
}

// failTranscriptSize fails a run whose transcript cannot be cut under limit bytes.
func failTranscriptSize(limit int) *ledger.Error {
	return ledger.NewError(ledger.Expected, fmt.Sprintf("The transcript exceeds %d bytes", limit))
}

// checkShape refuses a composite result the ledger would refuse in a run result (too
// many categories, a kind or category name too long or not UTF-8): a bench whose grades
// produce one could never settle a run. It is the bench's [EXPECTED] failure.
func checkShape(r composite.Result) error {
	if len(r.Categories) > challenge.MaxCategories {
		return failShape(fmt.Sprintf("%d categories; the limit is %d", len(r.Categories), challenge.MaxCategories))
	}
	for _, c := range r.Categories {
		switch {
		case len(c.Kind) > challenge.MaxKindLen:
			return failShape(fmt.Sprintf("a kind of %d bytes; the limit is %d", len(c.Kind), challenge.MaxKindLen))
		case len(c.Name) > challenge.MaxCategoryLen:
			return failShape(fmt.Sprintf("a category name of %d bytes; the limit is %d", len(c.Name), challenge.MaxCategoryLen))
		case !utf8.ValidString(c.Name):
			return failShape("a category name that is not UTF-8")
		}
	}
	return nil
}

func failShape(what string) *ledger.Error {
	return ledger.NewError(ledger.Expected, "The bench's grades cannot be scored: "+what)
}
