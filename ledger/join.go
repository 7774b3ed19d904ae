package ledger

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Join is an operator's join statement: what a network founded by ceremony knows of
// each founding operator, all of it public. The grading key signs it and so does the
// consensus key, over one digest that names both keys, so that a statement cannot
// carry a key its author does not hold. Founding terms list the joins their validator
// set comes from (Terms.Joins), so that every node checks them at InitChain and every
// replay checks them again.
type Join struct {
	Chain           string  `json:"chain"`                // the chain id the operator joins
	Name            string  `json:"name"`                 // the operator's name, for people
	NodeID          string  `json:"node_id"`              // CometBFT node id: 40 lower-case hex digits
	P2P             string  `json:"p2p"`                  // host:port where peers reach its node
	API             string  `json:"api"`                  // URL of its node's arena API
	ConsensusPubKey []byte  `json:"consensus_pub_key"`    // CometBFT ed25519 public key, base64 in JSON
	GradingAddress  Address `json:"grading_address"`      // its grading validator
	Allocation      *Amount `json:"allocation,omitempty"` // the genesis wallet it asks for its grading address
	GradingSig      []byte  `json:"grading_signature"`    // secp256k1 by GradingAddress over Digest, 65 bytes
	ConsensusSig    []byte  `json:"consensus_signature"`  // ed25519 by ConsensusPubKey over Digest, 64 bytes
}

// Limits on a join statement's fields, in bytes.
const (
	MaxJoinName = 80
	MaxJoinAddr = 256 // p2p address and API URL
)

// joinDomain prefixes what a join statement signs, so that no other signed message of
// the arena can be read as one.
const joinDomain = "arena join statement v1\n"

// joinBody is the signed part of a Join, in a fixed field order.
type joinBody struct {
	Chain           string  `json:"chain"`
	Name            string  `json:"name"`
	NodeID          string  `json:"node_id"`
	P2P             string  `json:"p2p"`
	API             string  `json:"api"`
	ConsensusPubKey []byte  `json:"consensus_pub_key"`
	GradingAddress  Address `json:"grading_address"`
	Allocation      *Amount `json:"allocation,omitempty"`
}

// Digest returns what both keys sign: keccak256 of a domain line and the canonical
// JSON of every field but the signatures.
func (j *Join) Digest() [32]byte {
	b, err := json.Marshal(joinBody{j.Chain, j.Name, j.NodeID, j.P2P, j.API, j.ConsensusPubKey, j.GradingAddress, j.Allocation})
	if err != nil { // a struct of strings, bytes and amounts always encodes
		panic(fmt.Sprintf("join digest: %v", err))
	}
	return keccak(append([]byte(joinDomain), b...))
}

// Check reports the first thing wrong with the statement on its own: a field out of
// shape or a signature that is not by the key it names.
func (j *Join) Check() error {
	switch {
	case j.Chain == "" || len(j.Chain) > MaxChainLen:
		return joinRefusal(j, fmt.Sprintf("the chain id must be 1 to %d bytes", MaxChainLen))
	case j.Name == "" || len(j.Name) > MaxJoinName:
		return joinRefusal(j, fmt.Sprintf("the name must be 1 to %d bytes", MaxJoinName))
	case !nodeIDShape(j.NodeID):
		return joinRefusal(j, "the node id must be 40 lower-case hex digits")
	case j.P2P == "" || len(j.P2P) > MaxJoinAddr:
		return joinRefusal(j, fmt.Sprintf("the p2p address must be 1 to %d bytes", MaxJoinAddr))
	case j.API == "" || len(j.API) > MaxJoinAddr:
		return joinRefusal(j, fmt.Sprintf("the API URL must be 1 to %d bytes", MaxJoinAddr))
	case len(j.ConsensusPubKey) != ed25519.PublicKeySize:
		return joinRefusal(j, fmt.Sprintf("the consensus public key must be %d bytes of ed25519", ed25519.PublicKeySize))
	case j.GradingAddress.IsZero():
		return joinRefusal(j, "the grading address cannot be zero")
	case j.Allocation != nil && j.Allocation.IsZero():
		return joinRefusal(j, "an allocation it asks for must be positive")
	}
	d := j.Digest()
	if got, err := Recover(d, j.GradingSig); err != nil || got != j.GradingAddress {
		return joinRefusal(j, "its signature does not match its contents: a field was edited after signing, or a key other than its grading address signed it")
	}
	if len(j.ConsensusSig) != ed25519.SignatureSize || !ed25519.Verify(ed25519.PublicKey(j.ConsensusPubKey), d[:], j.ConsensusSig) {
		return joinRefusal(j, "the consensus signature is not by its consensus key")
	}
	return nil
}

func nodeIDShape(s string) bool {
	if len(s) != 40 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil && s == strings.ToLower(s)
}

// validateJoins checks the founding terms' joins: each statement sound and for this
// chain, no node id, consensus key, grading address or p2p address twice, the validator
// set exactly the joins' grading addresses in join order, and each allocation a join
// asks for among the genesis allocations.
func (t *Terms) validateJoins() error {
	if len(t.Joins) == 0 {
		return nil
	}
	if len(t.Joins) != len(t.Validators) {
		return errTermsJoinValidators
	}
	seen := map[string]string{}
	for i := range t.Joins {
		j := &t.Joins[i]
		if err := j.Check(); err != nil {
			return err
		}
		if slices.ContainsFunc(t.Joins[:i], func(o Join) bool { return o.Digest() == j.Digest() }) {
			return joinRefusal(j, "it appears twice: give each operator's join statement once")
		}
		if j.Chain != t.Chain {
			return joinRefusal(j, fmt.Sprintf("it is for chain %q, not %q", j.Chain, t.Chain))
		}
		if t.Validators[i] != j.GradingAddress {
			return errTermsJoinValidators
		}
		for _, k := range []struct{ what, v string }{
			{"node id", j.NodeID}, {"consensus key", hex.EncodeToString(j.ConsensusPubKey)},
			{"grading address", j.GradingAddress.String()}, {"p2p address", j.P2P},
		} {
			key := k.what + " " + k.v
			if other, ok := seen[key]; ok {
				return refusef("Join statements of %s and %s name the same %s", other, j.Name, k.what)
			}
			seen[key] = j.Name
		}
		if j.Allocation != nil && !t.allocates(j.GradingAddress, *j.Allocation) {
			return joinRefusal(j, "the allocation it asks for is not among the genesis allocations")
		}
	}
	return nil
}

// allocates reports whether the genesis allocations fund a with exactly amt.
func (t *Terms) allocates(a Address, amt Amount) bool {
	for _, g := range t.Genesis {
		if g.Address == a && g.Amount.Eq(amt) {
			return true
		}
	}
	return false
}
