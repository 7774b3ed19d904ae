package board

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/learn/score"
)

// learnSnapshot is the demo snapshot with a learning challenge added: the example pairs'
// runs as the demo ends them (order2 and mix, both final with held-out terms, mix first),
// a third run refused by its gates, and a fold that paid 0.60 and 0.40 to two owners.
func learnSnapshot(t testing.TB) ledger.Snapshot {
	s := loadSnapshot(t, "demo")
	s.Arena.Counts.Learning, s.Arena.Counts.LearnRuns = 1, 3
	a1, a2, a3 := ledger.Address{0xa1}, ledger.Address{0xb2}, ledger.Address{0xc3}
	const n = 1_048_612
	points, _ := learn.CurvePoints(n)
	curve := func(start, end int64) []int64 {
		c := make([]int64, points)
		for i := range c {
			c[i] = (start + (end-start)*int64(i)/int64(points)) * 5120 / 1_000_000
		}
		return c
	}
	run := func(id ledger.LearnRunID, who ledger.Address, arch, train string, bits, trained, twin int64, c []int64) ledger.LearnRunView {
		k := learn.RunResult{Bits: bits, Bytes: n, WindowBits: 6000, Curve: c, Gas: bits * 3}
		h := learn.HeldoutResult{TrainBits: bits, TrainedBits: trained, TwinBits: twin, HeldoutBytes: 98_345}
		_, p := score.Final(score.Run{Bits: bits, Bytes: n, WindowBits: 6000, Heldout: &score.Measured{TrainedBits: trained, TwinBits: twin, Bytes: 98_345}})
		return ledger.LearnRunView{ID: id, Challenge: 1, Committer: who, Arch: arch, Train: train, Dataset: strings.Repeat("f0", 32), DatasetBytes: n,
			State: learn.RunFinal, Kept: &k, HeldoutKept: &h, HeldoutTerms: learn.HeldoutMeasured,
			Score: &learn.Score{Bits: bits, Bytes: n, WindowBits: 6000, BPB: p.BPB, Base: p.Base, Multiplier: p.Multiplier, Heldout: true,
				TrainedBPB: p.TrainedBPB, TwinBPB: p.TwinBPB, Gap: p.Gap, Delta: p.Delta, Cap: p.Cap, Tanh: p.Tanh, Penalty: p.Penalty, Tie: p.Tie, Final: p.Final}}
	}
	r1 := run(1, a1, strings.Repeat("c3", 32), strings.Repeat("1a", 32), 3_412_340, 322_675, 787_315, curve(4_900_000, 3_200_000))
	r2 := run(2, a2, strings.Repeat("55", 32), strings.Repeat("47", 32), 2_561_794, 249_762, 786_761, curve(4_500_000, 2_400_000))
	r3 := ledger.LearnRunView{ID: 3, Challenge: 1, Committer: a3, Arch: strings.Repeat("99", 32), Train: strings.Repeat("88", 32), DatasetBytes: n,
		State: learn.RunRefused, Kept: &learn.RunResult{Error: "[EXPECTED] The architecture trapped at byte 17: unreachable"}}
	v := ledger.LearnChallengeView{
		ID: 1, Sponsor: ledger.Address{0x5a}, Title: "Compress Jane Austen", Dataset: strings.Repeat("f0", 32), DatasetBytes: n,
		Heldout: strings.Repeat("89", 32), HeldoutBytes: 98_345, CloseAt: s.Arena.Time - 600, RevealBy: s.Arena.Time + 3000, End: s.Arena.Time + 86400,
		Deposit: ledger.Ether(1), PerEpoch: ledger.Ether(10), EpochS: 3600, ParamCap: 8 << 20, DataCap: 576 << 10, ByteGas: 4 << 20, Quorum: 3,
		GzipBPB: 2_935_347, XzBPB: 2_378_184, PublishedAt: s.Arena.Time - 4200, Funded: ledger.Ether(20), Pool: ledger.Ether(10), Paid: ledger.Ether(10),
		State: learn.ChallengeOpen, Reveal: learn.RevealRevealed, RevealedAt: s.Arena.Time - 300, Epoch: 1,
		Runs: []ledger.LearnRunView{r1, r2, r3},
		Ranking: []learn.RankView{{Rank: 1, Run: 2, Committer: a2, Arch: r2.Arch, Train: r2.Train, Final: r2.Score.Final},
			{Rank: 2, Run: 1, Committer: a1, Arch: r1.Arch, Train: r1.Train, Final: r1.Score.Final}},
		Folds: []learn.FoldView{{Epoch: 1, At: s.Arena.Time - 60, Height: s.Arena.Height, Amount: ledger.Ether(10), Payments: []learn.PaymentView{
			{Run: 2, Address: a2, Amount: ledger.Ether(6), Role: score.RoleArchitecture}, {Run: 1, Address: a1, Amount: ledger.Ether(4), Role: score.RoleTraining}}}},
	}
	s.Learning = []ledger.LearnChallengeView{v}
	return s
}

// TestLearningMatchesGolden: the learning section renders to testdata/learn.golden.html
// byte for byte (-update rewrites it).
func TestLearningMatchesGolden(t *testing.T) {
	got := render(t, learnSnapshot(t))
	path := filepath.Join("testdata", "learn.golden.html")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("board differs from %s (-want +got):\n%s", path, cmp.Diff(strings.Split(string(want), "\n"), strings.Split(string(got), "\n")))
	}
}

// TestTheLearningSectionShowsEveryPart: issue 14's board: the dataset by digest and
// bytes, gzip and xz beside the scores, the held-out state, the ranking with every part,
// a loss curve per scored run with a title, the refused run's failure, and the fold's
// 0.60/0.40 payments.
func TestTheLearningSectionShowsEveryPart(t *testing.T) {
	s := learnSnapshot(t)
	r2 := s.Learning[0].Runs[1]
	checkPage(t, render(t, s),
		In("nav a[href=#learning]", HasText("Learning challenges")),
		In("#learning-1 h3 .sub", HasText("Compress Jane Austen")),
		In("#learning-1 dl.terms dd", containsText("1048612 bytes")),
		In("#learning-1 dl.terms div.refs dd", containsText("2.935347 / 2.378184 bits per byte")),
		In("#learning-1 .badge.heldout-revealed", HasText("revealed")),
		In("#learning-1 table.learn-ranking td[data-label=Bits per byte]", HasText(micro(r2.Score.BPB))),
		In("#learning-1 table.learn-ranking td[data-label=Final] strong", HasText(micro(r2.Score.Final))),
		In("#learning-1 table.learn-ranking td[data-label=Parts]", containsText("held-out "+micro(r2.Score.TrainedBPB)+" trained, "+micro(r2.Score.TwinBPB)+" twin")),
		In("#learn-run-2 svg.curve[role=img] title", containsText("Loss curve of learning run 2: bits per byte per window")),
		In("#learn-run-2 svg.curve polyline", func(*html.Node) error { return nil }),
		In("#learn-run-3", containsText("[EXPECTED] The architecture trapped at byte 17")),
		In("#learning-1 ul.payments li.architecture", containsText("best architecture, 0.60")),
		In("#learning-1 ul.payments li.training", containsText("best training program on it, 0.40")),
	)
}

// learnHostile is learnSnapshot with anyone's text hostile: the title and a failure.
func learnHostile(t testing.TB) ledger.Snapshot {
	s := learnSnapshot(t)
	s.Learning[0].Title = imgOnerror
	s.Learning[0].Runs[2].Kept.Error = "[EXPECTED] " + closeScript + svgOnload
	return s
}

const learnHostileElements = "#learning img, #learning svg:not(.curve), #learning iframe, #learning style, #learning script, " +
	"#learning [onerror], #learning [onload], #learning a[href^=javascript]"

// TestHostileLearningTextRendersInert: a learning challenge's title and a run's failure
// are anyone's text: they reach the page as text, exactly as written, never as elements;
// the only SVGs are the curves, one per scored run.
func TestHostileLearningTextRendersInert(t *testing.T) {
	doc := checkPage(t, render(t, learnHostile(t)),
		NotIn(learnHostileElements),
		In("#learning-1 h3 .sub", HasText(imgOnerror)),
		In("#learn-run-3", containsText("[EXPECTED] "+closeScript+svgOnload)),
	)
	if n := len(all(doc, "#learning svg.curve")); n != 2 {
		t.Errorf("%d curves, want 2 (the scored runs')", n)
	}
	if n := len(all(doc, "script")); n != 2 {
		t.Errorf("page has %d script elements, want 2", n)
	}
}

// TestChromiumShowsLearning: in headless Chromium with every other request failed, the
// learning section shows its ranking and curves, runs none of the hostile payloads,
// every text reaches 4.5:1 light and dark, and at 360 px nothing scrolls sideways.
func TestChromiumShowsLearning(t *testing.T) {
	b := newBrowser(t, writePage(t, render(t, learnHostile(t))))
	b.run(t, chromedp.Navigate(b.page), chromedp.WaitVisible(chromedp.CSS("#learning")))
	if got := eval[string](t, b, `String(window.pwned)`); got != "undefined" {
		t.Errorf("a payload ran: window.pwned = %q", got)
	}
	if n := b.count(t, learnHostileElements); n != 0 {
		t.Errorf("the learning section holds %d payload elements", n)
	}
	if h := eval[float64](t, b, `document.querySelector("#learn-run-2 svg.curve").getBoundingClientRect().height`); h < 32 {
		t.Errorf("run 2's curve is %v px tall", h)
	}
	for _, scheme := range []string{"light", "dark"} {
		b.run(t, call(emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}))
		legibleIn(t, b, "#learning", scheme)
	}
	b.run(t, call(emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 360, Height: 740, DeviceScaleFactor: 1, Mobile: true}))
	if w := eval[int](t, b, "document.documentElement.scrollWidth"); w > 360 {
		t.Errorf("at 360 px the page is %d px wide: it scrolls sideways", w)
		t.Logf("wider than 360 px: %q", eval[[]string](t, b, wider360))
	}
	b.check(t)
}
