// Package gas meters a WebAssembly module by rewriting it: Inject appends one mutable i64
// global, exported as arena_gas, and makes every function body charge it before each
// straight-line segment and trap (unreachable) when it has gone negative. The host sets the
// global before a call and reads it after; a trap with a negative counter is "out of gas".
//
// The rules, which are part of the consensus protocol under Version (changing any of them
// changes every gas figure):
//
//   - A segment ends after loop, if, else, end, br, br_if, br_table, return and
//     unreachable. Before each non-empty segment the body subtracts its instruction count
//     (every original instruction weighs 1; the injected ones weigh nothing).
//   - Right after the charge at function entry and after the charge that begins every loop
//     body, the body checks the counter and executes unreachable when it is below zero. So
//     any path between two checks is loop-free within one function, and the trap point and
//     the gas left are a pure function of the program and its inputs.
//   - The bulk operations memory.copy, memory.fill, memory.init, table.copy, table.fill,
//     table.init and table.grow also subtract n/64 (n, their last operand, as unsigned), and
//     memory.grow subtracts delta*1024 (a page is 65536 bytes = 1024 × 64), then check,
//     before the operation runs; one scratch i32 local is appended to each function that
//     has such an operation.
//
// Inject refuses what it cannot meter safely: a malformed binary, a start section (it would
// run before the host sets the counter), a global.get/global.set whose index is not one of
// the module's own globals (it could reach the counter once appended), an import or export
// already named arena_gas, SIMD (0xfd) and atomics (0xfe) instructions, and any opcode it does
// not know (it accepts the MVP, sign extension, saturating truncation, bulk memory and
// reference types). Its refusals' texts are deterministic and pinned by tests.
//
// NaN canonicalisation is not done: the protocol pins the platform (one architecture, one
// wazero version), under which float results are bit-identical.
package gas

// Version names the metering rules; it is written into every bench's platform.
const Version = "arena-gas/1"

// Export is the name under which the injected counter is exported.
const Export = "arena_gas"

// HostBase is what one call of a host function (a WASI clock, random or stdio hook, or an
// arena import) charges on top of Bytes of what it copies. Hosts charge by subtracting
// Host(n) from the counter; the next check traps if it went below zero.
const HostBase = 8

// Bytes is the charge for moving n bytes: n/64, the rule of the bulk operations.
func Bytes(n int) int64 { return int64(n) >> 6 }

// Host is the charge of one host call that copies n bytes.
func Host(n int) int64 { return HostBase + Bytes(n) }
