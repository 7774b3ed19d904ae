package round

import "encoding/json"

// Call is the receipt of one model call a committee member made for its verdict: what
// was sent and received, byte for byte, so anyone can recompute the hashes. Sig is the
// validator's secp256k1 signature over Digest.
type Call struct {
	Provider    string `json:"provider"`
	Model       string `json:"model"`
	Purpose     string `json:"purpose"` // "read" or "compile"
	PromptSHA   string `json:"prompt_sha256"`
	ResponseSHA string `json:"response_sha256"`
	Prompt      string `json:"prompt"`
	Response    string `json:"response"`
	Started     string `json:"started"`  // RFC 3339, the validator's own clock; never compared
	Finished    string `json:"finished"` // RFC 3339
	Fallback    bool   `json:"fallback"`
	FallbackWhy string `json:"fallback_why,omitempty"`
	Sig         string `json:"sig"` // 0x-prefixed 65 bytes
}

const callPrefix = "\x19Arena Model Call:\n"

// Digest returns the hash a validator signs for a model-call receipt: keccak256 over the
// chain id and the receipt's JSON without its signature.
func (c *Call) Digest(chain string) [32]byte {
	u := *c
	u.Sig = ""
	b, _ := json.Marshal(u) // a struct of strings and bools always encodes
	return keccak([]byte(callPrefix + chain + "\n" + string(b)))
}

// Receipted is a transaction body that carries model-call receipts, each of which must be
// signed by the transaction's sender.
type Receipted interface {
	Receipts() []Call
}
