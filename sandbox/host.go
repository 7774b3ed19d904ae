package sandbox

import (
	"context"
	"errors"
	"fmt"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"

	"github.com/arena/arena/challenge/abi"
)

// arenaModule is the host module agents import.
const arenaModule = "arena"

// maxChannel is the longest channel name served.
const maxChannel = 64

var errOutside = errors.New("arena import called outside an agent")

// instantiateArena defines the arena host module:
//
//	input(ptr, cap i32) i32         copies the case's input (min(cap, len) bytes); returns its length
//	output(ptr, len i32)            sets the case's response (cut at abi.MaxResponse; the last wins)
//	call(ch, chLen, req, reqLen i32) i32  one request on a channel; returns the response's length
//	result(ptr, cap i32) i32        copies the last call's response; returns its length
func instantiateArena(ctx context.Context, rt wazero.Runtime) error {
	i32 := api.ValueTypeI32
	b := rt.NewHostModuleBuilder(arenaModule)
	def := func(name string, fn api.GoModuleFunc, params, results []api.ValueType) {
		b.NewFunctionBuilder().WithGoModuleFunction(fn, params, results).Export(name)
	}
	def("input", hostInput, []api.ValueType{i32, i32}, []api.ValueType{i32})
	def("output", hostOutput, []api.ValueType{i32, i32}, nil)
	def("call", hostCall, []api.ValueType{i32, i32, i32, i32}, []api.ValueType{i32})
	def("result", hostResult, []api.ValueType{i32, i32}, []api.ValueType{i32})
	defineLearn(b) // copy_from_arch, copy_to_arch: offered to training programs only (learner.go)
	_, err := b.Instantiate(ctx)
	return err
}

// agentOf returns the agent a host call serves; a call outside one traps.
func agentOf(ctx context.Context) *Agent {
	a, _ := ctx.Value(agentKey{}).(*Agent)
	if a == nil {
		panic(errOutside)
	}
	return a
}

// read copies n bytes at ptr from the caller's memory; out of bounds traps.
func read(m api.Module, ptr, n uint32) []byte {
	b, ok := m.Memory().Read(ptr, n)
	if !ok {
		panic(fmt.Errorf("arena: %d bytes at %d are outside the memory", n, ptr))
	}
	return append([]byte(nil), b...)
}

func write(m api.Module, ptr uint32, b []byte) {
	if !m.Memory().Write(ptr, b) {
		panic(fmt.Errorf("arena: %d bytes at %d are outside the memory", len(b), ptr))
	}
}

// copyOut writes min(cap, len(b)) bytes of b at ptr and returns len(b).
func (a *Agent) copyOut(m api.Module, ptr, capacity uint32, b []byte) uint64 {
	n := min(int(capacity), len(b))
	a.in.meter.charge(n)
	write(m, ptr, b[:n])
	return uint64(uint32(len(b)))
}

func hostInput(ctx context.Context, m api.Module, stack []uint64) {
	a := agentOf(ctx)
	stack[0] = a.copyOut(m, api.DecodeU32(stack[0]), api.DecodeU32(stack[1]), a.input)
}

func hostResult(ctx context.Context, m api.Module, stack []uint64) {
	a := agentOf(ctx)
	stack[0] = a.copyOut(m, api.DecodeU32(stack[0]), api.DecodeU32(stack[1]), a.result)
}

func hostOutput(ctx context.Context, m api.Module, stack []uint64) {
	a := agentOf(ctx)
	n := min(api.DecodeU32(stack[1]), abi.MaxResponse)
	a.in.meter.charge(int(n))
	a.output = read(m, api.DecodeU32(stack[0]), n)
}

func hostCall(ctx context.Context, m api.Module, stack []uint64) {
	a := agentOf(ctx)
	chPtr, chLen := api.DecodeU32(stack[0]), api.DecodeU32(stack[1])
	reqPtr, reqLen := api.DecodeU32(stack[2]), min(api.DecodeU32(stack[3]), abi.MaxResponse)
	stack[0] = 0
	if chLen > maxChannel {
		a.in.meter.charge(0)
		return
	}
	a.in.meter.charge(int(chLen + reqLen))
	ch := string(read(m, chPtr, chLen))
	req := read(m, reqPtr, reqLen)
	if !a.serves(ch) || a.calls >= abi.MaxCalls {
		return
	}
	a.calls++
	a.result = a.session.Call(ch, req)
	stack[0] = uint64(uint32(len(a.result)))
}

// serves reports whether the agent's offer includes channel ch.
func (a *Agent) serves(ch string) bool {
	return ch == abi.ChannelTool || ch == abi.ChannelModel && a.offer.Model
}
