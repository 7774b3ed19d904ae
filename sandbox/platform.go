package sandbox

import (
	"runtime"

	"github.com/arena/arena/sandbox/gas"
)

// WazeroVersion is the wazero release this build runs; a test checks it against go.mod.
const WazeroVersion = "v1.12.0"

// Platform is the platform the protocol pins: every bench's identity carries it, and a
// validator whose Local differs abstains rather than grade.
const Platform = "wazero " + WazeroVersion + " amd64 " + gas.Version

// Local returns the platform this build runs: "wazero v1.12.0 <GOARCH> arena-gas/1".
func Local() string { return "wazero " + WazeroVersion + " " + runtime.GOARCH + " " + gas.Version }

// Limits on programs.
const (
	MaxModuleBytes  = 8 << 20  // bytes of a module
	MaxStdout       = 32 << 20 // bytes a command may write to stdout
	DefaultMaxPages = 2048     // 64 KiB pages of memory (128 MiB) when Limits.MaxPages is 0
	// CapPages caps Limits.MaxPages whatever a bench asks (the ledger allows 65,536 pages,
	// 4 GiB per instance, which a validator running several instances cannot back). It is
	// part of the protocol like the other limits: every validator applies the same cap.
	CapPages = 4096 // 256 MiB
)

// AgentEpoch is where an agent's fake clock starts (Unix seconds: 2026-01-01T00:00:00Z);
// commands take their clock start from the caller.
const AgentEpoch = 1767225600
