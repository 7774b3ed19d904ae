package book

import "testing"

// FailureOf says "no failure" for a result's empty text and for text without a known
// class prefix, and otherwise splits the class from the message, byte for byte.
func TestFailureOfReadsTheClassPrefix(t *testing.T) {
	for _, text := range []string{"", "Work URL returned 404", "[UNKNOWN] x", "[TRANSIENT] ", "[transient] timeout"} {
		if e := FailureOf(text); e != nil {
			t.Errorf("FailureOf(%q) = %v, want no failure", text, e)
		}
	}
	for text, want := range map[string]Error{
		"[EXPECTED] The program does not export run": {Class: Expected, Msg: "The program does not export run"},
		"[EXTERNAL] Work URL returned 404":           {Class: External, Msg: "Work URL returned 404"},
		"[TRANSIENT] Model unavailable":              {Class: Transient, Msg: "Model unavailable"},
		"[LLM_ERROR] No merit rung in the response":  {Class: LLMError, Msg: "No merit rung in the response"},
	} {
		e := FailureOf(text)
		if e == nil || e.Class != want.Class || e.Msg != want.Msg || e.Error() != text {
			t.Errorf("FailureOf(%q) = %v, want class %s and message %q", text, e, want.Class, want.Msg)
		}
	}
}
