package api_test

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	gethcommon "github.com/ethereum/go-ethereum/common"
	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/api"
	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match/receipt"
	"github.com/arena/arena/ledger/typed"
)

// GET /v1/typed-data/types serves the node's own schema table: every kind the ledger
// takes, each with the primary type and the types the table signs it under, and no
// other.
func TestTheServedSchemaIsTheNodesTable(t *testing.T) {
	f := newFixture(t)
	var got wire.TypedDataTypes
	if st := f.get("/v1/typed-data/types", &got); st != http.StatusOK {
		t.Fatalf("GET /v1/typed-data/types = %d", st)
	}
	want := wire.TypedDataTypes{Kinds: map[ledger.Kind]wire.Schema{}}
	for _, k := range ledger.Kinds() {
		primary, types, ok := ledger.SchemaTable().Schema(k)
		if !ok {
			t.Fatalf("the table has no row for kind %s", k)
		}
		want.Kinds[k] = wire.Schema{PrimaryType: primary, Types: types}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("GET /v1/typed-data/types (-table +served):\n%s", d)
	}
}

// The OpenAPI document lists every kind's schema, x-primary-types and x-types of GET
// /v1/typed-data/types, exactly as the node's table holds it: each kind's primary type,
// and each type's fields as "type name", in order.
func TestTheOpenAPIDocumentListsEveryKindsSchema(t *testing.T) {
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	var listed struct {
		Primary map[ledger.Kind]string `json:"x-primary-types"`
		Types   map[string][]string    `json:"x-types"`
	}
	if err := json.Unmarshal(api.OpenAPI, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	if err := json.Unmarshal(doc.Paths["/v1/typed-data/types"]["get"], &listed); err != nil {
		t.Fatalf("openapi.json: GET /v1/typed-data/types: %v", err)
	}
	primary, types := map[ledger.Kind]string{}, map[string][]string{}
	for _, k := range ledger.Kinds() {
		p, ts, _ := ledger.SchemaTable().Schema(k)
		primary[k] = p
		for name, fields := range ts {
			var fs []string
			for _, f := range fields {
				fs = append(fs, f.Type+" "+f.Name)
			}
			types[name] = fs
		}
	}
	if d := cmp.Diff(primary, listed.Primary); d != "" {
		t.Errorf("x-primary-types (-table +openapi.json):\n%s", d)
	}
	if d := cmp.Diff(types, listed.Types); d != "" {
		t.Errorf("x-types (-table +openapi.json):\n%s", d)
	}
}

// arenaAnswer is GET /v1/arena, decoded, and its terms as the answer spells them.
func arenaAnswer(t *testing.T, f *fixture) (wire.Arena, json.RawMessage) {
	t.Helper()
	resp, err := http.Get(f.srv.URL + "/v1/arena")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var v wire.Arena
	var raw struct {
		Terms json.RawMessage `json:"terms"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("GET /v1/arena: %v", err)
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	return v, raw.Terms
}

// GET /v1/arena carries what a wallet signs with: the genesis hash, which is sha256 of
// the terms exactly as the answer spells them, and the EIP-712 domain but its chainId.
func TestTheArenaCarriesItsGenesisHashAndDomain(t *testing.T) {
	f := newFixture(t)
	v, terms := arenaAnswer(t, f)
	g := f.terms.GenesisHash()
	if v.GenesisHash != ledger.HexHash(g) {
		t.Errorf("genesis_hash %s, want %s", v.GenesisHash, ledger.HexHash(g))
	}
	if sum := sha256.Sum256(terms); sum != g {
		t.Errorf("sha256 of the terms as GET /v1/arena spells them is %x, want the genesis hash %x", sum, g)
	}
	want := wire.Domain{Name: "Arena", Version: typed.TypedDataVersion, VerifyingContract: typed.VerifyingContract(g)}
	if v.Domain != want {
		t.Errorf("domain %+v, want %+v", v.Domain, want)
	}
	dom := typed.Domain(g, 8453)
	if dom.Name != v.Domain.Name || dom.Version != v.Domain.Version || dom.VerifyingContract != gethcommon.Address(v.Domain.VerifyingContract).Hex() {
		t.Errorf("domain %+v is not the domain the node signs under, %+v", v.Domain, dom)
	}
}

// GET /v1/arena's next_time is the arena's clock in a block made now: before the first
// block, the node's clock (time reads 0); after blocks, the later of the node's clock
// and the last block's time, plus every dev_advance.
func TestTheArenaCarriesItsClockAtTheNextBlock(t *testing.T) {
	for _, c := range []struct {
		name  string
		clock int64 // the API's clock, unix seconds
	}{
		{"a node clock ahead of the blocks", time.Now().Add(24 * time.Hour).Unix()},
		{"a node clock behind the blocks", 1000},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t, func(cfg *api.Config) { cfg.Now = func() time.Time { return time.Unix(c.clock, 0) } })
			v, _ := arenaAnswer(t, f)
			if v.Time != 0 || v.NextTime != c.clock {
				t.Fatalf("before the first block: time %d, next_time %d; want 0 and the node's clock %d", v.Time, v.NextTime, c.clock)
			}
			for i, b := range []ledger.Body{faucet(f.sender.Address()), ledger.Advance{Seconds: 100}} {
				if st, ans := f.post(f.encode(f.tx(uint64(i+1), ledger.Amount{}, b))); st != http.StatusOK {
					t.Fatalf("POST /v1/tx %s = %d %s", b.Kind(), st, ans)
				}
			}
			var block int64
			f.eng.View(func(s *ledger.State) { block = s.BlockTime() })
			v, _ = arenaAnswer(t, f)
			if want := max(block, c.clock) + 100; v.NextTime != want || v.Time != block+100 {
				t.Errorf("after a block at %d and an advance of 100 s: time %d, next_time %d; want %d and %d", block, v.Time, v.NextTime, block+100, want)
			}
		})
	}
}

// POST /v1/typed-data refuses a transaction in its wire JSON that names no arena, and
// says where to read it: the node never fills in what the client then signs.
func TestTypedDataRefusesATransactionThatNamesNoArena(t *testing.T) {
	f := newFixture(t)
	tx := &ledger.Tx{From: f.sender.Address(), Nonce: 1, SigChainID: 1, Body: ledger.Withdraw{}}
	f.terms.Stamp(tx, ledger.NoExpiry)
	var m map[string]any
	if err := json.Unmarshal(f.encode(tx), &m); err != nil {
		t.Fatal(err)
	}
	for _, arena := range []any{nil, "", "absent"} {
		if arena == "absent" {
			delete(m, "arena")
		} else {
			m["arena"] = arena
		}
		b, _ := json.Marshal(m)
		st, ans := f.postTo("/v1/typed-data", b)
		refusedWith(t, "/v1/typed-data", st, ans, http.StatusBadRequest,
			"The transaction names no arena: set arena to the genesis_hash GET /v1/arena answers")
	}
}

// A wallet's client that reads nothing but the served schema (GET /v1/typed-data/types),
// GET /v1/arena and the README's rules builds, from a transaction's wire JSON, typed data
// whose digest (ethers' TypedDataEncoder) is the node's, for every kind: with every field
// set, and with the body's zero value, whose JSON omits what the node still signs.
func TestAWalletBuildsEveryKindsTypedDataFromTheServedSchema(t *testing.T) {
	if _, err := os.Stat(filepath.Join(walletsDir, "node_modules", "ethers")); err != nil {
		t.Fatalf("ethers is required in %s/node_modules: run scripts/test, or npm install there: %v", walletsDir, err)
	}
	f := newFixture(t)
	type sample struct {
		name   string
		wire   []byte
		digest string
	}
	var samples []sample
	for i, k := range ledger.Kinds() {
		zero, _ := ledger.ZeroBody(k)
		full := reflect.New(reflect.TypeOf(zero)).Elem()
		fillBody(full, i)
		for _, b := range []struct {
			name string
			body ledger.Body
		}{{"zero", zero}, {"full", full.Interface().(ledger.Body)}} {
			tx := &ledger.Tx{From: f.sender.Address(), Nonce: uint64(i + 1), Value: ledger.NewAmount(uint64(i)), SigChainID: 8453, Body: b.body}
			f.terms.Stamp(tx, uint64(1_900_000_000+i))
			wireJSON := f.encode(tx)
			samples = append(samples, sample{fmt.Sprintf("%s (%s)", k, b.name), wireJSON, f.typedData(tx).Digest})
		}
	}
	var in bytes.Buffer
	for _, s := range samples {
		in.Write(append(slices.Clone(s.wire), '\n'))
	}
	cmd := exec.Command("node", "build.mjs", f.srv.URL)
	cmd.Dir = walletsDir
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node build.mjs: %v\n%s", err, stderr.String())
	}
	var got []string
	for sc := bufio.NewScanner(bytes.NewReader(out)); sc.Scan(); {
		got = append(got, sc.Text())
	}
	if len(got) != len(samples) {
		t.Fatalf("node build.mjs gave %d digests for %d transactions", len(got), len(samples))
	}
	for i, s := range samples {
		if got[i] != s.digest {
			t.Errorf("%s: the wallet's digest %s, the node's %s; wire JSON %s", s.name, got[i], s.digest, s.wire)
		}
	}
}

// fillBody sets every field of v, a body or a value within one, at every depth, to a
// value that is not its zero and that a JavaScript number holds exactly; seed varies
// them.
func fillBody(v reflect.Value, seed int) {
	switch v.Type() {
	case reflect.TypeFor[ledger.Amount]():
		v.Set(reflect.ValueOf(ledger.MustAmount(fmt.Sprintf("12345678901234567890123456789%d", seed))))
		return
	case reflect.TypeFor[ledger.Address]():
		for i := range v.Len() {
			v.Index(i).SetUint(uint64(0xa0 + i + seed))
		}
		return
	case reflect.TypeFor[receipt.Reason]():
		v.SetUint(uint64(1 + seed%4)) // a reason with a name
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("text %d é中🙂 \"quoted\"\n", seed))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(-1 - seed%100))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(7 + seed%100))
	case reflect.Array:
		for i := range v.Len() {
			fillBody(v.Index(i), seed+i)
		}
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := range 2 {
			fillBody(s.Index(i), seed+i)
		}
		v.Set(s)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fillBody(p.Elem(), seed)
		v.Set(p)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fillBody(v.Field(i), seed+i)
			}
		}
	default:
		panic(fmt.Sprintf("fillBody: no value for %v", v.Type()))
	}
}
