package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/arena/arena/ledger"
)

// txCmd is the group for transactions signed outside the arena's keystore, by a wallet.
func (a *app) txCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "tx",
		Short: "Transactions a wallet signs: the typed data to sign, and sending one signed elsewhere",
	}
	c.AddCommand(a.txTypedDataCmd(), a.txSendCmd())
	return c
}

// readTxFile reads a transaction's wire JSON from path, or standard input for "-".
func (a *app) readTxFile(path string) ([]byte, error) {
	var (
		b   []byte
		err error
	)
	if path == "-" {
		b, err = io.ReadAll(io.LimitReader(a.stdin, ledger.MaxTxBytes+1))
	} else {
		b, err = os.ReadFile(path)
	}
	if err != nil {
		return nil, fmt.Errorf("read the transaction: %w", err)
	}
	return b, nil
}

func (a *app) txTypedDataCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "typed-data FILE|-",
		Short: "Print the EIP-712 typed data a wallet signs for an unsigned transaction, and its digest",
		Long: "Reads a transaction in its wire JSON without sig (signature_chain_id the chain the wallet is on)\n" +
			"and prints what the node answers to POST /v1/typed-data: the exact JSON eth_signTypedData_v4 takes,\n" +
			"and the digest the signature covers.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			b, err := a.readTxFile(args[0])
			if err != nil {
				return err
			}
			c, err := a.client()
			if err != nil {
				return err
			}
			td, err := c.TypedData(cmd.Context(), b)
			if err != nil {
				return err
			}
			enc := json.NewEncoder(a.stdout)
			enc.SetIndent("", "  ")
			return enc.Encode(td)
		},
	}
}

func (a *app) txSendCmd() *cobra.Command {
	var sig string
	c := &cobra.Command{
		Use:   "send FILE|- --signature 0x...",
		Short: "Send a transaction signed elsewhere, by a wallet",
		Long: "Reads a transaction in its wire JSON without sig, sets the signature a wallet made over its typed data\n" +
			"(arena tx typed-data) and sends it; the node verifies it as any other.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			b, err := a.readTxFile(args[0])
			if err != nil {
				return err
			}
			tx, err := ledger.DecodeTx(b)
			if err != nil {
				return err
			}
			if len(tx.Sig) != 0 {
				return fmt.Errorf("the transaction already has a sig; --signature gives it")
			}
			s, err := decodeSignature(sig)
			if err != nil {
				return err
			}
			tx.Sig = s
			c, err := a.client()
			if err != nil {
				return err
			}
			rc, err := c.SendTx(cmd.Context(), tx)
			if err != nil {
				return err
			}
			return a.printReceipt(sent{Receipt: rc}, "sent "+string(tx.Body.Kind()))
		},
	}
	c.Flags().StringVar(&sig, "signature", "", "the wallet's signature: 0x and 130 hex digits")
	_ = c.MarkFlagRequired("signature")
	return c
}

// decodeSignature parses a 65-byte signature as 0x and 130 hex digits.
func decodeSignature(s string) ([]byte, error) {
	var b []byte
	if len(s) == 132 && s[:2] == "0x" {
		b = make([]byte, 65)
		if _, err := fmt.Sscanf(s[2:], "%x", &b); err == nil && len(b) == 65 {
			return b, nil
		}
	}
	return nil, fmt.Errorf("--signature must be 0x followed by 130 hex digits")
}
