package round

// Call is the receipt of one model call a committee member made for its verdict: what
// was sent and received, byte for byte, so anyone can recompute the hashes. Sig is the
// validator's secp256k1 signature over the receipt's EIP-712 typed data
// (typed.CallTypedData), made under the EVM chain id ChainID.
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
	ChainID     uint64 `json:"signature_chain_id,string"` // the EVM chain the signature was made under: the domain's chainId
	Sig         string `json:"sig"`                       // 0x-prefixed 65 bytes
}

// Receipted is a transaction body that carries model-call receipts, each of which must be
// signed by the transaction's sender.
type Receipted interface {
	Receipts() []Call
}
