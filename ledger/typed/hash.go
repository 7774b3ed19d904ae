package typed

import (
	"encoding/binary"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/arena/arena/ledger/book"
)

// The digest of a transaction is computed from its Go values directly: each struct
// type's typeHash is computed once, when the table is built, by go-ethereum's own
// EncodeType over the table's types; each field is encoded as EIP-712's encodeData
// encodes it, appended to one buffer; each struct and list is replaced in that buffer
// by its keccak256 as soon as it is complete. The result is the digest go-ethereum's
// TypedDataAndHash gives for TypedData's typed data, byte for byte (a differential test
// holds the two equal over every primary type), without the typed data's maps, decimal
// strings and per-struct type encodings.

// encoder appends enc(v), the 32-byte EIP-712 encoding of the Go value v, to buf.
type encoder func(buf []byte, v reflect.Value) []byte

// structHasher hashes one struct type: hashStruct(v) = keccak256(typeHash ||
// enc(field1) || ... || enc(fieldN)).
type structHasher struct {
	typeHash [32]byte
	fields   []fieldEncoder
}

// fieldEncoder is one field of a struct: where it is in the Go struct, and its encoder.
type fieldEncoder struct {
	index int
	enc   encoder
}

// append appends hashStruct(v) to buf.
func (h *structHasher) append(buf []byte, v reflect.Value) []byte {
	start := len(buf)
	buf = append(buf, h.typeHash[:]...)
	for _, f := range h.fields {
		buf = f.enc(buf, v.Field(f.index))
	}
	return sealTail(buf, start)
}

// sealTail replaces buf[start:] with its keccak256.
func sealTail(buf []byte, start int) []byte {
	h := keccak(buf[start:])
	return append(buf[:start], h[:]...)
}

// hashCompiler builds the hashers of a table's rows from its struct codecs and types.
type hashCompiler struct {
	codecs  map[reflect.Type]*structCodec
	types   apitypes.Types // every struct type by name, primary types included
	structs map[reflect.Type]*structHasher
}

// typeHash returns keccak256(encodeType(name)) as go-ethereum computes it.
func (c *hashCompiler) typeHash(name string) [32]byte {
	td := apitypes.TypedData{Types: c.types}
	return [32]byte(td.TypeHash(name))
}

// primary returns the typeHash of a row's primary type and the encoders of its body's
// fields; the envelope's fields, which come first, are encoded by Table.digest.
func (c *hashCompiler) primary(s *schema) (typeHash [32]byte, body []fieldEncoder) {
	for name, fields := range s.types {
		c.types[name] = fields
	}
	typeHash = c.typeHash(s.primary)
	for _, f := range s.body.fields {
		body = append(body, fieldEncoder{index: f.index, enc: c.encoder(s.goType.Field(f.index).Type, f.typ)})
	}
	return typeHash, body
}

// structOf returns the hasher of struct type t, building it on first use.
func (c *hashCompiler) structOf(t reflect.Type) *structHasher {
	if h, ok := c.structs[t]; ok {
		return h
	}
	sc, ok := c.codecs[t]
	if !ok {
		panic(fmt.Sprintf("hash: %v has no codec", t))
	}
	h := &structHasher{typeHash: c.typeHash(sc.name)}
	c.structs[t] = h
	for _, f := range sc.fields {
		h.fields = append(h.fields, fieldEncoder{index: f.index, enc: c.encoder(t.Field(f.index).Type, f.typ)})
	}
	return h
}

// encoder returns the encoder of Go type t signed as EIP-712 type typ, as the codec
// chose typ for t. It panics on a pair the codec never makes.
func (c *hashCompiler) encoder(t reflect.Type, typ string) encoder {
	if elem, ok := strings.CutSuffix(typ, "[]"); ok {
		switch t.Kind() {
		case reflect.Pointer:
			enc := c.encoder(t.Elem(), elem)
			return func(buf []byte, v reflect.Value) []byte {
				start := len(buf)
				if !v.IsNil() {
					buf = enc(buf, v.Elem())
				}
				return sealTail(buf, start)
			}
		case reflect.Slice, reflect.Array:
			enc := c.encoder(t.Elem(), elem)
			return func(buf []byte, v reflect.Value) []byte {
				start := len(buf)
				for i := range v.Len() {
					buf = enc(buf, v.Index(i))
				}
				return sealTail(buf, start)
			}
		}
		panic(fmt.Sprintf("hash: Go type %v is no list for %s", t, typ))
	}
	switch {
	case t == typeAmount && typ == "uint256":
		return func(buf []byte, v reflect.Value) []byte {
			b := v.Interface().(book.Amount).Bytes32()
			return append(buf, b[:]...)
		}
	case t == typeAddress && typ == "address":
		return func(buf []byte, v reflect.Value) []byte {
			a := v.Interface().(book.Address)
			buf = append(buf, zero32[:12]...)
			return append(buf, a[:]...)
		}
	case t.Kind() == reflect.String && (typ == "string" || typ == "bytes32"): // bytes32: a digested text
		return func(buf []byte, v reflect.Value) []byte {
			h := keccakString(v.String())
			return append(buf, h[:]...)
		}
	case t.Kind() == reflect.Bool && typ == "bool":
		return func(buf []byte, v reflect.Value) []byte {
			buf = append(buf, zero32[:31]...)
			if v.Bool() {
				return append(buf, 1)
			}
			return append(buf, 0)
		}
	case strings.HasPrefix(typ, "int") && isInt(t.Kind()):
		return func(buf []byte, v reflect.Value) []byte {
			n := v.Int()
			pad := zero32[:24]
			if n < 0 {
				pad = ones32[:24] // two's complement over 256 bits
			}
			return binary.BigEndian.AppendUint64(append(buf, pad...), uint64(n))
		}
	case strings.HasPrefix(typ, "uint") && isUint(t.Kind()):
		return func(buf []byte, v reflect.Value) []byte {
			return binary.BigEndian.AppendUint64(append(buf, zero32[:24]...), v.Uint())
		}
	case t.Kind() == reflect.Array && t.Elem().Kind() == reflect.Uint8 && typ == fmt.Sprintf("bytes%d", t.Len()):
		n := t.Len()
		return func(buf []byte, v reflect.Value) []byte {
			start := len(buf)
			buf = append(buf, zero32[:]...)
			for i := range n {
				buf[start+i] = byte(v.Index(i).Uint())
			}
			return buf
		}
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 && typ == "bytes":
		return func(buf []byte, v reflect.Value) []byte {
			h := keccak(v.Bytes())
			return append(buf, h[:]...)
		}
	case t.Kind() == reflect.Struct:
		if sc, ok := c.codecs[t]; ok && sc.name == typ {
			h := c.structOf(t)
			return h.append
		}
	}
	panic(fmt.Sprintf("hash: no encoder for Go type %v as %s", t, typ))
}

func isInt(k reflect.Kind) bool {
	return k == reflect.Int || k == reflect.Int8 || k == reflect.Int16 || k == reflect.Int32 || k == reflect.Int64
}

func isUint(k reflect.Kind) bool {
	return k == reflect.Uint || k == reflect.Uint8 || k == reflect.Uint16 || k == reflect.Uint32 || k == reflect.Uint64
}

var (
	zero32 [32]byte
	ones32 = [32]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}
)

// keccakStates holds keccak256 states for reuse; each is used by one goroutine at once.
var keccakStates = sync.Pool{New: func() any { return crypto.NewKeccakState() }}

// keccak returns keccak256(b).
func keccak(b []byte) (h [32]byte) {
	d := keccakStates.Get().(crypto.KeccakState)
	d.Reset()
	d.Write(b)
	d.Read(h[:])
	keccakStates.Put(d)
	return h
}

// keccakString returns keccak256 of s's bytes without copying them: the state only
// reads them.
func keccakString(s string) [32]byte {
	return keccak(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// buffers holds encoding buffers for reuse; one is used by one digest at a time.
var buffers = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

// maxPooledBuffer is the largest buffer returned to the pool: a transaction with long
// lists does not pin its buffer.
const maxPooledBuffer = 64 << 10

// The EIP712Domain struct of every arena signature: its typeHash and the encodings of
// its constant fields.
var (
	domainTypeHash = keccak([]byte("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"))
	domainNameHash = keccak([]byte(DomainName))
	domainVersion  = keccak([]byte(TypedDataVersion))
)

// domainKey names one domain: an arena and the chain id its signer's wallet was on.
type domainKey struct {
	genesis [32]byte
	chainID uint64
}

// maxDomains bounds the domain separators a table remembers: a node serves one arena,
// and its clients' wallets are on a few chains. Past the bound, separators are computed
// each time.
const maxDomains = 1024

// domains remembers domain separators; it is safe for concurrent use.
type domains struct {
	m sync.Map // domainKey -> [32]byte
	n atomic.Int64
}

// separator returns hashStruct(EIP712Domain) of the domain Domain(genesis, chainID)
// describes.
func (d *domains) separator(genesis [32]byte, chainID uint64) [32]byte {
	k := domainKey{genesis, chainID}
	if h, ok := d.m.Load(k); ok {
		return h.([32]byte)
	}
	var enc [5 * 32]byte
	copy(enc[0:], domainTypeHash[:])
	copy(enc[32:], domainNameHash[:])
	copy(enc[64:], domainVersion[:])
	binary.BigEndian.PutUint64(enc[3*32+24:], chainID)
	vc := VerifyingContract(genesis)
	copy(enc[4*32+12:], vc[:])
	h := keccak(enc[:])
	if d.n.Load() < maxDomains {
		if _, loaded := d.m.LoadOrStore(k, h); !loaded {
			d.n.Add(1)
		}
	}
	return h
}

// chainHash returns keccak256 of the chain name, remembering the last one.
func (t *Table) chainHash(name string) [32]byte {
	if c := t.chain.Load(); c != nil && c.name == name {
		return c.hash
	}
	h := keccakString(name)
	t.chain.Store(&chainHash{name: name, hash: h})
	return h
}

// hasher is a row's digest: its primary type's typeHash and body field encoders.
type hasher struct {
	typeHash [32]byte
	body     []fieldEncoder
}

// digest returns keccak256(0x19 0x01 || domainSeparator || hashStruct(message)) of the
// typed data of env and body (a value of the row's Go type); env.ChainID is not zero.
func (t *Table) digest(h *hasher, env Envelope, body reflect.Value) [32]byte {
	bp := buffers.Get().(*[]byte)
	buf := append((*bp)[:0], 0x19, 0x01)
	sep := t.domains.separator(env.Arena, env.ChainID)
	buf = append(buf, sep[:]...)
	start := len(buf)
	buf = append(buf, h.typeHash[:]...)
	buf = append(buf, env.Arena[:]...)
	chain := t.chainHash(env.Chain)
	buf = append(buf, chain[:]...)
	buf = append(buf, zero32[:12]...)
	buf = append(buf, env.Account[:]...)
	buf = binary.BigEndian.AppendUint64(append(buf, zero32[:24]...), env.Nonce)
	buf = binary.BigEndian.AppendUint64(append(buf, zero32[:24]...), env.ValidUntil)
	fee, value := env.MaxFee.Bytes32(), env.Value.Bytes32()
	buf = append(buf, fee[:]...)
	buf = append(buf, value[:]...)
	for _, f := range h.body {
		buf = f.enc(buf, body.Field(f.index))
	}
	buf = sealTail(buf, start)
	d := keccak(buf)
	if cap(buf) <= maxPooledBuffer {
		*bp = buf[:0]
		buffers.Put(bp)
	}
	return d
}
