package main

import (
	"fmt"
	"io"

	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/node"
	"github.com/spf13/cobra"
)

func (a *app) testnetCmd() *cobra.Command {
	var o node.TestnetOptions
	var tf termsFlags
	c := &cobra.Command{
		Use:   "testnet --nodes N",
		Short: "Write a CometBFT localnet in --dir: one arena node home per validator, on loopback ports",
		Long: "Write DIR/node0..: each a CometBFT home (config/genesis.json, node and consensus keys,\n" +
			"config.toml peering with the others) and an arena directory (genesis.json, keys/ with the\n" +
			"node's grading validator key, arena.toml with engine = \"comet\" and the other nodes' APIs\n" +
			"as [artifacts] peers, so that an artifact uploaded to one node reaches them all). Run each node with\n" +
			"`arena node --engine comet --home DIR/nodeI`; the verbs take --dir DIR/nodeI.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var err error
			if o.Terms, err = tf.terms(); err != nil {
				return err
			}
			if !cmd.Flags().Changed("light-scrypt") {
				o.LightScrypt = o.DevMode
			}
			o.Passphrase = a.passphrase()
			net, err := node.Testnet(a.dir, o)
			if err != nil {
				return err
			}
			return a.emit(net, func(w io.Writer) { printNetwork(w, net, o) })
		},
	}
	tf.register(c, node.DefaultTestnetName)
	f := c.Flags()
	f.IntVar(&o.Nodes, "nodes", node.DefaultValidators, "validators, one node each")
	f.IntVar(&o.BasePort, "base-port", node.DefaultBasePort, "node i listens on base+10i (p2p), +1 (CometBFT RPC), +2 (API); 0 picks free ports")
	f.StringSliceVar(&o.Readers, "reader", nil, `reader spec per node ("builtin", "openai:URL#model"); missing ones are builtin`)
	f.BoolVar(&o.LightScrypt, "light-scrypt", false, "cheap key encryption (default: on in dev mode)")
	return c
}

// printNetwork tells the operator what was written and how to start it.
func printNetwork(w io.Writer, net comet.Network, o node.TestnetOptions) {
	mode := ""
	if o.DevMode {
		mode = " in dev mode"
	}
	fmt.Fprintf(w, "wrote a %d-node localnet of chain %s%s\n", len(net.Nodes), net.Terms.Chain, mode)
	for i, n := range net.Nodes {
		fmt.Fprintf(w, "node%d: home %s, p2p %s@%s, rpc %s, API %s, validator %s\n",
			i, n.Home, n.ID, n.P2P, n.RPC, node.APIAddr(n), n.Validator)
	}
	if t := net.Terms.Treasury; t != nil {
		where := ""
		if o.Treasury == nil {
			where = ", its key in node0's keystore"
		}
		fmt.Fprintf(w, "treasury %s%s: paid tender fees and forfeits\n", t, where)
	}
	for _, op := range net.Terms.Operators {
		fmt.Fprintf(w, "operator %s, its key in node0's keystore: node0 runs its agent matches\n", op)
	}
	fmt.Fprintf(w, "start each node: arena node --engine comet --home %s\n", net.Nodes[0].Home)
}
