package ledger

import (
	"errors"
	"fmt"

	"github.com/arena/arena/ledger/typed"
)

// ErrUpload wraps every refusal of an upload signature.
var ErrUpload = errors.New("upload signature")

// VerifyUpload checks an upload signature, sig over typed.UploadDigest(u), at the arena
// clock now, by the rules every signature of the arena follows: the arena's domain, a
// wallet's chain id, the validity bound, and Recover's refusal of high-S and of a v
// other than 0, 1, 27 or 28. The signer must be u.Account. u.Arena is the arena's own
// genesis hash, set by the node, so a signature for another arena recovers another
// account.
func VerifyUpload(u typed.Upload, sig []byte, now int64) error {
	return verifyStore(u.ChainID, u.ValidUntil, u.Account, sig, now, func() ([32]byte, error) { return typed.UploadDigest(u) })
}

// VerifyWorkFetch checks a work fetch signature, sig over typed.WorkFetchDigest(f), at
// the arena clock now, by the same rules as VerifyUpload: the signer must be f.Account,
// and a refusal wraps ErrUpload, since what it authorises is an upload the node makes.
func VerifyWorkFetch(f typed.WorkFetch, sig []byte, now int64) error {
	return verifyStore(f.ChainID, f.ValidUntil, f.Account, sig, now, func() ([32]byte, error) { return typed.WorkFetchDigest(f) })
}

// verifyStore is the one check of a signature that stores bytes on a node.
func verifyStore(chain, until uint64, account Address, sig []byte, now int64, digest func() ([32]byte, error)) error {
	if chain == 0 {
		return fmt.Errorf("%w: the signature chain id must be 1 to 18446744073709551615", ErrUpload)
	}
	if now < 0 || uint64(now) > until {
		return fmt.Errorf("%w: valid until %d, and the arena's clock reads %d", ErrUpload, until, now)
	}
	h, err := digest()
	if err != nil {
		return fmt.Errorf("%w: %w", ErrUpload, err)
	}
	got, err := Recover(h, sig)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrUpload, err)
	}
	if got != account {
		return fmt.Errorf("%w: signed by %s, not by account %s", ErrUpload, got, account)
	}
	return nil
}
