package replay_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/reader/call"
	"github.com/arena/arena/reader/replay"
)

func readPrompt(user string) prompt.Prompt {
	return prompt.Prompt{Purpose: prompt.Read, System: "Place the work on a rung.", User: user, SchemaName: "arena_read", Schema: []byte(`{"type":"object"}`), Seed: 7}
}

// TestAnswersAreFoundByPromptHash: a replay file maps sha256(System + "\n\n" + User) to
// the answer, which comes back exactly, whatever its wording, with a receipt whose
// prompt hash is that key.
func TestAnswersAreFoundByPromptHash(t *testing.T) {
	p := readPrompt("<work>a launch note</work>")
	key := call.Hash(p.System + "\n\n" + p.User)
	if got := replay.Key(p); got != key {
		t.Fatalf("Key = %s, want %s", got, key)
	}
	path := filepath.Join(t.TempDir(), "readings.json")
	if err := os.WriteFile(path, []byte(`{"`+key+`": "4/5"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := replay.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	text, rec, err := c.Complete(context.Background(), p)
	if err != nil || text != "4/5" {
		t.Fatalf("Complete = %q, %v; want \"4/5\"", text, err)
	}
	if rec.PromptSHA != key || rec.ResponseSHA != call.Hash("4/5") || rec.Provider != "replay" || rec.Model != "readings.json" {
		t.Fatalf("receipt %+v does not name the replay and the hashes", rec)
	}
}

// TestAnUnknownPromptIsRefusedByItsHash: a prompt with no recorded answer is an error
// wrapping ErrModelRefused that names the hash, so the missing answer can be recorded.
func TestAnUnknownPromptIsRefusedByItsHash(t *testing.T) {
	p := readPrompt("never recorded")
	_, _, err := replay.New("empty", nil).Complete(context.Background(), p)
	if !errors.Is(err, grading.ErrModelRefused) || !strings.Contains(err.Error(), replay.Key(p)) {
		t.Fatalf("err = %v, want ErrModelRefused naming %s", err, replay.Key(p))
	}
}

// scripted answers by user text, as a live model would.
type scripted map[string]string

func (s scripted) Complete(_ context.Context, p prompt.Prompt) (string, ledger.Call, error) {
	text, ok := s[p.User]
	if !ok {
		return "", ledger.Call{}, grading.ErrModelUnavailable
	}
	return text, ledger.Call{Provider: "live"}, nil
}

// TestARecordingReplaysWhatWasAnswered: the recorder passes answers through untouched,
// keeps only successful ones, and the file it saves replays them.
func TestARecordingReplaysWhatWasAnswered(t *testing.T) {
	live := scripted{"one": `{"rung": 3}`, "two": "strong"}
	rec := replay.Record(live)
	for _, u := range []string{"one", "two", "three"} {
		text, c, err := rec.Complete(context.Background(), readPrompt(u))
		if want, ok := live[u]; ok && (text != want || c.Provider != "live" || err != nil) {
			t.Fatalf("recorder changed the answer to %q: %q %+v %v", u, text, c, err)
		}
	}
	path := filepath.Join(t.TempDir(), "recorded.json")
	if err := rec.Save(path); err != nil {
		t.Fatal(err)
	}
	c, err := replay.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, u := range []string{"one", "two", "three"} {
		if text, _, err := c.Complete(context.Background(), readPrompt(u)); err == nil {
			got[u] = text
		}
	}
	if d := cmp.Diff(map[string]string(live), got); d != "" {
		t.Fatalf("replayed answers (-want +got):\n%s", d)
	}
}

// TestAMalformedFileIsRefused: a replay file that is not a JSON object of strings does
// not open.
func TestAMalformedFileIsRefused(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{"list.json": `["4"]`, "numbers.json": `{"ab": 4}`, "broken.json": `{`} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(body), 0o644)
		if _, err := replay.Open(path); err == nil {
			t.Errorf("Open(%s) accepted %s", name, body)
		}
	}
	if _, err := replay.Open(filepath.Join(dir, "missing.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Open(missing) = %v, want ErrNotExist", err)
	}
}
