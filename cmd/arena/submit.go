package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/ledger"
	"github.com/spf13/cobra"
)

func (a *app) submitCmd() *cobra.Command {
	var task uint64
	var work, workFile, workURL, workSHA, team string
	c := &cobra.Command{
		Use:   "submit --task N (--work TEXT | --work-file F | --work-url URL [--work-sha256 HEX]) [--team ADDR:BPS,...]",
		Short: "Enter work on a task, staking the entry bond",
		Long: "Enter work on a task, staking the entry bond.\n\n" +
			"Work at a URL is fixed at filing: submit fetches the URL itself (under the arena's [fetch]\n" +
			"limits, as its validators would), keeps the bytes in the node's work store and files their\n" +
			"sha256. Validators grade those bytes and no others, whatever the URL serves later.\n" +
			"--work-sha256 files a digest computed elsewhere: the node must already keep those bytes (a\n" +
			"filing names them, or they were uploaded beforehand with PUT /v1/work/{sha256}), or the URL\n" +
			"must serve them now. The URL is required even then: validators whose node and peers keep\n" +
			"no copy fetch the bytes there, so an entry files a digest only with its URL.\n\n" +
			"--team files a team entry: every member's address and its part in basis points, the\n" +
			"filer among them, summing to 10000. The split is fixed at filing; at award each member\n" +
			"is paid its part of the prize and of the bond, the atto left over to the member named first.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			text, err := workText(work, workFile, workURL, workSHA)
			if err != nil {
				return err
			}
			members, err := parseTeam(team)
			if err != nil {
				return fmt.Errorf("--team: %w", err)
			}
			ctx := cmd.Context()
			c, err := a.client()
			if err != nil {
				return err
			}
			ar, err := c.Arena(ctx)
			if err != nil {
				return err
			}
			if tv, err := c.Task(ctx, ledger.TaskID(task)); err == nil && tv.Sealed {
				if workURL != "" {
					return fmt.Errorf("--work-url: task %d is sealed, and a sealed entry is committed text: give --work or --work-file", task)
				}
				return a.submitSealed(ctx, ledger.TaskID(task), text, ar.Terms.EntryBond, members, 0)
			}
			body := ledger.Submit{Task: ledger.TaskID(task), Work: text, Team: members}
			var kept *keptWork
			if workURL != "" {
				if kept, err = a.keepWork(ctx, c, workURL, workSHA); err != nil {
					return err
				}
				body.WorkURL, body.WorkSHA256 = workURL, kept.SHA256
			}
			rc, err := a.send(ctx, ar.Terms.EntryBond, body)
			if err != nil {
				return err
			}
			return a.printSubmit(rc, kept, fmt.Sprintf("entered entry %d on task %d, bond %s", rc.Outcome.Created, task, formatAmount(ar.Terms.EntryBond)))
		},
	}
	f := c.Flags()
	f.Uint64Var(&task, "task", 0, "task id")
	f.StringVar(&work, "work", "", "the work, inline")
	f.StringVar(&workFile, "work-file", "", "read the work from a file")
	f.StringVar(&workURL, "work-url", "", "an https URL whose bytes, fetched now, are the work")
	f.StringVar(&workSHA, "work-sha256", "", "the sha256 of --work-url's bytes, computed elsewhere (64 lowercase hex digits)")
	f.StringVar(&team, "team", "", `a team entry: each member's address and basis points, the filer among them ("0xA..:6000,0xB..:4000")`)
	c.MarkFlagRequired("task")
	c.MarkFlagsMutuallyExclusive("work", "work-file", "work-url") // workText refuses none of them
	return c
}

// printSubmit reports an entry filed, and for a URL entry the bytes it committed.
func (a *app) printSubmit(rc sent, kept *keptWork, human string) error {
	out := struct {
		sent
		Work *wire.Work `json:"work,omitempty"`
	}{sent: rc}
	if kept != nil {
		out.Work = &kept.Work
	}
	return a.emit(out, func(w io.Writer) {
		fmt.Fprintf(w, "%s (tx %s, block %d, fee %s %s)\n", human, short(rc.TxID), rc.Height, formatAmount(rc.Fee), rc.symbol)
		if kept != nil {
			fmt.Fprintf(w, "committed work: sha256 %s, %d bytes %s\n", kept.SHA256, kept.Size, kept.from)
		}
	})
}

// workText returns the text an entry files from --work or --work-file, refusing a
// --work-sha256 without the --work-url whose bytes it names (the ledger files a digest
// only with its URL: it is where a validator whose node and peers keep no copy fetches
// the bytes, and grading reads an entry without one as text) and an entry with no work.
// Submit and replace read it.
func workText(work, workFile, workURL, workSHA string) (string, error) {
	switch {
	case workSHA != "" && workURL == "":
		return "", errors.New("--work-sha256 needs the --work-url whose bytes it names: an entry files a digest only with its URL, " +
			"where a validator whose node and peers keep no copy of the bytes fetches them")
	case work == "" && workFile == "" && workURL == "":
		return "", errors.New("give the work: --work TEXT, --work-file F or --work-url URL")
	}
	if workFile == "" {
		return work, nil
	}
	return textOrFile("work", "", workFile)
}
