package koth

import (
	"encoding/hex"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"
)

// The claims of the seed's test_dethrone_band.py and test_crn.py, one test each, with
// scores in micros.

func params() Params {
	return Params{MarginPPM: 20000, Tail: 4, ChampionPPM: 900000, ZMilli: 1640, MinCases: 100, Version: 1}
}

// ent is an eligible entry with no standard error and no confirmations.
func ent(id string, first uint64, composite int64) Entry {
	return Entry{ID: id, Submitter: "s-" + id, FirstSeen: first, N: 114, Composite: composite, Final: true, Full: true, Version: 1}
}

func withSE(e Entry, se int64) Entry { e.SE, e.HasSE = se, true; return e }

// conf gives e confirmation composites on seeds from base.
func conf(e Entry, base uint64, composites ...int64) Entry {
	for i, c := range composites {
		e.Confirmations = append(e.Confirmations, Confirmation{Seed: base + uint64(i), Composite: c})
	}
	return e
}

func rat(s string) *big.Rat { r, _ := new(big.Rat).SetString(s); return r }

func TestAnAbsentOrNegativeStderrIsNone(t *testing.T) {
	ch, c := ent("ch", 1, 500000), ent("c", 2, 520000)
	if statVar(&c, &ch, params()) != nil {
		t.Fatal("absent stderrs made a band")
	}
	c, ch = withSE(c, 20000), withSE(ch, -1)
	if statVar(&c, &ch, params()) != nil {
		t.Fatal("a negative stderr made a band")
	}
}

func TestFewerThanTwoConfirmationsCountAsNone(t *testing.T) {
	e := conf(ent("e", 1, 600000), 10, 100000)
	if Eff(&e).Cmp(rat("600000")) != 0 {
		t.Fatalf("one confirmation moved eff to %s", Eff(&e))
	}
	dup := ent("d", 1, 600000)
	dup.Confirmations = []Confirmation{{Seed: 5, Composite: 1}, {Seed: 5, Composite: 2}}
	if Eff(&dup).Cmp(rat("600000")) != 0 {
		t.Fatal("repeated seeds were read as confirmations")
	}
	bad := conf(ent("b", 1, 600000), 10, 100000, 1_000_001)
	if Eff(&bad).Cmp(rat("600000")) != 0 {
		t.Fatal("a composite above 1 was read as a confirmation")
	}
}

func TestMedianOddAndEven(t *testing.T) {
	if m := Median([]int64{3, 1, 2}); m.Cmp(rat("2")) != 0 {
		t.Fatalf("odd median %s", m)
	}
	if m := Median([]int64{4, 1, 2, 3}); m.Cmp(rat("5/2")) != 0 {
		t.Fatalf("even median %s", m)
	}
	in := []int64{3, 1, 2}
	Median(in)
	if !slices.Equal(in, []int64{3, 1, 2}) {
		t.Fatal("Median sorted its input")
	}
}

func TestALuckySingleSeedLeadDoesNotDethroneOnTheMedian(t *testing.T) {
	ch := conf(ent("ch", 1, 700000), 100, 700000, 700000, 700000)
	c := conf(ent("c", 2, 800000), 200, 700000, 710000, 950000) // one lucky dataset
	raw := ent("c", 2, 800000)
	if !Beats(&raw, &ch, params()) {
		t.Fatal("the raw lucky composite should clear the flat margin")
	}
	if Beats(&c, &ch, params()) {
		t.Fatal("a lucky single-seed lead dethroned on the median")
	}
}

func TestNoStderrMeansAFlatRelativeMargin(t *testing.T) {
	ch := ent("ch", 1, 500000)
	at, over := ent("c", 2, 510000), ent("c", 2, 510001)
	if Beats(&at, &ch, params()) {
		t.Fatal("a lead equal to 2% of the champion dethroned")
	}
	if !Beats(&over, &ch, params()) {
		t.Fatal("a lead just over 2% did not dethrone")
	}
}

func TestTheStatBandBlocksASubUncertaintyLead(t *testing.T) {
	ch, c := withSE(ent("ch", 1, 500000), 20000), withSE(ent("c", 2, 520000), 20000)
	if Beats(&c, &ch, params()) {
		t.Fatal("a lead inside 1.64·√(se²+se²) dethroned")
	}
}

func TestAClearLeadDethrones(t *testing.T) {
	ch, c := withSE(ent("ch", 1, 500000), 20000), withSE(ent("c", 2, 600000), 20000)
	if !Beats(&c, &ch, params()) {
		t.Fatal("a clear lead was held")
	}
}

func TestZZeroDisablesTheBand(t *testing.T) {
	p := params()
	p.ZMilli = 0
	ch, c := withSE(ent("ch", 1, 500000), 20000), withSE(ent("c", 2, 520000), 20000)
	if !Beats(&c, &ch, p) {
		t.Fatal("z = 0 still applied the statistical band")
	}
}

func TestBothEntriesNeedAStderr(t *testing.T) {
	ch, c := ent("ch", 1, 500000), withSE(ent("c", 2, 520000), 20000)
	if !Beats(&c, &ch, params()) {
		t.Fatal("the band applied with one stderr missing")
	}
	ch, c = withSE(ent("ch", 1, 500000), 20000), ent("c", 2, 520000)
	if !Beats(&c, &ch, params()) {
		t.Fatal("the band applied with the challenger's stderr missing")
	}
}

func TestTheBandMatchesTheFormula(t *testing.T) {
	// se 0.03 and 0.04: √(se²+se²) = 0.05, times 1.64 = 0.082 exactly.
	ch := withSE(ent("ch", 1, 500000), 40000)
	at, over := withSE(ent("c", 2, 582000), 30000), withSE(ent("c", 2, 582001), 30000)
	if Beats(&at, &ch, params()) {
		t.Fatal("a lead equal to the band dethroned")
	}
	if !Beats(&over, &ch, params()) {
		t.Fatal("a lead one micro over the band was held")
	}
}

func TestZZeroIsBackwardCompatibleAndNoStderrIsIdenticalWithOrWithoutZ(t *testing.T) {
	es := []Entry{ent("a", 1, 500000), ent("b", 2, 509000), ent("c", 3, 530000), ent("d", 4, 520000), ent("e", 5, 700000)}
	p0 := params()
	p0.ZMilli = 0
	r0, r1 := Fold(es, p0), Fold(es, params())
	if r0.Champion != r1.Champion || !slices.Equal(r0.Tail, r1.Tail) || r0.Champion != 4 {
		t.Fatalf("z changed a ledger with no stderr: %+v vs %+v", r0, r1)
	}
}

func TestPairedOverCommonSeedsOnly(t *testing.T) {
	ch := conf(ent("ch", 1, 500000), 1, 500000, 500000, 500000)
	c := conf(ent("c", 2, 500000), 1, 520000, 521000, 519000)
	if !Beats(&c, &ch, params()) {
		t.Fatal("a consistent paired lead was held")
	}
	for _, v := range []int64{0, 1_000_000} {
		ch2 := ch
		ch2.Confirmations = append(slices.Clone(ch.Confirmations), Confirmation{Seed: 50, Composite: v})
		c2 := c
		c2.Confirmations = append(slices.Clone(c.Confirmations), Confirmation{Seed: 60, Composite: 1_000_000 - v})
		if len(commonSeeds(&c2, &ch2)) != 3 || !Beats(&c2, &ch2, params()) {
			t.Fatalf("a seed only one side ran (%d) changed the paired comparison", v)
		}
	}
}

func TestATightPairedLeadDethronesWhereTheUnpairedBandHolds(t *testing.T) {
	ch := withSE(ent("ch", 1, 500000), 30000)
	c := withSE(ent("c", 2, 530000), 30000)
	if Beats(&c, &ch, params()) {
		t.Fatal("the unpaired band should hold a 0.03 lead with se 0.03 each")
	}
	ch = conf(ch, 7, 400000, 500000, 600000)
	c = conf(c, 7, 430000, 530000, 630000)
	if !Beats(&c, &ch, params()) {
		t.Fatal("a tight paired lead was held")
	}
}

func TestANoisyPairedLeadIsHeld(t *testing.T) {
	ch := conf(ent("ch", 1, 500000), 7, 500000, 500000, 500000)
	c := conf(ent("c", 2, 530000), 7, 600000, 450000, 540000) // d = .10, −.05, .04
	if Beats(&c, &ch, params()) {
		t.Fatal("a noisy paired lead dethroned")
	}
}

func TestFallsBackToUnpairedWithoutSeeds(t *testing.T) {
	ch := conf(ent("ch", 1, 500000), 7, 500000, 500000)
	c := conf(ent("c", 2, 500000), 8, 700000, 700000) // one seed in common
	if len(commonSeeds(&c, &ch)) != 1 {
		t.Fatal("the fixture should share one seed")
	}
	if !Beats(&c, &ch, params()) { // unpaired on the medians: 0.70 against 0.50
		t.Fatal("with one shared seed the unpaired comparison did not apply")
	}
	p := params()
	p.ZMilli = 0
	ch = conf(ent("ch", 1, 500000), 7, 500000, 500000, 500000)
	c = conf(ent("c", 2, 500000), 7, 600000, 450000, 540000)
	if !Beats(&c, &ch, p) { // z = 0: unpaired medians 0.54 against 0.50
		t.Fatal("z = 0 still compared paired")
	}
}

func ids(es []Entry, is []int) string {
	var out []string
	for _, i := range is {
		out = append(out, es[i].ID)
	}
	return strings.Join(out, ",")
}

func TestContestedSetHoldsOnlyInBandChallengers(t *testing.T) {
	es := []Entry{ent("ch", 1, 500000), ent("near", 2, 505000), ent("below", 3, 400000), ent("nearlow", 4, 492000)}
	if got := ids(es, Fold(es, params()).Contested); got != "ch,near,nearlow" {
		t.Fatalf("contested %q", got)
	}
}

func TestAClearWinFlipsWithoutConfirmation(t *testing.T) {
	es := []Entry{ent("old", 1, 500000), ent("new", 2, 600000)}
	r := Fold(es, params())
	if es[r.Champion].ID != "new" || len(r.Contested) != 0 {
		t.Fatalf("champion %s, contested %q", es[r.Champion].ID, ids(es, r.Contested))
	}
}

func TestASettledPairNeverRetriggers(t *testing.T) {
	ch := conf(ent("ch", 1, 500000), 7, 500000, 500000, 500000)
	c := conf(ent("c", 2, 505000), 7, 501000, 504000, 502000) // paired: held
	es := []Entry{ch, c}
	r := Fold(es, params())
	if es[r.Champion].ID != "ch" || len(r.Contested) != 0 {
		t.Fatalf("champion %s, contested %q", es[r.Champion].ID, ids(es, r.Contested))
	}
}

func TestANewEntrantDoesNotReopen(t *testing.T) {
	ch := conf(ent("ch", 1, 500000), 7, 500000, 500000, 500000)
	c := conf(ent("c", 2, 505000), 7, 501000, 504000, 502000)
	es := []Entry{ch, c, ent("b", 3, 503000)}
	if got := ids(es, Fold(es, params()).Contested); got != "ch,b" {
		t.Fatalf("contested %q", got)
	}
}

func TestStaleEntriesDeferToTheVersionSweep(t *testing.T) {
	p := params()
	p.Version = 2
	ch, stale := ent("ch", 1, 500000), ent("stale", 2, 505000)
	ch.Version = 2
	es := []Entry{ch, stale}
	r := Fold(es, p)
	if es[r.Champion].ID != "ch" || len(r.Contested) != 0 {
		t.Fatalf("a stale entry was contested: %q", ids(es, r.Contested))
	}
	// the sweep: champion and tail on an older version than the target are re-scored
	es = []Entry{ent("a", 1, 500000), ent("b", 2, 400000), ent("c", 3, 300000)}
	r = Fold(es, params())
	if got := ids(es, NeedsRescore(es, r, 2)); got != "a,b,c" {
		t.Fatalf("needs rescore %q", got)
	}
	if got := NeedsRescore(es, r, 1); got != nil {
		t.Fatalf("nothing is older than the active version, got %v", got)
	}
}

func TestASingleEntryHasNoContest(t *testing.T) {
	es := []Entry{ent("only", 1, 500000)}
	r := Fold(es, params())
	if r.Champion != 0 || len(r.Contested) != 0 || len(r.Tail) != 0 {
		t.Fatalf("%+v", r)
	}
}

func TestEligibilityDropsShortZeroUnfinishedAndPracticeRuns(t *testing.T) {
	short := ent("short", 1, 900000)
	short.N = 99
	unknown := ent("unknown", 2, 100000)
	unknown.N = -1
	zero := ent("zero", 3, 0)
	prov := ent("prov", 4, 900000)
	prov.Final = false
	practice := ent("practice", 5, 900000)
	practice.Full = false
	old := ent("old", 6, 900000)
	old.Version = 0
	es := []Entry{short, unknown, zero, prov, practice, old}
	if r := Fold(es, params()); r.Champion != 1 || len(r.Tail) != 0 {
		t.Fatalf("%+v", r)
	}
	if r := Fold(es[2:3], params()); r.Champion != -1 {
		t.Fatal("a fold with no eligible entry named a champion")
	}
}

func TestTheTailIsTheBestEntryOfEachOtherSubmitter(t *testing.T) {
	es := []Entry{ent("ch", 1, 800000), ent("a1", 2, 500000), ent("a2", 3, 600000), ent("b", 4, 600000), ent("mine", 5, 700000),
		ent("c", 6, 300000), ent("d", 7, 200000), ent("e", 8, 100000)}
	es[1].Submitter, es[2].Submitter = "alice", "alice"
	es[4].Submitter = es[0].Submitter // the champion's own second entry never tails
	r := Fold(es, params())
	if es[r.Champion].ID != "ch" {
		t.Fatalf("champion %s", es[r.Champion].ID)
	}
	if got := ids(es, r.Tail); got != "a2,b,c,d" {
		t.Fatalf("tail %q", got)
	}
}

func TestSharesGiveTheChampionItsPPMAndTheRemainders(t *testing.T) {
	for _, c := range []struct {
		amount       int64
		n            int
		champ, share int64
	}{{1000, 4, 900, 25}, {1003, 4, 903, 25}, {1001, 3, 902, 33}, {1000, 0, 1000, 0}, {7, 4, 7, 0}} {
		ch, each := Shares(big.NewInt(c.amount), c.n, 900000)
		total := new(big.Int).Add(ch, new(big.Int).Mul(each, big.NewInt(int64(c.n))))
		if ch.Int64() != c.champ || each.Int64() != c.share || total.Int64() != c.amount {
			t.Fatalf("%d over %d: champion %s, each %s", c.amount, c.n, ch, each)
		}
	}
}

func TestCRNSeedVectors(t *testing.T) {
	for _, c := range []struct {
		ids  []string
		v    uint32
		k    int
		want uint64
	}{
		{[]string{"a", "b"}, 1, 0, 2496370004495387256},
		{[]string{"b", "a"}, 1, 0, 2496370004495387256},
		{[]string{"a", "b"}, 1, 1, 1110825803056330384},
		{[]string{"a", "b"}, 1, 2, 2215330478639109237},
		{[]string{"agent-x"}, 4, 0, 7715441032487547677},
		{[]string{strings.Repeat("f", 64), strings.Repeat("0", 64)}, 3, 2, 2237434956625799702},
	} {
		if got := CRNSeed(c.ids, c.v, c.k); got != c.want {
			t.Errorf("CRNSeed(%v, %d, %d) = %d, want %d", c.ids, c.v, c.k, got, c.want)
		}
	}
	if s := ConfirmationSeeds([]string{"a", "b"}, 1, 3); !slices.Equal(s, []uint64{2496370004495387256, 1110825803056330384, 2215330478639109237}) {
		t.Fatalf("confirmation seeds %v", s)
	}
}

// A confirmation seed keeps FACTS' CRN derivation and adds the anchor:
// sha256(24 zero bytes ‖ CRN big-endian ‖ 0x00 ‖ anchor), the vectors computed apart.
func TestAnchoredSeedVectors(t *testing.T) {
	var counting, zero [32]byte
	for i := range counting {
		counting[i] = byte(i)
	}
	for _, c := range []struct {
		anchor [32]byte
		want   string
	}{
		{counting, "13831db5fec4c706ea02d70f9b0a376eedf56a35b182163dadcb7aa467ff205e"},
		{zero, "35760e62249d1e44de0997f119e016c6fbc3b80578753b24cf869dad0f03e7ad"},
	} {
		got := AnchoredSeed([]string{"b", "a"}, 1, 0, c.anchor)
		if hex.EncodeToString(got[:]) != c.want || got != AnchorCRN(2496370004495387256, c.anchor) {
			t.Errorf("AnchoredSeed over %x = %x, want %s", c.anchor, got, c.want)
		}
	}
	if AnchoredSeed([]string{"a", "b"}, 1, 0, zero) == AnchoredSeed([]string{"a", "b"}, 1, 0, counting) {
		t.Fatal("the anchor does not move the seed")
	}
}

func BenchmarkFold1000(b *testing.B) {
	es := make([]Entry, 1000)
	for i := range es {
		e := withSE(ent(fmt.Sprintf("agent-%04d", i), uint64(i+1), int64(400000+(i*7919)%300000)), int64(10000+i%5000))
		e.Submitter = fmt.Sprintf("s%d", i%300)
		if i%10 == 0 {
			e = conf(e, uint64(i), 500000, 510000, 520000)
		}
		es[i] = e
	}
	b.ResetTimer()
	for b.Loop() {
		Fold(es, params())
	}
}
