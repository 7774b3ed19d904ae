package blobs

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// MaxBytes is the largest blob a Store keeps or Fetch reads: 16 MiB.
const MaxBytes = 16 << 20

// Files of a store directory other than blobs.
const (
	tempPrefix = ".tmp-"
	journal    = "uploads.journal"
)

// Errors a Store returns; compare with errors.Is.
var (
	ErrDigest        = errors.New("blob digest must be 64 lowercase hex digits")
	ErrTooLarge      = fmt.Errorf("blob is over %d bytes", MaxBytes)
	ErrNotFound      = errors.New("no blob with that digest")
	ErrUploaderQuota = errors.New("the uploader's blob quota is spent")
	ErrTotalQuota    = errors.New("the node's blob store is full")
)

// MismatchError is a blob whose bytes hash to Got, not to the digest Want it was given
// under.
type MismatchError struct{ Want, Got string }

// Error names both digests.
func (e *MismatchError) Error() string {
	return fmt.Sprintf("blob hashes to sha256 %s, not %s", e.Got, e.Want)
}

// Quota bounds what Add accepts, in bytes; a zero field is no bound.
type Quota struct {
	PerUploader int64 // blobs first stored by one uploader, in total
	Total       int64 // every blob in the store
}

// Store is a directory of blobs named by their sha256. It is safe for concurrent use.
type Store struct {
	dir     string
	mu      sync.Mutex
	total   int64             // bytes of every blob
	used    map[string]int64  // bytes charged to each uploader
	charges map[string]Charge // the charge of each blob held that an uploader stored
}

// Charge is who stored a blob, its size, and when (unix seconds).
type Charge struct {
	Uploader string
	Size     int64
	At       int64
}

// IsDigest reports whether d is 64 lowercase hex digits.
func IsDigest(d string) bool {
	if len(d) != 64 {
		return false
	}
	for i := 0; i < len(d); i++ {
		if c := d[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// Open opens the store in dir, creating it if needed. It removes temporary files a crash
// left and reads what is held and who was charged for it.
func Open(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("open blob store: %w", err)
	}
	s := &Store{dir: dir, used: map[string]int64{}, charges: map[string]Charge{}}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("open blob store: %w", err)
	}
	for _, e := range entries {
		switch name := e.Name(); {
		case strings.HasPrefix(name, tempPrefix):
			if err := os.Remove(filepath.Join(dir, name)); err != nil {
				return nil, fmt.Errorf("open blob store: remove a half-written blob: %w", err)
			}
		case IsDigest(name) && e.Type().IsRegular():
			info, err := e.Info()
			if err != nil {
				return nil, fmt.Errorf("open blob store: %w", err)
			}
			s.total += info.Size()
		}
	}
	if err := s.readJournal(time.Now().Unix()); err != nil {
		return nil, fmt.Errorf("open blob store: %w", err)
	}
	return s, nil
}

// readJournal reads the charges "uploader digest size at" of blobs still held, the last
// line of a digest winning (a blob deleted and stored again), and sums them per
// uploader. A line without its time (written before charges were timed) counts from
// opened. A torn last line (a crash mid-append) is ignored.
func (s *Store) readJournal(opened int64) error {
	f, err := os.Open(filepath.Join(s.dir, journal))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if (len(fields) != 3 && len(fields) != 4) || !IsDigest(fields[1]) || !s.Has(fields[1]) {
			continue
		}
		n, err := strconv.ParseInt(fields[2], 10, 64)
		if err != nil || n < 0 {
			continue
		}
		at := opened
		if len(fields) == 4 {
			if at, err = strconv.ParseInt(fields[3], 10, 64); err != nil {
				continue
			}
		}
		s.charges[fields[1]] = Charge{Uploader: fields[0], Size: n, At: at}
	}
	for _, c := range s.charges {
		s.used[c.Uploader] += c.Size
	}
	return sc.Err()
}

// Dir returns the store's directory.
func (s *Store) Dir() string { return s.dir }

func (s *Store) path(d string) string { return filepath.Join(s.dir, d) }

// Has reports whether the store holds the blob d.
func (s *Store) Has(d string) bool {
	if !IsDigest(d) {
		return false
	}
	info, err := os.Stat(s.path(d))
	return err == nil && info.Mode().IsRegular()
}

// Put keeps the bytes of r under digest d, charged to nobody and bound by no quota. It
// refuses a malformed digest (ErrDigest), more than MaxBytes (ErrTooLarge) and bytes
// that hash to another digest (*MismatchError). Keeping a blob already held succeeds.
func (s *Store) Put(d string, r io.Reader) error {
	_, err := s.Add("", d, r, Quota{})
	return err
}

// Add is Put charged to uploader (no one when ""): it refuses a new blob that would take
// the uploader past q.PerUploader (ErrUploaderQuota) or the store past q.Total
// (ErrTotalQuota), and reports whether the blob was new. A blob already held is
// checked, kept as it is and charged to no one again. The charge is timed now.
func (s *Store) Add(uploader, d string, r io.Reader, q Quota) (added bool, err error) {
	return s.AddAt(uploader, d, r, q, time.Now())
}

// AddAt is Add with the charge timed at.
func (s *Store) AddAt(uploader, d string, r io.Reader, q Quota, at time.Time) (added bool, err error) {
	if !IsDigest(d) {
		return false, ErrDigest
	}
	tmp, n, err := s.write(d, r)
	if err != nil {
		return false, err
	}
	defer os.Remove(tmp) // gone once renamed; a leftover otherwise
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Has(d) {
		return false, nil
	}
	if q.Total > 0 && s.total+n > q.Total {
		return false, ErrTotalQuota
	}
	if uploader != "" && q.PerUploader > 0 && s.used[uploader]+n > q.PerUploader {
		return false, ErrUploaderQuota
	}
	if err := os.Rename(tmp, s.path(d)); err != nil {
		return false, fmt.Errorf("keep blob %s: %w", d, err)
	}
	if err := syncDir(s.dir); err != nil {
		return false, fmt.Errorf("keep blob %s: %w", d, err)
	}
	s.total += n
	if uploader != "" {
		c := Charge{Uploader: uploader, Size: n, At: at.Unix()}
		if err := s.charge(d, c); err != nil {
			return true, fmt.Errorf("keep blob %s: charge %s: %w", d, uploader, err)
		}
		s.used[uploader] += n
		s.charges[d] = c
	}
	return true, nil
}

// write copies r to a synced temporary file, hashing it, and returns its path and size.
func (s *Store) write(d string, r io.Reader) (path string, n int64, err error) {
	f, err := os.CreateTemp(s.dir, tempPrefix+"*")
	if err != nil {
		return "", 0, fmt.Errorf("keep blob %s: %w", d, err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	h := sha256.New()
	n, err = io.Copy(io.MultiWriter(f, h), io.LimitReader(r, MaxBytes+1))
	switch {
	case err != nil:
		return "", 0, fmt.Errorf("keep blob %s: read: %w", d, err)
	case n > MaxBytes:
		return "", 0, ErrTooLarge
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != d {
		return "", 0, &MismatchError{Want: d, Got: got}
	}
	if err = f.Sync(); err != nil {
		return "", 0, fmt.Errorf("keep blob %s: %w", d, err)
	}
	if err = f.Close(); err != nil {
		return "", 0, fmt.Errorf("keep blob %s: %w", d, err)
	}
	return f.Name(), n, nil
}

// charge appends "uploader digest size at" to the journal and syncs it.
func (s *Store) charge(d string, c Charge) error {
	f, err := os.OpenFile(filepath.Join(s.dir, journal), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(f, "%s %s %d %d\n", c.Uploader, d, c.Size, c.At); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func syncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

// Get returns the blob d, checked against its digest: ErrDigest for a malformed one,
// ErrNotFound when it is not held, a *MismatchError if the file was damaged on disk.
func (s *Store) Get(d string) ([]byte, error) {
	rc, _, err := s.Reader(d)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, MaxBytes+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("read blob %s: %w", d, err)
	case len(b) > MaxBytes:
		return nil, ErrTooLarge
	}
	sum := sha256.Sum256(b)
	if got := hex.EncodeToString(sum[:]); got != d {
		return nil, &MismatchError{Want: d, Got: got}
	}
	return b, nil
}

// Reader opens the blob d for reading and returns its size. The bytes are not checked
// against the digest as they are read; Get checks them.
func (s *Store) Reader(d string) (io.ReadCloser, int64, error) {
	if !IsDigest(d) {
		return nil, 0, ErrDigest
	}
	f, err := os.Open(s.path(d))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, fmt.Errorf("blob %s: %w", d, ErrNotFound)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("open blob %s: %w", d, err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, fmt.Errorf("open blob %s: %w", d, err)
	}
	return f, info.Size(), nil
}

// Held is one blob a store holds: its digest and size, and its charge when an uploader
// stored it (a zero Charge for a blob the node kept itself, fetched by its digest).
type Held struct {
	SHA256 string
	Size   int64
	Charge
}

// List returns every blob held, by digest.
func (s *Store) List() ([]Held, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return nil, fmt.Errorf("list blobs: %w", err)
	}
	out := []Held{}
	for _, e := range entries {
		if !IsDigest(e.Name()) || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue // removed meanwhile
		}
		out = append(out, Held{SHA256: e.Name(), Size: info.Size(), Charge: s.charges[e.Name()]})
	}
	return out, nil
}

// Charges returns the charge of every blob an uploader stored, by digest.
func (s *Store) Charges() map[string]Charge {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]Charge, len(s.charges))
	for d, c := range s.charges {
		out[d] = c
	}
	return out
}

// Remove deletes the blob d and its charge; removing a blob not held does nothing.
func (s *Store) Remove(d string) error {
	if !IsDigest(d) {
		return ErrDigest
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	info, err := os.Stat(s.path(d))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("remove blob %s: %w", d, err)
	}
	if err := os.Remove(s.path(d)); err != nil {
		return fmt.Errorf("remove blob %s: %w", d, err)
	}
	s.total -= info.Size()
	if c, ok := s.charges[d]; ok {
		s.used[c.Uploader] -= c.Size
		delete(s.charges, d)
	}
	return nil
}

// Usage returns the bytes charged to uploader.
func (s *Store) Usage(uploader string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.used[uploader]
}

// Total returns the bytes of every blob held.
func (s *Store) Total() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.total
}

// Digest is the sha256 of b in lowercase hex, the name a blob is kept under.
func Digest(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
