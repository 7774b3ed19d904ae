package ledger_test

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// joinKeys are an operator's two signing keys, derived from a seed so tests repeat.
type joinKeys struct {
	grading   []byte // secp256k1 secret
	consensus ed25519.PrivateKey
}

func newJoinKeys(seed byte) joinKeys {
	g := bytes.Repeat([]byte{seed}, 32)
	return joinKeys{grading: g, consensus: ed25519.NewKeyFromSeed(bytes.Repeat([]byte{seed ^ 0x5a}, 32))}
}

// sign fills j's keys from k and signs it with both.
func (k joinKeys) sign(t *testing.T, j *Join) {
	t.Helper()
	p, err := crypto.ToECDSA(k.grading)
	if err != nil {
		t.Fatal(err)
	}
	j.GradingAddress = Address(crypto.PubkeyToAddress(p.PublicKey))
	j.ConsensusPubKey = k.consensus.Public().(ed25519.PublicKey)
	k.resign(t, j)
}

// resign signs j as it stands with both of k's keys.
func (k joinKeys) resign(t *testing.T, j *Join) {
	t.Helper()
	p, err := crypto.ToECDSA(k.grading)
	if err != nil {
		t.Fatal(err)
	}
	d := j.Digest()
	if j.GradingSig, err = crypto.Sign(d[:], p); err != nil {
		t.Fatal(err)
	}
	j.ConsensusSig = ed25519.Sign(k.consensus, d[:])
}

// testJoin returns operator i's join statement for chain, signed.
func testJoin(t *testing.T, chain string, i int) Join {
	t.Helper()
	j := Join{
		Chain: chain, Name: fmt.Sprintf("op%d", i), NodeID: fmt.Sprintf("%040x", i+1),
		P2P: fmt.Sprintf("10.0.0.%d:26656", i+1), API: fmt.Sprintf("https://op%d.example:8080", i),
	}
	newJoinKeys(byte(i+1)).sign(t, &j)
	return j
}

// joinedTerms returns the test terms founded by n joins.
func joinedTerms(t *testing.T, n int) Terms {
	t.Helper()
	terms := ledgertest.Terms(0)
	for i := range n {
		j := testJoin(t, terms.Chain, i)
		terms.Joins = append(terms.Joins, j)
		terms.Validators = append(terms.Validators, j.GradingAddress)
	}
	return terms
}

// "InitChain takes the validator set from the founding terms' joins; arena verify
// re-checks every join signature": founding terms with sound joins found an arena.
func TestFoundingTermsWithSoundJoinsFoundAnArena(t *testing.T) {
	terms := joinedTerms(t, 4)
	if _, err := New(terms); err != nil {
		t.Fatalf("sound joins refused: %v", err)
	}
	a := NewAmount(7)
	terms.Joins[2].Allocation = &a
	newJoinKeys(3).resign(t, &terms.Joins[2])
	terms.Genesis = append(terms.Genesis, Allocation{Address: terms.Joins[2].GradingAddress, Amount: a})
	s, err := New(terms)
	if err != nil {
		t.Fatalf("a join with its allocation refused: %v", err)
	}
	if got := s.Terms().Joins; len(got) != 4 || !bytes.Equal(got[2].ConsensusSig, terms.Joins[2].ConsensusSig) {
		t.Errorf("the state's terms lost the joins: %+v", got)
	}
}

// Terms without joins encode as before: no "joins" key, so every existing state hash
// stays what it was.
func TestTermsWithoutJoinsEncodeWithoutThem(t *testing.T) {
	b, err := json.Marshal(ledgertest.Terms(4))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b, []byte(`"joins"`)) {
		t.Errorf("terms without joins encode a joins key: %s", b)
	}
}

// Bad input: "A join statement with a bad signature, a foreign chain name, a duplicate
// key or address ... each refused with a clear message, and nothing applied."
func TestFoundingRefusesEveryBadJoin(t *testing.T) {
	other := newJoinKeys(99)
	tests := []struct {
		name string
		edit func(t *testing.T, terms *Terms)
		want string
	}{
		{"grading signature by another key", func(t *testing.T, terms *Terms) {
			j := &terms.Joins[1]
			p, _ := crypto.ToECDSA(other.grading)
			d := j.Digest()
			j.GradingSig, _ = crypto.Sign(d[:], p)
		}, "Join statement of \"op1\" (%s): its signature does not match its contents: a field was edited after signing, or a key other than its grading address signed it"},
		{"consensus signature by another key", func(t *testing.T, terms *Terms) {
			d := terms.Joins[1].Digest()
			terms.Joins[1].ConsensusSig = ed25519.Sign(other.consensus, d[:])
		}, "Join statement of \"op1\" (%s): the consensus signature is not by its consensus key"},
		{"a field changed after signing", func(t *testing.T, terms *Terms) {
			terms.Joins[1].API = "https://evil.example"
		}, "Join statement of \"op1\" (%s): its signature does not match its contents: a field was edited after signing, or a key other than its grading address signed it"},
		{"the same statement twice", func(t *testing.T, terms *Terms) {
			terms.Joins[2], terms.Validators[2] = terms.Joins[1], terms.Validators[1]
		}, "Join statement of \"op1\" (%s): it appears twice: give each operator's join statement once"},
		{"a consensus key not its own", func(t *testing.T, terms *Terms) {
			j := &terms.Joins[1]
			j.ConsensusPubKey = other.consensus.Public().(ed25519.PublicKey)
			newJoinKeys(2).resign(t, j) // the grading key signs, the consensus key it names cannot
			d := j.Digest()
			j.ConsensusSig = ed25519.Sign(newJoinKeys(2).consensus, d[:])
		}, "Join statement of \"op1\" (%s): the consensus signature is not by its consensus key"},
		{"foreign chain", func(t *testing.T, terms *Terms) {
			terms.Joins[1].Chain = "arena-other"
			newJoinKeys(2).resign(t, &terms.Joins[1])
		}, "Join statement of \"op1\" (%s): it is for chain \"arena-other\", not \"arena-test\""},
		{"duplicate node id", func(t *testing.T, terms *Terms) {
			terms.Joins[1].NodeID = terms.Joins[0].NodeID
			newJoinKeys(2).resign(t, &terms.Joins[1])
		}, "Join statements of op0 and op1 name the same node id"},
		{"duplicate p2p address", func(t *testing.T, terms *Terms) {
			terms.Joins[2].P2P = terms.Joins[0].P2P
			newJoinKeys(3).resign(t, &terms.Joins[2])
		}, "Join statements of op0 and op2 name the same p2p address"},
		{"duplicate consensus key", func(t *testing.T, terms *Terms) {
			terms.Joins[1].ConsensusPubKey = terms.Joins[0].ConsensusPubKey
			newJoinKeys(2).resign(t, &terms.Joins[1])
			d := terms.Joins[1].Digest()
			terms.Joins[1].ConsensusSig = ed25519.Sign(newJoinKeys(1).consensus, d[:])
		}, "Join statements of op0 and op1 name the same consensus key"},
		{"duplicate grading address", func(t *testing.T, terms *Terms) {
			j := &terms.Joins[1]
			p, _ := crypto.ToECDSA(newJoinKeys(1).grading)
			j.GradingAddress = Address(crypto.PubkeyToAddress(p.PublicKey))
			terms.Validators[1] = j.GradingAddress
			d := j.Digest()
			j.GradingSig, _ = crypto.Sign(d[:], p)
			j.ConsensusSig = ed25519.Sign(newJoinKeys(2).consensus, d[:])
		}, "Join statements of op0 and op1 name the same grading address"},
		{"validators not the joins", func(t *testing.T, terms *Terms) {
			terms.Validators[0], terms.Validators[1] = terms.Validators[1], terms.Validators[0]
		}, "Validators must be the join statements' grading addresses, in join order"},
		{"allocation not granted", func(t *testing.T, terms *Terms) {
			a := NewAmount(5)
			terms.Joins[1].Allocation = &a
			newJoinKeys(2).resign(t, &terms.Joins[1])
		}, "Join statement of \"op1\" (%s): the allocation it asks for is not among the genesis allocations"},
		{"malformed node id", func(t *testing.T, terms *Terms) {
			terms.Joins[1].NodeID = "ABC"
			newJoinKeys(2).resign(t, &terms.Joins[1])
		}, "Join statement of \"op1\" (%s): the node id must be 40 lower-case hex digits"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			terms := joinedTerms(t, 3)
			tt.edit(t, &terms)
			want := tt.want
			if strings.Contains(want, "%s") {
				want = fmt.Sprintf(want, terms.Joins[1].GradingAddress)
			}
			_, err := New(terms)
			if !errors.Is(err, NewError(Expected, want)) {
				t.Fatalf("got %v, want [EXPECTED] %s", err, want)
			}
		})
	}
}
