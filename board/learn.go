package board

import (
	"fmt"
	"html"
	"html/template"
	"strings"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/learn/score"
)

// The learning challenges section is rendered whole on the server when the arena holds
// a learning challenge: per challenge its dataset (digest and bytes), gzip's and xz's
// bits per byte beside every score, the held-out split's state (committed, revealed or
// lapsed), the ranking with every part of each final score, each run's loss curve as an
// inline SVG (bits per byte per window; a title and a description, no script), and the
// last folds' payments. Every number is the ledger view's, written from integers; the
// SVG's coordinates are integers computed here, and its only text is numbers.

// maxLearnFolds is how many of a learning challenge's folds the section lists, newest
// first.
const maxLearnFolds = 8

// learnSection is what the page shows of learning challenges.
type learnSection struct {
	Challenges []learnCard
}

// learnCard is one learning challenge.
type learnCard struct {
	ID                   ledger.LearnChallengeID
	Title, State, Stage  string
	Sponsor              string
	Dataset, DatasetFull string
	DatasetBytes         int64
	Heldout, HeldoutFull string
	HeldoutBytes         int64
	HeldoutState         string // committed, revealed or lapsed
	HeldoutWords         string
	Gzip, Xz             string // bits per byte
	Pool, Funded, Paid   string
	Returned             string
	Deposit, GradingFee  string
	PerEpoch, EpochLen   string
	CloseAt, RevealBy    string
	End, Published       string
	Closed               bool
	Limits               string
	Ranking              []learnRankRow
	Runs                 []learnRunRow
	Folds                []learnFoldRow
	EarlierFolds         int
}

// learnRankRow is one ranked run with every part of its final score.
type learnRankRow struct {
	Rank                   int
	Run                    ledger.LearnRunID
	Submitter              string
	Arch, Train            string // short digests
	ArchFull, TrainFull    string
	BPB, Final             string
	Base, Penalty, Tie     string
	Multiplier             string
	Trained, Twin, Heldout string // held-out bpb, and how its terms came to be
	StepZero               bool
}

// learnRunRow is one run: its state, its code length and its loss curve.
type learnRunRow struct {
	ID        ledger.LearnRunID
	Submitter string
	State     string
	BPB       string // "-" until scored
	Note      string // a failure, when the run kept one
	Curve     template.HTML
	Begun     []begunLine // what blocks' begin-block work did to its rounds, when given
}

// learnFoldRow is one epoch's fold of a learning challenge.
type learnFoldRow struct {
	Epoch    uint64
	At       string
	Height   uint64
	Amount   string
	Payments []learnPaymentRow
}

// learnPaymentRow is one share a fold paid.
type learnPaymentRow struct {
	Run     ledger.LearnRunID
	Address string
	Amount  string
	Role    string // words
	Class   string // the role as a CSS class
}

// learning returns the learning section of s.
func learning(s *ledger.Snapshot, bs begun) learnSection {
	sym := s.Arena.Terms.Symbol
	var out learnSection
	for i := range s.Learning {
		out.Challenges = append(out.Challenges, learnCardOf(&s.Learning[i], sym, bs))
	}
	return out
}

func learnCardOf(v *ledger.LearnChallengeView, sym string, bs begun) learnCard {
	c := learnCard{
		ID: v.ID, Title: v.Title, State: v.State, Sponsor: v.Sponsor.String(),
		Dataset: short(v.Dataset), DatasetFull: v.Dataset, DatasetBytes: v.DatasetBytes,
		Heldout: short(v.Heldout), HeldoutFull: v.Heldout, HeldoutBytes: v.HeldoutBytes,
		Gzip: micro(v.GzipBPB), Xz: micro(v.XzBPB),
		Pool: money(v.Pool, sym), Funded: money(v.Funded, sym), Paid: money(v.Paid, sym), Returned: money(v.Returned, sym),
		Deposit: money(v.Deposit, sym), GradingFee: money(v.GradingFee, sym), PerEpoch: money(v.PerEpoch, sym),
		EpochLen: span(v.EpochS), CloseAt: stamp(v.CloseAt), RevealBy: stamp(v.RevealBy), End: stamp(v.End),
		Published: stamp(v.PublishedAt), Closed: v.State == learn.ChallengeClosed,
		Limits: fmt.Sprintf("parameters up to %d bytes, data outside them up to %d bytes, %d gas per byte, a quorum of %d", v.ParamCap, v.DataCap, v.ByteGas, v.Quorum),
	}
	switch v.Reveal {
	case learn.RevealRevealed:
		c.HeldoutState, c.HeldoutWords = "revealed", "revealed by the sponsor at "+readable(stamp(v.RevealedAt))+"; every scored run was measured on it"
	case learn.RevealLapsed:
		c.HeldoutState, c.HeldoutWords = "lapsed", "not revealed by "+readable(c.RevealBy)+": runs are final without held-out terms (penalty 1, tie 0)"
	default:
		c.HeldoutState, c.HeldoutWords = "committed", "committed by digest; the sponsor reveals it after submissions close, by "+readable(c.RevealBy)
	}
	switch {
	case c.Closed:
		c.Stage = "closed"
	case v.Open:
		c.Stage = "taking commits until " + readable(c.CloseAt)
	default:
		c.Stage = "submissions closed; folds until " + readable(c.End)
	}
	runs := map[ledger.LearnRunID]*ledger.LearnRunView{}
	for i := range v.Runs {
		r := &v.Runs[i]
		runs[r.ID] = r
		row := learnRunRow{ID: r.ID, Submitter: r.Committer.String(), State: r.State, BPB: "-"}
		for _, id := range []ledger.RoundID{r.Round, r.HeldoutRound} {
			if id != 0 {
				row.Begun = append(row.Begun, bs[id]...)
			}
		}
		if k := r.Kept; k != nil && k.Scored() {
			row.BPB = micro(bpbMicros(k.Bits, k.Bytes))
			row.Curve = curveSVG(r.ID, k.Curve, r.DatasetBytes)
		} else if k != nil {
			row.Note = k.Error
		}
		c.Runs = append(c.Runs, row)
	}
	for _, k := range v.Ranking {
		row := learnRankRow{Rank: k.Rank, Run: k.Run, Submitter: k.Committer.String(), Arch: short(k.Arch), Train: short(k.Train),
			ArchFull: k.Arch, TrainFull: k.Train, Final: micro(k.Final)}
		if r := runs[k.Run]; r != nil && r.Score != nil {
			s := r.Score
			row.BPB, row.Base, row.Penalty, row.Tie, row.Multiplier = micro(s.BPB), micro(s.Base), micro(s.Penalty), micro(s.Tie), micro(s.Multiplier)
			row.StepZero, row.Heldout = s.StepZero, r.HeldoutTerms
			if s.Heldout {
				row.Trained, row.Twin = micro(s.TrainedBPB), micro(s.TwinBPB)
			}
		}
		c.Ranking = append(c.Ranking, row)
	}
	for i := len(v.Folds) - 1; i >= 0 && len(c.Folds) < maxLearnFolds; i-- {
		f := v.Folds[i]
		row := learnFoldRow{Epoch: f.Epoch, At: stamp(f.At), Height: f.Height, Amount: money(f.Amount, sym)}
		for _, p := range f.Payments {
			row.Payments = append(row.Payments, learnPaymentRow{Run: p.Run, Address: p.Address.String(), Amount: money(p.Amount, sym),
				Role: learnRoleWords(p.Role), Class: strings.ReplaceAll(p.Role, "+", "-")})
		}
		c.Folds = append(c.Folds, row)
	}
	c.EarlierFolds = len(v.Folds) - len(c.Folds)
	return c
}

// learnRoleWords says what a fold's payment is for.
func learnRoleWords(role string) string {
	switch role {
	case score.RoleArchitecture:
		return "best architecture, 0.60"
	case score.RoleTraining:
		return "best training program on it, 0.40"
	case score.RoleBoth:
		return "best architecture and its best training program, 0.60 + 0.40"
	}
	return role
}

// span writes a length of time in seconds in its largest exact unit.
func span(s int64) string {
	switch {
	case s%86400 == 0:
		return plural(int(s/86400), "day", "days")
	case s%3600 == 0:
		return plural(int(s/3600), "hour", "hours")
	case s%60 == 0:
		return plural(int(s/60), "minute", "minutes")
	}
	return plural(int(s), "second", "seconds")
}

// bpbMicros is bits/bytes in micros, rounded half up (both non-negative, bytes > 0).
func bpbMicros(bits, bytes int64) int64 {
	if bytes <= 0 {
		return 0
	}
	return (2*bits*learn.PPM + bytes) / (2 * bytes)
}

// The loss curve's drawing box, in SVG user units.
const (
	curveW = 256
	curveH = 64
)

// curveSVG draws a run's loss curve: one point per curve entry, its bits over the bytes
// it covers (learn.CurvePoints) as bits per byte, on a y axis from 0 to 8 bits per byte
// (higher when a point codes above 8). The title names the run and the range; the
// description lists every point's value, for readers who cannot see the line.
func curveSVG(id ledger.LearnRunID, curve []int64, n int64) template.HTML {
	points, per := learn.CurvePoints(n)
	if len(curve) == 0 || len(curve) != points {
		return ""
	}
	bpb := make([]int64, len(curve))
	top := int64(8 * learn.PPM)
	for i, bits := range curve {
		from := int64(i) * per * learn.Window
		to := min(from+per*learn.Window, n)
		bpb[i] = bpbMicros(bits, to-from)
		top = max(top, bpb[i])
	}
	var pts, desc strings.Builder
	for i, v := range bpb {
		x := int64(0)
		if len(bpb) > 1 {
			x = int64(i) * curveW / int64(len(bpb)-1)
		}
		y := curveH - v*curveH/top
		if i > 0 {
			pts.WriteByte(' ')
			desc.WriteString(", ")
		}
		fmt.Fprintf(&pts, "%d,%d", x, y)
		desc.WriteString(micro(v))
	}
	title := fmt.Sprintf("Loss curve of learning run %d: bits per byte per window of %d bytes, from %s to %s", id, per*learn.Window, micro(bpb[0]), micro(bpb[len(bpb)-1]))
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="curve" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-labelledby="learn-run-%d-curve-t learn-run-%d-curve-d">`, curveW, curveH, curveW, curveH, id, id)
	fmt.Fprintf(&b, `<title id="learn-run-%d-curve-t">%s</title><desc id="learn-run-%d-curve-d">Bits per byte, window by window: %s. The y axis runs from 0 to %s.</desc>`,
		id, html.EscapeString(title), id, html.EscapeString(desc.String()), html.EscapeString(micro(top)))
	fmt.Fprintf(&b, `<line class="axis" x1="0" y1="%d" x2="%d" y2="%d"/>`, curveH, curveW, curveH)
	fmt.Fprintf(&b, `<polyline class="line" fill="none" points="%s"/></svg>`, pts.String())
	return template.HTML(b.String()) //nolint:gosec // built here from integers; the only text is escaped numbers
}
