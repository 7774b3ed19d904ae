package board

import (
	"cmp"
	"math/big"
	"slices"
	"strconv"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/challenge/composite"
)

// A leaderboard holds one bench version's composites and never another's. Its ranked
// rows are the entries the fold would count on that version: a full-profile entry's
// latest final entry or rescore run there, with n ≥ the bench's min_cases and a
// composite above 0. They are ordered as the fold orders its tail, by composite
// (highest first), then first seen; the champion and tail of the latest fold on that
// version are marked, since the fold crowns in first-seen order and a champion need not
// hold the highest composite. Every other entry with a run on the version (and, on the
// active version, every entry of the challenge) follows, unranked, with why: a
// provisional run with its median feedback, a practice profile, too few cases, a run
// still under way, refused, unscored or abandoned.

// versionBoard is one bench version's leaderboard.
type versionBoard struct {
	ID       string // "challenge-1-v2": the prefix of every anchor in it
	Bench    ledger.BenchID
	Name     string
	Version  uint32
	Active   bool
	Badge    string // "active", "rolling out", "earlier" or the version's state
	MinCases int
	Ranked   []standingRow
	Unranked []standingRow
}

// standingRow is one entry on one version's leaderboard, and what its details open to.
type standingRow struct {
	ID            string // the row's anchor
	Rank          int    // from 1; 0 when unranked
	Entry         ledger.ChallengeEntryID
	Submitter     string
	Program       string
	Short         string
	Profile       string
	Score         string // composite ± SE of the run it shows, "" when none
	N             int
	FirstSeen     string
	State         string // the state of the run it shows, or "no run"
	Role          string // "champion" or "tail" in the latest fold on this version
	Provisional   bool
	Note          string // why an unranked row is not ranked
	Result        *resultCard
	Confirmations []confirmRow
	Runs          []runCard
}

// resultCard is the breakdown and integrity telemetry of the run a row shows.
type resultCard struct {
	Run        challenge.RunID
	From       string // the validator whose result was kept
	Median     bool   // a provisional run's median of the scored attestations
	N          int
	Composite  string
	SE         string
	ToolMean   string
	MemoryMean string
	E, M, O    string
	Floored    bool // E·M·O was below 0.75, so the gate's floor applied
	C          string
	Leaks      int
	Misses     int
	Gate       string
	Gas        int64
	Dataset    string
	Transcript string
	Categories []categoryRow
	composite  int64 // Composite in micros, for ordering
}

// categoryRow is one (kind, category) of a breakdown.
type categoryRow struct {
	Kind, Name string
	N          int
	Mean       string
}

// confirmRow is one final confirmation composite of an entry.
type confirmRow struct {
	Run       challenge.RunID
	K         int
	Pair      ledger.ChallengeEntryID
	CRN       uint64
	Composite string
}

func boardID(c ledger.ChallengeID, version uint32) string {
	return "challenge-" + itoa(int64(c)) + "-v" + strconv.FormatUint(uint64(version), 10)
}

// runsByEntry returns a challenge's runs by entry, each entry's in run order.
func runsByEntry(c *ledger.ChallengeView) map[ledger.ChallengeEntryID][]*challenge.RunView {
	out := map[ledger.ChallengeEntryID][]*challenge.RunView{}
	for i := range c.Runs {
		r := &c.Runs[i]
		out[r.Entry] = append(out[r.Entry], r)
	}
	for _, rs := range out {
		slices.SortFunc(rs, func(a, b *challenge.RunView) int { return cmp.Compare(a.ID, b.ID) })
	}
	return out
}

// board returns the leaderboard of bench version id (b, nil if the snapshot lacks it).
func (v *views) board(c *ledger.ChallengeView, b *ledger.BenchView, id ledger.BenchID, active bool,
	runs map[ledger.ChallengeEntryID][]*challenge.RunView) versionBoard {
	vb := versionBoard{Bench: id, Name: c.Bench, Active: active}
	if b != nil {
		vb.Name, vb.Version, vb.Badge, vb.MinCases = b.Name, b.Version, b.State, b.MinCases
	} else if active {
		vb.Version = c.Version
	}
	vb.ID = boardID(c.ID, vb.Version)
	switch {
	case active:
		vb.Badge = "active"
	case c.Rollout != nil && c.Rollout.Bench == id && c.State == challenge.ChallengeOpen:
		vb.Badge = "rolling out"
	case vb.Version < c.Version:
		vb.Badge = "earlier"
	}
	roles := foldRoles(c, vb.Version)
	for i := range c.Entries {
		e := &c.Entries[i]
		on := onBench(runs[e.ID], id)
		if len(on) == 0 && !active {
			continue
		}
		row := v.standing(&vb, e, on, active)
		row.Role = roles[e.ID]
		if row.Rank > 0 {
			vb.Ranked = append(vb.Ranked, row)
		} else {
			vb.Unranked = append(vb.Unranked, row)
		}
	}
	slices.SortStableFunc(vb.Ranked, func(x, y standingRow) int {
		return cmp.Or(cmp.Compare(y.composite(), x.composite()), cmp.Compare(x.Entry, y.Entry))
	})
	for i := range vb.Ranked {
		vb.Ranked[i].Rank = i + 1
	}
	return vb
}

// composite returns the composite, in micros, of a ranked row's result.
func (r *standingRow) composite() int64 { return r.Result.composite }

// foldRoles returns the champion and tail of the latest fold on version.
func foldRoles(c *ledger.ChallengeView, version uint32) map[ledger.ChallengeEntryID]string {
	roles := map[ledger.ChallengeEntryID]string{}
	for i := len(c.Folds) - 1; i >= 0; i-- {
		f := &c.Folds[i]
		if f.Version != version {
			continue
		}
		if f.Champion != 0 {
			roles[f.Champion] = "champion"
		}
		for _, t := range f.Tail {
			roles[t] = "tail"
		}
		break
	}
	return roles
}

func onBench(rs []*challenge.RunView, id ledger.BenchID) []*challenge.RunView {
	var out []*challenge.RunView
	for _, r := range rs {
		if r.Bench == id {
			out = append(out, r)
		}
	}
	return out
}

// standing returns entry e's row on board vb, from its runs there (on, in run order).
func (v *views) standing(vb *versionBoard, e *ledger.ChallengeEntryView, on []*challenge.RunView, active bool) standingRow {
	row := standingRow{ID: vb.ID + "-entry-" + itoa(int64(e.ID)), Entry: e.ID, Submitter: v.name(e.Committer),
		Program: e.Program, Short: short(e.Program), Profile: e.Profile, FirstSeen: stamp(e.CommittedAt), State: "no run"}
	for _, r := range on {
		row.Runs = append(row.Runs, v.runCard(r))
	}
	row.Confirmations = confirmations(e, on, active)
	shown, ranked := shownRun(e, on, active)
	if shown == nil {
		row.Note = "no run on v" + strconv.FormatUint(uint64(vb.Version), 10) + " yet"
		return row
	}
	row.State = shown.State
	if k := shown.Kept; k != nil && k.Scored() {
		row.Result = breakdown(shown, k)
		row.Score, row.N = withSE(k.Composite.Composite, k.Composite.SE), k.Composite.N
	}
	row.Provisional = shown.State == challenge.RunProvisional
	eligible := ranked && row.Result != nil && row.N >= vb.MinCases && row.Result.composite > 0
	if active {
		eligible = ranked && row.Result != nil && e.Eligible
	}
	if eligible {
		row.Rank = 1 // numbered once the board is sorted
		return row
	}
	row.Note = unrankedNote(shown, row.Result, e.Profile, vb.MinCases)
	return row
}

// shownRun returns the run whose result a row shows and whether it ranks the entry:
// the entry's ranked run (on the active version, the one the view names), else its
// latest entry or rescore run there, else its latest run there.
func shownRun(e *ledger.ChallengeEntryView, on []*challenge.RunView, active bool) (*challenge.RunView, bool) {
	if len(on) == 0 {
		return nil, false
	}
	if active {
		if i := slices.IndexFunc(on, func(r *challenge.RunView) bool { return r.ID == e.Ranked }); e.Ranked != 0 && i >= 0 {
			return on[i], true
		}
	} else if e.Profile == challenge.ProfileFull {
		for i := len(on) - 1; i >= 0; i-- {
			if r := on[i]; r.State == challenge.RunFinal && r.Purpose != challenge.PurposeConfirm && r.Kept != nil {
				return r, true
			}
		}
	}
	for i := len(on) - 1; i >= 0; i-- {
		if on[i].Purpose != challenge.PurposeConfirm {
			return on[i], false
		}
	}
	return on[len(on)-1], false
}

// unrankedNote says why a row shown from run r does not rank.
func unrankedNote(r *challenge.RunView, res *resultCard, profile string, minCases int) string {
	switch r.State {
	case challenge.RunFinal:
		switch {
		case profile != challenge.ProfileFull:
			return "the " + profile + " profile is feedback only and never ranks"
		case res != nil && res.N < minCases:
			return plural(res.N, "case", "cases") + ", fewer than the " + itoa(int64(minCases)) + " the bench needs to rank"
		case res != nil && res.composite <= 0:
			return "a composite of 0 never ranks"
		}
		return "not ranked"
	case challenge.RunProvisional:
		return "the round ran out of attempts before a full quorum agreed: the median of the members who scored it, as feedback, which never ranks"
	case challenge.RunRefused:
		if r.Kept != nil {
			return r.Kept.Error
		}
		return ""
	case challenge.RunUnscored:
		return "the round ran out of attempts and no member scored it"
	case challenge.RunRunning:
		if len(r.Attestations) == 0 {
			return "no attestation yet"
		}
		return plural(len(r.Attestations), "attestation", "attestations") + " so far"
	case challenge.RunAnchoring:
		return "the next block's state hash fixes its seed"
	case challenge.RunAbandoned:
		return "the challenge closed first"
	}
	return r.State
}

// confirmations returns an entry's final confirmation composites on a version: the
// view's own on the active version, else read from its final confirmation runs there.
func confirmations(e *ledger.ChallengeEntryView, on []*challenge.RunView, active bool) []confirmRow {
	var out []confirmRow
	if active {
		for _, c := range e.Confirmations {
			out = append(out, confirmRow{Run: c.Run, K: c.K, Pair: c.Pair, CRN: c.CRN, Composite: micro(c.Composite)})
		}
		return out
	}
	for _, r := range on {
		if r.Purpose == challenge.PurposeConfirm && r.State == challenge.RunFinal && r.Kept != nil {
			out = append(out, confirmRow{Run: r.ID, K: r.K, Pair: r.Pair, CRN: r.CRN, Composite: micro(r.Kept.Composite.Composite)})
		}
	}
	return out
}

// breakdown returns the breakdown and telemetry of run r's kept result k.
func breakdown(r *challenge.RunView, k *challenge.RunResult) *resultCard {
	c := &k.Composite
	rc := &resultCard{Run: r.ID, Median: r.State == challenge.RunProvisional, N: c.N, Composite: micro(c.Composite),
		SE: micro(c.SE), ToolMean: micro(c.ToolMean), MemoryMean: micro(c.MemoryMean), E: micro(c.E), M: micro(c.M),
		O: micro(c.O), Floored: floored(c), C: micro(c.C), Leaks: c.Leaks, Misses: c.Misses, Gate: micro(c.Gate),
		Gas: k.Gas, Dataset: k.Dataset, Transcript: k.Transcript, composite: c.Composite}
	if r.KeptFrom != nil {
		rc.From = r.KeptFrom.String()
	}
	for _, g := range c.Categories {
		rc.Categories = append(rc.Categories, categoryRow{Kind: g.Kind, Name: g.Name, N: g.N, Mean: micro(g.Mean)})
	}
	return rc
}

// floored reports whether the product of the reported E, M and O, exactly, is below
// the gate's floor of 0.75. The scorer decides on its unrounded E, so on a knife edge
// within half a micro of the floor this reading of the reported figures could differ.
func floored(c *composite.Result) bool {
	p := new(big.Int).Mul(big.NewInt(c.E), big.NewInt(c.M))
	p.Mul(p, big.NewInt(c.O))
	floor := new(big.Int).Mul(big.NewInt(composite.GateFloor), big.NewInt(composite.One*composite.One))
	return p.Cmp(floor) < 0
}
