package e2e

import (
	"errors"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// switchboard owns the loopback TCP relays between the nodes of a network: one listener
// for each ordered pair (from, to), at which node from dials node to. Every peer link
// of the network passes through one of them, so cutting a node off here closes its
// links and refuses new ones until it is healed, as a partition would.
type switchboard struct {
	mu     sync.Mutex
	cut    map[int]bool
	relays []*relay
	closed bool
	wg     sync.WaitGroup
}

// relay forwards the connections made to its listener to target.
type relay struct {
	from, to int
	target   string
	ln       net.Listener
	conns    map[net.Conn]struct{} // open on either side; guarded by the switchboard's mu
	carried  atomic.Int64          // bytes forwarded, both ways
	refused  atomic.Int64          // connections closed at once because an end was cut off
}

func newSwitchboard() *switchboard { return &switchboard{cut: map[int]bool{}} }

// add opens a relay on a loopback port the kernel picks, forwarding from's
// connections to target (to's listen address), and returns the relay's address.
func (sb *switchboard) add(from, to int, target string) (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	r := &relay{from: from, to: to, target: target, ln: ln, conns: map[net.Conn]struct{}{}}
	sb.mu.Lock()
	sb.relays = append(sb.relays, r)
	sb.mu.Unlock()
	sb.wg.Go(func() { sb.serve(r) })
	return ln.Addr().String(), nil
}

func (sb *switchboard) serve(r *relay) {
	for {
		c, err := r.ln.Accept()
		if err != nil {
			return // the listener was closed
		}
		sb.wg.Go(func() { sb.forward(r, c) })
	}
}

// forward dials the target for c and copies both ways until either side ends or the
// switchboard closes them; a connection made while an end is cut off is closed at once.
func (sb *switchboard) forward(r *relay, c net.Conn) {
	if !sb.track(r, c) {
		r.refused.Add(1)
		c.Close()
		return
	}
	defer sb.untrack(r, c)
	up, err := net.DialTimeout("tcp", r.target, 5*time.Second)
	if err != nil {
		return // the target is down: the dialer sees its connection closed
	}
	if !sb.track(r, up) {
		up.Close()
		return
	}
	defer sb.untrack(r, up)
	done := make(chan struct{}, 2)
	pipe := func(dst, src net.Conn) {
		io.Copy(counting{dst, &r.carried}, src)
		done <- struct{}{}
	}
	go pipe(up, c)
	go pipe(c, up)
	<-done // one way ended: end the other too
	c.Close()
	up.Close()
	<-done
}

// track records c as open on r, unless an end of r is cut off or the switchboard closed.
func (sb *switchboard) track(r *relay, c net.Conn) bool {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	if sb.closed || sb.cut[r.from] || sb.cut[r.to] {
		return false
	}
	r.conns[c] = struct{}{}
	return true
}

func (sb *switchboard) untrack(r *relay, c net.Conn) {
	sb.mu.Lock()
	delete(r.conns, c)
	sb.mu.Unlock()
	c.Close()
}

// isolate cuts node i off: every connection through a relay from or to it is closed,
// and every new one refused until heal.
func (sb *switchboard) isolate(i int) {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	sb.cut[i] = true
	for _, r := range sb.relays {
		if r.from == i || r.to == i {
			for c := range r.conns {
				c.Close()
			}
		}
	}
}

// heal lets node i's relays forward again; its peers redial on their own.
func (sb *switchboard) heal(i int) {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	delete(sb.cut, i)
}

// carried returns the bytes the relays from or to node i have forwarded.
func (sb *switchboard) carried(i int) int64 {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	var n int64
	for _, r := range sb.relays {
		if r.from == i || r.to == i {
			n += r.carried.Load()
		}
	}
	return n
}

// refused returns the connections to or from node i refused while it was cut off.
func (sb *switchboard) refused(i int) int64 {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	var n int64
	for _, r := range sb.relays {
		if r.from == i || r.to == i {
			n += r.refused.Load()
		}
	}
	return n
}

// close stops every relay and waits for its goroutines.
func (sb *switchboard) close() {
	sb.mu.Lock()
	sb.closed = true
	for _, r := range sb.relays {
		r.ln.Close()
		for c := range r.conns {
			c.Close()
		}
	}
	sb.mu.Unlock()
	sb.wg.Wait()
}

// counting is a writer that adds what it writes to n.
type counting struct {
	w io.Writer
	n *atomic.Int64
}

func (c counting) Write(p []byte) (int, error) {
	k, err := c.w.Write(p)
	c.n.Add(int64(k))
	return k, err
}

// TestARelayForwardsUntilItsNodeIsCutOff: the switchboard the network test cuts links
// with. A relay from node 0 to node 1 carries bytes both ways; cutting node 1 off ends
// the open connection and closes a new one at once; cutting off node 2 touches no relay
// of 0 and 1; healing node 1 lets a new connection through again.
func TestARelayForwardsUntilItsNodeIsCutOff(t *testing.T) {
	echo, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer echo.Close()
	go func() {
		for {
			c, err := echo.Accept()
			if err != nil {
				return
			}
			go func() { io.Copy(c, c); c.Close() }()
		}
	}()
	sb := newSwitchboard()
	defer sb.close()
	addr, err := sb.add(0, 1, echo.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	open := dialRelay(t, addr)
	roundTrip(t, open, "ping")
	sb.isolate(2)
	roundTrip(t, open, "still up")
	sb.isolate(1)
	if err := readClosed(open); err != nil {
		t.Errorf("the connection open when node 1 was cut off: %v", err)
	}
	if err := readClosed(dialRelay(t, addr)); err != nil {
		t.Errorf("a connection made while node 1 is cut off: %v", err)
	}
	if n := sb.refused(1); n != 1 {
		t.Errorf("node 1's relays refused %d connections while it was cut off, want 1", n)
	}
	sb.heal(1)
	roundTrip(t, dialRelay(t, addr), "healed")
	sb.close() // waits for the forwarding goroutines, and so for their counts
	// 4+8+6 bytes each way.
	if n := sb.carried(0); n != 2*18 {
		t.Errorf("the relay carried %d bytes, want %d", n, 2*18)
	}
}

func dialRelay(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// roundTrip writes msg through c and reads the echo back.
func roundTrip(t *testing.T, c net.Conn, msg string) {
	t.Helper()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, msg); err != nil {
		t.Fatalf("write %q: %v", msg, err)
	}
	got := make([]byte, len(msg))
	if _, err := io.ReadFull(c, got); err != nil || string(got) != msg {
		t.Fatalf("echo of %q: %q, %v", msg, got, err)
	}
}

// readClosed reads from c and returns nil when the relay closed it (EOF or reset).
func readClosed(c net.Conn) error {
	c.SetDeadline(time.Now().Add(10 * time.Second))
	n, err := c.Read(make([]byte, 1))
	var ne net.Error
	switch {
	case n > 0:
		return errors.New("read a byte; want the connection closed")
	case errors.Is(err, io.EOF), err != nil && !(errors.As(err, &ne) && ne.Timeout()):
		return nil
	default:
		return errors.New("still open after 10s; want it closed")
	}
}
