package registry_test

import (
	"math/big"
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/bridge/registry"
)

// TestTheABIIsTheOneTheSpecNames: spec, "the contract calls onAward(uint256 taskId,
// address winner, uint256 score)". The committed ABI has that function with that
// selector, the views the bridge reads, the Awarded event and the three errors; and
// onPlaces, which records every payee of an award paid by rank or to a team, with its
// view, its Placed event and its two errors.
func TestTheABIIsTheOneTheSpecNames(t *testing.T) {
	m, ok := registry.ABI.Methods["onAward"]
	if !ok || m.Sig != "onAward(uint256,address,uint256)" {
		t.Fatalf("onAward: %+v", m)
	}
	if want := crypto.Keccak256([]byte("onAward(uint256,address,uint256)"))[:4]; string(m.ID) != string(want) {
		t.Errorf("onAward selector %x, want %x", m.ID, want)
	}
	var sigs []string
	for _, m := range registry.ABI.Methods {
		sigs = append(sigs, m.Sig)
	}
	for _, e := range registry.ABI.Errors {
		sigs = append(sigs, "error "+e.Sig)
	}
	for _, e := range registry.ABI.Events {
		sigs = append(sigs, "event "+e.Sig)
	}
	slices.Sort(sigs)
	want := []string{
		"error AlreadyRecorded(uint256,address,uint256)", "error NoPlaces()", "error NotOperator(address)", "error PlacesDiffer(uint256)", "error ZeroWinner()",
		"event Awarded(uint256,address,uint256)", "event Placed(uint256,uint256,address,uint256,uint256)",
		"onAward(uint256,address,uint256)", "onPlaces(uint256,(uint256,uint256,address,uint256)[])", "operator()",
		"taskPlaces(uint256)", "taskWin(uint256)", "winsOf(address)",
	}
	if diff := cmp.Diff(want, sigs); diff != "" {
		t.Errorf("ABI (-want +got):\n%s", diff)
	}
	if in := registry.ABI.Constructor.Inputs; len(in) != 1 || in[0].Type.T != abi.AddressTy {
		t.Errorf("constructor takes %+v, want one address (the operator)", in)
	}
}

// TestTheCompiledABIMatchesTheSource: compile.sh regenerates Registry.abi from
// Registry.sol; a function or error added to the source without recompiling is caught.
func TestTheCompiledABIMatchesTheSource(t *testing.T) {
	src, err := os.ReadFile("Registry.sol")
	if err != nil {
		t.Fatal(err)
	}
	var inSource []string
	for _, m := range regexp.MustCompile(`(?m)^\s*(function|error|event)\s+(\w+)\s*\(`).FindAllSubmatch(src, -1) {
		inSource = append(inSource, string(m[1])+" "+string(m[2]))
	}
	inSource = append(inSource, "function operator", "function winsOf") // public state variables
	var inABI []string
	for name := range registry.ABI.Methods {
		inABI = append(inABI, "function "+name)
	}
	for name := range registry.ABI.Errors {
		inABI = append(inABI, "error "+name)
	}
	for name := range registry.ABI.Events {
		inABI = append(inABI, "event "+name)
	}
	slices.Sort(inSource)
	slices.Sort(inABI)
	if diff := cmp.Diff(inSource, inABI); diff != "" {
		t.Errorf("Registry.sol and Registry.abi disagree; run compile.sh (-source +abi):\n%s", diff)
	}
	if len(registry.Bytecode) < 100 {
		t.Errorf("Registry.bin holds %d bytes of code", len(registry.Bytecode))
	}
}

// TestCallsEncodeAsTheABISays: OnAward's calldata is the selector and the three words.
func TestCallsEncodeAsTheABISays(t *testing.T) {
	w := common.HexToAddress("0x00000000000000000000000000000000000000a1")
	data := registry.OnAward(7, w, 80)
	if len(data) != 4+3*32 {
		t.Fatalf("calldata is %d bytes", len(data))
	}
	args, err := registry.ABI.Methods["onAward"].Inputs.Unpack(data[4:])
	if err != nil {
		t.Fatal(err)
	}
	if args[0].(*big.Int).Int64() != 7 || args[1].(common.Address) != w || args[2].(*big.Int).Int64() != 80 {
		t.Errorf("onAward args %v", args)
	}
	op := common.HexToAddress("0x00000000000000000000000000000000000000b2")
	dep := registry.Deploy(op)
	if len(dep) != len(registry.Bytecode)+32 || common.BytesToAddress(dep[len(dep)-32:]) != op {
		t.Errorf("Deploy data does not end with the operator")
	}
}

// TestPlacesEncodeAsTheABISays: OnPlaces's calldata decodes back to the task and every
// place in order, and DecodeTaskPlaces reads the view's return data back.
func TestPlacesEncodeAsTheABISays(t *testing.T) {
	places := []registry.Place{
		{Rank: big.NewInt(1), EntryId: big.NewInt(3), Payee: common.HexToAddress("0x00000000000000000000000000000000000000a1"), Amount: big.NewInt(60)},
		{Rank: big.NewInt(2), EntryId: big.NewInt(5), Payee: common.HexToAddress("0x00000000000000000000000000000000000000a2"), Amount: big.NewInt(30)},
		{Rank: big.NewInt(3), EntryId: big.NewInt(6), Payee: common.HexToAddress("0x00000000000000000000000000000000000000a3"), Amount: big.NewInt(10)},
	}
	data := registry.OnPlaces(7, places)
	m := registry.ABI.Methods["onPlaces"]
	if string(data[:4]) != string(m.ID) {
		t.Fatalf("selector %x, want %x", data[:4], m.ID)
	}
	args, err := m.Inputs.Unpack(data[4:])
	if err != nil {
		t.Fatal(err)
	}
	if args[0].(*big.Int).Int64() != 7 {
		t.Errorf("task %v, want 7", args[0])
	}
	got := *abi.ConvertType(args[1], new([]registry.Place)).(*[]registry.Place)
	if d := cmp.Diff(places, got, cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })); d != "" {
		t.Errorf("places (-want +got):\n%s", d)
	}
	out, err := registry.ABI.Methods["taskPlaces"].Outputs.Pack(places)
	if err != nil {
		t.Fatal(err)
	}
	back, err := registry.DecodeTaskPlaces(out)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(places, back, cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })); d != "" {
		t.Errorf("taskPlaces decoded (-want +got):\n%s", d)
	}
}

// TestRevertReasonNamesTheContractsErrors: revert data of a custom error reads back as
// its name and arguments; anything else is not claimed.
func TestRevertReasonNamesTheContractsErrors(t *testing.T) {
	caller := common.HexToAddress("0x00000000000000000000000000000000000000a1")
	e := registry.ABI.Errors["NotOperator"]
	args, err := e.Inputs.Pack(caller)
	if err != nil {
		t.Fatal(err)
	}
	data := append(append([]byte{}, e.ID[:4]...), args...)
	if got, ok := registry.RevertReason(data); !ok || got != "NotOperator("+caller.Hex()+")" {
		t.Errorf("RevertReason = %q, %v", got, ok)
	}
	for _, bad := range [][]byte{nil, {1, 2, 3}, {0xde, 0xad, 0xbe, 0xef}, data[:10]} {
		if got, ok := registry.RevertReason(bad); ok {
			t.Errorf("RevertReason(%x) = %q, want not ours", bad, got)
		}
	}
}
