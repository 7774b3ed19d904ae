package ledger

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// parseWire decodes b when it is the wire form spelled as MarshalJSON writes it: the
// members in wireTx's order, no white space outside the body, strings of printable ASCII
// without escapes, numbers as plain digits. For every b it takes it gives the wireTx
// strictUnmarshal gives, without reflection; any other spelling, and anything it
// cannot decode, it leaves to strictUnmarshal (false). The body is taken as the bytes of
// one object, as json.RawMessage takes it; the body's own decoding checks them.
//
// When every member but the body is also spelled as json.Marshal spells it (the
// checksummed sender, the arena in lower case, no character json.Marshal escapes),
// unsigned is the length of b without its signature: the transaction's Size if its body
// is spelled as json.Marshal spells it too. Otherwise unsigned is 0.
func parseWire(b []byte) (w wireTx, unsigned int, ok bool) {
	p := wireParser{b: b}
	var from []byte
	ok = p.lit(`{"chain":`) && p.str(&w.Chain) &&
		p.lit(`,"arena":`) && p.str(&w.Arena) &&
		p.lit(`,"from":`) && p.quoted(w.From.UnmarshalJSON, &from) &&
		p.lit(`,"nonce":`) && p.uint(&w.Nonce) &&
		p.lit(`,"valid_until":`) && p.uint(&w.ValidUntil) &&
		p.lit(`,"max_fee":`) && p.quoted(w.MaxFee.UnmarshalJSON, nil) &&
		p.lit(`,"kind":`) && p.str((*string)(&w.Kind)) &&
		p.lit(`,"value":`) && p.quoted(w.Value.UnmarshalJSON, nil) &&
		p.lit(`,"body":`) && p.object(&w.Body) &&
		p.lit(`,"signature_chain_id":`) && p.uint(&w.SigChainID)
	if !ok {
		return w, 0, false
	}
	unsigned = p.i + 1 // the closing brace
	if !(!p.lit(`,"sig":`) || p.str(&w.Sig)) || !p.lit(`}`) || p.i != len(b) {
		return w, 0, false
	}
	if !marshalsAsIs(w.Chain) || !marshalsAsIs(string(w.Kind)) || !isLowerHex(w.Arena) ||
		len(from) != 44 || string(from[1:43]) != w.From.String() {
		unsigned = 0
	}
	return w, unsigned, true
}

// marshalsAsIs reports whether json.Marshal writes s, a plain string, between quotes as
// it is: it escapes <, > and & for HTML.
func marshalsAsIs(s string) bool { return !strings.ContainsAny(s, "<>&") }

// isLowerHex reports whether s is 0x and 64 lower-case hex digits, as HexHash writes a hash.
func isLowerHex(s string) bool {
	if len(s) != 66 || s[:2] != "0x" {
		return false
	}
	for _, c := range []byte(s[2:]) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// wireParser reads b from position i.
type wireParser struct {
	b []byte
	i int
}

// lit consumes s if b continues with it.
func (p *wireParser) lit(s string) bool {
	if !bytes.HasPrefix(p.b[p.i:], []byte(s)) {
		return false
	}
	p.i += len(s)
	return true
}

// plainString returns the JSON string at i, quotes included, when every character
// between its quotes is printable ASCII other than a quote or a backslash: a string
// that decodes to the characters between its quotes.
func (p *wireParser) plainString() ([]byte, bool) {
	if p.i >= len(p.b) || p.b[p.i] != '"' {
		return nil, false
	}
	for j := p.i + 1; j < len(p.b); j++ {
		switch c := p.b[j]; {
		case c == '"':
			s := p.b[p.i : j+1]
			p.i = j + 1
			return s, true
		case c < 0x20 || c > 0x7e || c == '\\':
			return nil, false
		}
	}
	return nil, false
}

// str decodes a plain string into s.
func (p *wireParser) str(s *string) bool {
	q, ok := p.plainString()
	if ok {
		*s = string(q[1 : len(q)-1])
	}
	return ok
}

// quoted hands a plain string, quotes included, to a json.Unmarshaler's method, as
// encoding/json hands it the value, and keeps it in q if q is not nil.
func (p *wireParser) quoted(unmarshal func([]byte) error, q *[]byte) bool {
	s, ok := p.plainString()
	if q != nil {
		*q = s
	}
	return ok && unmarshal(s) == nil
}

// uint decodes a number of plain digits, without a leading zero, that fits in a uint64;
// a fraction or an exponent after them is not the member separator that must follow.
func (p *wireParser) uint(n *uint64) bool {
	j := p.i
	for j < len(p.b) && '0' <= p.b[j] && p.b[j] <= '9' {
		j++
	}
	digits := p.b[p.i:j]
	if len(digits) == 0 || (len(digits) > 1 && digits[0] == '0') {
		return false
	}
	v, err := strconv.ParseUint(string(digits), 10, 64)
	if err != nil {
		return false
	}
	*n, p.i = v, j
	return true
}

// object takes the bytes of the object at i: to the brace that closes it, skipping
// strings. For a valid JSON object these are the bytes encoding/json takes as its
// value; for anything else the body's decoding fails.
func (p *wireParser) object(raw *json.RawMessage) bool {
	if p.i >= len(p.b) || p.b[p.i] != '{' {
		return false
	}
	depth, inString := 0, false
	for j := p.i; j < len(p.b); j++ {
		c := p.b[j]
		switch {
		case inString && c == '\\':
			j++
		case inString:
			inString = c != '"'
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			if depth--; depth == 0 {
				*raw = p.b[p.i : j+1]
				p.i = j + 1
				return true
			}
		}
	}
	return false
}
