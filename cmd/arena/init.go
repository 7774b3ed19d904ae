package main

import (
	"fmt"
	"io"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/node"
	"github.com/spf13/cobra"
)

func (a *app) initCmd() *cobra.Command {
	var o node.InitOptions
	var tf termsFlags
	c := &cobra.Command{
		Use:   "init",
		Short: "Create an arena in --dir: validator keys, founding terms, arena.toml",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var err error
			if o.Terms, err = tf.terms(); err != nil {
				return err
			}
			if !cmd.Flags().Changed("light-scrypt") {
				o.LightScrypt = o.DevMode
			}
			if cmd.Flags().Changed("operators") && o.Operators == 0 {
				o.Operators = -1 // none, rather than Init's default
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
			ops := []ledger.Address{}
			for _, op := range cfg.Operators {
				ops = append(ops, op.Address)
			}
			res := initResult{Dir: a.dir, Name: nameOr(o.Name), Chain: node.ChainID(nameOr(o.Name)),
				DevMode: o.DevMode, Validators: vals, Treasury: a.treasury(), Operators: ops, Listen: cfg.Listen}
			return a.emit(res, func(w io.Writer) {
				mode := ""
				if o.DevMode {
					mode = " in dev mode"
				}
				fmt.Fprintf(w, "initialised arena %q in %s%s: chain %s, %d validators, API on %s\n",
					nameOr(o.Name), a.dir, mode, node.ChainID(nameOr(o.Name)), len(cfg.Validators), cfg.Listen)
				if res.Treasury != nil {
					fmt.Fprintf(w, "treasury %s%s: paid tender fees and forfeits\n", res.Treasury, kept(o.Treasury == nil))
				}
				for _, op := range ops {
					fmt.Fprintf(w, "operator %s, a key in the keystore: runs agent matches (`arena match create`), its secrets in %s\n", op, node.OperatorDir(a.dir))
				}
			})
		},
	}
	tf.register(c, node.DefaultTerms().Name)
	f := c.Flags()
	f.IntVar(&o.Validators, "validators", node.DefaultValidators, "validator keys to generate")
	f.StringSliceVar(&o.Readers, "reader", nil, `reader spec per validator ("builtin", "openai:URL#model"); missing ones are builtin`)
	f.StringVar(&o.Listen, "listen", node.DefaultListen, "API listen address")
	f.IntVar(&o.Operators, "operators", 0, "agent-match operator keys to generate, name in the founding terms and configure (default: 1 in a dev arena, else 0)")
	f.BoolVar(&o.LightScrypt, "light-scrypt", false, "cheap key encryption (default: on in dev mode)")
	return c
}

func nameOr(n string) string {
	if n == "" {
		return node.DefaultTerms().Name
	}
	return n
}

// initResult is what `arena init --json` prints.
type initResult struct {
	Dir        string           `json:"dir"`
	Name       string           `json:"name"`
	Chain      string           `json:"chain"`
	DevMode    bool             `json:"dev_mode"`
	Validators []ledger.Address `json:"validators"`
	Treasury   *ledger.Address  `json:"treasury"`
	Operators  []ledger.Address `json:"operators"`
	Listen     string           `json:"listen"`
}

// kept says where a treasury's key is: in the keystore when the arena generated it.
func kept(generated bool) string {
	if generated {
		return ", a key in the keystore"
	}
	return ""
}
