package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/arena/arena/challenge/example/learning"
	"github.com/arena/arena/client"
	"github.com/arena/arena/learn/baseline"
	"github.com/arena/arena/learn/data"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/learn"
)

// learnCmd groups the learning challenge's verbs (issue 14): the sponsor's (publish,
// reveal), the agent's (commit) and anyone's (fold, close), and show.
//
// Decisions the verbs make where the protocol leaves them open:
//   - publish defaults to the embedded dataset (package learn/data): it uploads the
//     train split as a blob at once, measures gzip -9 and xz -9 on it with package
//     learn/baseline, commits the held-out split's sha256, and keeps the held-out bytes
//     in DIR/learn/heldout/<sha256> (mode 0600) and nowhere else until `learn reveal`
//     uploads them. The file stays after the reveal (the blob store then has them too).
//   - publish's defaults: param_cap 8 MiB (both examples fit), data_cap 576 KiB (what
//     package sandbox measured a Go reactor carries, with room), byte_gas 4 Mi, submissions
//     close 1h from now, the reveal is due 1h after that, the end 30d from now, epochs of
//     1d, a quorum of 3 capped at the arena's validators unless --quorum is given.
//   - commit uploads both modules before sending and, unless --no-wait, waits for the
//     run round (nudging a block as `challenge commit` does); reveal waits likewise for
//     every held-out round it opened.
//   - Human output writes bits per byte as decimals with six places (micros, the
//     ledger's rounding of bits/bytes) and always beside gzip's and xz's.
func (a *app) learnCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "learn",
		Short: "Learning challenges: publish a dataset, commit an architecture and a training program, reveal, fold, close",
		Long: "A sponsor publishes a learning challenge on a text dataset with an emission pool, committing\n" +
			"the sha256 of a held-out split; agents commit two WebAssembly modules, an architecture and a\n" +
			"training program; a committee runs the pair over the dataset, arithmetic-coding each byte with\n" +
			"the architecture's prediction before the training program learns it, and attests the exact\n" +
			"code length. After submissions close the sponsor reveals the held-out split and each run is\n" +
			"measured on it. A fold pays 0.60 of the epoch's emission to the best architecture's owner and\n" +
			"0.40 to the best training program's on it. Challenges and runs are numbered from 1.",
	}
	c.AddCommand(a.learnPublishCmd(), a.learnCommitCmd(), a.learnRevealCmd(), a.learnFoldCmd(), a.learnCloseCmd(), a.learnShowCmd())
	return c
}

// learnVerbs are the learning challenge's sending verbs, each of which takes --dry-run.
var learnVerbs = []string{"publish", "commit", "reveal", "fold", "close"}

func init() {
	for _, v := range learnVerbs {
		sendingVerbs = append(sendingVerbs, []string{"learn", v})
	}
}

// learnArg parses a verb's CHALLENGE argument.
func learnArg(s string) (ledger.LearnChallengeID, error) {
	id, err := parseID("learning challenge", s)
	return ledger.LearnChallengeID(id), err
}

// Publish's defaults.
const (
	learnParamCap = 8 << 20
	learnDataCap  = 576 << 10
	learnByteGas  = 4 << 20
	learnQuorum   = 3
)

// learnPublishFlags are `learn publish`'s flags.
type learnPublishFlags struct {
	title, train, heldout         string
	pool, deposit, perEpoch       string
	closeIn, revealIn, end, epoch string
	paramCap, dataCap, byteGas    int64
	quorum                        int
	trainBytes, heldoutBytes      int
}

func (a *app) learnPublishCmd() *cobra.Command {
	var pf learnPublishFlags
	c := &cobra.Command{
		Use:   "publish --title T --pool N --deposit N --per-epoch N [--train FILE --heldout FILE] [--train-bytes N --heldout-bytes M] [--close D] [--reveal D] [--end D] [--epoch D]",
		Short: "Publish a learning challenge on a dataset; the held-out split's digest is committed now, its bytes kept here until the reveal",
		Long: "Publishes a learning challenge on the train split (default: the embedded dataset, 1 MiB of\n" +
			"Jane Austen), uploaded to the node's blob store now, with gzip -9 and xz -9 measured on it as\n" +
			"references. Only the sha256 of the held-out split is sent; its bytes stay in the arena\n" +
			"directory (learn/heldout/) until `arena learn reveal`, which is due after --close and before\n" +
			"--reveal. --pool is escrowed and each fold pays at most --per-epoch of it; every commit\n" +
			"deposits --deposit beside the arena's grading fee. --train-bytes and --heldout-bytes publish\n" +
			"only the first N and M bytes of the splits, each cut at a line boundary (as `arena demo` does).",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			train, held, err := pf.splits()
			if err != nil {
				return err
			}
			c, err := a.client()
			if err != nil {
				return err
			}
			ar, err := c.Arena(ctx)
			if err != nil {
				return err
			}
			body, pool, err := pf.body(ar.Time)
			if err != nil {
				return err
			}
			if !cmd.Flags().Changed("quorum") {
				body.Quorum = min(body.Quorum, len(ar.Terms.Validators))
			}
			body.Dataset, body.DatasetBytes = digestHex(train), int64(len(train))
			body.Heldout, body.HeldoutBytes = digestHex(held), int64(len(held))
			if body.GzipBPB, body.XzBPB, err = baseline.Measure(ctx, train); err != nil {
				return err
			}
			if err := a.keepHeldout(held); err != nil {
				return err
			}
			if _, err := a.upload(ctx, c, train); err != nil {
				return fmt.Errorf("upload the train split: %w", err)
			}
			rc, err := a.send(ctx, pool, body)
			if err != nil {
				return err
			}
			id := ledger.LearnChallengeID(rc.Outcome.Created)
			human := fmt.Sprintf("published learning challenge %d %q: dataset %s (%d bytes), gzip %s bpb, xz %s bpb; held-out %s (%d bytes) committed, kept in %s until the reveal; pool %s, %s per epoch of %s, deposit %s, closes %s, reveal by %s, ends %s",
				id, body.Title, short(body.Dataset), body.DatasetBytes, microsWords(body.GzipBPB), microsWords(body.XzBPB),
				short(body.Heldout), body.HeldoutBytes, a.heldoutPath(body.Heldout), formatAmount(pool), formatAmount(body.PerEpoch),
				seconds(body.EpochS), formatAmount(body.Deposit), utc(body.CloseAt), utc(body.RevealBy), utc(body.End))
			return a.printReceipt(rc, human)
		},
	}
	f := c.Flags()
	f.StringVar(&pf.title, "title", "", "the challenge's title")
	f.IntVar(&pf.trainBytes, "train-bytes", 0, "publish only the train split's first bytes up to N, cut at a line boundary (0: all of it)")
	f.IntVar(&pf.heldoutBytes, "heldout-bytes", 0, "publish only the held-out split's first bytes up to M, cut at a line boundary (0: all of it)")
	f.StringVar(&pf.train, "train", "", "the train split (default: the embedded dataset's)")
	f.StringVar(&pf.heldout, "heldout", "", "the held-out split (default: the embedded dataset's)")
	f.StringVar(&pf.pool, "pool", "", `the emission pool, escrowed now, in whole units ("200", "0.5") or "atto:N"`)
	f.StringVar(&pf.deposit, "deposit", "", "every commit's deposit")
	f.StringVar(&pf.perEpoch, "per-epoch", "", "what each fold pays at most")
	f.StringVar(&pf.closeIn, "close", "1h", "how long from now submissions are taken")
	f.StringVar(&pf.revealIn, "reveal", "1h", "how long after --close the held-out split may be revealed")
	f.StringVar(&pf.end, "end", "30d", "how long from now the challenge runs")
	f.StringVar(&pf.epoch, "epoch", "1d", "an epoch's length (at least 1m)")
	f.Int64Var(&pf.paramCap, "param-cap", learnParamCap, "the cap on an architecture's parameter region, bytes")
	f.Int64Var(&pf.dataCap, "data-cap", learnDataCap, "the cap on an architecture's data outside its parameter region, bytes")
	f.Int64Var(&pf.byteGas, "byte-gas", learnByteGas, "gas per byte for the pair (predict, then learn)")
	f.IntVar(&pf.quorum, "quorum", learnQuorum, "committee size and quorum of every round, capped at the arena's validators")
	c.MarkFlagRequired("title")
	c.MarkFlagRequired("pool")
	c.MarkFlagRequired("deposit")
	c.MarkFlagRequired("per-epoch")
	return c
}

// splits returns the train and held-out splits the flags name: both files, or the
// embedded dataset; cut to --train-bytes and --heldout-bytes when they are given.
func (pf *learnPublishFlags) splits() (train, held []byte, err error) {
	if pf.trainBytes < 0 || pf.heldoutBytes < 0 {
		return nil, nil, errors.New("--train-bytes and --heldout-bytes are at least 0")
	}
	switch {
	case pf.train == "" && pf.heldout == "":
		train, held = data.Train(), data.Heldout()
	case pf.train == "" || pf.heldout == "":
		return nil, nil, errors.New("give both --train and --heldout, or neither (the embedded dataset)")
	default:
		if train, err = os.ReadFile(pf.train); err != nil {
			return nil, nil, fmt.Errorf("--train: %w", err)
		}
		if held, err = os.ReadFile(pf.heldout); err != nil {
			return nil, nil, fmt.Errorf("--heldout: %w", err)
		}
	}
	if pf.trainBytes > 0 {
		train = data.Prefix(train, pf.trainBytes)
	}
	if pf.heldoutBytes > 0 {
		held = data.Prefix(held, pf.heldoutBytes)
	}
	return train, held, nil
}

// body returns the Publish body (without the dataset's digests and references) and the
// pool the flags give at the arena's clock now.
func (pf *learnPublishFlags) body(now int64) (learn.Publish, ledger.Amount, error) {
	b := learn.Publish{Title: pf.title, ParamCap: pf.paramCap, DataCap: pf.dataCap, ByteGas: pf.byteGas, Quorum: pf.quorum, Platform: learn.Platform}
	pool, err := parseAmount(pf.pool)
	if err != nil {
		return b, pool, fmt.Errorf("--pool: %w", err)
	}
	if b.Deposit, err = parseAmount(pf.deposit); err != nil {
		return b, pool, fmt.Errorf("--deposit: %w", err)
	}
	if b.PerEpoch, err = parseAmount(pf.perEpoch); err != nil {
		return b, pool, fmt.Errorf("--per-epoch: %w", err)
	}
	if b.EpochS, err = parseSeconds(pf.epoch); err != nil {
		return b, pool, fmt.Errorf("--epoch: %w", err)
	}
	var closeIn, revealIn, end int64
	if closeIn, err = parseSeconds(pf.closeIn); err != nil {
		return b, pool, fmt.Errorf("--close: %w", err)
	}
	if revealIn, err = parseSeconds(pf.revealIn); err != nil {
		return b, pool, fmt.Errorf("--reveal: %w", err)
	}
	if end, err = parseSeconds(pf.end); err != nil {
		return b, pool, fmt.Errorf("--end: %w", err)
	}
	b.CloseAt, b.RevealBy, b.End = now+closeIn, now+closeIn+revealIn, now+end
	return b, pool, nil
}

// digestHex is the lowercase hex sha256 of b.
func digestHex(b []byte) string {
	d := sha256.Sum256(b)
	return hex.EncodeToString(d[:])
}

// heldoutPath is where publish keeps a held-out split by its digest until the reveal.
func (a *app) heldoutPath(digest string) string {
	return filepath.Join(a.dir, "learn", "heldout", digest)
}

// keepHeldout writes the held-out split into the arena directory (not under --dry-run).
func (a *app) keepHeldout(b []byte) error {
	if a.dryRun {
		return nil
	}
	p := a.heldoutPath(digestHex(b))
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return fmt.Errorf("keep the held-out split: %w", err)
	}
	if err := os.WriteFile(p, b, 0o600); err != nil {
		return fmt.Errorf("keep the held-out split: %w", err)
	}
	return nil
}

func (a *app) learnCommitCmd() *cobra.Command {
	var arch, train moduleSource
	var archURL, trainURL string
	var wf waitFlags
	c := &cobra.Command{
		Use:   "commit CHALLENGE [ARCH.wasm TRAIN.wasm | --example " + strings.Join(learning.Names(), "|") + "] [--arch-url https://…] [--train-url https://…]",
		Short: "Commit an architecture and a training program to a learning challenge with its deposit; a committee runs the pair",
		Long: "Uploads both modules (wasip1 reactors: the architecture exports params, params_len and\n" +
			"predict; the training program exports learn and imports the architecture as \"arch\") to the\n" +
			"node's blob store and commits their sha256 to the challenge, paying its deposit and the\n" +
			"arena's grading fee. The run's init seed comes from the block that holds the commit. A module\n" +
			"over 8 MiB is refused here. The verb waits for the run's code length unless --no-wait; a\n" +
			"run refused, unscored or abandoned says why each attempt of its round ended, as\n" +
			"`arena grade` does, and ends on the classed reason the run kept; under --json it prints\n" +
			"the run's view all the same.",
		Args: cobra.RangeArgs(1, 3),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			id, err := learnArg(args[0])
			if err != nil {
				return err
			}
			switch len(args) {
			case 2:
				return errors.New("give both modules, ARCH.wasm and TRAIN.wasm, or --example")
			case 3:
				arch.file, train.file = args[1], args[2]
			}
			train.example = arch.example
			a1, _, err := arch.read("architecture", learning.Arch, learning.Names())
			if err != nil {
				return err
			}
			t1, _, err := train.read("training program", learning.Train, learning.Names())
			if err != nil {
				return err
			}
			c, err := a.client()
			if err != nil {
				return err
			}
			v, err := c.LearnChallenge(ctx, id)
			if err != nil {
				return err
			}
			value, _ := v.Deposit.Add(v.GradingFee)
			ad, err := a.upload(ctx, c, a1)
			if err != nil {
				return fmt.Errorf("upload the architecture: %w", err)
			}
			td, err := a.upload(ctx, c, t1)
			if err != nil {
				return fmt.Errorf("upload the training program: %w", err)
			}
			rc, err := a.send(ctx, value, learn.Commit{Challenge: id, Arch: ad, ArchSize: int64(len(a1)), Train: td, TrainSize: int64(len(t1)), ArchURL: archURL, TrainURL: trainURL})
			if err != nil {
				return err
			}
			run := ledger.LearnRunID(rc.Outcome.Created)
			human := fmt.Sprintf("committed learning run %d to challenge %d: architecture %s (%d bytes), training %s (%d bytes), deposit %s and grading fee %s; its seed comes from the next block (`arena show learn-run %d`)",
				run, id, short(ad), len(a1), short(td), len(t1), formatAmount(v.Deposit), formatAmount(v.GradingFee), run)
			if err := a.afterSend(rc, human, &wf); err != nil || wf.noWait {
				return err
			}
			ar, err := c.Arena(ctx)
			if err != nil {
				return err
			}
			return a.waitLearnRun(ctx, c, run, wf.bound(ar.Terms), runScored)
		},
	}
	f := c.Flags()
	f.StringVar(&arch.example, "example", "", "commit an example pair embedded in this binary: "+strings.Join(learning.Names(), ", "))
	f.StringVar(&archURL, "arch-url", "", "an https URL validators may fetch the architecture from besides the node")
	f.StringVar(&trainURL, "train-url", "", "an https URL validators may fetch the training program from besides the node")
	wf.register(c, "the run's code length")
	return c
}

func (a *app) learnRevealCmd() *cobra.Command {
	var wf waitFlags
	c := &cobra.Command{
		Use:   "reveal CHALLENGE",
		Short: "Reveal a learning challenge's held-out split (the sponsor, after submissions close): upload it, then send learn_reveal",
		Long: "Uploads the held-out split publish kept in the arena directory to the node's blob store, then\n" +
			"sends learn_reveal with its sha256, which must be the digest committed at publication; before\n" +
			"submissions close (by the arena's clock) it refuses without uploading anything. Every\n" +
			"scored run then gets a held-out round; the verb waits for them unless --no-wait.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			id, err := learnArg(args[0])
			if err != nil {
				return err
			}
			c, err := a.client()
			if err != nil {
				return err
			}
			v, err := c.LearnChallenge(ctx, id)
			if err != nil {
				return err
			}
			ar, err := c.Arena(ctx)
			if err != nil {
				return err
			}
			if ar.Time < v.CloseAt {
				// The bytes must reach no node before submissions close: refuse before uploading.
				return fmt.Errorf("submissions to learning challenge %d close at %s (the arena's clock is %s); the held-out split is revealed only after that", id, utc(v.CloseAt), utc(ar.Time))
			}
			held, err := os.ReadFile(a.heldoutPath(v.Heldout))
			if err != nil {
				return fmt.Errorf("the held-out split of challenge %d (sha256 %s) is not kept in this arena directory: %w", id, v.Heldout, err)
			}
			if digestHex(held) != v.Heldout {
				return fmt.Errorf("%s does not hash to the committed digest %s", a.heldoutPath(v.Heldout), v.Heldout)
			}
			if _, err := a.upload(ctx, c, held); err != nil {
				return fmt.Errorf("upload the held-out split: %w", err)
			}
			rc, err := a.send(ctx, ledger.Amount{}, learn.Reveal{Challenge: id, Heldout: v.Heldout})
			if err != nil {
				return err
			}
			human := fmt.Sprintf("revealed the held-out split of learning challenge %d: %s (%d bytes)", id, short(v.Heldout), len(held))
			if err := a.afterSend(rc, human, &wf); err != nil || wf.noWait {
				return err
			}
			if v, err = c.LearnChallenge(ctx, id); err != nil {
				return err
			}
			for _, r := range v.Runs {
				if r.State == learn.RunHeldout {
					if err := a.waitLearnRun(ctx, c, r.ID, wf.bound(ar.Terms), runEnded); err != nil {
						return err
					}
				}
			}
			return nil
		},
	}
	wf.register(c, "the held-out rounds")
	return c
}

func (a *app) learnFoldCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "fold CHALLENGE",
		Short: "Fold a learning challenge's epoch: 0.60 to the best architecture's owner, 0.40 to the best training program's (as `arena challenge fold --learning`)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.learnFold(cmd.Context(), args[0])
		},
	}
}

// learnFold sends challenge_fold with kind learning and says what it paid.
func (a *app) learnFold(ctx context.Context, arg string) error {
	id, err := learnArg(arg)
	if err != nil {
		return err
	}
	rc, err := a.send(ctx, ledger.Amount{}, challenge.Fold{Challenge: challenge.ChallengeID(id), Contest: learn.FoldKind})
	if err != nil {
		return err
	}
	human := fmt.Sprintf("folded learning challenge %d", id)
	if c, err := a.client(); err == nil {
		if v, err := c.LearnChallenge(ctx, id); err == nil && len(v.Folds) > 0 {
			human += ": " + learnFoldWords(v.Folds[len(v.Folds)-1])
		}
	}
	return a.printReceipt(rc, human)
}

func (a *app) learnCloseCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "close CHALLENGE",
		Short: "Close a learning challenge at or after its end: abandon open runs, return deposits and the unspent pool",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			id, err := learnArg(args[0])
			if err != nil {
				return err
			}
			rc, err := a.send(ctx, ledger.Amount{}, learn.Close{Challenge: id})
			if err != nil {
				return err
			}
			human := fmt.Sprintf("closed learning challenge %d", id)
			if c, err := a.client(); err == nil {
				if v, err := c.LearnChallenge(ctx, id); err == nil {
					human += fmt.Sprintf(": %s returned to the sponsor, %s paid in all", formatAmount(v.Returned), formatAmount(v.Paid))
				}
			}
			return a.printReceipt(rc, human)
		},
	}
}

// runScored reports whether a learning run's run round has ended.
func runScored(r ledger.LearnRunView) bool {
	return r.State != learn.RunAnchoring && r.State != learn.RunRunning
}

// runEnded reports whether a learning run can change no more.
func runEnded(r ledger.LearnRunView) bool {
	return runScored(r) && r.State != learn.RunWaiting && r.State != learn.RunHeldout
}

// waitLearnRun follows learning run id for at most d until done, printing its progress to stderr unless --json, then
// prints the run. A run refused, unscored or abandoned, or still open when the wait
// ends, is an error after a line per attempt of its latest round (the held-out round
// once it has one) saying why it ended as it did, as `arena grade` prints them, and the
// failure the run kept (see endedWithout).
func (a *app) waitLearnRun(ctx context.Context, c *client.Client, id ledger.LearnRunID, d time.Duration, done func(ledger.LearnRunView) bool) error {
	wctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	r, err := c.WaitLearnRun(wctx, id, done, func(r ledger.LearnRunView) {
		if !a.json {
			fmt.Fprintf(a.stderr, "learning run %d: %s, %d attestations\n", r.ID, r.State, len(r.Attestations))
		}
	})
	if errors.Is(err, context.DeadlineExceeded) && wctx.Err() != nil {
		if now, err := c.LearnRun(ctx, id); err == nil {
			r = now
			a.explainRound(ctx, c, latestLearnRound(r))
		}
		return waitedOut("learning run %d is still %s after %s: `arena show learn-run %d` follows it", id, r.State, d, id)
	}
	if err != nil {
		return err
	}
	switch r.State {
	case learn.RunRefused, learn.RunUnscored, learn.RunAbandoned:
		a.explainRound(ctx, c, latestLearnRound(r))
		return a.endedWithout(r, fmt.Sprintf("learning run %d ended %s", id, r.State), keptFailure(r))
	}
	return a.emit(r, func(w io.Writer) { printLearnRun(w, &r) })
}

// keptFailure is the failure text a learning run kept on its latest round: the
// held-out round's once it has one, else the run round's; "" when it kept none.
func keptFailure(r ledger.LearnRunView) string {
	switch {
	case r.HeldoutRound != 0 && r.HeldoutKept != nil:
		return r.HeldoutKept.Error
	case r.HeldoutRound == 0 && r.Kept != nil:
		return r.Kept.Error
	}
	return ""
}

// latestLearnRound is a learning run's latest round: its held-out round once it has
// one (its run round then settled on a score), else its run round.
func latestLearnRound(r ledger.LearnRunView) ledger.RoundID {
	if r.HeldoutRound != 0 {
		return r.HeldoutRound
	}
	return r.Round
}
