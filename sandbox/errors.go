package sandbox

import (
	"fmt"
	"time"

	"github.com/arena/arena/ledger/book"
)

func expected(format string, args ...any) *book.Error {
	return book.NewError(book.Expected, fmt.Sprintf(format, args...))
}

func errTooLarge(n int) *book.Error {
	return expected("The program is %d bytes; the limit is %d", n, MaxModuleBytes)
}

func errLimit(err error) *book.Error {
	e := expected("The program exceeds the sandbox's limits: %s", err)
	e.Err = err
	return e
}

func errInvalid(err error) *book.Error {
	e := expected("The program is not a valid WebAssembly module: %s", firstLine(err))
	e.Err = err
	return e
}

func errNotOffered(module, name string) *book.Error {
	return expected("The program imports %s.%s, which the bench does not offer", module, name)
}

func errSignature(module, name string) *book.Error {
	return expected("The program imports %s.%s with the wrong signature", module, name)
}

func errUnmeterable(err error) *book.Error {
	e := expected("The program cannot be metered: %s", err)
	e.Err = err
	return e
}

func errNoExport(name string) *book.Error {
	return expected("The program does not export %s", name)
}

func errExportType(name string) *book.Error {
	return expected("The program exports %s with the wrong signature", name)
}

func errMemory(min, max uint32) *book.Error {
	return expected("The program needs %d memory pages; the limit is %d", min, max)
}

func errWall(who string, d time.Duration) *book.Error {
	return book.NewError(book.Transient, fmt.Sprintf("%s ran past the wall-time safety net of %s", who, d))
}

// errCut is what a call stopped because its caller's context ended (a validator's
// attempt deadline, or the validator stopping) fails with: the cause is the caller's,
// never the sandbox's safety net.
func errCut(who string) *book.Error {
	return book.NewError(book.Transient, who+" was stopped by its caller's deadline before its gas ran out")
}

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
