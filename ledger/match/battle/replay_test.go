package battle

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// mixed is a move script that uses every move and draws from the generator.
var mixed = [][2]Move{
	{Attack, Defend}, {Charge, Heal}, {Charge, Attack}, {Attack, Charge},
	{Heal, Attack}, {Defend, Defend}, {Attack, Attack}, {Heal, Heal},
}

// The same seed and moves replay to the same events and the same result hash.
func TestSameSeedAndMovesReplayTheSame(t *testing.T) {
	seed := Seed([32]byte{1, 2, 3}, [32]byte{4, 5, 6})
	first := script(t, New(seed), mixed)
	second := script(t, New(seed), mixed)
	if diff := cmp.Diff(first, second); diff != "" {
		t.Fatalf("replay differs (-first +second):\n%s", diff)
	}
	if ResultHash(first) != ResultHash(second) {
		t.Fatal("same log, different hashes")
	}
}

// A different seed draws different rolls, so the log and its hash differ.
func TestADifferentSeedGivesADifferentResult(t *testing.T) {
	a := script(t, New(seedOf(1)), mixed)
	b := script(t, New(seedOf(2)), mixed)
	if ResultHash(a) == ResultHash(b) {
		t.Fatal("two seeds gave the same result hash")
	}
}

// Different moves from the same seed give a different log.
func TestDifferentMovesGiveADifferentResult(t *testing.T) {
	other := append([][2]Move{{Defend, Defend}}, mixed[1:]...)
	a := script(t, New(seedOf(1)), mixed)
	b := script(t, New(seedOf(1)), other)
	if ResultHash(a) == ResultHash(b) {
		t.Fatal("two move scripts gave the same result hash")
	}
}

// The result hash is keccak256 of the log's json.Marshal encoding, pinned here for a
// known log, and a nil log hashes as the empty one.
func TestResultHashIsKeccakOfTheJSONLog(t *testing.T) {
	log := []Event{
		{Turn: 1, Agent: 0, Kind: KindMove, Value: 0, HP: [2]int{100, 100}},
		{Turn: 1, Agent: 1, Kind: KindDamage, Value: 12, HP: [2]int{100, 88}},
	}
	// keccak256(`[{"turn":1,"agent":0,"kind":"move","value":0,"hp":[100,100]},{"turn":1,"agent":1,"kind":"damage","value":12,"hp":[100,88]}]`)
	want := keccakHex(`[{"turn":1,"agent":0,"kind":"move","value":0,"hp":[100,100]},{"turn":1,"agent":1,"kind":"damage","value":12,"hp":[100,88]}]`)
	if got := hexOf(ResultHash(log)); got != want {
		t.Fatalf("ResultHash = %s, want %s", got, want)
	}
	if ResultHash(nil) != ResultHash([]Event{}) {
		t.Fatal("nil and empty logs hash differently")
	}
	if got, want := hexOf(ResultHash(nil)), keccakHex("[]"); got != want {
		t.Fatalf("ResultHash(nil) = %s, want keccak256(\"[]\") %s", got, want)
	}
}

// The battle seed is keccak256(secret || anchor), and each half changes it.
func TestSeedIsKeccakOfSecretAndAnchor(t *testing.T) {
	secret, anchor := [32]byte{0xaa}, [32]byte{0xbb}
	var cat []byte
	cat = append(cat, secret[:]...)
	cat = append(cat, anchor[:]...)
	if got, want := hexOf(Seed(secret, anchor)), keccakHex(string(cat)); got != want {
		t.Fatalf("Seed = %s, want %s", got, want)
	}
	if Seed(secret, anchor) == Seed(anchor, secret) {
		t.Fatal("the seed does not depend on which half is the secret")
	}
}

// A log read back from its JSON, as the ledger reads a reveal's events, equals the
// replay's event for event and hashes the same.
func TestALogReadBackFromJSONEqualsTheReplay(t *testing.T) {
	log := script(t, New(seedOf(3)), mixed)
	b, err := json.Marshal(log)
	if err != nil {
		t.Fatal(err)
	}
	var back []Event
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back, log) || ResultHash(back) != ResultHash(log) {
		t.Fatal("the log read back differs from the replay")
	}
}
