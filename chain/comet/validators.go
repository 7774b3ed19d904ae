package comet

import (
	abci "github.com/cometbft/cometbft/abci/types"

	"github.com/arena/arena/ledger"
)

// evidenceOf is the ledger's reading of a block's misbehaviour evidence: its type, the
// validator's CometBFT address and the height of the infraction. Evidence of a type
// this version of CometBFT does not name is handed on as unknown, for the ledger to
// ignore with its reason.
func evidenceOf(ms []abci.Misbehavior) []ledger.Misbehavior {
	out := make([]ledger.Misbehavior, 0, len(ms))
	for _, m := range ms {
		typ := "unknown"
		switch m.Type {
		case abci.MisbehaviorType_DUPLICATE_VOTE:
			typ = ledger.DuplicateVote
		case abci.MisbehaviorType_LIGHT_CLIENT_ATTACK:
			typ = ledger.LightClientAttack
		}
		var addr [20]byte
		copy(addr[:], m.Validator.Address)
		out = append(out, ledger.Misbehavior{Type: typ, Address: addr, Height: uint64(max(m.Height, 0))})
	}
	return out
}

// logEvidence logs what the ledger made of a block's evidence: each validator slashed,
// and each piece ignored with its reason.
func (a *App) logEvidence(evs []ledger.Event) {
	for _, ev := range evs {
		switch ev.Type {
		case "validator_slashed":
			a.log.Warn("validator slashed", "height", ev.Height, "validator", ev.Address, "amount", ev.Amount, "for", ev.Note)
		case "evidence_ignored":
			a.log.Info("evidence ignored", "height", ev.Height, "consensus_address", ev.Address, "why", ev.Note)
		}
	}
}

// validatorUpdates are the changes to the CometBFT validator set the block made on s,
// as FinalizeBlock returns them: a validator that joined at JoinPower, like the
// founding ones, one that left at power 0.
func validatorUpdates(s *ledger.State) []abci.ValidatorUpdate {
	ups := s.ValidatorUpdates()
	if len(ups) == 0 {
		return nil
	}
	out := make([]abci.ValidatorUpdate, len(ups))
	for i, u := range ups {
		power := int64(0)
		if u.Power > 0 {
			power = JoinPower
		}
		out[i] = abci.Ed25519ValidatorUpdate(u.Key, power)
	}
	return out
}
