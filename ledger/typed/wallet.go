package typed

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/arena/arena/ledger/book"
)

// Wallet is the JSON a wallet's transaction arrives in: the typed data's primary type and
// message as the wallet signed them, the chain id it signed under and its signature, and
// beside them the body in its wire JSON (the bytes of every digested text). Types, if a
// client sends them, must be the table's.
type Wallet struct {
	PrimaryType      string          `json:"primaryType"`
	Types            json.RawMessage `json:"types,omitempty"`
	Message          json.RawMessage `json:"message"`
	Body             json.RawMessage `json:"body"`
	SignatureChainID json.RawMessage `json:"signatureChainId"`
	Signature        string          `json:"signature"`
}

// ErrWallet wraps every refusal of a wallet's typed data.
var ErrWallet = errors.New("typed data")

// Kind returns the kind whose primary type is name.
func (t *Table) Kind(name string) (book.Kind, bool) {
	for k, row := range t.rows {
		if row.primary == name {
			return k, true
		}
	}
	return "", false
}

// ChainID parses a signature chain id: a JSON number, or a string of decimal digits or
// of 0x and hex digits, from 1 to 2^64-1.
func ChainID(raw json.RawMessage) (uint64, error) {
	s := strings.TrimSpace(string(raw))
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	}
	n, ok := new(big.Int), false
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		_, ok = n.SetString(s[2:], 16)
	} else if s != "" && strings.Trim(s, "0123456789") == "" {
		_, ok = n.SetString(s, 10)
	}
	if !ok || n.Sign() == 0 || !n.IsUint64() {
		return 0, fmt.Errorf("%w: signatureChainId must be 1 to 18446744073709551615", ErrWallet)
	}
	return n.Uint64(), nil
}

// Envelope reads the envelope fields of a wallet's message of kind k. The account must
// be in lower case or in its EIP-55 checksum case.
func (t *Table) Envelope(message json.RawMessage) (Envelope, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(message, &m); err != nil || m == nil {
		return Envelope{}, fmt.Errorf("%w: message must be a JSON object", ErrWallet)
	}
	var env Envelope
	str := func(name string) (string, error) {
		var s string
		raw, ok := m[name]
		if !ok {
			return "", fmt.Errorf("%w: message lacks field %q", ErrWallet, name)
		}
		if err := json.Unmarshal(raw, &s); err != nil {
			var n json.Number
			if json.Unmarshal(raw, &n) != nil || name == "chain" || name == "arena" || name == "account" {
				return "", fmt.Errorf("%w: message field %q must be a string", ErrWallet, name)
			}
			s = n.String()
		}
		return s, nil
	}
	num := func(name string, bits int) (*big.Int, error) {
		s, err := str(name)
		if err != nil {
			return nil, err
		}
		n, ok := new(big.Int).SetString(s, 10)
		if !ok || n.Sign() < 0 || n.BitLen() > bits {
			return nil, fmt.Errorf("%w: message field %q must be a uint%d in decimal", ErrWallet, name, bits)
		}
		return n, nil
	}
	s, err := str("arena")
	if err != nil {
		return env, err
	}
	if b, err := hexBytes(s); err != nil || len(b) != 32 {
		return env, fmt.Errorf("%w: message field \"arena\" must be 0x and 64 hex digits", ErrWallet)
	} else {
		copy(env.Arena[:], b)
	}
	if env.Chain, err = str("chain"); err != nil {
		return env, err
	}
	if s, err = str("account"); err != nil {
		return env, err
	}
	if !common.IsHexAddress(s) || !strings.HasPrefix(s, "0x") {
		return env, fmt.Errorf("%w: message field \"account\" must be 0x and 40 hex digits", ErrWallet)
	}
	if s[2:] != strings.ToLower(s[2:]) && s != common.HexToAddress(s).Hex() {
		return env, fmt.Errorf("%w: message field \"account\" is not in its EIP-55 checksum case", ErrWallet)
	}
	env.Account = book.Address(common.HexToAddress(s))
	for _, f := range []struct {
		name string
		bits int
		set  func(*big.Int)
	}{
		{"nonce", 64, func(n *big.Int) { env.Nonce = n.Uint64() }},
		{"validUntil", 64, func(n *big.Int) { env.ValidUntil = n.Uint64() }},
		{"maxFee", 256, func(n *big.Int) { env.MaxFee = amount(n) }},
		{"value", 256, func(n *big.Int) { env.Value = amount(n) }},
	} {
		n, err := num(f.name, f.bits)
		if err != nil {
			return env, err
		}
		f.set(n)
	}
	return env, nil
}

func amount(n *big.Int) book.Amount {
	a, _ := book.ParseAmount(n.String()) // at most 256 bits, checked by the caller
	return a
}

func hexBytes(s string) ([]byte, error) {
	if !strings.HasPrefix(s, "0x") {
		return nil, errors.New("no 0x")
	}
	return common.FromHex(s), nil
}

// CheckMessage checks a wallet's message and types against the typed data of env and
// body under the table: the message has exactly the primary type's fields, each equal
// (as EIP-712 encodes it) to the transaction's, and types, if sent, are the table's
// (with or without EIP712Domain, which some libraries leave out). Each refusal names
// the field.
func (t *Table) CheckMessage(env Envelope, body book.Body, message, types json.RawMessage) error {
	td, err := t.TypedData(env, body)
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(types)) > 0 && string(bytes.TrimSpace(types)) != "null" {
		var got apitypes.Types
		if err := json.Unmarshal(types, &got); err != nil {
			return fmt.Errorf("%w: types is not a map of EIP-712 types", ErrWallet)
		}
		want := td.Types
		if _, ok := got["EIP712Domain"]; !ok {
			want = make(apitypes.Types, len(td.Types))
			for k, v := range td.Types {
				if k != "EIP712Domain" {
					want[k] = v
				}
			}
		}
		if !reflect.DeepEqual(got, want) {
			return fmt.Errorf("%w: types differ from the arena's schema for %s", ErrWallet, td.PrimaryType)
		}
	}
	d := json.NewDecoder(bytes.NewReader(message))
	d.UseNumber()
	var posted map[string]any
	if err := d.Decode(&posted); err != nil || posted == nil {
		return fmt.Errorf("%w: message must be a JSON object", ErrWallet)
	}
	fields := td.Types[td.PrimaryType]
	known := make(map[string]bool, len(fields))
	for _, f := range fields {
		known[f.Name] = true
	}
	for name := range posted {
		if !known[name] {
			return fmt.Errorf("%w: message field %q is not in type %s", ErrWallet, name, td.PrimaryType)
		}
	}
	for _, f := range fields {
		v, ok := posted[f.Name]
		if !ok {
			return fmt.Errorf("%w: message lacks field %q of type %s", ErrWallet, f.Name, td.PrimaryType)
		}
		got, err1 := fieldHash(td, f, numbers(v))
		want, err2 := fieldHash(td, f, td.Message[f.Name])
		if err1 != nil || err2 != nil || !bytes.Equal(got, want) {
			return fmt.Errorf("%w: message field %q does not match the transaction", ErrWallet, f.Name)
		}
	}
	return nil
}

// fieldHash returns the EIP-712 hash of a one-field struct holding v as field f, so
// that two values of f compare as EIP-712 encodes them.
func fieldHash(td apitypes.TypedData, f apitypes.Type, v any) ([]byte, error) {
	probe := apitypes.TypedData{Types: make(apitypes.Types, len(td.Types)+1), Domain: td.Domain}
	for k, fs := range td.Types {
		probe.Types[k] = fs
	}
	probe.Types["ArenaFieldProbe"] = []apitypes.Type{f}
	return probe.HashStruct("ArenaFieldProbe", map[string]any{f.Name: v})
}

// numbers turns the json.Numbers of a decoded value into the decimal strings EIP-712
// hashing takes.
func numbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		return x.String()
	case []any:
		out := make([]any, len(x))
		for i := range x {
			out[i] = numbers(x[i])
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = numbers(e)
		}
		return out
	}
	return v
}

// JSON returns typed data as a wallet's eth_signTypedData_v4 takes it: the types with
// EIP712Domain, the primary type, the domain (chainId a number) and the message.
func JSON(td apitypes.TypedData) map[string]any {
	var cid any = "0"
	if td.Domain.ChainId != nil {
		n := (*big.Int)(td.Domain.ChainId)
		if n.IsUint64() && n.Uint64() < 1<<53 {
			cid = n.Uint64()
		} else {
			cid = n.String()
		}
	}
	return map[string]any{
		"types":       td.Types,
		"primaryType": td.PrimaryType,
		"domain": map[string]any{
			"name": td.Domain.Name, "version": td.Domain.Version, "chainId": cid,
			"verifyingContract": td.Domain.VerifyingContract,
		},
		"message": td.Message,
	}
}
