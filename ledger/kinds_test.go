package ledger

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/govern"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/valset"
)

// The root lists its contest kinds once, in contests, and builds the state hash, the
// encoding, the invariants, the balances and the views from that list. These tests fail
// when a kind is left out: its state in State but no row in contests, or a row that
// leaves a part out.

// kindFields returns the names of State's fields that hold a contest kind's state: a
// pointer to a type with a Hash method, other than the book, the round set and the
// governance proposals and the validator records, which the root hashes itself.
func kindFields() []string {
	hasher := reflect.TypeFor[interface{ Hash() [32]byte }]()
	var out []string
	st := reflect.TypeFor[State]()
	for i := range st.NumField() {
		f := st.Field(i)
		if f.Type.Kind() != reflect.Pointer || !f.Type.Implements(hasher) ||
			f.Type == reflect.TypeFor[*book.Book]() || f.Type == reflect.TypeFor[*round.Set]() || f.Type == reflect.TypeFor[*govern.State]() ||
			f.Type == reflect.TypeFor[*valset.State]() {
			continue
		}
		out = append(out, f.Name)
	}
	return out
}

// TestEveryKindInStateHasARowInContests: each field of State that holds a kind's state
// is the part of exactly one row of contests, and the rows are the fields, in the order
// State declares them; so a kind added to State and not to the list fails here.
func TestEveryKindInStateHasARowInContests(t *testing.T) {
	s := newState(testTerms(t), govern.New(), valset.New())
	v := reflect.ValueOf(s).Elem()
	var rows []string
	for _, name := range kindFields() {
		ptr := v.FieldByName(name).Pointer()
		var found []string
		for _, c := range contests {
			if reflect.ValueOf(c.part(s)).Pointer() == ptr {
				found = append(found, c.name)
			}
		}
		if len(found) != 1 {
			t.Errorf("State.%s is the part of %d rows of contests (%v), want 1", name, len(found), found)
			continue
		}
		rows = append(rows, found[0])
	}
	var names []string
	for _, c := range contests {
		names = append(names, c.name)
	}
	if !slices.Equal(rows, names) {
		t.Errorf("State's kinds are the rows %v, contests lists %v", rows, names)
	}
	if want := []string{"bounty", "tender", "match", "challenge", "learn"}; !slices.Equal(names, want) {
		t.Errorf("contests = %v, want %v: the order is the state hash's and the encoding's", names, want)
	}
}

// TestEveryRowFillsEveryPart: each row says how to make, encode, restore, hash and check
// its kind, lists its pools, counts and views; a kind with graded rounds says how to
// decode their verdicts and settle them, and one that waits for an anchor has
// begin-block work to hand it to. Where the kind's state has the method a part calls
// (Settled, Exhausted, Anchoring, BeginBlock, Anchor, Names), the row has that part. No
// round kind has two owners.
func TestEveryRowFillsEveryPart(t *testing.T) {
	s := newState(testTerms(t), govern.New(), valset.New())
	owners := map[string]string{}
	for _, c := range contests {
		st := reflect.TypeOf(c.part(s))
		for method, set := range map[string]bool{
			"Settled": c.settled != nil, "Exhausted": c.exhausted != nil, "Anchoring": c.anchoring != nil,
			"BeginBlock": c.begin != nil, "Anchor": c.begin != nil, "Names": c.names != nil,
		} {
			if _, has := st.MethodByName(method); has && !set {
				t.Errorf("contest %q: its state has %s, the row leaves out the part that calls it", c.name, method)
			}
		}
		missing := []string{}
		for part, nilFn := range map[string]bool{
			"open": c.open == nil, "part": c.part == nil, "restore": c.restore == nil, "hash": c.hash == nil,
			"check": c.check == nil, "counts": c.counts == nil, "snapshot": c.snapshot == nil, "pools": len(c.pools) == 0,
		} {
			if nilFn {
				missing = append(missing, part)
			}
		}
		slices.Sort(missing)
		if len(missing) > 0 {
			t.Errorf("contest %q leaves out %v", c.name, missing)
		}
		if graded := len(c.rounds) > 0; graded != (c.settled != nil) || graded != (c.exhausted != nil) {
			t.Errorf("contest %q: %d round kinds, settled %v, exhausted %v; want all or none", c.name, len(c.rounds), c.settled != nil, c.exhausted != nil)
		}
		if c.anchoring != nil && c.begin == nil {
			t.Errorf("contest %q waits for an anchor but has no begin-block work to take it", c.name)
		}
		for k := range c.rounds {
			if o, ok := owners[k]; ok {
				t.Errorf("round kind %q is owned by %q and %q", k, o, c.name)
			}
			owners[k] = c.name
		}
	}
}

// TestTheEncodingWritesEveryKindInOrder: the encoding's top-level keys are the head's,
// then each row's name in the order of contests, then the outbox; and it decodes back.
func TestTheEncodingWritesEveryKindInOrder(t *testing.T) {
	s := newState(testTerms(t), govern.New(), valset.New())
	b, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	var keys []string
	if _, err := d.Token(); err != nil { // {
		t.Fatal(err)
	}
	for d.More() {
		k, err := d.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := d.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	want := slices.Clone(wireHeadKeys)
	for _, c := range contests {
		want = append(want, c.name)
	}
	want = append(want, outboxKey)
	if !slices.Equal(keys, want) {
		t.Errorf("the encoding's keys are %v, want %v", keys, want)
	}
	again, err := Decode(b)
	if err != nil {
		t.Fatalf("Decode(Encode) = %v", err)
	}
	if again.Hash() != s.Hash() {
		t.Error("Decode(Encode) has another hash")
	}
	extra := append(bytes.TrimSuffix(b, []byte("}")), []byte(`,"raffle":{}}`)...)
	if _, err := Decode(extra); err == nil || err.Error() != `decode state: json: unknown field "raffle"` {
		t.Errorf("Decode(an unknown kind) = %v, want the unknown field refused", err)
	}
}

// wireHeadKeys are the keys wireHead writes, in order.
var wireHeadKeys = func() []string {
	var out []string
	ht := reflect.TypeFor[wireHead]()
	for i := range ht.NumField() {
		out = append(out, ht.Field(i).Tag.Get("json"))
	}
	return out
}()

// TestEveryBalancesPoolIsSomeKindsPool: every pool field of Balances (all but the
// claimable total and the two flows) is the field of exactly one pool line, each line a
// pool of its own, the fee pool after the bounty's; so the balances, the money identity
// and the board's money line cover every kind's pools.
func TestEveryBalancesPoolIsSomeKindsPool(t *testing.T) {
	var b Balances
	base := reflect.ValueOf(&b).Pointer()
	byOffset := map[uintptr]string{}
	pools := map[book.Pool]bool{}
	for _, l := range poolLines() {
		off := reflect.ValueOf(l.field(&b)).Pointer() - base
		if o, ok := byOffset[off]; ok {
			t.Errorf("%q and %q fill the same field of Balances", o, l.name)
		}
		byOffset[off] = l.name
		if pools[l.pool] {
			t.Errorf("pool %q is listed twice", l.pool)
		}
		pools[l.pool] = true
	}
	bt := reflect.TypeFor[Balances]()
	for i := range bt.NumField() {
		f := bt.Field(i)
		if f.Type != reflect.TypeFor[Amount]() || slices.Contains([]string{"ClaimableTotal", "PaidIn", "PaidOut"}, f.Name) {
			continue
		}
		if _, ok := byOffset[f.Offset]; !ok {
			t.Errorf("Balances.%s is no kind's pool", f.Name)
		}
		delete(byOffset, f.Offset)
	}
	if len(byOffset) != 0 {
		t.Errorf("pool lines fill fields that are not pools: %v", byOffset)
	}
	if lines := poolLines(); len(lines) < 5 || lines[4].pool != book.FeePool || lines[3].pool == book.FeePool {
		t.Errorf("the fee pool is not the fifth line, after the bounty's four")
	}
}

// TestEveryCountAndViewIsSomeKinds: every count but the rounds' (the root's) is written
// by some row's counts, and every list of the snapshot but the claimable and the
// outbox (the root's) by some row's snapshot.
func TestEveryCountAndViewIsSomeKinds(t *testing.T) {
	s := newState(testTerms(t), govern.New(), valset.New())
	var c Counts
	cv := reflect.ValueOf(&c).Elem()
	for i := range cv.NumField() {
		cv.Field(i).SetInt(-1)
	}
	for _, k := range contests {
		k.counts(s, &c)
	}
	for i := range cv.NumField() {
		if name := cv.Type().Field(i).Name; name != "Rounds" && cv.Field(i).Int() != 0 {
			t.Errorf("Counts.%s is no kind's count", name)
		}
	}
	var snap Snapshot
	sv := reflect.ValueOf(&snap).Elem()
	sentinel := map[int]uintptr{}
	for i := range sv.NumField() {
		if f := sv.Field(i); f.Kind() == reflect.Slice {
			f.Set(reflect.MakeSlice(f.Type(), 0, 1))
			sentinel[i] = f.Pointer()
		}
	}
	for _, k := range contests {
		k.snapshot(s, &snap)
	}
	for i, p := range sentinel {
		name := sv.Type().Field(i).Name
		root := name == "Claimable" || name == "Events" || name == "Validators" // the root writes these itself
		if written := sv.Field(i).Pointer() != p; written == root {
			t.Errorf("Snapshot.%s: written by a kind's snapshot %v, want %v", name, written, !root)
		}
	}
}

// testTerms returns terms that New accepts.
func testTerms(t *testing.T) Terms {
	t.Helper()
	terms := Terms{Chain: "kinds-test", Name: "Kinds", Symbol: "GEN", EntryBond: Ether(1), AppealBond: Ether(2),
		AppealWindowS: 3600, GradingWindowS: 86400, Validators: []Address{{1}}, Attempts: 3, RoundTimeoutS: 60}
	if err := terms.Validate(); err != nil {
		t.Fatal(err)
	}
	return terms
}
