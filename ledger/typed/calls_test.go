package typed_test

import (
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/typed"
)

// A model-call receipt's typed data is the ModelCall type in the transactions' domain:
// every field but the signature is signed (the texts as their keccak256), so changing
// any one, the arena or the chain id changes the digest; a chain id of zero is refused.
func TestModelCallTypedData(t *testing.T) {
	c := ledger.Call{Provider: "builtin", Model: "m", Purpose: "read", PromptSHA: "aa", ResponseSHA: "bb", Prompt: "p", Response: "r",
		Started: "s", Finished: "f", FallbackWhy: "", ChainID: 1}
	td, err := typed.CallTypedData([32]byte{1}, c)
	if err != nil {
		t.Fatal(err)
	}
	const want = "ModelCall(bytes32 arena,string provider,string model,string purpose,string promptSha256,string responseSha256,bytes32 prompt,bytes32 response,string started,string finished,bool fallback,string fallbackWhy)"
	if got := string(td.EncodeType("ModelCall")); got != want || td.Domain.Name != "Arena" || td.Domain.VerifyingContract == "" {
		t.Errorf("encoded type %q, domain %+v", got, td.Domain)
	}
	base, err := typed.CallDigest([32]byte{1}, c)
	if err != nil {
		t.Fatal(err)
	}
	for name, edit := range map[string]func(*ledger.Call){
		"provider": func(c *ledger.Call) { c.Provider += "x" }, "model": func(c *ledger.Call) { c.Model += "x" },
		"purpose": func(c *ledger.Call) { c.Purpose = "compile" }, "prompt sha": func(c *ledger.Call) { c.PromptSHA += "x" },
		"response sha": func(c *ledger.Call) { c.ResponseSHA += "x" }, "prompt": func(c *ledger.Call) { c.Prompt += "x" },
		"response": func(c *ledger.Call) { c.Response += "x" }, "started": func(c *ledger.Call) { c.Started += "x" },
		"finished": func(c *ledger.Call) { c.Finished += "x" }, "fallback": func(c *ledger.Call) { c.Fallback = true },
		"fallback why": func(c *ledger.Call) { c.FallbackWhy = "timeout" }, "chain id": func(c *ledger.Call) { c.ChainID = 2 },
	} {
		v := c
		edit(&v)
		if d, err := typed.CallDigest([32]byte{1}, v); err != nil || d == base {
			t.Errorf("changing the %s left the digest as it was (%v)", name, err)
		}
	}
	if d, err := typed.CallDigest([32]byte{2}, c); err != nil || d == base {
		t.Errorf("another arena's digest is the same (%v)", err)
	}
	c.Sig = "0x00"
	if d, _ := typed.CallDigest([32]byte{1}, c); d != base {
		t.Error("the signature is inside the digest it signs")
	}
	c.ChainID = 0
	if _, err := typed.CallDigest([32]byte{1}, c); err == nil || err.Error() != "typed data: the chain id must be 1 to 18446744073709551615" {
		t.Errorf("chain id 0: %v", err)
	}
}
