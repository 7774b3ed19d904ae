package season

import "github.com/arena/arena/ledger/book"

// FailuresAgree compares two results of which at least one failed, as consensus does:
// TRANSIENT agrees with TRANSIENT whatever the words, LLM_ERROR never agrees, and any
// other class needs the same class and the same message.
func FailuresAgree(mine, leader string) bool {
	m, mok := book.ParseError(mine)
	l, lok := book.ParseError(leader)
	if !mok || !lok || m.Class != l.Class {
		return false
	}
	switch m.Class {
	case book.Transient:
		return true
	case book.LLMError:
		return false
	}
	return m.Msg == l.Msg
}
