package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/node"
)

// operatorCmd groups the verbs of a network operator: one who runs a founding validator
// node of a network formed by ceremony. (Agent-match operators are `arena match`'s.)
func (a *app) operatorCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "operator",
		Short: "Found a validator node of a network formed by ceremony: keys and a signed join statement",
		Long: "A network of independent operators is formed in three steps, only public parts travelling:\n" +
			"each operator runs `arena operator init` and sends its join.json to whoever assembles; anyone\n" +
			"runs `arena genesis assemble` over the terms and every join; each operator runs\n" +
			"`arena genesis install` on the result, compares its sha256, and starts\n" +
			"`arena node --engine comet --dir OP`.",
	}
	c.AddCommand(a.operatorInitCmd())
	return c
}

func (a *app) operatorInitCmd() *cobra.Command {
	var o node.OperatorOptions
	var fund string
	c := &cobra.Command{
		Use:   "init --name NAME --p2p HOST:PORT --api URL",
		Short: "Make the operator's node, consensus and grading keys in --dir and write its signed join statement",
		Long: "Write into --dir a CometBFT node key and consensus key (config/), a grading validator key\n" +
			"(keys/, encrypted with $ARENA_PASSPHRASE) and join.json: the chain id, the operator's name,\n" +
			"node id, p2p address, API URL, consensus public key, grading address and the genesis\n" +
			"allocation it asks for, signed by the grading key and by the consensus key over one\n" +
			"digest naming both. Send join.json to the assembler; nothing else leaves the directory.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if fund != "" && fund != "0" {
				v, err := parseAmount(fund)
				if err != nil {
					return fmt.Errorf("--fund: %w", err)
				}
				o.Allocation = &v
			}
			o.Passphrase = a.passphrase()
			j, err := node.OperatorInit(a.dir, o)
			if err != nil {
				return err
			}
			return a.emit(j, func(w io.Writer) {
				fmt.Fprintf(w, "wrote %s/%s: operator %q joins chain %s\n", a.dir, node.JoinFile, j.Name, j.Chain)
				fmt.Fprintf(w, "node %s@%s, API %s, grading validator %s\n", j.NodeID, j.P2P, j.API, j.GradingAddress)
				fmt.Fprintf(w, "send %s to the assembler; keep the rest of %s private\n", node.JoinFile, a.dir)
			})
		},
	}
	f := c.Flags()
	f.StringVar(&o.Arena, "arena", node.DefaultTerms().Name, "the arena's name: the chain id is arena-NAME, as genesis assemble --name names it")
	f.StringVar(&o.Name, "name", "", "the operator's name, as the network will show it")
	f.StringVar(&o.P2P, "p2p", "", "host:port where the other nodes reach this node; it listens there (a public HOST: on every interface at PORT), and serves CometBFT RPC on 127.0.0.1 at PORT+1")
	f.StringVar(&o.API, "api", "", "URL of this node's arena API; it listens at the URL's host and port (a public host: every interface at that port)")
	f.StringVar(&fund, "fund", node.DefaultTerms().ValidatorFund.Units(), "genesis wallet asked for the grading validator, to pay its attestations' fees (0: none)")
	f.BoolVar(&o.LightScrypt, "light-scrypt", false, "cheap key encryption, for tests")
	for _, name := range []string{"name", "p2p", "api"} {
		_ = c.MarkFlagRequired(name)
	}
	return c
}

// genesisCmd groups the ceremony's genesis verbs.
func (a *app) genesisCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "genesis",
		Short: "Assemble a network's genesis from the operators' join statements, and install it",
	}
	c.AddCommand(a.genesisAssembleCmd(), a.genesisInstallCmd())
	return c
}

// assembled is what `arena genesis assemble` reports.
type assembled struct {
	Path        string    `json:"path"`
	SHA256      string    `json:"sha256"`
	Chain       string    `json:"chain"`
	GenesisTime time.Time `json:"genesis_time"`
	Operators   []string  `json:"operators"`
}

func (a *app) genesisAssembleCmd() *cobra.Command {
	var tf termsFlags
	var termsFile, out, at string
	var joins []string
	c := &cobra.Command{
		Use:   "assemble --genesis-time T --join J1 --join J2 ... [--terms TERMS | term flags]",
		Short: "Check every join statement and write one CometBFT genesis with the founding terms and validator set",
		Long: "Anyone may assemble: the result depends only on the terms, the join statements (in any order)\n" +
			"and --genesis-time, so two assemblers get the same bytes. --genesis-time is required: the\n" +
			"planned launch, agreed by the operators; CometBFT stamps block 1 with it, so a time long\n" +
			"past would close at once a task posted there. Every statement is checked (both\n" +
			"signatures, one chain, no node id, consensus key, grading address or p2p address twice, a\n" +
			"quorum the set can reach). The founding terms come from --terms (a founding-terms JSON file\n" +
			"naming no validators) or else from the same flags as `arena init`; no key is generated, so\n" +
			"there is no treasury unless --treasury names one. Prints the genesis file's sha256.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			t, err := genesisTime(at)
			if err != nil {
				return err
			}
			if termsFile != "" {
				var set []string
				tf.cmd.LocalNonPersistentFlags().VisitAll(func(f *pflag.Flag) {
					if f.Changed && !slices.Contains([]string{"terms", "join", "out", "genesis-time"}, f.Name) {
						set = append(set, "--"+f.Name)
					}
				})
				if len(set) > 0 {
					return fmt.Errorf("--terms gives every founding term; drop %s", strings.Join(set, ", "))
				}
			}
			terms, err := assembleTerms(&tf, termsFile)
			if err != nil {
				return err
			}
			js := make([]ledger.Join, len(joins))
			for i, p := range joins {
				if js[i], err = node.ReadJoin(p); err != nil {
					return err
				}
			}
			doc, err := comet.AssembleGenesis(terms, js, t)
			if err != nil {
				return err
			}
			if err := os.WriteFile(out, doc, 0o644); err != nil {
				return fmt.Errorf("genesis: %w", err)
			}
			r := assembled{Path: out, SHA256: node.GenesisSHA256(doc), Chain: terms.Chain, GenesisTime: t.UTC()}
			for _, j := range js {
				r.Operators = append(r.Operators, j.Name)
			}
			return a.emit(r, func(w io.Writer) {
				fmt.Fprintf(w, "wrote %s: chain %s, %d founding operators (%s), genesis time %s\n",
					out, r.Chain, len(js), strings.Join(r.Operators, ", "), r.GenesisTime.Format(time.RFC3339))
				fmt.Fprintf(w, "sha256 %s\n", r.SHA256)
			})
		},
	}
	tf.register(c, node.DefaultTerms().Name)
	f := c.Flags()
	f.StringVar(&termsFile, "terms", "", "founding terms as JSON (an arena's genesis.json shape, no validators) instead of the term flags")
	f.StringArrayVar(&joins, "join", nil, "a join statement file (repeatable, one per founding operator)")
	f.StringVar(&out, "out", "genesis.json", "where to write the genesis")
	f.StringVar(&at, "genesis-time", "", "the genesis_time, RFC 3339: the planned launch the operators agreed on, which every assembler passes alike")
	return c
}

// errAssembleOperatorBond refuses --operator-bond on an assembly from the term flags:
// the bond is of match operators, which those flags cannot name, so the genesis would
// carry no bond and no operator.
var errAssembleOperatorBond = errors.New("founding terms: --operator-bond is the bond of match operators, and the term flags name none, so the genesis would carry none; drop it, or give the operators and their bond in a --terms file")

// genesisTime reads --genesis-time, which has no default: a default would be a time
// long past (CometBFT stamps block 1 with it) or a clock's, and the genesis would no
// longer follow from its inputs alone.
func genesisTime(at string) (time.Time, error) {
	if at == "" {
		return time.Time{}, errors.New(`--genesis-time is required: give the planned launch as an RFC 3339 time the operators agreed on ("2027-03-01T12:00:00Z"); every assembler passes the same one to write the same genesis`)
	}
	t, err := time.Parse(time.RFC3339, at)
	if err != nil {
		return time.Time{}, fmt.Errorf("--genesis-time: %w", err)
	}
	if t.Before(comet.EarliestGenesisTime) {
		return time.Time{}, fmt.Errorf("--genesis-time %s is before %s: CometBFT stamps block 1 with it, so a task posted there would close at once; give the planned launch",
			at, comet.EarliestGenesisTime.Format(time.RFC3339))
	}
	return t, nil
}

// assembleTerms returns the founding terms of an assembly: the --terms file, or else
// the term flags.
func assembleTerms(tf *termsFlags, path string) (ledger.Terms, error) {
	if path == "" && tf.cmd != nil && tf.cmd.Flags().Changed("operator-bond") {
		return ledger.Terms{}, errAssembleOperatorBond
	}
	if path == "" {
		t, err := tf.terms()
		if err != nil {
			return ledger.Terms{}, err
		}
		return node.FoundingTerms(t)
	}
	var t ledger.Terms
	b, err := os.ReadFile(path)
	if err != nil {
		return t, fmt.Errorf("--terms: %w", err)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&t); err != nil {
		return t, fmt.Errorf("--terms %s: %w", path, err)
	}
	if d.More() {
		return t, errors.New("--terms " + path + ": data after the founding terms")
	}
	return t, nil
}

func (a *app) genesisInstallCmd() *cobra.Command {
	var o comet.InstallOptions
	cmd := &cobra.Command{
		Use:   "install GENESIS",
		Short: "Check an assembled genesis against this operator's join statement and keys, and configure the node",
		Long: "Check that GENESIS carries --dir's join.json as written and that its keys are the ones the\n" +
			"statement names; then write config/genesis.json byte for byte, config/config.toml (listening\n" +
			"on the statement's p2p address, peering with every other join, never itself), the founding\n" +
			"terms as genesis.json and, unless one exists, arena.toml (engine comet, this operator's\n" +
			"grading validator, the API where the statement's URL points). Prints the sha256 to compare\n" +
			"with the assembler's; then run `arena node --engine comet --dir DIR`.\n\n" +
			"With --observer, DIR is a node that joins after the founding (its own `arena operator init`,\n" +
			"for the chain's name): GENESIS must not carry its join; it peers with every founding\n" +
			"operator and its arena.toml names no validator. Set [statesync] in arena.toml before its\n" +
			"first start to join from a snapshot instead of replaying every block.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			in, err := node.InstallGenesis(a.dir, args[0], o)
			if err != nil {
				return err
			}
			return a.emit(in, func(w io.Writer) {
				fmt.Fprintf(w, "installed %s in %s: chain %s, p2p %s, rpc %s, API %s\n", args[0], a.dir, in.Terms.Chain, in.P2P, in.RPC, in.Listen)
				fmt.Fprintf(w, "peers %s\n", strings.Join(in.Peers, ","))
				if !in.Config {
					fmt.Fprintf(w, "kept the existing %s\n", node.ConfigFile)
				}
				fmt.Fprintf(w, "sha256 %s: compare it with the assembler's\n", in.SHA256)
				fmt.Fprintf(w, "start: arena node --engine comet --dir %s\n", a.dir)
			})
		},
	}
	cmd.Flags().BoolVar(&o.Observer, "observer", false, "install into a node that joins after the founding: it follows the chain and votes in nothing")
	return cmd
}
