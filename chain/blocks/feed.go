package blocks

import "sync"

// Feed hands committed blocks to subscribers. Publish never waits: a subscriber whose
// buffer is full is dropped and its channel closed, which means "resubscribe and catch
// up from the store". The zero value is ready; its methods are safe for concurrent use.
type Feed struct {
	mu     sync.Mutex
	next   int
	chans  map[int]chan Block
	closed bool
}

// Subscribe returns a channel of every block published from now on, buffering up to
// buf (at least 1), and a function that ends the subscription. After Close the
// channel starts closed.
func (f *Feed) Subscribe(buf int) (<-chan Block, func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := make(chan Block, max(buf, 1))
	if f.closed {
		close(c)
		return c, func() {}
	}
	if f.chans == nil {
		f.chans = make(map[int]chan Block)
	}
	id := f.next
	f.next++
	f.chans[id] = c
	return c, func() { f.drop(id) }
}

func (f *Feed) drop(id int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.chans[id]; ok {
		delete(f.chans, id)
		close(c)
	}
}

// Subscribed reports whether anyone is subscribed, so a publisher can skip building
// a block nobody reads.
func (f *Feed) Subscribed() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.chans) > 0
}

// Publish hands b to every subscriber with room for it and drops the others.
func (f *Feed) Publish(b Block) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for id, c := range f.chans {
		select {
		case c <- b:
		default:
			delete(f.chans, id)
			close(c)
		}
	}
}

// Close ends every subscription; later ones start closed.
func (f *Feed) Close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
	for id, c := range f.chans {
		delete(f.chans, id)
		close(c)
	}
}
