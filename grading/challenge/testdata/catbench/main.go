// Command catbench is a bad bench: its grades name 257 categories, one more than a run
// result may carry, so no run on it could ever settle.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
)

const cases = 257

func main() {
	var req struct {
		Op      string `json:"op"`
		Seed    string `json:"seed"`
		Profile string `json:"profile"`
	}
	in, _ := io.ReadAll(os.Stdin)
	if err := json.Unmarshal(in, &req); err != nil {
		os.Exit(2)
	}
	var b strings.Builder
	if req.Op == "generate" {
		fmt.Fprintf(&b, `{"bench":"catbench","version":1,"seed":%q,"profile":%q,"probe":{"id":"probe","input":"hi"},"cases":[`, req.Seed, req.Profile)
		for i := range cases {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"id":"c%d","input":"hi"}`, i)
		}
		b.WriteString("]}")
	} else {
		b.WriteString(`{"cases":[`)
		for i := range cases {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"id":"c%d","kind":"tool","category":"cat-%d","score":1000000,"observed":true}`, i, i)
		}
		b.WriteString("]}")
	}
	os.Stdout.WriteString(b.String())
}
