package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/arena/arena/api"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
)

// sent is an applied transaction's receipt and the fee it paid, as the sending verbs
// print it.
type sent struct {
	api.Receipt
	Fee    ledger.Amount `json:"fee"` // atto
	symbol string
}

// sendingVerbs are the commands that send a transaction through app.send; each takes
// --dry-run.
var sendingVerbs = [][]string{
	{"faucet"}, {"task", "post"}, {"submit"}, {"reveal"}, {"grade"}, {"appeal"}, {"award"}, {"withdraw"}, {"dev", "advance"},
	{"task", "top-up"}, {"task", "extend"}, {"task", "withdraw"}, {"task", "replace"}, {"task", "ask"}, {"task", "answer"},
}

func init() {
	for _, v := range tenderVerbs {
		sendingVerbs = append(sendingVerbs, []string{"tender", v})
	}
}

// errDryRun ends a verb whose transaction --dry-run printed instead of sending; run
// exits 0 on it.
var errDryRun = errors.New("dry run: nothing sent")

// addDryRun gives every sending verb under root the --dry-run flag.
func (a *app) addDryRun(root *cobra.Command) {
	for _, path := range sendingVerbs {
		c, rest, err := root.Find(path)
		if err != nil || len(rest) != 0 || c == root {
			panic(fmt.Sprintf("sending verb %v is not a command", path))
		}
		c.Flags().BoolVar(&a.dryRun, "dry-run", false, "print the signed transaction and its fee without sending it")
	}
}

// dryRun is what --dry-run prints under --json.
type dryRun struct {
	DryRun bool          `json:"dry_run"` // always true: nothing was sent
	Fee    ledger.Amount `json:"fee"`     // what the transaction would pay at admission, atto
	Symbol string        `json:"symbol"`
	Tx     *ledger.Tx    `json:"tx"`
}

// printDryRun prints q, the transaction --dry-run keeps from being sent, and its fee,
// and returns errDryRun.
func (a *app) printDryRun(q client.Quote) error {
	d := dryRun{DryRun: true, Fee: q.Fee, Symbol: q.Symbol, Tx: q.Tx}
	err := a.emit(d, func(w io.Writer) {
		tx := q.Tx
		fmt.Fprintf(w, "not sent: %s from %s, nonce %d, value %s, fee %s %s\n", tx.Body.Kind(), tx.From, tx.Nonce,
			formatAmount(tx.Value), formatAmount(q.Fee), q.Symbol)
		b, _ := json.MarshalIndent(tx, "", "  ") // a signed transaction always encodes
		fmt.Fprintf(w, "%s\n", b)
	})
	if err != nil {
		return err
	}
	return errDryRun
}
