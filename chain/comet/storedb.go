package comet

import (
	"sync"

	dbm "github.com/cometbft/cometbft-db"
	cfg "github.com/cometbft/cometbft/config"
)

// storeDBProvider opens CometBFT's databases as cfg.DefaultDBProvider does, each
// wrapped so that a read after it was closed finds nothing rather than fails.
// CometBFT's consensus reactor leaves a goroutine per peer (queryMaj23Routine) that can
// still read the block store for up to three of its sleeps after the switch stopped,
// and Node.Stop closes the store right after; the store panics on a failed read
// ("panic: leveldb: closed"), which turned a clean shutdown into a crash.
func storeDBProvider(ctx *cfg.DBContext) (dbm.DB, error) {
	db, err := cfg.DefaultDBProvider(ctx)
	if err != nil {
		return nil, err
	}
	return &closableDB{DB: db}, nil
}

// closableDB is a CometBFT database whose reads after Close find nothing.
type closableDB struct {
	dbm.DB
	mu     sync.RWMutex
	closed bool
}

// Get returns the value of key, or nil once the database is closed.
func (d *closableDB) Get(key []byte) ([]byte, error) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	if d.closed {
		return nil, nil
	}
	return d.DB.Get(key)
}

// Has reports whether key is set; false once the database is closed.
func (d *closableDB) Has(key []byte) (bool, error) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	if d.closed {
		return false, nil
	}
	return d.DB.Has(key)
}

// Close closes the database once no read is under way.
func (d *closableDB) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return nil
	}
	d.closed = true
	return d.DB.Close()
}
