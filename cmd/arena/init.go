package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/node"
	"github.com/spf13/cobra"
)

func (a *app) initCmd() *cobra.Command {
	var o node.InitOptions
	var entryBond, appealBond string
	var fund []string
	c := &cobra.Command{
		Use:   "init",
		Short: "Create an arena in --dir: validator keys, founding terms, arena.toml",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var err error
			if o.EntryBond, err = optionalAmount("entry-bond", entryBond); err != nil {
				return err
			}
			if o.AppealBond, err = optionalAmount("appeal-bond", appealBond); err != nil {
				return err
			}
			if o.Genesis, err = allocations(fund); err != nil {
				return err
			}
			if !cmd.Flags().Changed("light-scrypt") {
				o.LightScrypt = o.DevMode
			}
			o.Passphrase = a.passphrase()
			cfg, err := node.Init(a.dir, o)
			if err != nil {
				return err
			}
			vals := make([]ledger.Address, len(cfg.Validators))
			for i, v := range cfg.Validators {
				vals[i] = v.Address
			}
			res := initResult{Dir: a.dir, Name: nameOr(o.Name), Chain: node.ChainID(nameOr(o.Name)),
				DevMode: o.DevMode, Validators: vals, Listen: cfg.Listen}
			return a.emit(res, func(w io.Writer) {
				mode := ""
				if o.DevMode {
					mode = " in dev mode"
				}
				fmt.Fprintf(w, "initialised arena %q in %s%s: chain %s, %d validators, API on %s\n",
					nameOr(o.Name), a.dir, mode, node.ChainID(nameOr(o.Name)), len(cfg.Validators), cfg.Listen)
			})
		},
	}
	f := c.Flags()
	f.StringVar(&o.Name, "name", "arena", "arena name")
	f.StringVar(&o.Symbol, "symbol", "GEN", "currency symbol")
	f.IntVar(&o.Validators, "validators", 4, "validator keys to generate")
	f.BoolVar(&o.DevMode, "dev", false, "dev mode: enables faucet and dev advance")
	f.StringSliceVar(&o.Readers, "reader", nil, `reader spec per validator ("builtin", "openai:URL#model"); missing ones are builtin`)
	f.StringVar(&o.Listen, "listen", node.DefaultListen, "API listen address")
	f.BoolVar(&o.LightScrypt, "light-scrypt", false, "cheap key encryption (default: on in dev mode)")
	f.StringVar(&entryBond, "entry-bond", "", "entry bond (default 5)")
	f.StringVar(&appealBond, "appeal-bond", "", "appeal bond (default 20)")
	f.DurationVar(&o.AppealWindow, "appeal-window", 6*time.Hour, "appeal window after a grade settles")
	f.DurationVar(&o.RoundTimeout, "round-timeout", 2*time.Minute, "how long a grading attempt stays open")
	f.IntVar(&o.Attempts, "attempts", 3, "attempts per grading round")
	f.IntVar(&o.Quorum, "quorum", 0, "agreeing results that settle a round (default: a majority)")
	f.StringArrayVar(&fund, "fund", nil, "genesis allocation ADDRESS=AMOUNT (repeatable)")
	return c
}

func nameOr(n string) string {
	if n == "" {
		return "arena"
	}
	return n
}

// optionalAmount parses an amount flag, leaving it zero (the default) when empty.
func optionalAmount(name, s string) (ledger.Amount, error) {
	if s == "" {
		return ledger.Amount{}, nil
	}
	v, err := parseAmount(s)
	if err != nil {
		return v, fmt.Errorf("--%s: %w", name, err)
	}
	return v, nil
}

// allocations parses ADDRESS=AMOUNT genesis allocations.
func allocations(specs []string) ([]ledger.Allocation, error) {
	var out []ledger.Allocation
	for _, s := range specs {
		addr, amt, ok := strings.Cut(s, "=")
		if !ok {
			return nil, fmt.Errorf("--fund %q: want ADDRESS=AMOUNT", s)
		}
		a, err := ledger.ParseAddress(addr)
		if err != nil {
			return nil, fmt.Errorf("--fund %q: %w", s, err)
		}
		v, err := parseAmount(amt)
		if err != nil {
			return nil, fmt.Errorf("--fund %q: %w", s, err)
		}
		out = append(out, ledger.Allocation{Address: a, Amount: v})
	}
	return out, nil
}

// initResult is what `arena init --json` prints.
type initResult struct {
	Dir        string           `json:"dir"`
	Name       string           `json:"name"`
	Chain      string           `json:"chain"`
	DevMode    bool             `json:"dev_mode"`
	Validators []ledger.Address `json:"validators"`
	Listen     string           `json:"listen"`
}
