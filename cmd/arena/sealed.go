package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/bounty"
)

// sealedEntry is what a solver keeps to reveal a sealed entry: the salt and the work
// its commitment hashes. It is written, readable by its owner only, under the arena
// directory's sealed/ folder, and never leaves the machine until the reveal.
type sealedEntry struct {
	Entry  ledger.EntryID `json:"entry"`
	Task   ledger.TaskID  `json:"task"`
	Solver ledger.Address `json:"solver"`
	Salt   string         `json:"salt"`
	Work   string         `json:"work"`
}

func (a *app) sealedPath(e ledger.EntryID) string {
	return filepath.Join(a.dir, "sealed", fmt.Sprintf("entry-%d.json", e))
}

// submitSealed commits work to a sealed task with a fresh random salt, and keeps the salt
// and the work for `arena reveal`: a new entry with team (none for a solo entry), or,
// when replace names one, a re-commitment in its place.
func (a *app) submitSealed(ctx context.Context, task ledger.TaskID, work string, bond ledger.Amount, team []ledger.Member, replace ledger.EntryID) error {
	if work == "" {
		return fmt.Errorf("a sealed task takes --work or --work-file, revealed after close; not a URL")
	}
	k, err := a.signer()
	if err != nil {
		return err
	}
	var salt [32]byte
	if _, err := rand.Read(salt[:]); err != nil {
		return fmt.Errorf("salt: %w", err)
	}
	s := sealedEntry{Task: task, Solver: k.Address(), Salt: hex.EncodeToString(salt[:]), Work: work}
	var body ledger.Body = ledger.Submit{Task: task, Commitment: bounty.Commit(s.Salt, s.Solver, work), Team: team}
	if replace != 0 {
		body, bond = ledger.Replace{Entry: replace, Commitment: bounty.Commit(s.Salt, s.Solver, work)}, ledger.Amount{}
	}
	rc, err := a.send(ctx, bond, body)
	if err != nil {
		return err
	}
	s.Entry = ledger.EntryID(rc.Outcome.Created)
	path := a.sealedPath(s.Entry)
	b, _ := json.MarshalIndent(s, "", "  ") // strings and numbers always encode
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("keep the salt: %w", err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o600); err != nil {
		return fmt.Errorf("keep the salt: %w", err)
	}
	if replace != 0 {
		return a.printReceipt(rc, fmt.Sprintf("committed entry %d on sealed task %d in place of entry %d; the salt and work are kept in %s for arena reveal", s.Entry, task, replace, path))
	}
	return a.printReceipt(rc, fmt.Sprintf("committed entry %d on sealed task %d, bond %s; the salt and work are kept in %s for arena reveal", s.Entry, task, formatAmount(bond), path))
}

func (a *app) revealCmd() *cobra.Command {
	var entry uint64
	c := &cobra.Command{
		Use:   "reveal --entry N",
		Short: "Reveal a sealed entry after its task closes, from the salt and work kept when it was committed",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			id := ledger.EntryID(entry)
			b, err := os.ReadFile(a.sealedPath(id))
			if err != nil {
				return fmt.Errorf("entry %d: no kept salt and work (%w): was it committed from this directory?", id, err)
			}
			var s sealedEntry
			if err := json.Unmarshal(b, &s); err != nil {
				return fmt.Errorf("%s: %w", a.sealedPath(id), err)
			}
			rc, err := a.send(cmd.Context(), ledger.Amount{}, ledger.Reveal{Entry: id, Salt: s.Salt, Work: s.Work})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, fmt.Sprintf("revealed entry %d on task %d", id, s.Task))
		},
	}
	c.Flags().Uint64Var(&entry, "entry", 0, "the sealed entry")
	c.MarkFlagRequired("entry")
	return c
}
