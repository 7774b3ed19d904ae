package match_test

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
)

// TestAnEpisodeIsOnlyOfAFinishedMatch: a match under way or void gives no episode, in
// the words the API serves.
func TestAnEpisodeIsOnlyOfAFinishedMatch(t *testing.T) {
	for _, c := range []struct {
		m    match.MatchView
		want string
	}{
		{match.MatchView{ID: 3, State: match.StatePlaying}, "match 3 is not finished yet: it is playing"},
		{match.MatchView{ID: 4, State: match.StateWaiting}, "match 4 is not finished yet: it is waiting"},
		{match.MatchView{ID: 5, State: match.StateVoid, VoidReason: match.VoidStalled}, "match 5 is void (stalled): a void match has no result to replay"},
	} {
		_, err := match.EpisodeOf(c.m)
		if err == nil || err.Error() != c.want {
			t.Errorf("EpisodeOf(match %d, %s) = %v, want %q", c.m.ID, c.m.State, err, c.want)
		}
	}
}

// seeded plays match id from seed index i through the battle engine, with each agent's
// moves drawn at random and one answer in seven unusable (a fallback to defend), and
// returns the finished match as its view publishes it.
func seeded(t *testing.T, i int) match.MatchView {
	t.Helper()
	secret := crypto.Keccak256Hash([]byte("secret " + strconv.Itoa(i)))
	anchor := crypto.Keccak256Hash([]byte("anchor " + strconv.Itoa(i)))
	seed := battle.Seed(secret, anchor)
	agents := [2]match.Agent{{Model: "builtin", SystemPrompt: "You are careful."}, {Model: "m" + strconv.Itoa(i%3), SystemPrompt: "Ünïcode & <tags> " + strconv.Itoa(i)}}
	m := match.MatchView{ID: match.MatchID(i + 1), Agents: agents, State: match.StateFinished, Secret: match.Hex32(secret), Anchor: match.Hex32(anchor), Seed: match.Hex32(seed)}
	rng := rand.New(rand.NewPCG(uint64(i), 38))
	g := battle.New(seed)
	var log []battle.Event
	for !g.Over() {
		tv := match.TurnView{Turn: g.Turn(), Revealed: true}
		var moves [2]battle.Move
		for a := range 2 {
			answer := `{"move":"` + battle.Move(rng.IntN(4)).String() + `"}`
			if rng.IntN(7) == 0 {
				answer = "I attack!"
			}
			prompt := battle.Prompt(agents[a].SystemPrompt, g.View(a))
			mv, fb := battle.ParseAnswer(answer)
			reason, _ := receipt.ParseReason(string(fb))
			moves[a] = mv
			tv.Moves[a] = mv.String()
			tv.Decisions = append(tv.Decisions, match.DecisionView{Agent: a, Move: mv.String(), Fallback: fb != battle.NoFallback, Reason: string(fb),
				Receipt: receipt.Receipt{Match: uint64(m.ID), Turn: uint32(tv.Turn), Agent: uint32(a), PromptHash: receipt.TextHash(prompt),
					ResponseHash: receipt.TextHash(answer), Move: uint8(mv), Fallback: fb != battle.NoFallback, Reason: reason},
				Prompt: prompt, Response: answer})
		}
		ev, err := g.Play(moves)
		if err != nil {
			t.Fatal(err)
		}
		tv.Events = ev
		log = append(log, ev...)
		m.Turns = append(m.Turns, tv)
	}
	w := g.Winner()
	m.Winner, m.ResultHash = &w, match.Hex32(battle.ResultHash(log))
	return m
}

// demoMatch is the demo's match as GET /v1/matches/1 published it after one run of
// arena demo (testdata/demo_match.json, which keeps what a verifier needs: it omits the
// agents and the state), finished with every turn revealed.
func demoMatch(t *testing.T) match.MatchView {
	t.Helper()
	b, err := os.ReadFile("testdata/demo_match.json")
	if err != nil {
		t.Fatal(err)
	}
	var m match.MatchView
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	m.State = match.StateFinished
	for i := range m.Turns {
		m.Turns[i].Revealed = true
	}
	return m
}

// writeEpisode writes m's episode as dir/name, after doctor (if any) changed it.
func writeEpisode(t *testing.T, dir, name string, m match.MatchView, doctor func(*match.Episode)) match.Episode {
	t.Helper()
	e, err := match.EpisodeOf(m)
	if err != nil {
		t.Fatal(err)
	}
	if doctor != nil {
		doctor(&e)
	} else if h := match.Hex32(battle.ResultHash(e.Log)); h != e.ResultHash {
		t.Fatalf("%s: the log hashes to %s, the episode says %s", name, h, e.ResultHash)
	}
	b, err := json.MarshalIndent(e, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
		t.Fatal(err)
	}
	return e
}

// replay runs the README's replay (testdata/replay/replay.mjs) under Node over dir.
func replay(t *testing.T, dir string) (string, error) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("the episode replay runs under Node, which is not on PATH: %v", err)
	}
	cmd := exec.Command(node, "replay.mjs", dir)
	cmd.Dir = "testdata/replay"
	out, err := cmd.CombinedOutput()
	return strings.TrimSpace(string(out)), err
}

// TestEpisodesReplayFromTheReadmeAlone: the demo's episode and 200 seeded ones, played
// through the battle engine, replay to the same events, winner and result hash under a
// replay written in plain JavaScript from the README alone, with its own keccak256; a
// doctored copy of one is named.
func TestEpisodesReplayFromTheReadmeAlone(t *testing.T) {
	dir := t.TempDir()
	demo := writeEpisode(t, dir, "demo.json", demoMatch(t), nil)
	if len(demo.Turns) == 0 || demo.ResultHash == "" {
		t.Fatalf("the demo's episode is empty: %+v", demo)
	}
	for i := range 200 {
		writeEpisode(t, dir, "seeded-"+strconv.Itoa(1000+i)+".json", seeded(t, i), nil)
	}
	out, err := replay(t, dir)
	if err != nil || out != "ok 201 episodes" {
		t.Fatalf("node replay.mjs: %v\n%s", err, out)
	}

	writeEpisode(t, dir, "seeded-doctored.json", seeded(t, 7), func(e *match.Episode) { e.Turns[1].Events[0].HP[0]-- })
	out, err = replay(t, dir)
	if err == nil || !strings.HasPrefix(out, "seeded-doctored.json: turn 2: events") {
		t.Fatalf("node replay.mjs over a doctored episode: %v\n%s", err, out)
	}
}
