package board

import (
	"strconv"

	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/round"
)

// runCard is one run of an entry on a version, with every attestation its round holds.
type runCard struct {
	ID       challenge.RunID
	Purpose  string // in words
	State    string
	Seed     string
	Created  string
	Ended    string
	Round    round.ID
	Kept     string // the result it kept, in words; "" while none
	KeptFrom string
	Atts     []runAtt
	Begun    []begunLine // what blocks' begin-block work did to its round, when given
}

// runAtt is one member's attestation on a run: the digests it signed and what it scored.
type runAtt struct {
	Attempt    int
	Validator  string
	Height     uint64
	Dataset    string
	Transcript string
	Score      string // composite ± SE over n cases, when scored
	Error      string // the classed failure, when not
	Gas        int64
	Agrees     bool
	Late       bool
}

func (v *views) runCard(r *challenge.RunView) runCard {
	rc := runCard{ID: r.ID, Purpose: purpose(r), State: r.State, Seed: r.Seed, Created: stamp(r.CreatedAt),
		Ended: stamp(r.EndedAt), Round: r.Round}
	if r.Round != 0 {
		rc.Begun = v.begun[r.Round]
	}
	if r.KeptFrom != nil {
		rc.KeptFrom = v.name(*r.KeptFrom)
	}
	if k := r.Kept; k != nil {
		switch {
		case !k.Scored():
			rc.Kept = k.Error
		case r.State == challenge.RunProvisional:
			rc.Kept = "median feedback " + scored(k)
		default:
			rc.Kept = scored(k)
		}
	}
	for _, a := range r.Attestations {
		at := runAtt{Attempt: a.Attempt, Validator: v.name(a.Validator), Height: a.Height, Dataset: a.Result.Dataset,
			Transcript: a.Result.Transcript, Error: a.Result.Error, Gas: a.Result.Gas, Agrees: a.Agrees, Late: a.Late}
		if a.Result.Scored() {
			at.Score = scored(&a.Result)
		}
		rc.Atts = append(rc.Atts, at)
	}
	return rc
}

// scored writes a scored result: "0.612345 ± 0.041000 over 114 cases".
func scored(k *challenge.RunResult) string {
	return withSE(k.Composite.Composite, k.Composite.SE) + " over " + plural(k.Composite.N, "case", "cases")
}

// purpose says what a run is for.
func purpose(r *challenge.RunView) string {
	switch r.Purpose {
	case challenge.PurposeEntry:
		return "entry run"
	case challenge.PurposeRescore:
		return "rescore on v" + strconv.FormatUint(uint64(r.Version), 10)
	case challenge.PurposeConfirm:
		return "confirmation seed k=" + strconv.Itoa(r.K) + " against entry #" + itoa(int64(r.Pair))
	}
	return r.Purpose
}
