package challenge

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/season"
)

// bench is one registered bench version as the ledger keeps it: its frozen identity as
// registered, and its check.
type bench struct {
	BenchRegister
	ID           BenchID      `json:"id"`
	Registrant   book.Address `json:"registrant"`
	Fee          book.Amount  `json:"grading_fee"`
	RegisteredAt int64        `json:"registered_at"`
	State        string       `json:"state"`
	Reason       string       `json:"reason"` // why it was refused
	Round        round.ID     `json:"round"`
	Dataset      string       `json:"dataset"` // the check seed's dataset digest, once accepted
	Cases        int          `json:"cases"`
	CheckedAt    int64        `json:"checked_at"`
}

// challenge is one published challenge.
type challenge struct {
	ID           ChallengeID  `json:"id"`
	Sponsor      book.Address `json:"sponsor"`
	Bench        string       `json:"bench"`
	Title        string       `json:"title"`
	Deposit      book.Amount  `json:"deposit"`
	PerEpoch     book.Amount  `json:"per_epoch"`
	EpochS       int64        `json:"epoch_s"`
	End          int64        `json:"end"`
	PublishedAt  int64        `json:"published_at"`
	season.Funds              // funded, pool, paid, returned: encoded in place
	Active       BenchID      `json:"active"` // the bench version entries rank on
	State        string       `json:"state"`
	ClosedAt     int64        `json:"closed_at"`
	Folds        []*fold      `json:"folds"`

	// Derived from the entries and runs, which name their challenge; rebuilt on decode,
	// never encoded, so that a commit does not rehash a list as long as the challenge.
	Entries []EntryID `json:"-"` // ascending
	Runs    []RunID   `json:"-"` // ascending
}

// fold is one epoch's fold of a challenge.
type fold struct {
	Epoch     uint64      `json:"epoch"`
	At        int64       `json:"at"`
	Height    uint64      `json:"height"`
	Version   uint32      `json:"version"`           // the active version it ranked on
	Flipped   bool        `json:"flipped,omitempty"` // it made Version active first
	Amount    book.Amount `json:"amount"`            // paid in all; zero with no eligible entry
	Champion  EntryID     `json:"champion"`          // 0 with no eligible entry
	Tail      []EntryID   `json:"tail"`
	Payments  []payment   `json:"payments"`
	Contested []EntryID   `json:"contested"` // challengers re-scored with the champion on its CRN seeds
	Rescore   []EntryID   `json:"rescore"`   // champion and tail re-scored on a newer version
	Opened    []RunID     `json:"opened"`    // the runs this fold opened
}

// payment is one share a fold paid.
type payment struct {
	Entry   EntryID      `json:"entry"`
	Address book.Address `json:"address"`
	Amount  book.Amount  `json:"amount"`
	Role    string       `json:"role"` // "champion" or "tail"
}

// entry is one committed program on a challenge. Its first_seen is its id.
type entry struct {
	ID          EntryID      `json:"id"`
	Challenge   ChallengeID  `json:"challenge"`
	Committer   book.Address `json:"committer"`
	Program     string       `json:"program"`
	Size        int64        `json:"size"`
	URL         string       `json:"url"`
	Profile     string       `json:"profile"`
	Deposit     book.Amount  `json:"deposit"`
	Fee         book.Amount  `json:"grading_fee"`
	CommittedAt int64        `json:"committed_at"`
	Run         RunID        `json:"run"`      // its entry run
	Returned    bool         `json:"returned"` // its deposit went back
	Runs        []RunID      `json:"runs"`     // every run of it, oldest first
}

// run is one run of an entry's program on one bench version and seed.
type run struct {
	ID        RunID         `json:"id"`
	Challenge ChallengeID   `json:"challenge"`
	Entry     EntryID       `json:"entry"`
	Bench     BenchID       `json:"bench"`
	Version   uint32        `json:"version"`
	Purpose   string        `json:"purpose"`
	K         int           `json:"k"`    // a confirmation run's index among its pair's seeds
	CRN       uint64        `json:"crn"`  // a confirmation run's CRN seed
	Pair      EntryID       `json:"pair"` // the other entry of a confirmation run's pair
	Seed      string        `json:"seed"` // 64 hex digits; "" while anchoring
	State     string        `json:"state"`
	Round     round.ID      `json:"round"`
	CreatedAt int64         `json:"created_at"`
	EndedAt   int64         `json:"ended_at"`
	Kept      *RunResult    `json:"kept"`
	KeptFrom  *book.Address `json:"kept_from"`
}

// ended reports whether the run can change no more.
func (r *run) ended() bool { return r.State != RunAnchoring && r.State != RunRunning }
