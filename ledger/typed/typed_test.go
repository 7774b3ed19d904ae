package typed_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/ledger/typed"
)

var (
	typeAmount  = reflect.TypeFor[ledger.Amount]()
	typeAddress = reflect.TypeFor[ledger.Address]()
	table       = ledger.SchemaTable()
)

// envelope is the envelope every test transaction starts from.
var envelope = typed.Envelope{Arena: [32]byte{1}, Chain: "schema-test", Account: ledger.Address{2}, Nonce: 3,
	ValidUntil: 4, MaxFee: ledger.NewAmount(5), ChainID: 1}

// zero returns kind k's zero body.
func zero(t *testing.T, k ledger.Kind) ledger.Body {
	t.Helper()
	b, ok := ledger.ZeroBody(k)
	if !ok {
		t.Fatalf("no body for kind %s", k)
	}
	return b
}

// Every registered body kind has its own primary type, and the primary types are
// distinct: a transaction of one kind never verifies as another.
func TestEveryKindHasItsOwnPrimaryType(t *testing.T) {
	seen := map[string]ledger.Kind{}
	for _, k := range ledger.Kinds() {
		primary, types, ok := table.Schema(k)
		if !ok {
			t.Fatalf("kind %s has no schema", k)
		}
		if prev, dup := seen[primary]; dup {
			t.Fatalf("kinds %s and %s share the primary type %s", prev, k, primary)
		}
		seen[primary] = k
		if got := fmt.Sprint(types[primary][:len(envelopeFields)]); got != fmt.Sprint(envelopeFields) {
			t.Fatalf("%s opens with %s, want the envelope's %v", primary, got, envelopeFields)
		}
		if got := fmt.Sprint(types["EIP712Domain"]); got != "[{name string} {version string} {chainId uint256} {verifyingContract address}]" {
			t.Fatalf("%s's EIP712Domain is %s", primary, got)
		}
	}
	if got, want := fmt.Sprint(table.Kinds()), fmt.Sprint(ledger.Kinds()); got != want {
		t.Fatalf("the table's kinds %s, want the ledger's %s", got, want)
	}
}

// envelopeFields are the fields every primary type opens with.
var envelopeFields = []apitypes.Type{
	{Name: "arena", Type: "bytes32"}, {Name: "chain", Type: "string"}, {Name: "account", Type: "address"},
	{Name: "nonce", Type: "uint64"}, {Name: "validUntil", Type: "uint64"}, {Name: "maxFee", Type: "uint256"},
	{Name: "value", Type: "uint256"},
}

// Every exported Go field of every body, at every depth, is a field of its EIP-712 type,
// under its JSON name, in declaration order: nothing execution reads is left unsigned.
func TestEveryGoFieldIsInTheSchema(t *testing.T) {
	for _, k := range ledger.Kinds() {
		primary, types, _ := table.Schema(k)
		checkCovered(t, types, primary, reflect.TypeOf(zero(t, k)), len(envelopeFields))
	}
}

func checkCovered(t *testing.T, types apitypes.Types, name string, rt reflect.Type, skip int) {
	t.Helper()
	fields := types[name][skip:]
	var want []string
	for i := range rt.NumField() {
		f := rt.Field(i)
		tag := f.Tag.Get("json")
		if !f.IsExported() || tag == "-" {
			continue
		}
		n, _, _ := strings.Cut(tag, ",")
		if n == "" {
			n = strings.ToLower(f.Name[:1]) + f.Name[1:]
		}
		want = append(want, n)
		ft := f.Type
		for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice || (ft.Kind() == reflect.Array && ft.Elem().Kind() != reflect.Uint8) {
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.Struct && ft != typeAmount {
			sub := strings.TrimSuffix(fields[len(want)-1].Type, "[]")
			if _, ok := types[sub]; !ok {
				t.Fatalf("%s.%s: type %s is not among the types", name, n, sub)
			}
			checkCovered(t, types, sub, ft, 0)
		}
	}
	var got []string
	for _, f := range fields {
		got = append(got, f.Name)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%s fields %v, want the Go fields %v", name, got, want)
	}
}

// Changing any one field of a body, at any depth, or of the envelope changes the
// digest a signature covers.
func TestEveryFieldChangesTheDigest(t *testing.T) {
	for _, k := range ledger.Kinds() {
		body := zero(t, k)
		h0, err := table.Digest(envelope, body)
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		rt := reflect.TypeOf(body)
		for _, path := range leafPaths(rt, nil) {
			w := reflect.New(rt).Elem()
			mutate(w, path)
			h, err := table.Digest(envelope, w.Interface().(ledger.Body))
			if err != nil {
				t.Fatalf("%s %v: %v", k, path, err)
			}
			if h == h0 {
				t.Fatalf("%s: changing field %v leaves the digest as it was", k, path)
			}
		}
		for _, edit := range []struct {
			name string
			f    func(*typed.Envelope)
		}{
			{"arena", func(e *typed.Envelope) { e.Arena[0] ^= 1 }}, {"chain", func(e *typed.Envelope) { e.Chain += "x" }},
			{"account", func(e *typed.Envelope) { e.Account[0] ^= 1 }}, {"nonce", func(e *typed.Envelope) { e.Nonce++ }},
			{"validUntil", func(e *typed.Envelope) { e.ValidUntil++ }}, {"maxFee", func(e *typed.Envelope) { e.MaxFee = ledger.NewAmount(6) }},
			{"value", func(e *typed.Envelope) { e.Value = ledger.NewAmount(1) }}, {"chainId", func(e *typed.Envelope) { e.ChainID++ }},
		} {
			env := envelope
			edit.f(&env)
			if h, err := table.Digest(env, body); err != nil || h == h0 {
				t.Fatalf("%s: changing %s leaves the digest as it was (%v)", k, edit.name, err)
			}
		}
	}
}

// leafPaths lists the field-index paths of every leaf field of struct type rt; a
// list or pointer is a leaf (mutate gives it one element).
func leafPaths(rt reflect.Type, prefix []int) [][]int {
	var out [][]int
	for i := range rt.NumField() {
		f := rt.Field(i)
		if !f.IsExported() || f.Tag.Get("json") == "-" {
			continue
		}
		p := append(append([]int(nil), prefix...), i)
		if f.Type.Kind() == reflect.Struct && f.Type != typeAmount {
			out = append(out, leafPaths(f.Type, p)...)
			continue
		}
		out = append(out, p)
	}
	return out
}

// mutate sets the leaf at path of v to a value other than its zero.
func mutate(v reflect.Value, path []int) {
	f := v.Field(path[0])
	if len(path) > 1 {
		mutate(f, path[1:])
		return
	}
	switch {
	case f.Type() == typeAmount:
		f.Set(reflect.ValueOf(ledger.NewAmount(1)))
		return
	case f.Type() == typeAddress:
		f.Set(reflect.ValueOf(ledger.Address{9}))
		return
	}
	switch f.Kind() {
	case reflect.String:
		f.SetString("x")
	case reflect.Bool:
		f.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		f.SetInt(1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		f.SetUint(1)
	case reflect.Slice:
		f.Set(reflect.Append(f, reflect.New(f.Type().Elem()).Elem()))
	case reflect.Pointer:
		f.Set(reflect.New(f.Type().Elem()))
	case reflect.Array:
		if f.Type().Elem().Kind() == reflect.Uint8 {
			f.Index(0).SetUint(1)
		} else if e := f.Index(0); e.Type() != typeAddress && (e.Kind() == reflect.Struct || e.Kind() == reflect.Array) {
			mutateAny(e)
		} else {
			mutateLeaf(e)
		}
	}
}

// mutateAny changes the first leaf of a struct or array value.
func mutateAny(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		paths := leafPaths(v.Type(), nil)
		mutate(v, paths[0])
	case reflect.Array:
		mutateLeaf(v.Index(0))
	default:
		mutateLeaf(v)
	}
}

func mutateLeaf(v reflect.Value) {
	if v.Type() == typeAddress {
		v.Set(reflect.ValueOf(ledger.Address{9}))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString("x")
	case reflect.Struct:
		mutateAny(v)
	default:
		panic(fmt.Sprintf("mutateLeaf: %v", v.Type()))
	}
}

// Two kinds whose bodies have identical fields (an award and an expiry of a tender)
// still have different digests for the same values: the primary type names the kind.
func TestIdenticalFieldsDifferentKindsDiffer(t *testing.T) {
	pa, ta, _ := table.Schema(tender.KindAward)
	pe, te, _ := table.Schema(tender.KindExpire)
	if fmt.Sprint(ta[pa]) != fmt.Sprint(te[pe]) {
		t.Fatal("the two kinds no longer have identical fields; pick two that do")
	}
	ha, _ := table.Digest(envelope, tender.Award{Tender: 1})
	he, _ := table.Digest(envelope, tender.Expire{Tender: 1})
	if ha == he {
		t.Fatal("an award and an expiry with the same fields share a digest")
	}
}
