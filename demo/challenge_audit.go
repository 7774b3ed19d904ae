package demo

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/arena/arena/audit"
	"github.com/arena/arena/blobs"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/node"
	"github.com/arena/arena/sandbox"
)

// auditRun re-derives the challenge's first confirmation run from published data, as
// `arena audit run N` does: the CRN seed of its pair from the two entries' canonical
// program digests, the bench and the program by digest from the node's blob store, the
// dataset regenerated with the bench from the run's seed against every attestation,
// each published transcript re-graded and scored against its attestation exactly, and
// the result the ledger kept. The demo audits the snapshot while its node runs, and a
// snapshot holds no block hashes, so the seed's anchor (the state hash after the fold's
// block) is reported unchecked; `arena audit run N --dir DIR` on the stopped arena also
// checks the anchor and each attestation's signature and committee seat against the
// log.
func (d *driver) auditRun(ctx context.Context, a *arena) error {
	s, err := d.c.Snapshot(ctx)
	if err != nil {
		return err
	}
	c, _ := challengeIn(s, d.chal.id)
	for _, r := range c.Runs {
		if r.Purpose == challenge.PurposeConfirm && r.State == challenge.RunFinal {
			d.chal.audited = r.ID
			break
		}
	}
	if d.chal.audited == 0 {
		d.chal.auditNote = "no final confirmation run to audit"
		return nil
	}
	rt, err := sandbox.New(ctx, sandbox.Config{CacheDir: filepath.Join(a.node.Dir(), node.WasmCacheDir)})
	if err != nil {
		return fmt.Errorf("audit run %d: %w", d.chal.audited, err)
	}
	defer rt.Close(ctx)
	rep, err := audit.Run(ctx, &s, d.chal.audited, audit.RunInputs{Blobs: []blobs.Source{a.node.Blobs()}, Runtime: rt})
	if err != nil {
		d.chal.auditNote = err.Error()
		return nil
	}
	d.chal.auditOK = rep.OK()
	var failed []string
	for _, st := range rep.Steps {
		if !st.OK {
			failed = append(failed, fmt.Sprintf("%s settled %s, derived %s (%s)", st.Name, st.Want, st.Got, st.Note))
		}
	}
	d.chal.auditNote = fmt.Sprintf("%s: %d steps, %d mismatched %v", rep.Subject, len(rep.Steps), len(failed), failed)
	fmt.Fprintf(d.out, "arena audit run %d: %d steps re-derived from the seed, the bench and the published transcripts; every number matches: %t\n",
		d.chal.audited, len(rep.Steps), rep.OK())
	return nil
}
