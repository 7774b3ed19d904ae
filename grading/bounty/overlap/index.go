package overlap

import "github.com/arena/arena/ledger"

// Index holds earlier entries, in filing order, as an inverted index from token to the
// entries that contain it, so that measuring a new entry costs time in proportion to
// the tokens it shares with them rather than to the size of the corpus. Measure may be
// called concurrently; Add may not be called concurrently with anything.
type Index struct {
	vocab    map[string]uint32
	postings [][]uint32 // token -> positions of the entries holding it, ascending
	ids      []ledger.EntryID
}

// NewIndex returns an empty index.
func NewIndex() *Index { return &Index{vocab: map[string]uint32{}} }

// Add appends entry id with text as the latest entry in filing order.
func (x *Index) Add(id ledger.EntryID, text string) {
	pos := uint32(len(x.ids))
	x.ids = append(x.ids, id)
	for _, t := range distinct(text) {
		tok, ok := x.vocab[t]
		if !ok {
			tok = uint32(len(x.postings))
			x.vocab[t] = tok
			x.postings = append(x.postings, nil)
		}
		x.postings[tok] = append(x.postings[tok], pos)
	}
}

// Len returns the number of entries added.
func (x *Index) Len() int { return len(x.ids) }

// IDs returns the entries in filing order. The slice must not be modified.
func (x *Index) IDs() []ledger.EntryID { return x.ids }

// Measure returns the highest overlap of text with any entry in the index and the
// earliest entry that has it.
func (x *Index) Measure(text string) Match { return x.MeasureFirst(text, len(x.ids)) }

// MeasureFirst is Measure against only the first n entries in filing order.
func (x *Index) MeasureFirst(text string, n int) Match {
	n = min(max(n, 0), len(x.ids))
	a := distinct(text)
	if len(a) == 0 || n == 0 {
		return Match{}
	}
	counts := make([]uint32, n)
	for _, t := range a {
		tok, ok := x.vocab[t]
		if !ok {
			continue
		}
		for _, pos := range x.postings[tok] {
			if int(pos) >= n {
				break
			}
			counts[pos]++
		}
	}
	best := Match{}
	for pos, c := range counts {
		if p := Percent(int(c), len(a)); p > best.Percent {
			best = Match{Entry: x.ids[pos], Percent: p}
		}
	}
	return best
}
