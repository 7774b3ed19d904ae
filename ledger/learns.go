package ledger

import "github.com/arena/arena/ledger/learn"

// The learning challenge's names on the ledger's surface.
type (
	// LearnChallengeID is learn.ChallengeID.
	LearnChallengeID = learn.ChallengeID
	// LearnRunID is learn.RunID.
	LearnRunID = learn.RunID
	// LearnChallengeView is learn.ChallengeView.
	LearnChallengeView = learn.ChallengeView
	// LearnRunView is learn.RunView.
	LearnRunView = learn.RunView
	// LearnScore is learn.Score.
	LearnScore = learn.Score
)

// LearnChallenge returns learning challenge id as readers see it, with its runs, its
// ranking and its folds.
func (s *State) LearnChallenge(id LearnChallengeID) (LearnChallengeView, bool) {
	return s.learn.Challenge(s.rounds, id, s.Now())
}

// LearnChallenges returns every learning challenge by id.
func (s *State) LearnChallenges() []LearnChallengeView { return s.learn.Challenges(s.rounds, s.Now()) }

// LearnRun returns learning run id: the modules, seeds and limits a validator needs for
// its learn_run and learn_heldout rounds (Subject = the run id), its state, the results
// it kept, its score with every part and every attestation.
func (s *State) LearnRun(id LearnRunID) (LearnRunView, bool) { return s.learn.Run(s.rounds, id) }
