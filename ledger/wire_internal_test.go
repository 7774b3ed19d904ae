package ledger

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/ledger/bounty"
)

// wireSamples are signed transactions of bodies with numbers, strings (some with
// characters json.Marshal escapes, some beyond ASCII), lists, omitted members and none.
func wireSamples(t testing.TB) []*Tx {
	priv, err := crypto.HexToECDSA("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318")
	if err != nil {
		t.Fatal(err)
	}
	from := Address(crypto.PubkeyToAddress(priv.PublicKey))
	bodies := []Body{
		Faucet{To: Address{0xab, 0xcd}, Amount: Ether(3)},
		Withdraw{},
		Advance{Seconds: 90},
		bounty.Submit{Task: 3, Work: `a note with "quotes", a \ backslash, <b>tags</b> & an é`},
		bounty.PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 600, Shares: []int{6000, 4000}},
	}
	var txs []*Tx
	for i, b := range bodies {
		tx := &Tx{Chain: "wire-test", Arena: [32]byte{7, 0xfe}, From: from, Nonce: uint64(i + 1),
			ValidUntil: NoExpiry, MaxFee: NewAmount(1000), Value: Ether(uint64(i)), SigChainID: 1, Body: b}
		h, err := tx.SigningHash()
		if err != nil {
			t.Fatal(err)
		}
		if tx.Sig, err = crypto.Sign(h[:], priv); err != nil {
			t.Fatal(err)
		}
		txs = append(txs, tx)
	}
	return txs
}

// sameDecoding fails unless DecodeTx(b) is exactly what the reflective decoding gives:
// the same transaction, its size included, or the same refusal.
func sameDecoding(t *testing.T, b []byte) {
	t.Helper()
	got, gotErr := DecodeTx(b)
	want, wantErr := decodeAny(b)
	if (gotErr == nil) != (wantErr == nil) || (gotErr != nil && gotErr.Error() != wantErr.Error()) {
		t.Fatalf("DecodeTx(%s) error = %v, want %v", b, gotErr, wantErr)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("DecodeTx(%s) = %+v, want %+v", b, got, want)
	}
}

// TestDecodeTxTakesTheMarshalledSpellingWithoutReflection: the wire form as MarshalJSON
// writes it is decoded by parseWire, and its size read off its bytes is the size
// Tx.Size computes by encoding it again; the transaction is the one the reflective
// decoding gives.
func TestDecodeTxTakesTheMarshalledSpellingWithoutReflection(t *testing.T) {
	for _, tx := range wireSamples(t) {
		b, err := json.Marshal(tx)
		if err != nil {
			t.Fatal(err)
		}
		_, unsigned, ok := parseWire(b)
		enc, err := tx.unsignedBytes()
		if err != nil {
			t.Fatal(err)
		}
		if !ok || unsigned != len(enc) {
			t.Errorf("parseWire(%s) = size %d, %v; want %d, true", b, unsigned, ok, len(enc))
		}
		sameDecoding(t, b)
		got, err := DecodeTx(b)
		if err != nil {
			t.Fatal(err)
		}
		if got.size != len(enc) {
			t.Errorf("DecodeTx(%s) sized %d, want %d", b, got.size, len(enc))
		}
		if err := got.Verify(); err != nil {
			t.Errorf("DecodeTx(%s).Verify() = %v", b, err)
		}
	}
}

// respell returns b with old replaced by new once, failing unless old is in b.
func respell(t *testing.T, b []byte, old, new string) []byte {
	t.Helper()
	if !bytes.Contains(b, []byte(old)) {
		t.Fatalf("%q not in %s", old, b)
	}
	return bytes.Replace(b, []byte(old), []byte(new), 1)
}

// TestDecodeTxIsTheSameForEverySpelling: every other spelling of the wire form, and
// every malformed one, decodes to exactly what the reflective decoding gives, the same
// transaction and size or the same refusal, whichever path takes it.
func TestDecodeTxIsTheSameForEverySpelling(t *testing.T) {
	for _, tx := range wireSamples(t) {
		b, err := json.Marshal(tx)
		if err != nil {
			t.Fatal(err)
		}
		from := tx.From.String()
		kind := string(tx.Body.Kind())
		arena := HexHash(tx.Arena)
		spellings := map[string][]byte{
			"as marshalled":                   b,
			"a space after a colon":           respell(t, b, `"nonce":`, `"nonce": `),
			"a trailing newline":              append(bytes.Clone(b), '\n'),
			"trailing data":                   append(bytes.Clone(b), `{}`...),
			"members reordered":               reorder(t, b),
			"a key in another case":           respell(t, b, `"nonce":`, `"Nonce":`),
			"a duplicate member":              respell(t, b, `{"chain":"wire-test",`, `{"chain":"other","chain":"wire-test",`),
			"an unknown member":               respell(t, b, `{"chain":"wire-test",`, `{"chain":"wire-test","extra":1,`),
			"the sender in lower case":        respell(t, b, from, strings.ToLower(from)),
			"the sender in upper case":        respell(t, b, from[2:], strings.ToUpper(from[2:])),
			"a bad checksum":                  respell(t, b, from, "0x"+strings.ToUpper(from[2:3])+strings.ToLower(from[3:])),
			"the arena in upper case":         respell(t, b, arena, "0x"+strings.ToUpper(arena[2:])),
			"the arena with 0X":               respell(t, b, arena, "0X"+arena[2:]),
			"an escaped chain":                respell(t, b, `"wire-test"`, `"wire\u002dtest"`),
			"a chain json escapes":            respell(t, b, `"wire-test"`, `"wire<test>&"`),
			"an escaped kind":                 respell(t, b, `"kind":"`, `"kind":"\u00`+hexByte(kind[0])),
			"a leading zero":                  respell(t, b, `"nonce":`, `"nonce":0`),
			"a negative number":               respell(t, b, `"nonce":`, `"nonce":-`),
			"a fraction":                      respell(t, b, `"signature_chain_id":1`, `"signature_chain_id":1.0`),
			"an exponent":                     respell(t, b, `"signature_chain_id":1`, `"signature_chain_id":1e0`),
			"a number past 64 bits":           respell(t, b, `"signature_chain_id":1`, `"signature_chain_id":18446744073709551616`),
			"an amount with a zero":           respell(t, b, `"max_fee":"`, `"max_fee":"0`),
			"an amount as a number":           respell(t, b, `"max_fee":"1000"`, `"max_fee":1000`),
			"a body spaced out":               respell(t, b, `"body":{`, `"body":{ `),
			"a body's unknown member":         respell(t, b, `"body":{`, `"body":{"zz":1,`),
			"a body's member in another case": respellBody(t, b, strings.ToUpper),
			"a body's duplicate member":       respellBody(t, b, func(k string) string { return k + `":0,"` + k }),
			"a body of null":                  respell(t, b, `"body":{`, `"body":null,"x":{`),
			"a body that never closes":        b[:bytes.Index(b, []byte(`"body":{`))+8],
			"a body with a stray brace":       respell(t, b, `"body":{`, `"body":{}}`),
			"an unknown kind":                 respell(t, b, `"kind":"`, `"kind":"no-`),
			"no signature":                    b[:bytes.Index(b, []byte(`,"sig":`))],
			"an empty signature":              append(b[:bytes.Index(b, []byte(`,"sig":`))], `,"sig":""}`...),
			"a short signature":               append(b[:bytes.Index(b, []byte(`,"sig":`))], `,"sig":"0x00"}`...),
			"a control character":             respell(t, b, `"wire-test"`, "\"wire\ttest\""),
			"bytes beyond ASCII":              respell(t, b, `"wire-test"`, "\"wire\xfftest\""),
			"not an object":                   []byte(`[` + string(b) + `]`),
			"empty":                           nil,
		}
		for name, s := range spellings {
			t.Run(kind+"/"+name, func(t *testing.T) { sameDecoding(t, s) })
		}
	}
}

// respellBody returns b with the name of its body's first member, if it has one, as
// spell gives it.
func respellBody(t *testing.T, b []byte, spell func(string) string) []byte {
	if !bytes.Contains(b, []byte(`"body":{`)) {
		t.Fatalf("no body in %s", b)
	}
	i := bytes.Index(b, []byte(`"body":{"`))
	if i < 0 { // an empty body
		return b
	}
	start := i + len(`"body":{"`)
	end := bytes.IndexByte(b[start:], '"')
	key := string(b[start : start+end])
	return append(append(append([]byte{}, b[:start]...), spell(key)...), b[start+end:]...)
}

// reorder moves the chain member of b from first to last.
func reorder(t *testing.T, b []byte) []byte {
	r := respell(t, b, `{"chain":"wire-test",`, `{`)
	return append(r[:len(r)-1], `,"chain":"wire-test"}`...)
}

func hexByte(c byte) string {
	return string("0123456789abcdef"[c>>4]) + string("0123456789abcdef"[c&15])
}

// FuzzDecodeTxSpellings: for any input, DecodeTx gives exactly what the reflective
// decoding gives.
func FuzzDecodeTxSpellings(f *testing.F) {
	for _, tx := range wireSamples(f) {
		b, err := json.Marshal(tx)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) { sameDecoding(t, b) })
}
