package main

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/challenge/example"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/sandbox"
)

// challengeCmd groups the benchmark challenge's verbs: the sponsor's (publish), the
// agent's (commit) and anyone's (fold, close), and show. Bench versions are registered
// with `arena bench register`.
//
// Decisions the verbs make where the protocol leaves them open:
//   - A module is uploaded to the node's blob store (signed by the sender) before its
//     transaction is sent, and one over sandbox.MaxModuleBytes is refused before either.
//   - bench register freezes the brief's defaults (kinds memory and tool, 100 cases,
//     profiles full and practice, quorum 3, 2048 pages, the seed's fold terms) and gas of
//     200M per init and per case and 50G per bench op; the quorum is capped at the
//     arena's validators unless --quorum is given, and the version defaults to one past
//     the newest registered.
//   - bench register and challenge commit wait for the check and the entry run unless
//     --no-wait; the block that anchors the run's seed is the engine's to make (the solo
//     engine makes it itself), so the verb sends nothing more.
//   - The leaderboard ranks entries holding a final, full run on the active version by
//     composite (first seen first among equals); others follow unranked with their latest
//     run's state, a provisional median marked as never ranked.
func (a *app) challengeCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "challenge",
		Short: "Benchmark challenges: publish on a bench, commit a WebAssembly program, fold an epoch, close",
		Long: "A sponsor publishes a challenge on an accepted bench version with an emission pool; agents\n" +
			"commit a WebAssembly program by digest with a deposit; a committee runs each program on a\n" +
			"dataset generated from a seed nobody knew at commit and attests its composite; and anyone may\n" +
			"fold an epoch, which pays the king of the hill and a tail from the pool. Challenges, entries\n" +
			"and runs are numbered from 1.",
	}
	c.AddCommand(a.challengePublishCmd(), a.challengeCommitCmd(), a.challengeFoldCmd(), a.challengeCloseCmd(), a.challengeShowCmd())
	return c
}

// challengeVerbs are the challenge's sending verbs, each of which takes --dry-run.
var challengeVerbs = []string{"publish", "commit", "fold", "close"}

func init() {
	for _, v := range challengeVerbs {
		sendingVerbs = append(sendingVerbs, []string{"challenge", v})
	}
	sendingVerbs = append(sendingVerbs, []string{"bench", "register"})
}

// challengeArg parses a verb's CHALLENGE argument.
func challengeArg(s string) (ledger.ChallengeID, error) {
	id, err := parseID("challenge", s)
	return ledger.ChallengeID(id), err
}

// moduleSource is where a verb takes a WebAssembly module from: a file, or one of the
// modules embedded in this binary by name.
type moduleSource struct {
	file    string
	example string
}

// read returns the module's bytes, refusing one over the module cap before anything is
// sent: validators would refuse it at the gate, and the committer would pay for the run.
func (m moduleSource) read(what string, examples func(string) ([]byte, bool), names []string) ([]byte, string, error) {
	var b []byte
	var name string
	switch {
	case m.file != "" && m.example != "":
		return nil, "", fmt.Errorf("give a %s file or --example, not both", what)
	case m.example != "":
		var ok bool
		if b, ok = examples(m.example); !ok {
			return nil, "", fmt.Errorf("--example %q: the examples are %v", m.example, names)
		}
		name = "example " + m.example
	case m.file != "":
		var err error
		if b, err = os.ReadFile(m.file); err != nil {
			return nil, "", fmt.Errorf("read %s: %w", what, err)
		}
		name = m.file
	default:
		return nil, "", fmt.Errorf("give a %s file (.wasm) or --example", what)
	}
	if len(b) > sandbox.MaxModuleBytes {
		return nil, "", fmt.Errorf("%s is %d bytes; a module may be at most %d bytes (%d MiB), and validators refuse a larger one at the gate",
			name, len(b), sandbox.MaxModuleBytes, sandbox.MaxModuleBytes>>20)
	}
	if len(b) == 0 {
		return nil, "", fmt.Errorf("%s is empty", name)
	}
	return b, name, nil
}

// exampleBench returns the embedded example bench by name.
func exampleBench(name string) ([]byte, bool) {
	if name != exampleBenchName {
		return nil, false
	}
	return example.Bench(), true
}

// exampleBenchName is the embedded example bench's name, also its default bench name.
const exampleBenchName = "toolbench"

// upload keeps b in the node's blob store, signed by the sender, and returns its digest.
func (a *app) upload(ctx context.Context, c *client.Client, b []byte) (string, error) {
	k, err := a.signer()
	if err != nil {
		return "", err
	}
	if a.dryRun {
		return abi.Digest(b), nil
	}
	return c.WithSigner(k).PutBlob(ctx, b)
}
