package typed_test

import (
	"bytes"
	"fmt"
	"math/big"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/typed"
)

// gethDigest is go-ethereum's digest of the typed data the table gives env and body.
func gethDigest(t *testing.T, env typed.Envelope, body ledger.Body) [32]byte {
	t.Helper()
	td, err := table.TypedData(env, body)
	if err != nil {
		t.Fatalf("TypedData %s: %v", body.Kind(), err)
	}
	h, _, err := apitypes.TypedDataAndHash(td)
	if err != nil {
		t.Fatalf("TypedDataAndHash %s: %v", body.Kind(), err)
	}
	return [32]byte(h)
}

// The table's digest, computed from Go values, is go-ethereum's TypedDataAndHash of the
// typed data a wallet signs, byte for byte: for every primary type of the schema, over
// zero bodies and bodies with random values at every depth (negative and extreme
// integers, 256-bit amounts, empty and multi-byte strings, empty and long lists, nil
// and set pointers), under random envelopes and chain ids from 1 to 2^64-1.
func TestDigestEqualsGoEthereum(t *testing.T) {
	rng := rand.New(rand.NewPCG(712, 1))
	for _, k := range ledger.Kinds() {
		for i := range 40 {
			body := zero(t, k)
			env := envelope
			if i > 0 {
				v := reflect.New(reflect.TypeOf(body)).Elem()
				fill(rng, v, 0)
				body = v.Interface().(ledger.Body)
				env = randomEnvelope(rng)
			}
			got, err := table.Digest(env, body)
			if err != nil {
				t.Fatalf("Digest %s: %v", k, err)
			}
			if want := gethDigest(t, env, body); got != want {
				t.Fatalf("%s body %d: digest %x, go-ethereum's %x\nbody %+v\nenvelope %+v", k, i, got, want, body, env)
			}
		}
	}
}

// Digests computed on every core at once, sharing the table's caches, equal the ones
// computed one at a time.
func TestDigestConcurrent(t *testing.T) {
	rng := rand.New(rand.NewPCG(712, 2))
	type job struct {
		env  typed.Envelope
		body ledger.Body
		want [32]byte
	}
	var jobs []job
	for _, k := range ledger.Kinds() {
		v := reflect.New(reflect.TypeOf(zero(t, k))).Elem()
		fill(rng, v, 0)
		env := randomEnvelope(rng)
		env.ChainID = uint64(len(jobs)%3 + 1) // a few domains, each shared by many digests
		body := v.Interface().(ledger.Body)
		jobs = append(jobs, job{env, body, gethDigest(t, env, body)})
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8*len(jobs))
	for w := range 8 {
		wg.Go(func() {
			for i := range jobs {
				j := jobs[(i+w)%len(jobs)]
				got, err := table.Digest(j.env, j.body)
				if err != nil || got != j.want {
					errs <- fmt.Sprintf("%s: digest %x, %v; want %x", j.body.Kind(), got, err, j.want)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}

// stray is a body of a kind the table has no row for.
type stray struct{}

func (stray) Kind() ledger.Kind { return "stray" }

// A digest refuses what TypedData refuses, with its message: no body, a body the table
// has no row for, a chain id of zero.
func TestDigestRefusals(t *testing.T) {
	zeroChain := envelope
	zeroChain.ChainID = 0
	for _, c := range []struct {
		env  typed.Envelope
		body ledger.Body
		want string
	}{
		{envelope, nil, "typed data: no body"},
		{envelope, stray{}, `typed data: no schema for a typed_test.stray of kind "stray"`},
		{zeroChain, ledger.Withdraw{}, "typed data: the chain id must be 1 to 18446744073709551615"},
	} {
		_, err := table.Digest(c.env, c.body)
		_, tdErr := table.TypedData(c.env, c.body)
		if fmt.Sprint(err) != c.want || fmt.Sprint(tdErr) != c.want {
			t.Errorf("Digest refused with %v and TypedData with %v, want %s", err, tdErr, c.want)
		}
	}
}

// randomEnvelope returns an envelope with random values, its chain id from 1 to 2^64-1.
func randomEnvelope(rng *rand.Rand) typed.Envelope {
	var env typed.Envelope
	fill(rng, reflect.ValueOf(&env.Arena).Elem(), 0)
	fill(rng, reflect.ValueOf(&env.Account).Elem(), 0)
	env.Chain = randomString(rng)
	env.Nonce, env.ValidUntil = rng.Uint64(), rng.Uint64()
	env.MaxFee, env.Value = randomAmount(rng), randomAmount(rng)
	env.ChainID = max(rng.Uint64()>>rng.IntN(64), 1)
	if rng.IntN(4) == 0 {
		env.ChainID = 1<<64 - 1
	}
	return env
}

// fill sets v, of any type a body holds, to random values at every depth.
func fill(rng *rand.Rand, v reflect.Value, depth int) {
	switch v.Type() {
	case typeAmount:
		v.Set(reflect.ValueOf(randomAmount(rng)))
		return
	case typeAddress:
		for i := range v.Len() {
			v.Index(i).SetUint(uint64(rng.IntN(256)))
		}
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(randomString(rng))
	case reflect.Bool:
		v.SetBool(rng.IntN(2) == 1)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := v.Type().Bits()
		n := int64(rng.Uint64()) >> (64 - bits) // sign-extended: negative about half the time
		switch rng.IntN(6) {
		case 0:
			n = -1 << (bits - 1)
		case 1:
			n = 1<<(bits-1) - 1
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n := rng.Uint64() >> (64 - v.Type().Bits())
		if rng.IntN(6) == 0 {
			n = 1<<v.Type().Bits() - 1
		}
		v.SetUint(n)
	case reflect.Array:
		for i := range v.Len() {
			fill(rng, v.Index(i), depth+1)
		}
	case reflect.Slice:
		n := rng.IntN(4)
		if depth > 3 {
			n = 0
		}
		if rng.IntN(8) == 0 && depth <= 3 {
			n = 9
		}
		s := reflect.MakeSlice(v.Type(), n, n)
		for i := range n {
			fill(rng, s.Index(i), depth+1)
		}
		v.Set(s)
	case reflect.Pointer:
		if rng.IntN(2) == 0 || depth > 3 {
			v.SetZero()
			return
		}
		p := reflect.New(v.Type().Elem())
		fill(rng, p.Elem(), depth+1)
		v.Set(p)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(rng, v.Field(i), depth+1)
			}
		}
	default:
		panic(fmt.Sprintf("fill: no value for %v", v.Type()))
	}
}

// randomAmount returns an amount of 0 to 256 bits, its extremes included.
func randomAmount(rng *rand.Rand) ledger.Amount {
	var b [32]byte
	switch rng.IntN(5) {
	case 0: // zero
	case 1:
		b = [32]byte(bytes.Repeat([]byte{0xff}, 32))
	default:
		for i := 32 - 1 - rng.IntN(32); i < 32; i++ {
			b[i] = byte(rng.IntN(256))
		}
	}
	a, err := ledger.ParseAmount(new(big.Int).SetBytes(b[:]).String())
	if err != nil {
		panic(err)
	}
	return a
}

// randomString returns an empty, ASCII, or multi-byte UTF-8 string.
func randomString(rng *rand.Rand) string {
	alphabet := []rune("abc XYZ 019 é中🙂\"\\\n")
	n := rng.IntN(24)
	if rng.IntN(10) == 0 {
		n = 300 // longer than a keccak block
	}
	r := make([]rune, n)
	for i := range r {
		r[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(r)
}
