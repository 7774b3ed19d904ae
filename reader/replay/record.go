package replay

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
)

// Recorder wraps a live Model and keeps every answer it gave, by prompt key, so that
// Save can write a replay file. It is safe for concurrent use.
type Recorder struct {
	next    grading.Model
	mu      sync.Mutex
	answers map[string]string
}

var _ grading.Model = (*Recorder)(nil)

// Record returns a Recorder in front of next.
func Record(next grading.Model) *Recorder {
	return &Recorder{next: next, answers: map[string]string{}}
}

// Complete asks the wrapped Model and returns exactly what it returned, keeping the
// answer when the call succeeded.
func (r *Recorder) Complete(ctx context.Context, p prompt.Prompt) (string, ledger.Call, error) {
	text, rec, err := r.next.Complete(ctx, p)
	if err == nil {
		r.mu.Lock()
		r.answers[Key(p)] = text
		r.mu.Unlock()
	}
	return text, rec, err
}

// Answers returns a copy of the answers kept so far.
func (r *Recorder) Answers() map[string]string {
	r.mu.Lock()
	defer r.mu.Unlock()
	cp := make(map[string]string, len(r.answers))
	for k, v := range r.answers {
		cp[k] = v
	}
	return cp
}

// Save writes the answers kept so far to path as a replay file (keys sorted, indented),
// replacing it whole: the file is written beside path and renamed over it.
func (r *Recorder) Save(path string) error {
	b, err := json.MarshalIndent(r.Answers(), "", "  ")
	if err != nil {
		return fmt.Errorf("replay save: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".replay-*.json")
	if err != nil {
		return fmt.Errorf("replay save: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("replay save %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("replay save %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("replay save %s: %w", path, err)
	}
	return nil
}
