package ledger

import (
	"fmt"
	"sort"

	"github.com/arena/arena/ledger/typed"
)

// schemaTable is the EIP-712 schema table of every kind of the body table.
var schemaTable = buildSchemaTable()

func buildSchemaTable() *typed.Table {
	zeros := make([]Body, 0, len(bodies))
	for _, spec := range bodies {
		zeros = append(zeros, spec.zero) // typed.New sorts them by kind
	}
	t, err := typed.New(zeros)
	if err != nil {
		panic(fmt.Sprintf("ledger: the body table has no EIP-712 schema: %v", err))
	}
	return t
}

// SchemaTable returns the EIP-712 schema table of every transaction kind the ledger
// takes.
func SchemaTable() *typed.Table { return schemaTable }

// Kinds returns every transaction kind the ledger takes, sorted.
func Kinds() []Kind {
	out := make([]Kind, 0, len(bodies))
	for k := range bodies {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// ZeroBody returns the zero value of kind k's body type, and whether k is a kind the
// ledger takes.
func ZeroBody(k Kind) (Body, bool) {
	spec, ok := bodyOf(k)
	return spec.zero, ok
}
