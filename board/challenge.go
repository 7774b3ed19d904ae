package board

import (
	"cmp"
	"slices"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
)

// The benchmark challenges section is rendered whole on the server, like the tenders
// and the matches, when the arena holds a bench or a challenge: each challenge with its
// terms, an emissions strip, a rollout strip and one leaderboard per bench version
// (challengeboard.go), then every bench version (challengebench.go). Every number is
// the ledger view's, written from integers (challengeunits.go); the template only lays
// the words out.

// maxFoldsShown is how many of a challenge's folds its emissions strip lists, newest
// first; a challenge folds once per epoch, so its folds are not bounded, and the strip
// says how many earlier ones it leaves out.
const maxFoldsShown = 8

// challengeSection is what the page shows of benchmark challenges.
type challengeSection struct {
	Challenges []challengeCard
	Benches    []benchRow
}

// challengeCard is one challenge: its terms and money, where it stands, the emissions
// and rollout strips and a leaderboard per bench version, the active one first.
type challengeCard struct {
	ID         ledger.ChallengeID
	Title      string
	Bench      string
	Version    uint32 // the active version
	State      string
	Stage      string // where it stands, in words
	Sponsor    string
	Pool       string
	Funded     string
	Paid       string
	Returned   string
	Deposit    string
	GradingFee string
	PerEpoch   string
	EpochLen   string
	Epoch      uint64
	Published  string
	End        string
	Closed     string
	Entries    int
	Runs       int
	Emissions  emissionStrip
	Rollout    rolloutStrip
	Boards     []versionBoard
	Open       bool
}

// emissionStrip is how a challenge pays: the shares its active bench froze, and its
// latest folds, newest first.
type emissionStrip struct {
	Champion string // the champion's share, "0.9"
	Tail     string // what the tail shares, "0.1"
	TailMax  int    // at most this many runners-up share it
	TailEach string // each tail share when all TailMax are paid and it divides exactly; else ""
	Folds    []foldRow
	Earlier  int // folds not listed
}

// foldRow is one epoch's fold.
type foldRow struct {
	Epoch     uint64
	At        string
	Height    uint64
	Version   uint32
	Flipped   bool
	Board     string // the anchor prefix of the version board it ranked on
	Amount    string
	Champion  ledger.ChallengeEntryID // 0: no eligible entry, nothing paid
	Payments  []paymentRow
	Contested []ledger.ChallengeEntryID // challengers sent to confirmation with the champion
	Rescore   []ledger.ChallengeEntryID
	Opened    []challenge.RunID
}

// paymentRow is one share a fold paid.
type paymentRow struct {
	Entry   ledger.ChallengeEntryID
	Role    string
	Address string
	Amount  string
}

// rolloutStrip is the progress of a newer accepted bench version toward active, while
// the challenge is open: a closed challenge's board never flips again.
type rolloutStrip struct {
	Active      uint32
	ActiveBench ledger.BenchID
	Next        uint32 // 0: no newer accepted version
	NextBench   ledger.BenchID
	Ranked      int // entries holding a complete quorum (a final, full, ranked run) on Next
	Needed      int // rollout_agents of the active version
	Flips       bool
}

// challenges returns the challenges section of the snapshot.
func (v *views) challenges() challengeSection {
	s := v.snap
	bs := make(map[ledger.BenchID]*ledger.BenchView, len(s.Benches))
	for i := range s.Benches {
		bs[s.Benches[i].ID] = &s.Benches[i]
	}
	var sec challengeSection
	for i := range s.Challenges {
		sec.Challenges = append(sec.Challenges, v.challengeCard(&s.Challenges[i], bs))
	}
	for i := range s.Benches {
		sec.Benches = append(sec.Benches, v.benchRow(&s.Benches[i]))
	}
	return sec
}

func (v *views) challengeCard(c *ledger.ChallengeView, bs map[ledger.BenchID]*ledger.BenchView) challengeCard {
	sym := v.snap.Arena.Terms.Symbol
	cc := challengeCard{ID: c.ID, Title: c.Title, Bench: c.Bench, Version: c.Version, State: c.State,
		Stage: challengeStage(c, v.snap.Arena.Time), Sponsor: v.name(c.Sponsor), Pool: money(c.Pool, sym),
		Funded: money(c.Funded, sym), Paid: money(c.Paid, sym), Returned: money(c.Returned, sym),
		Deposit: money(c.Deposit, sym), GradingFee: money(c.GradingFee, sym), PerEpoch: money(c.PerEpoch, sym),
		EpochLen: duration(c.EpochS), Epoch: c.Epoch, Published: stamp(c.PublishedAt), End: stamp(c.End),
		Closed: stamp(c.ClosedAt), Entries: len(c.Entries), Runs: len(c.Runs),
		Rollout: rolloutStrip{Active: c.Version, ActiveBench: c.Active}}
	cc.Open = c.State == challenge.ChallengeOpen
	if r := c.Rollout; r != nil && cc.Open {
		cc.Rollout.Next, cc.Rollout.NextBench, cc.Rollout.Ranked, cc.Rollout.Needed = r.Version, r.Bench, r.Ranked, r.Needed
		cc.Rollout.Flips = r.Ranked >= r.Needed
	}
	cc.Emissions = v.emissions(c, bs[c.Active])
	cc.Boards = v.boards(c, bs)
	return cc
}

// challengeStage says where a challenge stands at the arena's clock now.
func challengeStage(c *ledger.ChallengeView, now int64) string {
	if c.State == challenge.ChallengeClosed {
		return "closed " + readable(stamp(c.ClosedAt)) + ": every held deposit and the unspent pool went back"
	}
	at := "open, in epoch " + itoa(int64(c.Epoch))
	switch next := c.PublishedAt + (int64(c.Epoch)+1)*c.EpochS; {
	case c.FoldDue:
		return at + "; a fold is due now, and anyone may send it"
	case now >= c.End:
		return at + "; it has ended, and anyone may close it"
	case next < c.End:
		return at + "; the next fold is due from " + readable(stamp(next))
	}
	return at + "; no fold remains before the end"
}

// emissions returns a challenge's emissions strip: the shares its active bench froze
// and its latest folds.
func (v *views) emissions(c *ledger.ChallengeView, active *ledger.BenchView) emissionStrip {
	sym := v.snap.Arena.Terms.Symbol
	var e emissionStrip
	if active != nil {
		f := active.Fold
		rest := uint64(challenge.PPM) - min(f.ChampionPPM, challenge.PPM)
		e.Champion, e.Tail, e.TailMax = trimmed(f.ChampionPPM, challenge.PPM), trimmed(rest, challenge.PPM), f.Tail
		if f.Tail > 0 && rest%uint64(f.Tail) == 0 {
			e.TailEach = trimmed(rest/uint64(f.Tail), challenge.PPM)
		}
	}
	folds := c.Folds[max(0, len(c.Folds)-maxFoldsShown):]
	e.Earlier = len(c.Folds) - len(folds)
	for i := len(folds) - 1; i >= 0; i-- {
		f := &folds[i]
		row := foldRow{Epoch: f.Epoch, At: stamp(f.At), Height: f.Height, Version: f.Version, Flipped: f.Flipped,
			Board: boardID(c.ID, f.Version), Amount: money(f.Amount, sym), Champion: f.Champion,
			Rescore: f.Rescore, Opened: f.Opened}
		for _, p := range f.Payments {
			row.Payments = append(row.Payments, paymentRow{Entry: p.Entry, Role: p.Role, Address: v.name(p.Address), Amount: money(p.Amount, sym)})
		}
		for _, p := range f.Contested {
			row.Contested = append(row.Contested, p.Challenger)
		}
		e.Folds = append(e.Folds, row)
	}
	return e
}

// boards returns a leaderboard per bench version the challenge has runs on: the
// active version first, then the others, newest first.
func (v *views) boards(c *ledger.ChallengeView, bs map[ledger.BenchID]*ledger.BenchView) []versionBoard {
	ids := []ledger.BenchID{c.Active}
	if c.Rollout != nil && c.State == challenge.ChallengeOpen {
		ids = append(ids, c.Rollout.Bench)
	}
	for _, r := range c.Runs {
		ids = append(ids, r.Bench)
	}
	version := func(id ledger.BenchID) uint32 {
		if b := bs[id]; b != nil {
			return b.Version
		}
		return 0
	}
	rest := ids[1:]
	slices.SortFunc(rest, func(a, b ledger.BenchID) int { return cmp.Or(cmp.Compare(version(b), version(a)), cmp.Compare(a, b)) })
	rest = slices.Compact(rest)
	rest = slices.DeleteFunc(rest, func(id ledger.BenchID) bool { return id == c.Active })
	runs := runsByEntry(c)
	out := []versionBoard{v.board(c, bs[c.Active], c.Active, true, runs)}
	for _, id := range rest {
		out = append(out, v.board(c, bs[id], id, false, runs))
	}
	return out
}
