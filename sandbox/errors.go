package sandbox

import (
	"errors"
	"fmt"
	"strconv"
	"time"
)

// Fault is one way a program fails the gates or a run in the sandbox. A Fault carries no
// protocol class or message: grading.ClassifySandbox gives each the text consensus
// compares.
type Fault uint8

// The ways a program fails the gates or a run. The fields of Error each one sets are
// named after it.
const (
	FaultTooLarge     Fault = iota + 1 // the module is N bytes, over Limit (MaxModuleBytes)
	FaultLimits                        // the module exceeds the sandbox's static limits (Detail)
	FaultInvalid                       // the module is not valid WebAssembly (Detail)
	FaultUnmeterable                   // the module cannot be metered (Detail)
	FaultNotOffered                    // it imports Module.Name, which is not offered
	FaultSignature                     // it imports Module.Name with the wrong signature
	FaultNoExport                      // it does not export Name
	FaultExportType                    // it exports Name with the wrong signature
	FaultForbidden                     // it exports Name, which its role may not export
	FaultBothExports                   // one module exports both predict and learn
	FaultSameModule                    // the architecture and the training program are the same module
	FaultArchMissing                   // the training program imports arch.Name, which the architecture does not export
	FaultMemory                        // it needs N memory pages, over Limit
	FaultParamCap                      // the parameter region is N bytes, over Limit
	FaultParamOutside                  // the parameter region (N bytes at Ptr) is outside the architecture's memory (Mem bytes)
	FaultDataCap                       // the architecture's data outside its parameter region is N bytes, over Limit
	FaultInitGas                       // it ran out of gas in its function Name (_initialize, params, ...)
	FaultInitTrap                      // it failed in its function Name (Detail)
	FaultByteGas                       // it ran out of gas at byte Byte
	FaultByteTrap                      // it trapped at byte Byte (Detail)
	FaultFreqOutside                   // predict returned Ptr at byte Byte, and the N bytes there are outside memory
	FaultOutOfGas                      // the bench module ran out of gas
	FaultStdout                        // the bench module wrote more than Limit bytes to stdout
	FaultExit                          // the bench module exited with Code
	FaultTrap                          // the bench module trapped (Detail)
	FaultWall                          // it ran past the wall-time safety net Wall
	FaultCut                           // its caller's context ended before its gas ran out
	FaultStopped                       // the learner's context had ended before a call (Detail: the context's error)
)

var faultNames = [...]string{
	FaultTooLarge: "too large", FaultLimits: "over the static limits", FaultInvalid: "invalid module",
	FaultUnmeterable: "cannot be metered", FaultNotOffered: "import not offered", FaultSignature: "import signature",
	FaultNoExport: "missing export", FaultExportType: "export signature", FaultForbidden: "forbidden export",
	FaultBothExports: "exports both predict and learn", FaultSameModule: "same module twice",
	FaultArchMissing: "arch import not exported", FaultMemory: "memory over the limit", FaultParamCap: "parameter region over the cap",
	FaultParamOutside: "parameter region outside memory", FaultDataCap: "data over the cap", FaultInitGas: "out of gas initialising",
	FaultInitTrap: "failed initialising", FaultByteGas: "out of gas at a byte", FaultByteTrap: "trapped at a byte",
	FaultFreqOutside: "frequencies outside memory", FaultOutOfGas: "out of gas", FaultStdout: "stdout over the cap",
	FaultExit: "exit code", FaultTrap: "trapped", FaultWall: "wall-time safety net", FaultCut: "cut by the caller",
	FaultStopped: "stopped",
}

// String returns a short lower-case name of the fault, for logs.
func (f Fault) String() string {
	if int(f) < len(faultNames) && faultNames[f] != "" {
		return faultNames[f]
	}
	return "fault " + strconv.Itoa(int(f))
}

// Role is the module a failure is of, as its caller compiled or ran it.
type Role uint8

// The roles a module fails in.
const (
	RoleProgram Role = iota // a program compiled by Compile or run as an agent (also a bench module's gates)
	RoleBench               // a bench module run as a command
	RoleArch                // a learning architecture
	RoleTrain               // a learning training program
	RoleLearner             // an architecture and its training program together
)

var roleNames = [...]string{RoleProgram: "program", RoleBench: "bench module", RoleArch: "architecture", RoleTrain: "training program", RoleLearner: "learner"}

// String returns the role's lower-case name, for logs.
func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return "role " + strconv.Itoa(int(r))
}

// Error is every failure of the gates, of a run and of a learner that is the program's or
// its safety net's: how it failed, the module's role, the figures its fault names and,
// where there was one, the underlying cause.
type Error struct {
	Fault  Fault
	Role   Role
	Module string        // FaultNotOffered, FaultSignature: the import's module
	Name   string        // the import, export or function named
	N      int64         // the size named (bytes, pages)
	Limit  int64         // the limit N is over, or stdout's cap
	Ptr    int64         // FaultParamOutside, FaultFreqOutside: the address
	Mem    int64         // FaultParamOutside: the architecture's memory in bytes
	Byte   int64         // FaultByteGas, FaultByteTrap, FaultFreqOutside: the byte's index
	Code   uint32        // FaultExit: the exit code
	Wall   time.Duration // FaultWall: the safety net
	Detail string        // the cause's first line, as the fault names it
	Err    error         // the cause, for logs
}

// Error returns "<role>: <fault>[ <figures>][: <detail>]", a description for logs; the
// protocol text is grading.ClassifySandbox's.
func (e *Error) Error() string {
	s := e.Role.String() + ": " + e.Fault.String()
	if e.Module != "" || e.Name != "" {
		s += " " + e.Module
		if e.Module != "" {
			s += "."
		}
		s += e.Name
	}
	switch {
	case e.Limit != 0:
		s += fmt.Sprintf(" (%d, limit %d)", e.N, e.Limit)
	case e.N != 0:
		s += fmt.Sprintf(" (%d)", e.N)
	}
	switch e.Fault {
	case FaultParamOutside:
		s += fmt.Sprintf(" at %d (memory %d)", e.Ptr, e.Mem)
	case FaultFreqOutside:
		s += fmt.Sprintf(" at %d", e.Ptr)
	}
	switch e.Fault {
	case FaultByteGas, FaultByteTrap, FaultFreqOutside:
		s += " byte " + strconv.FormatInt(e.Byte, 10)
	case FaultExit:
		s += " " + strconv.FormatUint(uint64(e.Code), 10)
	case FaultWall:
		s += " " + e.Wall.String()
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Temporary reports whether the failure is the validator's and may pass if run again:
// the wall-time safety net, or the caller's context ending. Every other fault is the
// program's, and every validator running it meets it alike.
func (e *Error) Temporary() bool {
	return e.Fault == FaultWall || e.Fault == FaultCut || e.Fault == FaultStopped
}

// as returns err as a failure of the module in role: Compile's failures name a program,
// CompileArch's and CompileTrain's an architecture or a training program.
func as(err error, role Role) error {
	var e *Error
	if errors.As(err, &e) && !e.Temporary() {
		c := *e
		c.Role = role
		return &c
	}
	return err
}

func fault(f Fault, role Role) *Error { return &Error{Fault: f, Role: role} }

func errTooLarge(n int) *Error {
	return &Error{Fault: FaultTooLarge, N: int64(n), Limit: MaxModuleBytes}
}

func errLimit(err error) *Error {
	return &Error{Fault: FaultLimits, Detail: err.Error(), Err: err}
}

func errInvalid(err error) *Error {
	return &Error{Fault: FaultInvalid, Detail: firstLine(err), Err: err}
}

func errNotOffered(module, name string) *Error {
	return &Error{Fault: FaultNotOffered, Module: module, Name: name}
}

func errSignature(module, name string) *Error {
	return &Error{Fault: FaultSignature, Module: module, Name: name}
}

func errUnmeterable(err error) *Error {
	return &Error{Fault: FaultUnmeterable, Detail: err.Error(), Err: err}
}

func errNoExport(name string) *Error { return &Error{Fault: FaultNoExport, Name: name} }

func errExportType(name string) *Error { return &Error{Fault: FaultExportType, Name: name} }

func errMemory(min, max uint32) *Error {
	return &Error{Fault: FaultMemory, N: int64(min), Limit: int64(max)}
}

func errWall(role Role, d time.Duration) *Error {
	return &Error{Fault: FaultWall, Role: role, Wall: d}
}

// errCut is what a call stopped because its caller's context ended (a validator's
// attempt deadline, or the validator stopping) fails with: the cause is the caller's,
// never the sandbox's safety net.
func errCut(role Role) *Error { return fault(FaultCut, role) }

// firstLine is the first line of err's text: wazero appends stack traces after it.
func firstLine(err error) string {
	s := err.Error()
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return s[:i]
		}
	}
	return s
}
