package ledger

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// decodeCanonical decodes b when it is the form MarshalJSON writes, the form every
// arena client sends: the envelope's members in order with nothing between them, its
// strings without escapes, and the body exactly as json.Marshal encodes the body it
// decodes to. It reads the envelope by hand, the body with the body table's strict
// decoder, and takes the size from b instead of encoding the transaction again. For
// anything else it reports false, and DecodeTx decodes b (or refuses it) in full.
//
// When it reports true, the transaction is the one decodeGeneral returns for b, its
// size included: every member is one decodeGeneral would read to the same value (the
// hashes, addresses and amounts by the same parsers), and is written as MarshalJSON
// writes it but for the case of hex digits, so in as many characters.
func decodeCanonical(b []byte) (*Tx, bool) {
	r := canonReader{b: b, ok: true}
	tx := &Tx{}
	r.lit(`{"chain":`)
	tx.Chain = string(r.plainString())
	r.lit(`,"arena":`)
	arena := r.plainString()
	r.lit(`,"from":`)
	from := r.plainString()
	r.lit(`,"nonce":`)
	tx.Nonce = r.uint()
	r.lit(`,"valid_until":`)
	tx.ValidUntil = r.uint()
	r.lit(`,"max_fee":`)
	maxFee := r.plainString()
	r.lit(`,"kind":`)
	kind := r.plainString()
	r.lit(`,"value":`)
	value := r.plainString()
	r.lit(`,"body":`)
	body := r.object()
	r.lit(`,"signature_chain_id":`)
	tx.SigChainID = r.uint()
	size := r.i + 1 // the unsigned form ends here with its closing brace
	var sig []byte
	if r.ok && r.i < len(b) && b[r.i] == ',' {
		r.lit(`,"sig":`)
		sig = r.plainString()
	}
	r.lit(`}`)
	if !r.ok || r.i != len(b) {
		return nil, false
	}
	var err error
	if tx.Arena, err = ParseHash(string(arena)); err != nil {
		return nil, false
	}
	if tx.From, err = ParseAddress(string(from)); err != nil {
		return nil, false
	}
	if tx.MaxFee, err = ParseAmount(string(maxFee)); err != nil {
		return nil, false
	}
	if tx.Value, err = ParseAmount(string(value)); err != nil {
		return nil, false
	}
	spec, ok := bodyOf(Kind(kind))
	if !ok {
		return nil, false
	}
	if tx.Body, err = spec.decode(body); err != nil {
		return nil, false
	}
	if enc, err := json.Marshal(tx.Body); err != nil || !bytes.Equal(enc, body) {
		return nil, false
	}
	if sig != nil {
		if tx.Sig, err = decodeHex(string(sig)); err != nil || len(tx.Sig) != 65 {
			return nil, false
		}
	}
	tx.size = size
	return tx, true
}

// canonReader reads the canonical form of a transaction from b at i; ok turns false at
// the first byte that is not as the form has it, and stays false.
type canonReader struct {
	b  []byte
	i  int
	ok bool
}

// lit reads s.
func (r *canonReader) lit(s string) {
	if !r.ok || !bytes.HasPrefix(r.b[r.i:], []byte(s)) {
		r.ok = false
		return
	}
	r.i += len(s)
}

// plainString reads a JSON string of printable ASCII that json.Marshal writes as it is
// (no quote, backslash, <, > or &), returning its contents.
func (r *canonReader) plainString() []byte {
	if !r.ok || r.i >= len(r.b) || r.b[r.i] != '"' {
		r.ok = false
		return nil
	}
	start := r.i + 1
	for j := start; j < len(r.b); j++ {
		switch c := r.b[j]; {
		case c == '"':
			r.i = j + 1
			return r.b[start:j]
		case c < 0x20 || c > 0x7e || c == '\\' || c == '<' || c == '>' || c == '&':
			r.ok = false
			return nil
		}
	}
	r.ok = false
	return nil
}

// uint reads an unsigned decimal integer without leading zeros that fits in 64 bits.
func (r *canonReader) uint() uint64 {
	if !r.ok {
		return 0
	}
	j := r.i
	for j < len(r.b) && r.b[j] >= '0' && r.b[j] <= '9' {
		j++
	}
	digits := r.b[r.i:j]
	if len(digits) == 0 || (len(digits) > 1 && digits[0] == '0') {
		r.ok = false
		return 0
	}
	v, err := strconv.ParseUint(string(digits), 10, 64)
	if err != nil {
		r.ok = false
		return 0
	}
	r.i = j
	return v
}

// object reads a JSON object, returning its bytes: it finds the closing brace that
// matches the opening one, skipping strings. Whether the bytes are valid JSON is the
// body decoder's to say.
func (r *canonReader) object() []byte {
	if !r.ok || r.i >= len(r.b) || r.b[r.i] != '{' {
		r.ok = false
		return nil
	}
	depth, inString := 0, false
	for j := r.i; j < len(r.b); j++ {
		c := r.b[j]
		switch {
		case inString && c == '\\':
			j++ // the escaped byte cannot end the string
		case c == '"':
			inString = !inString
		case inString:
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
			if depth == 0 {
				start := r.i
				r.i = j + 1
				return r.b[start:r.i]
			}
		}
	}
	r.ok = false
	return nil
}
