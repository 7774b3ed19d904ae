package battle_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"github.com/arena/arena/ledger/match/readmetest"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/ledger/match/battle"
)

// This file replays a battle as the README's "Checking a match without the source"
// states it, written from that text alone: its own generator, rolls, order of effects
// and event encoding. It uses the battle package only as the thing checked against.

// readmeRNG is the README's SplitMix64.
type readmeRNG struct{ s uint64 }

func newReadmeRNG(seed []byte) *readmeRNG {
	return &readmeRNG{s: binary.BigEndian.Uint64(crypto.Keccak256(seed)[:8])}
}

func (g *readmeRNG) draw() uint64 {
	g.s += 0x9e3779b97f4a7c15
	z := g.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (g *readmeRNG) roll(n uint64) int { return int(g.draw() % (n + 1)) }

// The README's move numbers.
var readmeMoves = map[string]int{"attack": 0, "defend": 1, "charge": 2, "heal": 3}

// readmeGame is a battle replayed from the README.
type readmeGame struct {
	rng     *readmeRNG
	turn    int
	hp      [2]int
	charges [2]int
	over    bool
	rolls   [][2]int // each turn's rolls, -1 for an agent that drew none
}

func newReadmeGame(seed []byte) *readmeGame {
	return &readmeGame{rng: newReadmeRNG(seed), hp: [2]int{100, 100}}
}

// play resolves one turn, moves by name, and returns its events encoded as the README
// writes them.
func (g *readmeGame) play(m [2]string) []string {
	g.turn++
	var ev []string
	emit := func(agent int, kind string, value int) {
		ev = append(ev, fmt.Sprintf(`{"turn":%d,"agent":%d,"kind":%q,"value":%d,"hp":[%d,%d]}`, g.turn, agent, kind, value, g.hp[0], g.hp[1]))
	}
	roll := [2]int{-1, -1}
	for i := range 2 {
		switch m[i] {
		case "attack":
			roll[i] = g.rng.roll(10)
		case "heal":
			roll[i] = g.rng.roll(7)
		}
	}
	g.rolls = append(g.rolls, roll)
	for i := range 2 {
		emit(i, "move", readmeMoves[m[i]])
	}
	for i := range 2 {
		if m[i] == "charge" {
			g.charges[i] = min(g.charges[i]+1, 2)
			emit(i, "charge", g.charges[i])
		}
	}
	for i := range 2 {
		if m[i] == "heal" {
			gain := min(8+roll[i], 100-g.hp[i])
			g.hp[i] += gain
			emit(i, "heal", gain)
		}
	}
	var hit [2]bool
	var dmg [2]int
	for i := range 2 {
		if m[i] != "attack" {
			continue
		}
		strength, target := 10+roll[i]+15*g.charges[i], 1-i
		hit[target] = true
		switch m[target] {
		case "defend":
			dmg[target] = strength / 2
		case "heal":
			dmg[target] = strength + 5
		default:
			dmg[target] = strength
		}
	}
	for i := range 2 {
		if m[i] == "attack" {
			g.charges[i] = 0
		}
	}
	for i := range 2 {
		if hit[i] {
			g.hp[i] = max(0, g.hp[i]-dmg[i])
			emit(i, "damage", dmg[i])
		}
	}
	if g.hp[0] == 0 || g.hp[1] == 0 || g.turn == 20 {
		winner := -1
		switch {
		case g.hp[0] > g.hp[1]:
			winner = 0
		case g.hp[1] > g.hp[0]:
			winner = 1
		}
		g.over = true
		emit(winner, "end", 0)
	}
	return ev
}

// resultHash is keccak256 of the log as one JSON array without white space.
func resultHash(log []string) string {
	return hexutil.Encode(crypto.Keccak256([]byte("[" + strings.Join(log, ",") + "]")))
}

// readmeStart is the README's worked start of a battle.
type readmeStart struct {
	secret, anchor, seed []byte
	state                uint64
	draws                []uint64
	moves                [][2]string
	rolls                []map[int][2]int // per turn: agent -> roll, draw number
	events               []string
}

var rollNote = regexp.MustCompile(`agent (\d) rolls (\d+) \(draw (\d+)\)`)

func parseStart(t *testing.T) readmeStart {
	t.Helper()
	var st readmeStart
	hex := func(s string) []byte {
		b, err := hexutil.Decode(s)
		if err != nil {
			t.Fatalf("README %q: %v", s, err)
		}
		return b
	}
	for _, line := range readmetest.Block(t, "A worked start") {
		f := strings.Fields(line)
		switch {
		case strings.HasPrefix(line, "{"):
			st.events = append(st.events, line)
		case f[0] == "secret":
			st.secret = hex(f[1])
		case f[0] == "anchor":
			st.anchor = hex(f[1])
		case f[0] == "seed":
			st.seed = hex(f[1])
		case f[0] == "state":
			v, err := strconv.ParseUint(strings.TrimPrefix(f[1], "0x"), 16, 64)
			if err != nil {
				t.Fatal(err)
			}
			st.state = v
		case f[0] == "draws":
			for _, d := range f[1:] {
				v, err := strconv.ParseUint(d, 10, 64)
				if err != nil {
					t.Fatal(err)
				}
				st.draws = append(st.draws, v)
			}
		case f[0] == "turn":
			if n, err := strconv.Atoi(f[1]); err != nil || n != len(st.moves)+1 {
				t.Fatalf("README turn line %q out of order", line)
			}
			st.moves = append(st.moves, [2]string{f[2], f[3]})
			r := map[int][2]int{}
			for _, m := range rollNote.FindAllStringSubmatch(line, -1) {
				a, _ := strconv.Atoi(m[1])
				v, _ := strconv.Atoi(m[2])
				d, _ := strconv.Atoi(m[3])
				r[a] = [2]int{v, d}
			}
			st.rolls = append(st.rolls, r)
		default:
			t.Fatalf("README worked start: unread line %q", line)
		}
	}
	if st.seed == nil || len(st.draws) == 0 || len(st.moves) == 0 || len(st.events) == 0 {
		t.Fatalf("README worked start incomplete: %+v", st)
	}
	return st
}

// TestReadmeWorkedStartReplays: the README's worked start, recomputed from its text:
// the seed from the secret and anchor, the generator's state and draws, each turn's
// rolls, and the events, which the engine also emits for the same seed and moves.
func TestReadmeWorkedStartReplays(t *testing.T) {
	st := parseStart(t)
	if got := crypto.Keccak256(st.secret, st.anchor); !slices.Equal(got, st.seed) {
		t.Errorf("keccak256(secret || anchor) = %x, README seed %x", got, st.seed)
	}
	if got := battle.Seed([32]byte(st.secret), [32]byte(st.anchor)); !slices.Equal(got[:], st.seed) {
		t.Errorf("battle.Seed = %x, README seed %x", got, st.seed)
	}
	g := newReadmeRNG(st.seed)
	if g.s != st.state {
		t.Errorf("generator state %#x, README %#x", g.s, st.state)
	}
	for i, want := range st.draws {
		if got := g.draw(); got != want {
			t.Errorf("draw %d = %d, README %d", i+1, got, want)
		}
	}

	rg := newReadmeGame(st.seed)
	eng := battle.New([32]byte(st.seed))
	var replayed, engine []string
	for ti, m := range st.moves {
		replayed = append(replayed, rg.play(m)...)
		ev, err := eng.Play([2]battle.Move{move(t, m[0]), move(t, m[1])})
		if err != nil {
			t.Fatal(err)
		}
		engine = append(engine, encode(t, ev)...)
		for a := range 2 {
			note, noted := st.rolls[ti][a]
			got := rg.rolls[ti][a]
			switch {
			case noted && (note[1] < 1 || note[1] > len(st.draws)):
				t.Errorf("turn %d agent %d: README names draw %d of %d listed", ti+1, a, note[1], len(st.draws))
			case noted && (got != note[0] || st.draws[note[1]-1]%modulus(m[a]) != uint64(note[0])):
				t.Errorf("turn %d agent %d rolls %d; README %d from draw %d", ti+1, a, got, note[0], note[1])
			case !noted && got != -1:
				t.Errorf("turn %d agent %d rolls %d; the README notes no roll", ti+1, a, got)
			}
		}
	}
	if !slices.Equal(replayed, st.events) {
		t.Errorf("replayed from the README:\n%s\nREADME:\n%s", strings.Join(replayed, "\n"), strings.Join(st.events, "\n"))
	}
	if !slices.Equal(engine, st.events) {
		t.Errorf("engine:\n%s\nREADME:\n%s", strings.Join(engine, "\n"), strings.Join(st.events, "\n"))
	}
}

func modulus(m string) uint64 {
	if m == "attack" {
		return 11
	}
	return 8
}

// TestReadmeReplayReproducesTheGoldenMatch: the engine's pinned scripted match
// (testdata/match.golden, seed battle.Seed(0x01.., 0x02..)), to its end event and result
// hash, replays line for line from the README.
func TestReadmeReplayReproducesTheGoldenMatch(t *testing.T) {
	b, err := os.ReadFile("testdata/match.golden")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	moves := [][2]string{
		{"charge", "attack"}, {"charge", "defend"}, {"attack", "heal"}, {"defend", "attack"},
		{"heal", "charge"}, {"attack", "attack"}, {"heal", "defend"}, {"attack", "attack"},
	}
	seed := crypto.Keccak256(append([]byte{1}, make([]byte, 31)...), append([]byte{2}, make([]byte, 31)...))
	g := newReadmeGame(seed)
	var log []string
	for !g.over {
		log = append(log, g.play(moves[(g.turn)%len(moves)])...)
	}
	got := append(slices.Clone(log), "result "+strings.TrimPrefix(resultHash(log), "0x"))
	if !slices.Equal(got, lines) {
		t.Fatalf("replayed from the README:\n%s\ngolden:\n%s", strings.Join(got, "\n"), strings.Join(lines, "\n"))
	}
	if !strings.Contains(log[len(log)-1], `"kind":"end"`) {
		t.Fatalf("the golden match does not end: %s", log[len(log)-1])
	}
}

// TestReadmeReplayMatchesTheEngine: for many seeds and move scripts (random ones, and
// ones that heal at full HP, saturate charges, run to turn 20 and knock both out), the
// README's replay and the engine emit the same events and the same result hash.
func TestReadmeReplayMatchesTheEngine(t *testing.T) {
	names := []string{"attack", "defend", "charge", "heal"}
	fixed := map[string]func(turn int) [2]string{
		"heal at full HP": func(int) [2]string { return [2]string{"heal", "heal"} },
		"charge past 2": func(turn int) [2]string {
			return [2]string{"charge", []string{"charge", "charge", "charge", "attack"}[turn%4]}
		},
		"defend to 20": func(int) [2]string { return [2]string{"defend", "defend"} },
		"both knocked out": func(turn int) [2]string {
			return [2]string{[]string{"charge", "charge", "attack"}[min(turn, 2)], []string{"charge", "charge", "attack"}[min(turn, 2)]}
		},
		"heal against attack": func(int) [2]string { return [2]string{"attack", "heal"} },
	}
	kinds := map[string]bool{}
	fullHeal, knockout, draw20 := false, false, false
	check := func(name string, seed []byte, next func(turn int) [2]string) {
		rg, eng := newReadmeGame(seed), battle.New([32]byte(seed))
		var log []string
		var events []battle.Event
		for !rg.over && rg.turn < 40 {
			m := next(rg.turn)
			want := rg.play(m)
			ev, err := eng.Play([2]battle.Move{move(t, m[0]), move(t, m[1])})
			if err != nil {
				t.Fatalf("%s: engine: %v", name, err)
			}
			if got := encode(t, ev); !slices.Equal(got, want) {
				t.Fatalf("%s seed %x turn %d %v:\nengine:\n%s\nREADME replay:\n%s", name, seed, rg.turn, m, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			log, events = append(log, want...), append(events, ev...)
			for _, e := range ev {
				kinds[e.Kind] = true
				fullHeal = fullHeal || e.Kind == "heal" && e.Value == 0
				knockout = knockout || e.Kind == "end" && e.Agent == -1 && e.HP == [2]int{0, 0}
				draw20 = draw20 || e.Kind == "end" && e.Agent == -1 && e.Turn == 20
			}
		}
		if !rg.over || !eng.Over() {
			t.Fatalf("%s: the README's game over %t, the engine's %t", name, rg.over, eng.Over())
		}
		if h := battle.ResultHash(events); hexutil.Encode(h[:]) != resultHash(log) {
			t.Fatalf("%s: result hash %x, README replay %s", name, h, resultHash(log))
		}
	}
	for i := range 200 {
		seed := crypto.Keccak256([]byte(strconv.Itoa(i)))
		r := rand.New(rand.NewPCG(uint64(i), 1))
		check("random", seed, func(int) [2]string { return [2]string{names[r.IntN(4)], names[r.IntN(4)]} })
		for name, next := range fixed {
			check(name, seed, next)
		}
	}
	for _, k := range []string{"move", "charge", "heal", "damage", "end"} {
		if !kinds[k] {
			t.Errorf("no %q event was compared", k)
		}
	}
	if !fullHeal || !knockout || !draw20 {
		t.Errorf("compared a heal at full HP %t, a draw by both at 0 %t, a draw after turn 20 %t; want all", fullHeal, knockout, draw20)
	}
}

func move(t *testing.T, name string) battle.Move {
	t.Helper()
	m, ok := battle.ParseMove(name)
	if !ok || int(m) != readmeMoves[name] {
		t.Fatalf("move %q is %d in the engine, %d in the README", name, m, readmeMoves[name])
	}
	return m
}

// encode writes the engine's events one JSON object each, as the event log holds them.
func encode(t *testing.T, ev []battle.Event) []string {
	t.Helper()
	out := make([]string, len(ev))
	for i, e := range ev {
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = string(b)
	}
	return out
}

// TestReadmeReplayReproducesTheDemoMatch: the demo's match as GET /v1/matches/1
// published it after one run of arena demo (../testdata/demo_match.json): its seed is
// keccak256(secret || anchor), and the README's replay of its revealed moves from that
// seed gives every turn's published events, the winner and the result hash.
func TestReadmeReplayReproducesTheDemoMatch(t *testing.T) {
	b, err := os.ReadFile("../testdata/demo_match.json")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Secret, Anchor, Seed string
		ResultHash           string `json:"result_hash"`
		Winner               int
		Turns                []struct {
			Turn   int
			Moves  [2]string
			Events []json.RawMessage
		}
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	seed := hexutil.MustDecode(m.Seed)
	if got := crypto.Keccak256(hexutil.MustDecode(m.Secret), hexutil.MustDecode(m.Anchor)); !slices.Equal(got, seed) {
		t.Fatalf("keccak256(secret || anchor) = %x, published seed %s", got, m.Seed)
	}
	g := newReadmeGame(seed)
	var log []string
	for _, turn := range m.Turns {
		if turn.Turn != g.turn+1 || g.over {
			t.Fatalf("turn %d follows turn %d (over %t)", turn.Turn, g.turn, g.over)
		}
		got := g.play(turn.Moves)
		var published []string
		for _, e := range turn.Events {
			var c bytes.Buffer
			if err := json.Compact(&c, e); err != nil {
				t.Fatal(err)
			}
			published = append(published, c.String())
		}
		if !slices.Equal(got, published) {
			t.Errorf("turn %d %v, replayed from the README:\n%s\npublished:\n%s", turn.Turn, turn.Moves, strings.Join(got, "\n"), strings.Join(published, "\n"))
		}
		log = append(log, got...)
	}
	if !g.over {
		t.Error("the README's replay is not over after the last published turn")
	}
	end := fmt.Sprintf(`"agent":%d,"kind":"end"`, m.Winner)
	if len(log) == 0 || !strings.Contains(log[len(log)-1], end) {
		t.Errorf("the replay's last event does not name winner %d", m.Winner)
	}
	if got := resultHash(log); got != m.ResultHash {
		t.Errorf("result hash by the README %s, published %s", got, m.ResultHash)
	}
}
