package battle

import (
	"encoding/json"

	"github.com/ethereum/go-ethereum/crypto"
)

// ResultHash returns keccak256 of the canonical event log, the json.Marshal encoding of
// events (field order turn, agent, kind, value, hp; no white space). A nil log hashes as
// the empty log, "[]".
func ResultHash(events []Event) [32]byte {
	if events == nil {
		events = []Event{}
	}
	b, err := json.Marshal(events)
	if err != nil {
		// An Event holds only ints and a string; json.Marshal cannot fail on it.
		panic("battle: encode events: " + err.Error())
	}
	return crypto.Keccak256Hash(b)
}

// Seed returns a match's battle seed, keccak256(secret || anchor): the operator's
// committed secret and the ledger's anchor, so neither alone chooses it.
func Seed(secret [32]byte, anchor [32]byte) [32]byte {
	return crypto.Keccak256Hash(secret[:], anchor[:])
}
