package reader_test

import (
	"context"
	"fmt"

	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/reader"
)

// The builtin reader needs no model and no key.
func ExampleOpen() {
	m, err := reader.Open("builtin", nil)
	if err != nil {
		panic(err)
	}
	text, call, err := m.Complete(context.Background(), prompt.Prompt{Purpose: prompt.Compile})
	fmt.Println(text, call.Provider, err)
	// Output: {"checks": []} builtin <nil>
}
