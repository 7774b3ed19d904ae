package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/arena/arena/account"
	"github.com/arena/arena/ledger"
	"github.com/spf13/cobra"
)

func (a *app) keysCmd() *cobra.Command {
	c := &cobra.Command{Use: "keys", Short: "Manage the senders' keystore in the arena directory"}
	var light bool
	c.PersistentFlags().BoolVar(&light, "light-scrypt", false, "encrypt new keys at the light scrypt cost (default: on in dev mode)")
	store := func() *account.Store {
		st := a.keystore()
		if light {
			st.Scrypt = account.Light
		}
		return st
	}
	c.AddCommand(
		&cobra.Command{
			Use: "new", Short: "Generate a key, encrypted under $ARENA_PASSPHRASE", Args: cobra.NoArgs,
			RunE: func(*cobra.Command, []string) error {
				k, err := store().New(a.passphrase())
				if err != nil {
					return fmt.Errorf("new key: %w", err)
				}
				return a.emit(map[string]string{"address": k.Address().String()},
					func(w io.Writer) { fmt.Fprintln(w, k.Address()) })
			},
		},
		&cobra.Command{
			Use: "list", Short: "List the keystore's addresses", Args: cobra.NoArgs,
			RunE: func(*cobra.Command, []string) error {
				list, err := a.keystore().List()
				if err != nil {
					return fmt.Errorf("list keys: %w", err)
				}
				if list == nil {
					list = []ledger.Address{}
				}
				senders, err := a.senders()
				if err != nil {
					return err
				}
				treasury, operators := a.treasury(), a.operators()
				return a.emit(list, func(w io.Writer) {
					for _, addr := range list {
						switch {
						case slices.Contains(senders, addr):
							fmt.Fprintln(w, addr)
						case treasury != nil && *treasury == addr:
							fmt.Fprintln(w, addr, "(treasury)")
						case slices.Contains(operators, addr):
							fmt.Fprintln(w, addr, "(operator)")
						default:
							fmt.Fprintln(w, addr, "(validator)")
						}
					}
				})
			},
		},
		&cobra.Command{
			Use: "import FILE|-", Short: "Import a hex private key or keystore v3 JSON", Args: cobra.ExactArgs(1),
			RunE: func(_ *cobra.Command, args []string) error {
				b, err := a.readArg(args[0])
				if err != nil {
					return err
				}
				addr, err := store().Import(strings.TrimSpace(string(b)), a.passphrase())
				if err != nil {
					return fmt.Errorf("import key: %w", err)
				}
				return a.emit(map[string]string{"address": addr.String()}, func(w io.Writer) { fmt.Fprintln(w, addr) })
			},
		},
		&cobra.Command{
			Use: "export ADDRESS", Short: "Print an address's keystore v3 JSON", Args: cobra.ExactArgs(1),
			RunE: func(_ *cobra.Command, args []string) error {
				addr, err := ledger.ParseAddress(args[0])
				if err != nil {
					return err
				}
				b, err := a.keystore().Export(addr, a.passphrase())
				if err != nil {
					return fmt.Errorf("export key: %w", err)
				}
				fmt.Fprintf(a.stdout, "%s\n", b)
				return nil
			},
		},
	)
	return c
}

// readArg reads a file, or stdin for "-".
func (a *app) readArg(name string) ([]byte, error) {
	if name == "-" {
		b, err := io.ReadAll(a.stdin)
		if err != nil {
			return nil, fmt.Errorf("read stdin: %w", err)
		}
		return b, nil
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("read key: %w", err)
	}
	return b, nil
}
