// Command arena runs an arena node and drives it: init, node, keys, the transaction
// verbs, show, watch, snapshot, verify, board and demo; testnet, and the founding
// ceremony of a network of operators (operator init, genesis assemble and install).
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
