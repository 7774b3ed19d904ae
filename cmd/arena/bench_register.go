package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/sandbox"
)

// The gas a bench version freezes when `bench register` is not told otherwise: enough
// for the example bench and agents with room to spare (an agent's case burns well
// under a tenth of caseGas), and far below what a wall-time net would stop.
const (
	defaultInitGas  = 200_000_000
	defaultCaseGas  = 200_000_000
	defaultBenchGas = 50_000_000_000
)

// registerFlags are `bench register`'s flags.
type registerFlags struct {
	mod                        moduleSource
	wait                       waitFlags
	name, url, model           string
	version                    uint32
	kinds, profiles            []string
	minCases, quorum           int
	initGas, caseGas, benchGas int64
	maxPages                   uint32
	fold                       challenge.FoldTerms
}

// benchCmd is the challenge bench registry; measuring the node is perfCmd's.
func (a *app) benchCmd() *cobra.Command {
	c := &cobra.Command{Use: "bench", Short: "Register a challenge bench version"}
	c.AddCommand(a.benchRegisterCmd())
	return c
}

// benchQuorumHelp is --quorum's help: the quorum is not the committee, which draws one
// spare member beside it when the arena has the validators.
const benchQuorumHelp = "agreeing validators that settle every round on this bench; its committee draws one more when the arena has the validators, so that one silent member does not stop a round"

func (a *app) benchRegisterCmd() *cobra.Command {
	var rf registerFlags
	c := &cobra.Command{
		Use:   "register [BENCH.wasm | --example toolbench] [--name N] [--version V]",
		Short: "Register a bench version: upload its module and freeze its identity; a committee checks it",
		Long: "Registers one immutable version of a bench: the module (a wasip1 command that generates\n" +
			"and grades datasets) is uploaded to the node's blob store and named by its sha256, and its\n" +
			"metadata is frozen: case kinds, the full profile's minimum of cases, profiles, an optional\n" +
			"pinned model, quorum, gas and memory limits, the platform and the fold parameters. A\n" +
			"committee of the quorum and one spare (when the arena has the validators) then generates\n" +
			"the check seed's dataset twice; the version is accepted when the quorum agrees and it\n" +
			"holds at least --min-cases cases of exactly the kinds.\n" +
			"The version defaults to one past the newest registered; the quorum to 3, or every\n" +
			"validator when the arena has fewer. The arena's grading fee is paid from the wallet.\n" +
			"The verb waits for the check's verdict unless --no-wait.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				rf.mod.file = args[0]
			}
			return a.benchRegister(cmd, &rf)
		},
	}
	f := c.Flags()
	f.StringVar(&rf.mod.example, "example", "", "register the example bench embedded in this binary: toolbench")
	f.StringVar(&rf.name, "name", "", "the bench's name, [a-z0-9-]{1,40} (default: the example's name)")
	f.Uint32Var(&rf.version, "version", 0, "the version (default: one past the newest registered version of the name)")
	f.StringVar(&rf.url, "url", "", "an https URL validators may fetch the module from besides the node")
	f.StringSliceVar(&rf.kinds, "kinds", []string{abi.KindMemory, abi.KindTool}, "case kinds the full profile holds")
	f.IntVar(&rf.minCases, "min-cases", 100, "cases a full run needs to rank")
	f.StringSliceVar(&rf.profiles, "profiles", []string{abi.ProfileFull, abi.ProfilePractice}, "profiles the bench generates (full, and practice)")
	f.StringVar(&rf.model, "model", "", "a frozen model the bench pins (default: none)")
	f.IntVar(&rf.quorum, "quorum", 3, benchQuorumHelp)
	f.Int64Var(&rf.initGas, "init-gas", defaultInitGas, "gas for an agent's _initialize")
	f.Int64Var(&rf.caseGas, "case-gas", defaultCaseGas, "gas for an agent's handling of one case")
	f.Int64Var(&rf.benchGas, "bench-gas", defaultBenchGas, "gas for one generate or grade op of the bench")
	f.Uint32Var(&rf.maxPages, "max-pages", sandbox.DefaultMaxPages, "memory cap in 64 KiB pages")
	rf.wait.register(c, "the check's verdict")
	d := challenge.DefaultFold()
	f.Uint64Var(&rf.fold.MarginPPM, "margin-ppm", d.MarginPPM, "relative dethrone margin, ppm of the champion's composite")
	f.IntVar(&rf.fold.Tail, "tail", d.Tail, "runners-up paid beside the champion")
	f.Uint64Var(&rf.fold.ChampionPPM, "champion-ppm", d.ChampionPPM, "the champion's share of an epoch's payment, ppm")
	f.Uint64Var(&rf.fold.ZMilli, "z-milli", d.ZMilli, "dethrone z in thousandths; 0 disables the statistical band")
	f.IntVar(&rf.fold.ConfirmSeeds, "confirm-seeds", d.ConfirmSeeds, "confirmation seeds per contested pair")
	f.IntVar(&rf.fold.RolloutAgents, "rollout-agents", d.RolloutAgents, "entries that must rank on a newer version before it becomes active")
	return c
}

func (a *app) benchRegister(cmd *cobra.Command, rf *registerFlags) error {
	ctx := cmd.Context()
	wasm, _, err := rf.mod.read("bench module", exampleBench, []string{exampleBenchName})
	if err != nil {
		return err
	}
	c, err := a.client()
	if err != nil {
		return err
	}
	body, err := a.registerBody(ctx, cmd, c, rf, wasm)
	if err != nil {
		return err
	}
	if _, err := a.upload(ctx, c, wasm); err != nil {
		return fmt.Errorf("upload the bench module: %w", err)
	}
	rc, err := a.send(ctx, ledger.Amount{}, body)
	if err != nil {
		return err
	}
	id := ledger.BenchID(rc.Outcome.Created)
	human := fmt.Sprintf("registered bench %d: %s version %d, module %s (%d bytes), quorum %d; its check is running (`arena show bench %d`)",
		id, body.Name, body.Version, body.Module, body.Size, body.Quorum, id)
	if err := a.afterSend(rc, human, &rf.wait); err != nil || rf.wait.noWait {
		return err
	}
	ar, err := c.Arena(ctx)
	if err != nil {
		return err
	}
	return a.waitBench(ctx, c, id, rf.wait.bound(ar.Terms))
}

// registerBody returns the registration the flags give for module wasm, with the
// defaults that depend on the arena: the name, the version and the quorum.
func (a *app) registerBody(ctx context.Context, cmd *cobra.Command, c *client.Client, rf *registerFlags, wasm []byte) (challenge.BenchRegister, error) {
	b := challenge.BenchRegister{
		Name: rf.name, Version: rf.version, Module: abi.Digest(wasm), Size: int64(len(wasm)), URL: rf.url,
		Kinds: slices.Sorted(slices.Values(rf.kinds)), MinCases: rf.minCases, Profiles: rf.profiles, Model: rf.model, Quorum: rf.quorum,
		InitGas: rf.initGas, CaseGas: rf.caseGas, BenchGas: rf.benchGas, MaxPages: rf.maxPages, Platform: sandbox.Platform, Fold: rf.fold,
	}
	if b.Name == "" {
		if rf.mod.example == "" {
			return b, fmt.Errorf("--name: a bench registered from a file needs a name")
		}
		b.Name = rf.mod.example
	}
	b.Name = strings.ToLower(b.Name)
	if b.Version == 0 {
		all, err := c.Benches(ctx)
		if err != nil {
			return b, err
		}
		b.Version = nextVersion(all, b.Name)
	}
	if !cmd.Flags().Changed("quorum") {
		ar, err := c.Arena(ctx)
		if err != nil {
			return b, err
		}
		b.Quorum = min(b.Quorum, len(ar.Terms.Validators))
	}
	return b, nil
}

// nextVersion returns one past the newest version of name registered, 1 for a new name.
func nextVersion(all []ledger.BenchView, name string) uint32 {
	var v uint32
	for _, b := range all {
		if b.Name == name && b.Version > v {
			v = b.Version
		}
	}
	return v + 1
}
