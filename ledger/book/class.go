package book

import (
	"errors"
	"strings"
)

// Class is the kind of failure that consensus compares. The values are part of the
// protocol: new ones go at the end and existing ones are never reordered.
type Class uint8

const (
	// Expected is a refusal by the ledger itself; messages must match exactly.
	Expected Class = iota + 1
	// External is an answer from the outside world (a 404, a bad certificate); messages
	// must match exactly, so a 404 and a 403 disagree.
	External
	// Transient is a failure that may pass (a 503, a timeout); two transient failures
	// agree with each other whatever their messages, and settle nothing.
	Transient
	// LLMError is a failure of the model's answer; it never agrees with anything.
	LLMError
)

var classNames = [...]string{Expected: "EXPECTED", External: "EXTERNAL", Transient: "TRANSIENT", LLMError: "LLM_ERROR"}

// String returns the prefix word: EXPECTED, EXTERNAL, TRANSIENT or LLM_ERROR.
func (c Class) String() string {
	if int(c) < len(classNames) && classNames[c] != "" {
		return classNames[c]
	}
	return "UNKNOWN"
}

// Error is a classed failure. Its text, "[CLASS] message", is what consensus compares.
type Error struct {
	Class Class
	Msg   string
	Err   error // the cause, for logs; never compared
}

// Error returns "[CLASS] message".
func (e *Error) Error() string { return "[" + e.Class.String() + "] " + e.Msg }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether target is an *Error with the same class and message, so that
// errors.Is(err, errAlreadyGraded) works on refusals whatever their cause.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Class == e.Class && t.Msg == e.Msg
}

// NewError returns an *Error of class c with the message msg.
func NewError(c Class, msg string) *Error { return &Error{Class: c, Msg: msg} }

// ParseError splits "[CLASS] message" into its class and message. It reports false
// when s does not start with a known class prefix.
func ParseError(s string) (*Error, bool) {
	for c := Expected; c <= LLMError; c++ {
		p := "[" + c.String() + "] "
		if strings.HasPrefix(s, p) && len(s) > len(p) {
			return &Error{Class: c, Msg: s[len(p):]}, true
		}
	}
	return nil, false
}

// FailureOf returns the classed failure that a verdict's error text carries, or nil when
// the text is not one: a result's empty text, or one without a known class prefix.
func FailureOf(text string) *Error {
	if e, ok := ParseError(text); ok {
		return e
	}
	return nil
}

// ClassOf returns the class of err if it wraps an *Error, and 0 otherwise.
func ClassOf(err error) Class {
	var e *Error
	if errors.As(err, &e) {
		return e.Class
	}
	return 0
}
