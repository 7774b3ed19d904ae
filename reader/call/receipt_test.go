package call

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
)

// TestTheReceiptHashesThePromptBytes: DESIGN "Every model call yields a receipt: the
// model, the hash of the exact prompt and of the exact response, start and finish
// times". The prompt bytes are System + "\n\n" + User, untrimmed.
func TestTheReceiptHashesThePromptBytes(t *testing.T) {
	p := prompt.Prompt{Purpose: prompt.Read, System: " ladder \n", User: "<work>\n4/5\n</work>", Seed: 9}
	started := time.Date(2026, 1, 2, 3, 4, 5, 6, time.FixedZone("x", 3600))
	got := Receipt("openai", "m", p, `{"rung":4}`, started, started.Add(time.Second))
	sum := func(s string) string { h := sha256.Sum256([]byte(s)); return hex.EncodeToString(h[:]) }
	want := ledger.Call{
		Provider: "openai", Model: "m", Purpose: "read",
		PromptSHA: sum(" ladder \n\n\n<work>\n4/5\n</work>"), ResponseSHA: sum(`{"rung":4}`),
		Prompt: " ladder \n\n\n<work>\n4/5\n</work>", Response: `{"rung":4}`,
		Started: "2026-01-02T02:04:05.000000006Z", Finished: "2026-01-02T02:04:06.000000006Z",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("Receipt (-want +got):\n%s", d)
	}
}
