// Package sandbox runs the WebAssembly modules of benchmark challenges: bench modules
// (WASI commands) and agent modules (WASI reactors). It is the only package of Arena that
// imports wazero, and everything it returns is a pure function of the module, its inputs,
// the entropy and the gas budget on one Platform, so that validators agree on it.
//
// A module passes static gates in Compile (size; gas.Gate's bounds on what it declares —
// locals, body sizes, entry counts, table sizes — read from the bytes before any wazero
// call, since compiling or instantiating costs are not bounded by size; validity; imports
// only from what the bench offers; the gas injector's refusals), then runs metered: the host sets the injected
// arena_gas counter before each call and reads it after; a call that ends with the counter
// below zero ran out of gas, however it ended. Wall time is only a safety net, and hitting
// it is a failure of the validator (Error.Temporary), never a verdict.
//
// Failures. Every failure of the gates, of a run and of a learner that is the program's
// or its safety net's is an *Error: a Fault, the module's Role and the figures the fault
// names. It carries no protocol text: grading.ClassifySandbox writes the class and message
// validators compare.
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
//   - Memory: Limits.MaxPages, capped at CapPages whatever the bench asks, is enforced per
//     instance (memory.grow past it returns -1, which a Go guest turns into a fatal error: a
//     trap); a module whose declared minimum exceeds it (exported memory or not) is refused
//     before it runs. Tables: gas.Gate bounds the sum of their maxima (an absent one counts
//     as gas.MaxTableEntries, which the injector writes in), so table.grow is bounded too.
//   - Calls an agent makes during _initialize return 0 and reach no Session: the call count
//     is the case's, and the first case begins only in Handle.
//   - A command's stdout is capped at MaxStdout bytes; writing more fails the run
//     (FaultStdout); stderr is discarded (but charged).
//   - Compiled modules are cached by the original's sha256 and the offer, at most
//     Config.MaxModules of them and Config.MaxCachedBytes of originals (least recently
//     used evicted and closed), each released after Config.MaxIdle unused; an evicted
//     Module compiles again on its next run (the disk cache keeps that cheap). Callers
//     compiling one module at once share one compilation, and a process compiles one
//     module at a time.
package sandbox
