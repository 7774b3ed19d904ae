package sandbox

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

// failure returns the *Error err is or wraps, its cause left out so that the rest
// compares with ==.
func failure(t *testing.T, err error) Error {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%v is not a *sandbox.Error", err)
	}
	c := *e
	c.Err = nil
	return c
}

// wantFault fails t unless err is the failure want, its cause aside.
func wantFault(t *testing.T, err error, want Error) {
	t.Helper()
	if got := failure(t, err); got != want {
		t.Errorf("got %+v (%v), want %+v", got, err, want)
	}
}

func TestAFailureDescribesItselfForLogs(t *testing.T) {
	cause := errors.New("wasm error: unreachable\nwasm stack trace: ...")
	for _, tc := range []struct {
		err  *Error
		want string
	}{
		{&Error{Fault: FaultNotOffered, Module: "env", Name: "foo"}, "program: import not offered env.foo"},
		{&Error{Fault: FaultMemory, N: 600, Limit: 512}, "program: memory over the limit (600, limit 512)"},
		{&Error{Fault: FaultByteTrap, Role: RoleArch, Byte: 7, Detail: firstLine(cause), Err: cause}, "architecture: trapped at a byte byte 7: wasm error: unreachable"},
		{&Error{Fault: FaultFreqOutside, Role: RoleArch, Ptr: 16, Mem: 0, N: 1024}, "architecture: frequencies outside memory (1024) at 16 byte 0"},
		{&Error{Fault: FaultParamOutside, Role: RoleArch, N: 1024, Ptr: 65536, Mem: 65536}, "architecture: parameter region outside memory (1024) at 65536 (memory 65536)"},
		{&Error{Fault: FaultExit, Role: RoleBench, Code: 3}, "bench module: exit code 3"},
		{&Error{Fault: FaultWall, Role: RoleLearner, Wall: time.Second}, "learner: wall-time safety net 1s"},
		{&Error{Fault: 200, Role: 9}, "role 9: fault 200"},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

func TestOnlyTheSafetyNetAndTheCallerAreTemporary(t *testing.T) {
	for f := FaultTooLarge; f <= FaultStopped; f++ {
		want := f == FaultWall || f == FaultCut || f == FaultStopped
		if got := (&Error{Fault: f}).Temporary(); got != want {
			t.Errorf("%v: temporary %t, want %t", f, got, want)
		}
	}
}

// A compile failure renamed for its role keeps its fault, figures and cause; the safety
// net's and the caller's failures, and other errors, pass unchanged.
func TestAFailureIsRenamedForItsRole(t *testing.T) {
	cause := errors.New("bad")
	in := &Error{Fault: FaultInvalid, Detail: "bad", Err: cause}
	out := as(fmt.Errorf("compile: %w", in), RoleTrain)
	if e, ok := out.(*Error); !ok || *e != (Error{Fault: FaultInvalid, Role: RoleTrain, Detail: "bad", Err: cause}) || in.Role != RoleProgram {
		t.Errorf("as gave %#v, the original now %v", out, in)
	}
	cut := &Error{Fault: FaultCut}
	if as(cut, RoleArch) != error(cut) || as(cause, RoleArch) != cause {
		t.Error("as renamed a failure that is not the program's")
	}
}
