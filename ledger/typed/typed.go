// Package typed is the arena's EIP-712 schema table: one primary type per transaction
// kind, built once from the Go declarations of the body types, and the typed data and
// digest of a transaction under it. The node never takes types from a client; it holds
// this table for its protocol version.
package typed

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/tender"
)

// The schema table. Every transaction is signed as EIP-712 typed data: one
// primary type per transaction kind, whose fields are the envelope's (the arena, its
// chain id, the account, the nonce, the validity bound, the most fee the sender pays and
// the value) followed by every field of the body. The table is built once, from the Go
// declarations of the body types in the body table; it is never inferred from a value
// and never taken from a client. Amounts are uint256 and addresses address; a large
// text payload (work, a proposal, a prompt) is signed as the bytes32 keccak256 of its
// UTF-8 bytes, and the bytes travel beside the signature in the transaction's body.
//
// Go types map to EIP-712 types as follows: Amount uint256, Address address, string
// string, bool bool, int and int64 int64, intN intN, uint64 uint64, uintN uintN, [N]byte
// bytesN, a slice or array of T T[], a pointer to T a T[] of zero or one element, and a
// struct a struct type named after its package and Go name (round.Call is RoundCall).
// A field takes its JSON name, or its Go name with a lower-case first letter when it has
// none.

// TypedDataVersion is the version in the EIP-712 domain of every signature the arena
// takes. It changes whenever the schema of any type changes.
const TypedDataVersion = "1"

// DomainName is the name in the EIP-712 domain of every signature the arena takes.
const DomainName = "Arena"

// envelopeFields are the fields every primary type opens with, in order.
var envelopeFields = []apitypes.Type{
	{Name: "arena", Type: "bytes32"},
	{Name: "chain", Type: "string"},
	{Name: "account", Type: "address"},
	{Name: "nonce", Type: "uint64"},
	{Name: "validUntil", Type: "uint64"},
	{Name: "maxFee", Type: "uint256"},
	{Name: "value", Type: "uint256"},
}

// digested names the string fields signed as the keccak256 of their bytes: the large
// payloads, whose bytes travel in the body beside the signature.
var digested = map[reflect.Type][]string{
	reflect.TypeFor[bounty.PostTask]():  {"Spec", "Rubric"},
	reflect.TypeFor[bounty.Submit]():    {"Work"},
	reflect.TypeFor[bounty.Reveal]():    {"Work"},
	reflect.TypeFor[tender.Reveal]():    {"Proposal"},
	reflect.TypeFor[round.Call]():       {"Prompt", "Response"},
	reflect.TypeFor[match.Agent]():      {"SystemPrompt"},
	reflect.TypeFor[match.Decision]():   {"Prompt", "Response"},
	reflect.TypeFor[tender.Publish]():   {"Summary"},
	reflect.TypeFor[bounty.Result]():    {"Rationale"},
	reflect.TypeFor[tender.Criterion](): {"Text"},
}

// schema is one transaction kind's row of the schema table.
type schema struct {
	primary string         // the primary type's name
	types   apitypes.Types // the primary type, the types it references and EIP712Domain
	body    *structCodec   // the body's fields, after the envelope's
	goType  reflect.Type   // the body's Go type
}

// structCodec encodes one Go struct type as an EIP-712 struct.
type structCodec struct {
	name   string
	fields []fieldCodec
}

// fieldCodec is one field of a struct: its EIP-712 name and type, where it is in the Go
// struct and how its value encodes.
type fieldCodec struct {
	name  string
	typ   string
	index int
	enc   func(reflect.Value) any
}

var (
	typeAmount  = reflect.TypeFor[book.Amount]()
	typeAddress = reflect.TypeFor[book.Address]()
)

// schemaBuilder builds the schema table, naming each Go struct type once.
type schemaBuilder struct {
	structs map[reflect.Type]*structCodec
	names   map[string]reflect.Type
	types   apitypes.Types
}

// Table is the schema table: one row per transaction kind.
type Table struct {
	rows    map[book.Kind]*schema
	hashers map[book.Kind]*hasher     // each row's digest, computed from Go values
	domains domains                   // domain separators by arena and chain id
	chain   atomic.Pointer[chainHash] // the hash of the chain name last hashed
}

// chainHash is a chain name and its keccak256: an arena's transactions all name one
// chain.
type chainHash struct {
	name string
	hash [32]byte
}

// New builds the table for bodies, one zero value of each body type; only their Go types
// are read. It fails on a Go type the table cannot sign (a map, an interface, a float),
// on two kinds or struct types with one name, and on a body field that shadows an
// envelope field.
func New(bodies []book.Body) (t *Table, err error) {
	defer func() {
		if r := recover(); r != nil {
			t, err = nil, fmt.Errorf("typed: %v", r)
		}
	}()
	b := &schemaBuilder{structs: map[reflect.Type]*structCodec{}, names: map[string]reflect.Type{}, types: apitypes.Types{}}
	sorted := append([]book.Body(nil), bodies...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Kind() < sorted[j].Kind() }) // names are claimed in one order
	t = &Table{rows: make(map[book.Kind]*schema, len(bodies))}
	for _, body := range sorted {
		k := body.Kind()
		if _, dup := t.rows[k]; dup {
			panic(fmt.Sprintf("kind %s is listed twice", k))
		}
		t.rows[k] = b.row(k, reflect.TypeOf(body))
	}
	hc := &hashCompiler{codecs: b.structs, types: apitypes.Types{}, structs: map[reflect.Type]*structHasher{}}
	t.hashers = make(map[book.Kind]*hasher, len(t.rows))
	for _, body := range sorted {
		h := &hasher{}
		h.typeHash, h.body = hc.primary(t.rows[body.Kind()])
		t.hashers[body.Kind()] = h
	}
	return t, nil
}

// Kinds returns the table's kinds, sorted.
func (t *Table) Kinds() []book.Kind {
	out := make([]book.Kind, 0, len(t.rows))
	for k := range t.rows {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// row builds kind k's schema for body type t.
func (b *schemaBuilder) row(k book.Kind, t reflect.Type) *schema {
	primary := primaryName(k)
	body := b.codec(t, primary)
	fields := append([]apitypes.Type(nil), envelopeFields...)
	seen := map[string]bool{}
	for _, f := range envelopeFields {
		seen[f.Name] = true
	}
	for _, f := range body.fields {
		if seen[f.name] {
			panic(fmt.Sprintf("%s body field %q shadows an envelope field", k, f.name))
		}
		seen[f.name] = true
		fields = append(fields, apitypes.Type{Name: f.name, Type: f.typ})
	}
	types := apitypes.Types{"EIP712Domain": domainFields, primary: fields}
	b.collect(types, fields)
	return &schema{primary: primary, types: types, body: body, goType: t}
}

// collect adds to types every struct type that fields reference, recursively.
func (b *schemaBuilder) collect(types apitypes.Types, fields []apitypes.Type) {
	for _, f := range fields {
		name := strings.TrimSuffix(f.Type, "[]")
		if _, done := types[name]; done {
			continue
		}
		if def, ok := b.types[name]; ok {
			types[name] = def
			b.collect(types, def)
		}
	}
}

// domainFields is the EIP712Domain type of every arena signature.
var domainFields = []apitypes.Type{
	{Name: "name", Type: "string"},
	{Name: "version", Type: "string"},
	{Name: "chainId", Type: "uint256"},
	{Name: "verifyingContract", Type: "address"},
}

// primaryName names kind k's primary type: its words capitalised and joined
// (tender_commit is TenderCommit).
func primaryName(k book.Kind) string {
	var sb strings.Builder
	for _, w := range strings.Split(string(k), "_") {
		if w != "" {
			sb.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return sb.String()
}

// structName names a nested struct type: its package and its Go name (round.Call is
// RoundCall).
func structName(t reflect.Type) string {
	pkg := t.PkgPath()
	pkg = pkg[strings.LastIndex(pkg, "/")+1:]
	return strings.ToUpper(pkg[:1]) + pkg[1:] + t.Name()
}

// codec returns the codec of struct type t, named name, building it on first use. It
// panics on a Go type the table cannot sign: the schema test runs over every body.
func (b *schemaBuilder) codec(t reflect.Type, name string) *structCodec {
	if c, ok := b.structs[t]; ok && c.name == name {
		return c
	}
	if prev, ok := b.names[name]; ok && prev != t {
		panic(fmt.Sprintf("type name %s names both %v and %v", name, prev, t))
	}
	b.names[name] = t
	c := &structCodec{name: name}
	b.structs[t] = c
	dig := map[string]bool{}
	for _, f := range digested[t] {
		if _, ok := t.FieldByName(f); !ok {
			panic(fmt.Sprintf("%v has no field %s to digest", t, f))
		}
		dig[f] = true
	}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if !f.IsExported() || tag == "-" {
			continue
		}
		fname, _, _ := strings.Cut(tag, ",")
		if fname == "" {
			fname = strings.ToLower(f.Name[:1]) + f.Name[1:]
		}
		fc := fieldCodec{name: fname, index: i}
		if dig[f.Name] {
			if f.Type.Kind() != reflect.String {
				panic(fmt.Sprintf("digested field %v.%s is not a string", t, f.Name))
			}
			fc.typ, fc.enc = "bytes32", encDigest
		} else {
			fc.typ, fc.enc = b.value(f.Type, fmt.Sprintf("%v.%s", t, f.Name))
		}
		c.fields = append(c.fields, fc)
	}
	fields := make([]apitypes.Type, len(c.fields))
	for i, f := range c.fields {
		fields[i] = apitypes.Type{Name: f.name, Type: f.typ}
	}
	b.types[name] = fields
	return c
}

// value returns the EIP-712 type of Go type t and its encoder; where names the field.
func (b *schemaBuilder) value(t reflect.Type, where string) (string, func(reflect.Value) any) {
	switch t {
	case typeAmount:
		return "uint256", func(v reflect.Value) any { return v.Interface().(book.Amount).String() }
	case typeAddress:
		return "address", func(v reflect.Value) any {
			return common.Address(v.Interface().(book.Address)).Hex()
		}
	}
	switch t.Kind() {
	case reflect.String:
		return "string", func(v reflect.Value) any { return v.String() }
	case reflect.Bool:
		return "bool", func(v reflect.Value) any { return v.Bool() }
	case reflect.Int, reflect.Int64:
		return "int64", encInt
	case reflect.Int8, reflect.Int16, reflect.Int32:
		return fmt.Sprintf("int%d", t.Bits()), encInt
	case reflect.Uint64, reflect.Uint:
		return "uint64", encUint
	case reflect.Uint8, reflect.Uint16, reflect.Uint32:
		return fmt.Sprintf("uint%d", t.Bits()), encUint
	case reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && t.Len() >= 1 && t.Len() <= 32 {
			return fmt.Sprintf("bytes%d", t.Len()), func(v reflect.Value) any {
				b := make([]byte, v.Len())
				for i := range b {
					b[i] = byte(v.Index(i).Uint())
				}
				return "0x" + hex.EncodeToString(b)
			}
		}
		return b.list(t.Elem(), where)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return "bytes", func(v reflect.Value) any { return "0x" + hex.EncodeToString(v.Bytes()) }
		}
		return b.list(t.Elem(), where)
	case reflect.Pointer:
		typ, enc := b.value(t.Elem(), where)
		if strings.HasSuffix(typ, "]") {
			panic(fmt.Sprintf("%s: a pointer to a list cannot be signed", where))
		}
		return typ + "[]", func(v reflect.Value) any {
			if v.IsNil() {
				return []any{}
			}
			return []any{enc(v.Elem())}
		}
	case reflect.Struct:
		c := b.codec(t, structName(t))
		return c.name, func(v reflect.Value) any { return c.encode(v) }
	}
	panic(fmt.Sprintf("%s: Go type %v has no EIP-712 type", where, t))
}

// list returns the type T[] of a list of elem and its encoder.
func (b *schemaBuilder) list(elem reflect.Type, where string) (string, func(reflect.Value) any) {
	typ, enc := b.value(elem, where)
	if strings.HasSuffix(typ, "]") {
		panic(fmt.Sprintf("%s: a list of lists cannot be signed", where))
	}
	return typ + "[]", func(v reflect.Value) any {
		out := make([]any, v.Len())
		for i := range out {
			out[i] = enc(v.Index(i))
		}
		return out
	}
}

// encode returns struct value v as an EIP-712 message: a map from field name to value.
func (c *structCodec) encode(v reflect.Value) map[string]any {
	m := make(map[string]any, len(c.fields))
	for _, f := range c.fields {
		m[f.name] = f.enc(v.Field(f.index))
	}
	return m
}

func encInt(v reflect.Value) any  { return strconv.FormatInt(v.Int(), 10) }
func encUint(v reflect.Value) any { return strconv.FormatUint(v.Uint(), 10) }

func encDigest(v reflect.Value) any {
	return "0x" + hex.EncodeToString(crypto.Keccak256([]byte(v.String())))
}

// Schema returns the EIP-712 primary type of kind k and the types a wallet signs it
// with: the primary type, every struct type it references and EIP712Domain. The types
// are a copy; false if k is not in the table.
func (t *Table) Schema(k book.Kind) (string, apitypes.Types, bool) {
	s, ok := t.rows[k]
	if !ok {
		return "", nil, false
	}
	types := make(apitypes.Types, len(s.types))
	for name, fields := range s.types {
		types[name] = append([]apitypes.Type(nil), fields...)
	}
	return s.primary, types, true
}

// Envelope is what every transaction's typed data holds besides its body.
type Envelope struct {
	Arena      [32]byte     // the arena's genesis hash
	Chain      string       // the arena's chain id
	Account    book.Address // the sender
	Nonce      uint64
	ValidUntil uint64      // unix seconds of the arena's clock after which it is refused
	MaxFee     book.Amount // the most fee the sender pays
	Value      book.Amount
	ChainID    uint64 // the EVM chain the signer's wallet was on: the domain's chainId
}

// ErrSchema wraps a transaction the table has no row for, or a chain id of zero.
var ErrSchema = errors.New("typed data")

// TypedData returns the EIP-712 typed data of a transaction with envelope env and body
// body: the domain of env's arena and chain id, body's primary type with the types it
// references, and the message. A wallet signs exactly this with eth_signTypedData_v4.
func (t *Table) TypedData(env Envelope, body book.Body) (apitypes.TypedData, error) {
	sc, err := t.rowOf(env, body)
	if err != nil {
		return apitypes.TypedData{}, err
	}
	msg := sc.body.encode(reflect.ValueOf(body))
	msg["arena"] = "0x" + hex.EncodeToString(env.Arena[:])
	msg["chain"] = env.Chain
	msg["account"] = common.Address(env.Account).Hex()
	msg["nonce"] = strconv.FormatUint(env.Nonce, 10)
	msg["validUntil"] = strconv.FormatUint(env.ValidUntil, 10)
	msg["maxFee"] = env.MaxFee.String()
	msg["value"] = env.Value.String()
	return apitypes.TypedData{Types: sc.types, PrimaryType: sc.primary, Domain: Domain(env.Arena, env.ChainID), Message: msg}, nil
}

// Digest returns the EIP-712 digest of the typed data TypedData returns:
// keccak256(0x19 0x01 || domainSeparator || hashStruct(message)). It is computed from
// env and body directly, with the domain separator and every typeHash computed once,
// and equals go-ethereum's TypedDataAndHash of that typed data. It is safe for
// concurrent use.
func (t *Table) Digest(env Envelope, body book.Body) ([32]byte, error) {
	if _, err := t.rowOf(env, body); err != nil {
		return [32]byte{}, err
	}
	return t.digest(t.hashers[body.Kind()], env, reflect.ValueOf(body)), nil
}

// rowOf returns the row of body's kind, refusing a body the table has no row for (or
// one of another Go type than the row's) and a chain id of zero.
func (t *Table) rowOf(env Envelope, body book.Body) (*schema, error) {
	if body == nil {
		return nil, fmt.Errorf("%w: no body", ErrSchema)
	}
	sc, ok := t.rows[body.Kind()]
	if !ok || reflect.TypeOf(body) != sc.goType {
		return nil, fmt.Errorf("%w: no schema for a %T of kind %q", ErrSchema, body, body.Kind())
	}
	if env.ChainID == 0 {
		return nil, errZeroChainID()
	}
	return sc, nil
}

// errZeroChainID refuses a signature under chain id 0, which no EVM chain has.
func errZeroChainID() error {
	return fmt.Errorf("%w: the chain id must be 1 to 18446744073709551615", ErrSchema)
}

// single returns the typed data of a signature whose primary type references no other:
// the arena's domain (Domain) under chainID, the primary type with fields, and msg. It
// refuses a chain id of zero.
func single(primary string, fields []apitypes.Type, arena [32]byte, chainID uint64, msg apitypes.TypedDataMessage) (apitypes.TypedData, error) {
	if chainID == 0 {
		return apitypes.TypedData{}, errZeroChainID()
	}
	return apitypes.TypedData{
		Types: apitypes.Types{
			"EIP712Domain": append([]apitypes.Type(nil), domainFields...),
			primary:        append([]apitypes.Type(nil), fields...),
		},
		PrimaryType: primary,
		Domain:      Domain(arena, chainID),
		Message:     msg,
	}, nil
}

// digestOf returns go-ethereum's EIP-712 digest of td, or err when making td failed.
func digestOf(td apitypes.TypedData, err error) ([32]byte, error) {
	if err != nil {
		return [32]byte{}, err
	}
	h, _, err := apitypes.TypedDataAndHash(td)
	if err != nil {
		return [32]byte{}, fmt.Errorf("%w: %s: %v", ErrSchema, td.PrimaryType, err)
	}
	return [32]byte(h), nil
}

// VerifyingContract returns the address in the EIP-712 domain of the arena whose genesis
// hash is genesis: the last 20 bytes of keccak256("Arena" || genesis). It is no contract;
// it names the arena in a form every wallet accepts.
func VerifyingContract(genesis [32]byte) book.Address {
	h := crypto.Keccak256([]byte(DomainName), genesis[:])
	var a book.Address
	copy(a[:], h[12:])
	return a
}

// Domain returns the EIP-712 domain of a signature for the arena whose genesis hash is
// genesis, made by a wallet on EVM chain chainID.
func Domain(genesis [32]byte, chainID uint64) apitypes.TypedDataDomain {
	cid := new(big.Int).SetUint64(chainID)
	return apitypes.TypedDataDomain{
		Name:              DomainName,
		Version:           TypedDataVersion,
		ChainId:           (*math.HexOrDecimal256)(cid),
		VerifyingContract: common.Address(VerifyingContract(genesis)).Hex(),
	}
}
