// Command randbench is a bad bench: its dataset mixes in WASI randomness, so two
// generations of one seed differ.
package main

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

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
	if req.Op != "generate" {
		fmt.Print(`{"cases":[]}`)
		return
	}
	b := make([]byte, 8)
	rand.Read(b)
	fmt.Printf(`{"bench":"rand","version":1,"seed":%q,"profile":%q,"probe":{"id":"probe","input":"%s"},"cases":[{"id":"c1","input":"hi"}]}`,
		req.Seed, req.Profile, hex.EncodeToString(b))
}
