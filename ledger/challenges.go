package ledger

import "github.com/arena/arena/ledger/challenge"

// The benchmark challenge's names on the ledger's surface.
type (
	// BenchID is challenge.BenchID.
	BenchID = challenge.BenchID
	// ChallengeID is challenge.ChallengeID.
	ChallengeID = challenge.ChallengeID
	// ChallengeEntryID is challenge.EntryID.
	ChallengeEntryID = challenge.EntryID
	// RunID is challenge.RunID.
	RunID = challenge.RunID
	// BenchView is challenge.BenchView.
	BenchView = challenge.BenchView
	// ChallengeView is challenge.ChallengeView.
	ChallengeView = challenge.ChallengeView
	// ChallengeEntryView is challenge.EntryView.
	ChallengeEntryView = challenge.EntryView
	// RunView is challenge.RunView.
	RunView = challenge.RunView
	// FoldView is challenge.FoldView.
	FoldView = challenge.FoldView
)

// Challenge returns challenge id as readers see it, with its entries, runs and folds.
func (s *State) Challenge(id ChallengeID) (ChallengeView, bool) {
	return s.chall.Challenge(s.rounds, id, s.Now())
}

// Challenges returns every challenge by id.
func (s *State) Challenges() []ChallengeView { return s.chall.Challenges(s.rounds, s.Now()) }

// Bench returns bench version id: its frozen identity, its check and every attestation
// of it. A validator grading a bench_check round (Subject = the bench id) reads it here.
func (s *State) Bench(id BenchID) (BenchView, bool) { return s.chall.Bench(s.rounds, id) }

// Benches returns every bench version by id.
func (s *State) Benches() []BenchView { return s.chall.Benches(s.rounds) }

// Run returns run id: the program, bench version, seed and profile a validator runs
// for a challenge_run round (Subject = the run id), its state, the result it kept and
// every attestation.
func (s *State) Run(id RunID) (RunView, bool) { return s.chall.Run(s.rounds, id) }

// ChallengeEntry returns one challenge entry with its standing on the active version.
func (s *State) ChallengeEntry(id ChallengeEntryID) (ChallengeEntryView, bool) {
	return s.chall.Entry(id)
}
