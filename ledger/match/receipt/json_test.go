package receipt

import (
	"encoding/json"
	"errors"
	"testing"
)

// A receipt's JSON writes the hashes as 0x-hex and the reason by name, and reads back.
func TestReceiptJSONRoundTrip(t *testing.T) {
	r := sample()
	r.Fallback, r.Reason, r.Move = true, ProviderError, 1
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"match":42,"turn":3,"agent":1,"prompt_hash":"` + Hex(r.PromptHash) + `","response_hash":"` + Hex(r.ResponseHash) +
		`","move":1,"fallback":true,"reason":"provider_error","started_at":1700000000000,"finished_at":1700000001250,"signature_chain_id":1}`
	if string(b) != want {
		t.Fatalf("JSON = %s\nwant   %s", b, want)
	}
	var back Receipt
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back != r {
		t.Fatalf("read back %+v, want %+v", back, r)
	}
}

// Decoding refuses a hash that is not 0x and 64 hex digits, and an unknown reason.
func TestReceiptJSONRefusesBadFields(t *testing.T) {
	good := Hex(sample().PromptHash)
	for name, c := range map[string]struct {
		js  string
		err error
	}{
		"no 0x":      {`{"prompt_hash":"` + good[2:] + `","response_hash":"` + good + `","reason":"none"}`, ErrHash},
		"short":      {`{"prompt_hash":"` + good[:65] + `","response_hash":"` + good + `","reason":"none"}`, ErrHash},
		"not hex":    {`{"prompt_hash":"0x` + "zz" + good[4:] + `","response_hash":"` + good + `","reason":"none"}`, ErrHash},
		"missing":    {`{"prompt_hash":"` + good + `","reason":"none"}`, ErrHash},
		"bad reason": {`{"prompt_hash":"` + good + `","response_hash":"` + good + `","reason":"late"}`, ErrReason},
		"no reason":  {`{"prompt_hash":"` + good + `","response_hash":"` + good + `","reason":""}`, ErrReason},
	} {
		var r Receipt
		if err := json.Unmarshal([]byte(c.js), &r); !errors.Is(err, c.err) {
			t.Errorf("%s: err = %v, want %v", name, err, c.err)
		}
	}
	if _, err := json.Marshal(Receipt{Reason: 9}); !errors.Is(err, ErrReason) {
		t.Errorf("encoding reason 9: err = %v", err)
	}
}
