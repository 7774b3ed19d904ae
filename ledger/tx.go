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
	"github.com/arena/arena/ledger/typed"
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

// Tx is a signed transaction. Sig is a 65-byte secp256k1 signature [R || S || V], by the
// key whose address is From, over the EIP-712 typed data of the transaction (TypedData):
// the domain names the arena and the EVM chain SigChainID the signer's wallet was on,
// and the message holds every field below and every field of the body.
type Tx struct {
	Chain      string   `json:"chain"`
	Arena      [32]byte `json:"-"` // the arena's genesis hash (Terms.GenesisHash)
	From       Address  `json:"from"`
	Nonce      uint64   `json:"nonce"`
	ValidUntil uint64   `json:"valid_until"` // refused once the arena's clock is past it, unix seconds
	MaxFee     Amount   `json:"max_fee"`     // refused if the fee schedule asks more
	Value      Amount   `json:"value"`
	SigChainID uint64   `json:"signature_chain_id"` // the EIP-712 domain's chainId, 1 to 2^64-1
	Body       Body     `json:"-"`
	Sig        []byte   `json:"-"`

	size int // len of the wire form without the signature, computed once by Size
}

// Size returns the length of the transaction's wire form without its signature, the
// size its fee is charged on. It is computed once; a Tx must not change after it is
// first asked.
func (tx *Tx) Size() int {
	if tx.size == 0 {
		b, err := tx.unsignedBytes()
		if err != nil {
			return MaxTxBytes
		}
		tx.size = len(b)
	}
	return tx.size
}

// wireTx is the JSON form of a Tx.
type wireTx struct {
	Chain      string          `json:"chain"`
	Arena      string          `json:"arena"`
	From       Address         `json:"from"`
	Nonce      uint64          `json:"nonce"`
	ValidUntil uint64          `json:"valid_until"`
	MaxFee     Amount          `json:"max_fee"`
	Kind       Kind            `json:"kind"`
	Value      Amount          `json:"value"`
	Body       json.RawMessage `json:"body"`
	SigChainID uint64          `json:"signature_chain_id"`
	Sig        string          `json:"sig,omitempty"`
}

// Errors from decoding and verifying transactions. They are refusals at admission: a
// transaction that fails them is never applied.
var (
	ErrMalformed    = errors.New("malformed transaction")
	ErrUnknownKind  = errors.New("unknown transaction kind")
	ErrBadSignature = errors.New("bad signature")
	ErrTooLarge     = errors.New("transaction too large")
)

// DecodeTx decodes the JSON form of a signed transaction: the wire form, or a wallet's
// (typed.Wallet: the typed data's primary type and message as the wallet signed them,
// signatureChainId, signature, and the body beside them), which must match the schema
// table's typed data of the transaction it describes field by field. Unknown fields,
// unknown kinds, trailing data and non-canonical amounts are refused. It never panics.
func DecodeTx(b []byte) (*Tx, error) {
	if len(b) > MaxTxBytes {
		return nil, fmt.Errorf("%w: %d bytes, limit %d", ErrTooLarge, len(b), MaxTxBytes)
	}
	if w, unsigned, ok := parseWire(b); ok {
		if tx, err := fromWire(w, unsigned); err == nil {
			return tx, nil
		}
	}
	return decodeAny(b)
}

// decodeAny is DecodeTx of any spelling of either form.
func decodeAny(b []byte) (*Tx, error) {
	var w wireTx
	if err := strictUnmarshal(b, &w); err != nil {
		if isWallet(b) {
			return decodeWallet(b)
		}
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	return fromWire(w, 0)
}

// fromWire returns the transaction the decoded wire form w describes. unsigned, when
// not 0, is the length of w's encoding without its signature, its members but the body
// spelled as json.Marshal spells them (parseWire): the transaction's Size when its body
// is spelled so too, which saves encoding it again.
func fromWire(w wireTx, unsigned int) (*Tx, error) {
	spec, ok := bodyOf(w.Kind)
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknownKind, truncate(string(w.Kind), 40))
	}
	if len(w.Body) == 0 {
		w.Body = []byte("{}")
	}
	body, marshalled := marshalledBody(spec, w.Body, unsigned > 0)
	if body == nil {
		var err error
		if body, err = spec.decode(w.Body); err != nil {
			return nil, fmt.Errorf("%w: %s body: %v", ErrMalformed, w.Kind, err)
		}
	}
	arena, err := ParseHash(w.Arena)
	if err != nil {
		return nil, fmt.Errorf("%w: arena: %v", ErrMalformed, err)
	}
	tx := &Tx{Chain: w.Chain, Arena: arena, From: w.From, Nonce: w.Nonce, ValidUntil: w.ValidUntil,
		MaxFee: w.MaxFee, Value: w.Value, SigChainID: w.SigChainID, Body: body}
	if marshalled {
		tx.size = unsigned
	}
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

// marshalledBody returns the body raw encodes, and true, when try is set and raw is the
// body as json.Marshal spells it: decoded loosely, it encodes back to raw. Every member
// of raw is then one json.Marshal wrote, whose name the decoding knows, so the strict
// decoding gives the same body. Otherwise it returns nil and false.
func marshalledBody(spec bodySpec, raw []byte, try bool) (Body, bool) {
	if !try {
		return nil, false
	}
	body, err := spec.loose(raw)
	if err != nil {
		return nil, false
	}
	if enc, err := json.Marshal(body); err != nil || !bytes.Equal(enc, raw) {
		return nil, false
	}
	return body, true
}

// isWallet reports whether b is a JSON object with a "message" member: a wallet's form.
func isWallet(b []byte) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil {
		return false
	}
	_, ok := m["message"]
	return ok
}

// decodeWallet decodes a wallet's form of a signed transaction (see DecodeTx).
func decodeWallet(b []byte) (*Tx, error) {
	var w typed.Wallet
	if err := strictUnmarshal(b, &w); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	kind, ok := schemaTable.Kind(w.PrimaryType)
	if !ok {
		return nil, fmt.Errorf("%w: no transaction kind has the primary type %q", ErrUnknownKind, truncate(w.PrimaryType, 40))
	}
	env, err := schemaTable.Envelope(w.Message)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if env.ChainID, err = typed.ChainID(w.SignatureChainID); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if len(w.Body) == 0 {
		w.Body = []byte("{}")
	}
	body, err := bodies[kind].decode(w.Body)
	if err != nil {
		return nil, fmt.Errorf("%w: %s body: %v", ErrMalformed, kind, err)
	}
	if err := schemaTable.CheckMessage(env, body, w.Message, w.Types); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	sig, err := decodeHex(w.Signature)
	if err != nil || len(sig) != 65 {
		return nil, fmt.Errorf("%w: signature must be 0x followed by 130 hex digits", ErrMalformed)
	}
	tx := &Tx{Chain: env.Chain, Arena: env.Arena, From: env.Account, Nonce: env.Nonce, ValidUntil: env.ValidUntil,
		MaxFee: env.MaxFee, Value: env.Value, SigChainID: env.ChainID, Body: body, Sig: sig}
	tx.Size()
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
	return wireTx{Chain: tx.Chain, Arena: HexHash(tx.Arena), From: tx.From, Nonce: tx.Nonce, ValidUntil: tx.ValidUntil,
		MaxFee: tx.MaxFee, Kind: tx.Body.Kind(), Value: tx.Value, Body: body, SigChainID: tx.SigChainID}, nil
}

// unsignedBytes returns the wire form without the signature. Two encodings of the same
// transaction have the same unsigned bytes.
func (tx *Tx) unsignedBytes() ([]byte, error) {
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

// SigningHash returns the EIP-712 digest of the transaction's typed data under the
// schema table (SchemaTable): keccak256(0x19 0x01 || domainSeparator ||
// hashStruct(message)). It is what Sig signs, and the transaction's id.
func (tx *Tx) SigningHash() ([32]byte, error) {
	if tx.Body == nil || !knownBody(tx.Body) {
		return [32]byte{}, fmt.Errorf("%w: no body of a known kind", ErrMalformed)
	}
	if tx.size == 0 {
		tx.Size()
	}
	h, err := schemaTable.Digest(tx.Envelope(), tx.Body)
	if err != nil {
		return [32]byte{}, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	return h, nil
}

// Envelope returns the fields of tx's typed data besides its body. A wallet's typed data
// is SchemaTable().TypedData(tx.Envelope(), tx.Body).
func (tx *Tx) Envelope() typed.Envelope {
	return typed.Envelope{Arena: tx.Arena, Chain: tx.Chain, Account: tx.From, Nonce: tx.Nonce,
		ValidUntil: tx.ValidUntil, MaxFee: tx.MaxFee, Value: tx.Value, ChainID: tx.SigChainID}
}

// HexHash returns h as 0x and 64 lower-case hex digits.
func HexHash(h [32]byte) string { return "0x" + hex.EncodeToString(h[:]) }

// ParseHash parses 0x and 64 hex digits.
func ParseHash(s string) ([32]byte, error) {
	b, err := decodeHex(s)
	if err != nil || len(b) != 32 {
		return [32]byte{}, errors.New("a hash must be 0x followed by 64 hex digits")
	}
	return [32]byte(b), nil
}

// Verify checks that Sig is a canonical (low-S) signature by From over SigningHash, and
// that every model-call receipt of an attestation is signed by From too. It is the one
// signature check of every path a transaction enters by: the engines' admission, block
// verification and replay. What needs the arena's state (the arena, the nonce, the
// validity bound and the fee bound) is State.Check's.
func (tx *Tx) Verify() error {
	_, err := tx.VerifyID()
	return err
}

// VerifyID is Verify that also returns the transaction's id, its SigningHash, computed
// once for both.
func (tx *Tx) VerifyID() ([32]byte, error) {
	h, err := tx.SigningHash()
	if err != nil {
		return h, err
	}
	if err := verifySig(h, tx.Sig, tx.From); err != nil {
		return h, err
	}
	if a, ok := tx.Body.(round.Receipted); ok {
		calls := a.Receipts()
		for i := range calls {
			c := &calls[i]
			sig, err := decodeHex(c.Sig)
			if err != nil {
				return h, fmt.Errorf("%w: call %d: sig is not hex", ErrBadSignature, i+1)
			}
			d, err := typed.CallDigest(tx.Arena, *c)
			if err != nil {
				return h, fmt.Errorf("%w: call %d: %v", ErrBadSignature, i+1, err)
			}
			if err := verifySig(d, sig, tx.From); err != nil {
				return h, fmt.Errorf("call %d: %w", i+1, err)
			}
		}
	}
	return h, nil
}

// Recover returns the address that signed hash with sig, refusing high-S signatures.
// V may be 0/1 or, as wallets send it, 27/28.
func Recover(hash [32]byte, sig []byte) (Address, error) {
	if len(sig) != 65 {
		return Address{}, fmt.Errorf("%w: want 65 bytes, got %d", ErrBadSignature, len(sig))
	}
	s := sig
	switch s[64] {
	case 0, 1:
	case 27, 28:
		s = append(make([]byte, 0, 65), sig...)
		s[64] -= 27
	default:
		return Address{}, fmt.Errorf("%w: v must be 0, 1, 27 or 28, got %d", ErrBadSignature, sig[64])
	}
	r, ss := s[:32], s[32:64] // big-endian, compared as numbers
	if bytes.Compare(ss, secp256k1HalfN[:]) > 0 {
		return Address{}, fmt.Errorf("%w: s is in the upper half of the curve order (high-S)", ErrBadSignature)
	}
	// crypto.ValidateSignatureValues(v, r, s, true), on the bytes: 1 <= r < N, 1 <= s.
	if isZero32(r) || isZero32(ss) || bytes.Compare(r, secp256k1N[:]) >= 0 {
		return Address{}, fmt.Errorf("%w: not a canonical signature", ErrBadSignature)
	}
	pub, err := crypto.Ecrecover(hash[:], s) // 0x04 || X || Y, a point on the curve
	if err != nil {
		return Address{}, fmt.Errorf("%w: %v", ErrBadSignature, err)
	}
	var a Address
	copy(a[:], crypto.Keccak256(pub[1:])[12:]) // crypto.PubkeyToAddress without decoding the point again
	return a, nil
}

// secp256k1N is the secp256k1 curve order and secp256k1HalfN half of it, big-endian: a
// canonical signature's R is below the order and its S at most half of it.
var (
	secp256k1N     = [32]byte(crypto.S256().Params().N.FillBytes(make([]byte, 32)))
	secp256k1HalfN = [32]byte(new(big.Int).Rsh(crypto.S256().Params().N, 1).FillBytes(make([]byte, 32)))
)

func isZero32(b []byte) bool { return [32]byte(b) == [32]byte{} }

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

// KeystoreChainID is the signature chain id (the EIP-712 domain's chainId) that the
// arena's own keystore signs under. A wallet signs under the chain it is on instead; the
// arena takes either, since replay protection is the arena's and the nonce's, never the
// wallet's.
const KeystoreChainID = 1

// DefaultValidityS is how long after the arena's clock the arena's own clients make a
// transaction valid for: an hour.
const DefaultValidityS = 3600

// ValidFor returns the validity bound of a transaction stamped at clock now that stays
// valid d seconds: now+d, or 0 for a clock before 1970. A client passes the arena's
// clock at the next block (State.ClockAt of its own clock, GET /v1/arena's next_time),
// since an arena with no block yet reads 0.
func ValidFor(now, d int64) uint64 {
	if now < 0 || d < 0 {
		return 0
	}
	return uint64(now) + uint64(d)
}

// NoExpiry is the validity bound of a transaction that stays valid at any arena clock
// this side of 2^53 seconds: the largest integer a JavaScript number holds exactly.
const NoExpiry = 1<<53 - 1

// Stamp fills the envelope of tx for the arena founded on t: its genesis hash and chain
// id, the validity bound validUntil (unix seconds of the arena's clock), the signature
// chain id KeystoreChainID if none is set, and the maximum fee: the fee the schedule
// charges tx as stamped, so that it agrees to exactly what admission will ask. Stamp
// sizes tx afresh; it is called before tx is signed.
func (t *Terms) Stamp(tx *Tx, validUntil uint64) { t.stamp(tx, t.GenesisHash(), validUntil) }

// Stamp fills the envelope of tx as Terms.Stamp does, for this arena, without hashing
// its terms again: the state holds their hash.
func (s *State) Stamp(tx *Tx, validUntil uint64) { s.terms.stamp(tx, s.termsHash, validUntil) }

// stamp is Terms.Stamp with the arena's genesis hash given.
func (t *Terms) stamp(tx *Tx, arena [32]byte, validUntil uint64) {
	tx.Arena = arena
	tx.Chain = t.Chain
	tx.ValidUntil = validUntil
	if tx.SigChainID == 0 {
		tx.SigChainID = KeystoreChainID
	}
	tx.MaxFee = Amount{}
	for range 8 { // the fee grows with the max fee's digits; it settles in two or three rounds
		tx.size = 0
		fee, ok := t.Fee(tx.Size())
		if !ok || fee.Eq(tx.MaxFee) {
			break
		}
		tx.MaxFee = fee
	}
	tx.size = 0
}
