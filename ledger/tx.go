package ledger

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/ledger/round"
)

// The arena's own transaction kinds; each contest kind names its own (bounty.KindSubmit).
const (
	KindWithdraw Kind = "withdraw"
	KindFaucet   Kind = "faucet"      // dev mode only
	KindAdvance  Kind = "dev_advance" // dev mode only
)

// Withdraw pays out everything the arena owes the sender.
type Withdraw struct{}

// Faucet credits a wallet; only in dev mode.
type Faucet struct {
	To     Address `json:"to"`
	Amount Amount  `json:"amount"`
}

// Advance moves the arena's clock forward; only in dev mode, as a pinned clock would.
type Advance struct {
	Seconds int64 `json:"seconds"`
}

// Kind implementations name each body on the wire.
func (Withdraw) Kind() Kind { return KindWithdraw }
func (Faucet) Kind() Kind   { return KindFaucet }
func (Advance) Kind() Kind  { return KindAdvance }

// Tx is a signed transaction. Sig is a 65-byte secp256k1 signature [R || S || V] over
// SigningHash, by the key whose address is From.
type Tx struct {
	Chain string  `json:"chain"`
	From  Address `json:"from"`
	Nonce uint64  `json:"nonce"`
	Value Amount  `json:"value"`
	Body  Body    `json:"-"`
	Sig   []byte  `json:"-"`

	size int // len(SigningBytes()), computed once by Size
}

// Size returns the length of the transaction's signing bytes, the size its fee is
// charged on. It is computed once; a Tx must not change after it is first asked.
func (tx *Tx) Size() int {
	if tx.size == 0 {
		b, err := tx.SigningBytes()
		if err != nil {
			return MaxTxBytes
		}
		tx.size = len(b)
	}
	return tx.size
}

// wireTx is the JSON form of a Tx.
type wireTx struct {
	Chain string          `json:"chain"`
	From  Address         `json:"from"`
	Nonce uint64          `json:"nonce"`
	Kind  Kind            `json:"kind"`
	Value Amount          `json:"value"`
	Body  json.RawMessage `json:"body"`
	Sig   string          `json:"sig,omitempty"`
}

// Errors from decoding and verifying transactions. They are refusals at admission: a
// transaction that fails them is never applied.
var (
	ErrMalformed    = errors.New("malformed transaction")
	ErrUnknownKind  = errors.New("unknown transaction kind")
	ErrBadSignature = errors.New("bad signature")
	ErrTooLarge     = errors.New("transaction too large")
)

// DecodeTx decodes the JSON form of a signed transaction. Unknown fields, unknown kinds,
// trailing data and non-canonical amounts are refused. It never panics.
func DecodeTx(b []byte) (*Tx, error) {
	if len(b) > MaxTxBytes {
		return nil, fmt.Errorf("%w: %d bytes, limit %d", ErrTooLarge, len(b), MaxTxBytes)
	}
	var w wireTx
	if err := strictUnmarshal(b, &w); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	spec, ok := bodyOf(w.Kind)
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknownKind, truncate(string(w.Kind), 40))
	}
	if len(w.Body) == 0 {
		w.Body = []byte("{}")
	}
	body, err := spec.decode(w.Body)
	if err != nil {
		return nil, fmt.Errorf("%w: %s body: %v", ErrMalformed, w.Kind, err)
	}
	tx := &Tx{Chain: w.Chain, From: w.From, Nonce: w.Nonce, Value: w.Value, Body: body}
	tx.Size() // computed now, while the decoded Tx has one owner
	if w.Sig != "" {
		sig, err := decodeHex(w.Sig)
		if err != nil || len(sig) != 65 {
			return nil, fmt.Errorf("%w: sig must be 0x followed by 130 hex digits", ErrMalformed)
		}
		tx.Sig = sig
	}
	return tx, nil
}

func strictUnmarshal(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if d.More() {
		return errors.New("trailing data after the JSON value")
	}
	var extra json.RawMessage
	if err := d.Decode(&extra); err == nil {
		return errors.New("trailing data after the JSON value")
	}
	return nil
}

// MarshalJSON encodes tx in its wire form.
func (tx *Tx) MarshalJSON() ([]byte, error) {
	w, err := tx.wire()
	if err != nil {
		return nil, err
	}
	if len(tx.Sig) > 0 {
		w.Sig = "0x" + hex.EncodeToString(tx.Sig)
	}
	return json.Marshal(w)
}

// UnmarshalJSON decodes the wire form, as DecodeTx does.
func (tx *Tx) UnmarshalJSON(b []byte) error {
	d, err := DecodeTx(b)
	if err != nil {
		return err
	}
	*tx = *d
	return nil
}

func (tx *Tx) wire() (wireTx, error) {
	if tx.Body == nil {
		return wireTx{}, fmt.Errorf("%w: no body", ErrMalformed)
	}
	body, err := json.Marshal(tx.Body)
	if err != nil {
		return wireTx{}, fmt.Errorf("encode %s body: %w", tx.Body.Kind(), err)
	}
	return wireTx{Chain: tx.Chain, From: tx.From, Nonce: tx.Nonce, Kind: tx.Body.Kind(), Value: tx.Value, Body: body}, nil
}

// signPrefix separates Arena transaction hashes from every other keccak256 preimage.
const signPrefix = "\x19Arena Signed Transaction:\n"

// SigningBytes returns the canonical bytes a signature covers: the wire form without
// the signature. Two encodings of the same transaction have the same signing bytes.
func (tx *Tx) SigningBytes() ([]byte, error) {
	w, err := tx.wire()
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(w)
	if err == nil {
		tx.size = len(b) // sized for free wherever a signature is made or checked
	}
	return b, err
}

// SigningHash returns keccak256(prefix || SigningBytes). It is also the transaction's id.
func (tx *Tx) SigningHash() ([32]byte, error) {
	b, err := tx.SigningBytes()
	if err != nil {
		return [32]byte{}, err
	}
	return keccak(append([]byte(signPrefix), b...)), nil
}

// Verify checks that Sig is a canonical (low-S) signature by From over SigningHash, and
// that every model-call receipt of an attestation is signed by From too.
func (tx *Tx) Verify() error {
	h, err := tx.SigningHash()
	if err != nil {
		return err
	}
	if err := verifySig(h, tx.Sig, tx.From); err != nil {
		return err
	}
	if a, ok := tx.Body.(round.Receipted); ok {
		calls := a.Receipts()
		for i := range calls {
			c := &calls[i]
			sig, err := decodeHex(c.Sig)
			if err != nil {
				return fmt.Errorf("%w: call %d: sig is not hex", ErrBadSignature, i+1)
			}
			if err := verifySig(c.Digest(tx.Chain), sig, tx.From); err != nil {
				return fmt.Errorf("call %d: %w", i+1, err)
			}
		}
	}
	return nil
}

// Recover returns the address that signed hash with sig, refusing high-S signatures.
// V may be 0/1 or, as wallets send it, 27/28.
func Recover(hash [32]byte, sig []byte) (Address, error) {
	if len(sig) != 65 {
		return Address{}, fmt.Errorf("%w: want 65 bytes, got %d", ErrBadSignature, len(sig))
	}
	s := make([]byte, 65)
	copy(s, sig)
	if s[64] >= 27 {
		s[64] -= 27
	}
	r := new(big.Int).SetBytes(s[:32])
	ss := new(big.Int).SetBytes(s[32:64])
	if !crypto.ValidateSignatureValues(s[64], r, ss, true) {
		return Address{}, fmt.Errorf("%w: not a canonical signature", ErrBadSignature)
	}
	pub, err := crypto.SigToPub(hash[:], s)
	if err != nil {
		return Address{}, fmt.Errorf("%w: %v", ErrBadSignature, err)
	}
	return Address(crypto.PubkeyToAddress(*pub)), nil
}

func verifySig(hash [32]byte, sig []byte, want Address) error {
	got, err := Recover(hash, sig)
	if err != nil {
		return err
	}
	if got != want {
		return fmt.Errorf("%w: signed by %s, not by sender %s", ErrBadSignature, got, want)
	}
	return nil
}

func keccak(b []byte) [32]byte {
	var h [32]byte
	copy(h[:], crypto.Keccak256(b))
	return h
}

func decodeHex(s string) ([]byte, error) {
	if len(s) < 2 || (s[:2] != "0x" && s[:2] != "0X") {
		return nil, errors.New("missing 0x prefix")
	}
	return hex.DecodeString(s[2:])
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
