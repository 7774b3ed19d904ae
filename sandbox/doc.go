// Package sandbox runs the WebAssembly modules of benchmark challenges: bench modules
// (WASI commands) and agent modules (WASI reactors). It is the only package of Arena that
// imports wazero, and everything it returns is a pure function of the module, its inputs,
// the entropy and the gas budget on one Platform, so that validators agree on it.
//
// A module passes static gates in Compile (size, validity, imports only from what the bench
// offers, the gas injector's refusals), then runs metered: the host sets the injected
// arena_gas counter before each call and reads it after; a call that ends with the counter
// below zero ran out of gas, however it ended. Wall time is only a safety net, and hitting
// it is a [TRANSIENT] failure, never a verdict.
//
// Learning challenges (learner.go): CompileArch and CompileTrain gate an architecture and
// its training program, Learner links one instance of each (the training program's arch
// imports resolve to that architecture instance, so learners coexist), forces a fresh
// random parameter region and meters each byte's predict and learn from one shared budget.
// Its decisions are listed at the top of learner.go.
//
// Determinism. Every instance gets a fresh WASI configuration: no file system, no
// environment, argv = ["program"], no network; one fake clock in nanoseconds that advances
// by 1 µs on every read of either clock and by the requested time on every sleep, whose wall
// reading is clockStart seconds plus that counter; a random source that is math/rand/v2's
// ChaCha8 keyed by the 32-byte entropy. Every clock read, random read, stdin read and stdout
// or stderr write, and every arena import, charges gas.Host(n) (n the bytes it copied).
//
// Decisions beyond the brief, each deterministic:
//   - Agents run with the clock starting at AgentEpoch; only commands take a clockStart.
//   - An agent's response is kept by the host and handed to the Session only when the case
//     ends ok, so a trap or out-of-gas case has an empty response whatever it wrote.
//   - arena.call on a channel the bench does not offer is not served, returns 0 and does not
//     count towards abi.MaxCalls; a request longer than abi.MaxResponse is cut there. A
//     pointer or length outside the caller's memory traps the case.
//   - Memory: Limits.MaxPages is enforced per instance (memory.grow past it returns -1, which
//     a Go guest turns into a fatal error: a trap); a module whose declared minimum exceeds
//     it is refused before it runs.
//   - A command's stdout is capped at MaxStdout bytes; writing more fails the run
//     ([EXPECTED]); stderr is discarded (but charged).
//   - Compiled modules are cached by the original's sha256 and the offer until Close. A
//     long-lived caller recreates the Runtime now and then; the disk cache keeps that cheap.
package sandbox
