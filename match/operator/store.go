package operator

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/arena/arena/ledger/match"
)

// Store keeps what an operator cannot get back from the ledger: each match's seed
// secret, from before the match is created until it is finished, and each turn's
// decisions (moves, signed receipts, texts, salts) from before the turn is committed
// until it is revealed. Without the first the operator cannot finish a match; without
// the second it cannot open a commitment it already sent. A Store must make each write
// durable before it returns, and be safe for concurrent use.
type Store interface {
	// PutSecret keeps secret under its commitment, match.SeedCommitment(secret).
	PutSecret(secret [32]byte) error
	// Secret returns the secret whose commitment is commitment, if the store has it.
	Secret(commitment string) ([32]byte, bool, error)
	// PutTurn keeps the decisions of a turn about to be committed, replacing any kept
	// for the same match and turn.
	PutTurn(r match.Reveal) error
	// Turn returns the decisions kept for turn turn of match id, if any.
	Turn(id match.MatchID, turn int) (match.Reveal, bool, error)
}

// Dir is a Store of files in one directory, by default DIR/operator under the arena
// directory: the directory is made readable by its owner only, and each file is written
// whole to a temporary name, synced, renamed into place with mode 0600, and the
// directory synced, so that a crash leaves either the old file or the new one.
type Dir string

var _ Store = Dir("")

// DirName is the folder of the arena directory an operator keeps its secrets in.
const DirName = "operator"

// keptSecret is the file a secret is kept in.
type keptSecret struct {
	Commitment string `json:"commitment"`
	Secret     string `json:"secret"`
}

// PutSecret writes secret to secret-<commitment>.json.
func (d Dir) PutSecret(secret [32]byte) error {
	c := match.SeedCommitment(secret)
	return d.write("secret-"+c+".json", keptSecret{Commitment: c, Secret: match.Hex32(secret)})
}

// Secret reads secret-<commitment>.json and checks that it opens commitment.
func (d Dir) Secret(commitment string) ([32]byte, bool, error) {
	var k keptSecret
	var s [32]byte
	if _, ok := match.ParseHex32(commitment); !ok {
		return s, false, fmt.Errorf("operator store: seed commitment %q is not 0x and 64 lowercase hex digits", commitment)
	}
	ok, err := d.read("secret-"+commitment+".json", &k)
	if err != nil || !ok {
		return s, ok, err
	}
	s, ok = match.ParseHex32(k.Secret)
	if !ok {
		return s, false, fmt.Errorf("operator store: the secret kept under %s is not 0x and 64 lowercase hex digits", commitment)
	}
	if match.SeedCommitment(s) != commitment {
		return s, false, fmt.Errorf("operator store: the secret kept under %s does not open it", commitment)
	}
	return s, true, nil
}

// PutTurn writes r to turn-<match>-<turn>.json.
func (d Dir) PutTurn(r match.Reveal) error { return d.write(turnFile(r.Match, r.Turn), r) }

// Turn reads turn-<match>-<turn>.json.
func (d Dir) Turn(id match.MatchID, turn int) (match.Reveal, bool, error) {
	var r match.Reveal
	ok, err := d.read(turnFile(id, turn), &r)
	return r, ok, err
}

func turnFile(id match.MatchID, turn int) string { return fmt.Sprintf("turn-%d-%d.json", id, turn) }

// write writes v as JSON to name, durably and readable by the owner only.
func (d Dir) write(name string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("operator store: encode %s: %w", name, err)
	}
	if err := os.MkdirAll(string(d), 0o700); err != nil {
		return fmt.Errorf("operator store: %w", err)
	}
	path := filepath.Join(string(d), name)
	if err := writeSynced(path+".tmp", append(b, '\n')); err != nil {
		return fmt.Errorf("operator store: %w", err)
	}
	if err := os.Rename(path+".tmp", path); err != nil {
		return fmt.Errorf("operator store: %w", err)
	}
	return syncDir(string(d))
}

// read decodes name into v, reporting false when there is no such file.
func (d Dir) read(name string, v any) (bool, error) {
	b, err := os.ReadFile(filepath.Join(string(d), name))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("operator store: %w", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return false, fmt.Errorf("operator store: %s: %w", name, err)
	}
	return true, nil
}

// writeSynced writes b to path with mode 0600 and syncs it.
func writeSynced(path string, b []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// syncDir syncs the directory so that a rename in it survives a crash.
func syncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("operator store: %w", err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return fmt.Errorf("operator store: sync %s: %w", dir, err)
	}
	return nil
}
