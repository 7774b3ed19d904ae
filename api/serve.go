package api

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"
)

// ShutdownGrace is how long Serve waits for requests in flight once its context ends.
const ShutdownGrace = 5 * time.Second

// Serve serves h on ln until ctx ends, then shuts down gracefully: it stops accepting,
// ends event streams (their request contexts derive from ctx) and waits up to
// ShutdownGrace for the requests in flight. It returns nil after a clean shutdown.
func Serve(ctx context.Context, ln net.Listener, h http.Handler) error {
	base, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return base },
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve %s: %w", ln.Addr(), err)
	case <-ctx.Done():
	}
	cancel() // ends the event streams, which never finish on their own
	sctx, stop := context.WithTimeout(context.Background(), ShutdownGrace)
	defer stop()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shut down %s: %w", ln.Addr(), err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve %s: %w", ln.Addr(), err)
	}
	return nil
}
