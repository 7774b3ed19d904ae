package sandbox

import (
	"context"
	"testing"

	gt "github.com/arena/arena/sandbox/gas/gastest"
)

func TestTheGatesRefuse(t *testing.T) {
	r := newRuntime(t, false)
	withStart := gt.Spin()
	withStart.Types = append(withStart.Types, gt.FuncType{})
	withStart.Funcs = append(withStart.Funcs, gt.Func{Type: 1, Code: []byte{gt.End}})
	withStart.Start = gt.Ptr(1)
	reachesCounter := &gt.Module{Types: []gt.FuncType{{}}, Funcs: []gt.Func{{Code: []byte{gt.I64Const, 0, gt.GlobalSet, 0, gt.End}}}}
	exportsCounter := gt.Spin()
	exportsCounter.Exports = append(exportsCounter.Exports, gt.Export{Name: "arena_gas", Kind: 0, Index: 0})
	wrongSignature := &gt.Module{Types: []gt.FuncType{{}}, Imports: []gt.Import{{Module: "arena", Name: "input", Kind: 0, Index: 0}}}
	importsGlobal := &gt.Module{Imports: []gt.Import{{Module: "wasi_snapshot_preview1", Name: "g", Kind: 3, Index: gt.I32}}}
	unknownWASI := &gt.Module{Types: []gt.FuncType{{}}, Imports: []gt.Import{{Module: "wasi_snapshot_preview1", Name: "sock_open", Kind: 0, Index: 0}}}
	// one function declaring 20,000,000 locals: 40 bytes that took 25 s and 4.7 GiB to compile
	manyLocals := []byte("\x00asm\x01\x00\x00\x00\x01\x04\x01\x60\x00\x00\x03\x02\x01\x00\x0a\x09\x01\x07\x01\x80\xda\xc4\x09\x7f\x0b")
	bigTable := &gt.Module{Table: []byte{1, 0x70, 0, 0x80, 0x80, 0x80, 0x40}} // 2^27 entries: 1 GiB at instantiation
	for _, tc := range []struct {
		name  string
		wasm  []byte
		offer Offer
		want  Error
	}{
		{"too large", make([]byte, 9<<20), Offer{}, Error{Fault: FaultTooLarge, N: 9437184, Limit: 8388608}},
		{"20,000,000 locals", manyLocals, Offer{}, Error{Fault: FaultLimits, Detail: "function body 0 declares more than 50000 locals"}},
		{"a table of 2^27 entries", bigTable.Bytes(), Offer{}, Error{Fault: FaultLimits, Detail: "the tables' maxima add up to more than 65536 entries (an absent maximum counts as 65536)"}},
		{"not wasm", []byte("hello"), Offer{}, Error{Fault: FaultInvalid, Detail: "invalid magic number"}},
		{"reaches the counter-to-be", reachesCounter.Bytes(), Offer{}, Error{Fault: FaultInvalid, Detail: "invalid function[0]: invalid global index"}},
		{"start section", withStart.Bytes(), Offer{}, Error{Fault: FaultUnmeterable, Detail: "the module has a start section"}},
		{"exports the counter's name", exportsCounter.Bytes(), Offer{}, Error{Fault: FaultUnmeterable, Detail: "the module already exports arena_gas, the name of the gas counter"}},
		{"imports something else", guest(t, "foreign"), Offer{Arena: true}, Error{Fault: FaultNotOffered, Module: "env", Name: "foo"}},
		{"imports arena when not offered", guest(t, "echo"), Offer{}, Error{Fault: FaultNotOffered, Module: "arena", Name: "input"}},
		{"imports a WASI function wazero lacks", unknownWASI.Bytes(), Offer{}, Error{Fault: FaultNotOffered, Module: "wasi_snapshot_preview1", Name: "sock_open"}},
		{"imports a global", importsGlobal.Bytes(), Offer{}, Error{Fault: FaultNotOffered, Module: "wasi_snapshot_preview1", Name: "g"}},
		{"imports with the wrong signature", wrongSignature.Bytes(), Offer{Arena: true}, Error{Fault: FaultSignature, Module: "arena", Name: "input"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := r.Compile(context.Background(), tc.wasm, tc.offer)
			wantFault(t, err, tc.want)
		})
	}
}

func TestARunNeedsItsEntryPoints(t *testing.T) {
	r := newRuntime(t, false)
	ctx := context.Background()
	reactor := compile(t, r, "echo", Offer{Arena: true})
	_, _, err := r.Command(ctx, reactor, nil, [32]byte{}, 0, commandLimits)
	wantFault(t, err, Error{Fault: FaultNoExport, Name: "_start"})
	command := compile(t, r, "clock", Offer{Arena: true})
	_, err = r.Agent(ctx, command, [32]byte{}, agentLimits, initGas, &session{})
	wantFault(t, err, Error{Fault: FaultNoExport, Name: "handle"})
	spin := gt.Spin()
	spin.Exports = append(spin.Exports, gt.Export{Name: "handle", Kind: 0, Index: 0}, gt.Export{Name: "_initialize", Kind: 0, Index: 0})
	m, err := r.Compile(ctx, spin.Bytes(), Offer{Arena: true})
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Agent(ctx, m, [32]byte{}, agentLimits, initGas, &session{})
	wantFault(t, err, Error{Fault: FaultExportType, Name: "handle"})
}

func TestCompilingTheSameProgramTwiceReturnsTheCachedModule(t *testing.T) {
	r := newRuntime(t, false)
	a := compile(t, r, "panic", Offer{Arena: true})
	b := compile(t, r, "panic", Offer{Arena: true})
	c := compile(t, r, "panic", Offer{Arena: true, Model: true})
	if a != b || a == c {
		t.Error("the cache is not keyed by digest and offer")
	}
}

func TestMemoryIsCappedWhateverTheBenchAsks(t *testing.T) {
	r := newRuntime(t, false)
	ctx := context.Background()
	big := &gt.Module{
		Types:   []gt.FuncType{{}},
		Funcs:   []gt.Func{{Code: []byte{gt.End}}},
		Memory:  gt.Ptr(CapPages + 1),
		Exports: []gt.Export{{Name: "handle", Kind: 0, Index: 0}, {Name: "_initialize", Kind: 0, Index: 0}},
	}
	m, err := r.Compile(ctx, big.Bytes(), Offer{Arena: true})
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Agent(ctx, m, [32]byte{}, Limits{MaxPages: 65536}, initGas, &session{})
	wantFault(t, err, Error{Fault: FaultMemory, N: 4097, Limit: 4096})
	// An unexported memory's minimum counts too (it used to panic inside wazero).
	big.Memory = gt.Ptr(600)
	if m, err = r.Compile(ctx, big.Bytes(), Offer{Arena: true}); err != nil {
		t.Fatal(err)
	}
	_, err = r.Agent(ctx, m, [32]byte{}, Limits{MaxPages: 512}, initGas, &session{})
	wantFault(t, err, Error{Fault: FaultMemory, N: 600, Limit: 512})
}

func TestTheModuleCacheIsBounded(t *testing.T) {
	ctx := context.Background()
	r, err := New(ctx, Config{MaxModules: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close(ctx)
	variant := func(pages uint32) []byte {
		m := gt.Spin()
		m.Memory = gt.Ptr(pages)
		return m.Bytes()
	}
	get := func(pages uint32) *Module {
		m, err := r.Compile(ctx, variant(pages), Offer{})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	one, two := get(1), get(2)
	if get(1) != one {
		t.Fatal("not cached")
	}
	get(3) // evicts two, the least recently used
	if len(r.modules) != 2 {
		t.Errorf("%d modules cached, want 2", len(r.modules))
	}
	if get(1) != one {
		t.Error("the recently reused module was evicted")
	}
	if get(2) == two {
		t.Error("the least recently used module was kept")
	}
}
