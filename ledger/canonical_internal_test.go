package ledger

import (
	"bytes"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/arena/arena/ledger/bounty"
)

// canonicalSamples are signed and unsigned transactions of every kind in the body table
// (each with its body's zero value), and some with filled bodies whose strings json.Marshal
// escapes, in MarshalJSON's form.
func canonicalSamples(t testing.TB) map[string][]byte {
	t.Helper()
	from := MustAddress("0x53353329774920b511681891939cAAC2b4A645BC")
	sig := bytes.Repeat([]byte{0xab}, 65)
	base := Tx{Chain: "arena-test", Arena: [32]byte{0x45, 0x2a, 0xff}, From: from, Nonce: 17,
		ValidUntil: NoExpiry, MaxFee: NewAmount(1234), Value: Ether(3), SigChainID: 8453}
	bodyOf := map[string]Body{
		"faucet":         Faucet{To: from, Amount: Ether(1)},
		"submit escaped": bounty.Submit{Task: 3, Work: `<a & b> "quoted" \ tab	é ☃ ` + "\u2028"},
		"advance":        Advance{Seconds: 1 << 40},
	}
	kinds := make([]string, 0, len(bodies))
	for k := range bodies {
		kinds = append(kinds, string(k))
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		bodyOf["zero "+k] = bodies[Kind(k)].zero
	}
	out := map[string][]byte{}
	for name, body := range bodyOf {
		for _, signed := range []bool{false, true} {
			tx := base
			tx.Body = body
			if signed {
				tx.Sig = sig
				name += " signed"
			}
			b, err := tx.MarshalJSON()
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			out[name] = b
		}
	}
	return out
}

// What every arena client sends, MarshalJSON's form, takes the fast path and decodes to
// exactly the transaction the general decoder makes of it, its size included.
func TestCanonicalFormDecodesAsTheGeneralDecoder(t *testing.T) {
	for name, b := range canonicalSamples(t) {
		got, ok := decodeCanonical(b)
		if !ok {
			t.Errorf("%s: not decoded as canonical: %s", name, b)
			continue
		}
		want, err := decodeGeneral(b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: canonical decode\n%+v\ngeneral decode\n%+v", name, got, want)
		}
		if fresh := (&Tx{Chain: got.Chain, Arena: got.Arena, From: got.From, Nonce: got.Nonce, ValidUntil: got.ValidUntil,
			MaxFee: got.MaxFee, Value: got.Value, SigChainID: got.SigChainID, Body: got.Body}).Size(); got.Size() != fresh {
			t.Errorf("%s: size %d, encoding again gives %d", name, got.Size(), fresh)
		}
	}
}

// Any other form of a transaction is left to the general decoder, which takes or refuses
// it as before: DecodeTx answers exactly as the general decoder does.
func TestOtherFormsAreDecodedInFull(t *testing.T) {
	b := canonicalSamples(t)["faucet signed"]
	s := string(b)
	variants := map[string]string{
		"space after a colon":   strings.Replace(s, `"nonce":17`, `"nonce": 17`, 1),
		"newline at the end":    s + "\n",
		"members reordered":     strings.Replace(strings.Replace(s, `"chain":"arena-test",`, ``, 1), `"nonce":17,`, `"nonce":17,"chain":"arena-test",`, 1),
		"member name's case":    strings.Replace(s, `"chain":`, `"Chain":`, 1),
		"escaped chain":         strings.Replace(s, `"arena-test"`, `"arena\u002dtest"`, 1),
		"body with a space":     strings.Replace(s, `{"to":`, `{ "to":`, 1),
		"body members swapped":  strings.Replace(s, `{"to":"0x53353329774920b511681891939cAAC2b4A645BC","amount":"1000000000000000000"}`, `{"amount":"1000000000000000000","to":"0x53353329774920b511681891939cAAC2b4A645BC"}`, 1),
		"empty sig":             s[:strings.Index(s, `,"sig":`)] + `,"sig":""}`,
		"short sig":             s[:strings.Index(s, `,"sig":`)] + `,"sig":"0xabab"}`,
		"nonce with zero":       strings.Replace(s, `"nonce":17`, `"nonce":017`, 1),
		"nonce past 64 bits":    strings.Replace(s, `"nonce":17`, `"nonce":18446744073709551616`, 1),
		"amount with zero":      strings.Replace(s, `"max_fee":"1234"`, `"max_fee":"01234"`, 1),
		"bad checksum":          strings.Replace(s, "0x53353329774920b511681891939cAAC2b4A645BC", "0x53353329774920b511681891939CAAC2b4A645BC", 1),
		"unknown kind":          strings.Replace(s, `"kind":"faucet"`, `"kind":"faucets"`, 1),
		"unknown body member":   strings.Replace(s, `{"to":`, `{"too":1,"to":`, 1),
		"unclosed body":         strings.Replace(s, `"1000000000000000000"}`, `"1000000000000000000"`, 1),
		"data after the object": s + "{}",
	}
	// Hex digits in the other case are as many characters: the fast path takes them.
	for name, v := range map[string]string{
		"upper-case arena":  strings.Replace(s, "0x452aff", "0x452AFF", 1),
		"lower-case sender": strings.Replace(s, "0x53353329774920b511681891939cAAC2b4A645BC", "0x53353329774920b511681891939caac2b4a645bc", 1),
		"upper-case sig":    strings.ReplaceAll(s, "abab", "ABAB"),
	} {
		got, ok := decodeCanonical([]byte(v))
		want, err := decodeGeneral([]byte(v))
		if !ok || err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: canonical decode %+v (%v), general %+v (%v)", name, got, ok, want, err)
		}
	}
	for name, v := range variants {
		if v == s {
			t.Fatalf("%s: the variant is the canonical form", name)
		}
		if tx, ok := decodeCanonical([]byte(v)); ok {
			t.Errorf("%s: decoded as canonical: %+v", name, tx)
		}
		got, gotErr := DecodeTx([]byte(v))
		want, wantErr := decodeGeneral([]byte(v))
		if !reflect.DeepEqual(got, want) || errText(gotErr) != errText(wantErr) {
			t.Errorf("%s: DecodeTx gives %+v, %v; the general decoder %+v, %v", name, got, gotErr, want, wantErr)
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// No input that the fast path takes is decoded differently, or refused, by the general
// decoder.
func FuzzCanonicalDecode(f *testing.F) {
	for _, b := range canonicalSamples(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, ok := decodeCanonical(b)
		if !ok {
			return
		}
		want, err := decodeGeneral(b)
		if err != nil {
			t.Fatalf("canonical decode took what the general decoder refuses (%v): %s", err, b)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("decoded differently: %+v against %+v from %s", got, want, b)
		}
	})
}
