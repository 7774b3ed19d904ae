package board

import (
	"bufio"
	"cmp"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/arena/arena/ledger"
)

// The data block is JSON in a compact shape the script expands (board.js, expand):
//
//	{"n":page size,"top":top rung,"s":[strings],"c":[cards, one a line]}
//
// Keys are short (wire.go's card, grade, … name each one); a field that is zero, false,
// empty or absent is left out; true is 1; and a string that occurs more than once is
// written once in "s" and elsewhere as its index there, so every address, label, time
// and summary that repeats across ten thousand cards costs a few digits. Strings are
// indexed most frequent first, ties in order of first use, so the block is a function
// of the cards alone.

// wire writes the data block. Each card is walked twice: once to count the strings,
// once to write them.
type wire struct {
	w     *bufio.Writer
	count map[string]int // pass one: how often each string occurs
	order []string       // pass one: strings in order of first use
	ref   map[string]int // pass two: the index of each string in the table
	comma bool           // a key was written in the current object
	buf   []byte
}

// encode writes the data block for cs.
func encode(w *bufio.Writer, cs []card) error {
	e := &wire{w: w, count: map[string]int{}}
	for i := range cs {
		e.card(&cs[i])
	}
	e.table()
	e.w.WriteString(`<script type="application/json" id="board-data">{"n":`)
	e.w.WriteString(strconv.Itoa(pageSize))
	e.w.WriteString(`,"top":`)
	e.w.WriteString(strconv.Itoa(ledger.Rungs - 1))
	e.w.WriteString(`,"s":[`)
	for i, s := range e.order {
		if i > 0 {
			e.w.WriteByte(',')
		}
		e.quote(s)
	}
	e.w.WriteString(`],"c":[`)
	for i := range cs {
		if i > 0 {
			e.w.WriteByte(',')
		}
		e.w.WriteByte('\n')
		e.comma = false
		e.card(&cs[i])
	}
	_, err := e.w.WriteString("\n]}</script>\n")
	return err
}

// table picks the strings worth a place in the table and numbers them; it ends pass one.
func (e *wire) table() {
	keep := e.order[:0]
	for _, s := range e.order {
		if e.count[s] > 1 && len(s) > 2 {
			keep = append(keep, s)
		}
	}
	slices.SortStableFunc(keep, func(a, b string) int { return cmp.Compare(e.count[b], e.count[a]) })
	e.order, e.ref = keep, make(map[string]int, len(keep))
	for i, s := range keep {
		e.ref[s] = i
	}
}

func (e *wire) counting() bool { return e.ref == nil }

func (e *wire) key(k string) {
	if e.comma {
		e.w.WriteByte(',')
	}
	e.comma = true
	e.w.WriteByte('"')
	e.w.WriteString(k)
	e.w.WriteString(`":`)
}

// value writes s as its table index, or quoted.
func (e *wire) value(s string) {
	if e.counting() {
		if e.count[s] == 0 {
			e.order = append(e.order, s)
		}
		e.count[s]++
		return
	}
	if i, ok := e.ref[s]; ok {
		e.buf = strconv.AppendInt(e.buf[:0], int64(i), 10)
		e.w.Write(e.buf)
		return
	}
	e.quote(s)
}

func (e *wire) str(k, s string) {
	if s == "" {
		return
	}
	if !e.counting() {
		e.key(k)
	}
	e.value(s)
}

func (e *wire) strs(k string, ss []string) {
	if len(ss) == 0 {
		return
	}
	if e.counting() {
		for _, s := range ss {
			e.value(s)
		}
		return
	}
	e.key(k)
	e.w.WriteByte('[')
	for i, s := range ss {
		if i > 0 {
			e.w.WriteByte(',')
		}
		e.value(s)
	}
	e.w.WriteByte(']')
}

func (e *wire) num(k string, n int64) {
	if n == 0 || e.counting() {
		return
	}
	e.key(k)
	e.buf = strconv.AppendInt(e.buf[:0], n, 10)
	e.w.Write(e.buf)
}

func (e *wire) unum(k string, n uint64) {
	if n == 0 || e.counting() {
		return
	}
	e.key(k)
	e.buf = strconv.AppendUint(e.buf[:0], n, 10)
	e.w.Write(e.buf)
}

func (e *wire) flag(k string, b bool) {
	if !b || e.counting() {
		return
	}
	e.key(k)
	e.w.WriteByte('1')
}

// nest writes key k and n objects, each filled by f: as an array when array is set,
// else the one object alone. It writes nothing when n is 0.
func (e *wire) nest(k string, n int, array bool, f func(i int)) {
	if n == 0 {
		return
	}
	if e.counting() {
		for i := range n {
			f(i)
		}
		return
	}
	e.key(k)
	if array {
		e.w.WriteByte('[')
	}
	for i := range n {
		if i > 0 {
			e.w.WriteByte(',')
		}
		e.object(func() { f(i) })
	}
	if array {
		e.w.WriteByte(']')
	}
}

// object writes {…} around what f writes.
func (e *wire) object(f func()) {
	if e.counting() {
		f()
		return
	}
	e.w.WriteByte('{')
	e.comma = false
	f()
	e.w.WriteByte('}')
	e.comma = true
}

// quote writes s as a JSON string exactly as encoding/json would: '<', '>' and '&',
// U+2028 and U+2029 and control characters escaped, invalid UTF-8 as U+FFFD. No text
// can end the script element that holds it.
func (e *wire) quote(s string) {
	e.buf = appendQuoted(e.buf[:0], s)
	e.w.Write(e.buf)
}

const hexDigits = "0123456789abcdef"

func appendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
