package typed

import (
	"encoding/hex"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/arena/arena/ledger/round"
)

// ModelCallType is the primary type of a model-call receipt's signature: the statement a
// committee member signs for each model call behind its verdict.
const ModelCallType = "ModelCall"

// modelCallFields are the ModelCall type's fields, in order: the arena, then every field
// of the receipt but its signature and chain id, the prompt and the response as the
// keccak256 of their bytes.
var modelCallFields = []apitypes.Type{
	{Name: "arena", Type: "bytes32"},
	{Name: "provider", Type: "string"},
	{Name: "model", Type: "string"},
	{Name: "purpose", Type: "string"},
	{Name: "promptSha256", Type: "string"},
	{Name: "responseSha256", Type: "string"},
	{Name: "prompt", Type: "bytes32"},
	{Name: "response", Type: "bytes32"},
	{Name: "started", Type: "string"},
	{Name: "finished", Type: "string"},
	{Name: "fallback", Type: "bool"},
	{Name: "fallbackWhy", Type: "string"},
}

// CallTypedData returns the model-call receipt c of the arena whose genesis hash is
// arena as the EIP-712 typed data its signer signs: the arena's domain (Domain) under
// c's signature chain id, and the ModelCall type. It refuses a chain id of zero.
func CallTypedData(arena [32]byte, c round.Call) (apitypes.TypedData, error) {
	kec := func(s string) string { return "0x" + hex.EncodeToString(crypto.Keccak256([]byte(s))) }
	return single(ModelCallType, modelCallFields, arena, c.ChainID, apitypes.TypedDataMessage{
		"arena": "0x" + hex.EncodeToString(arena[:]), "provider": c.Provider, "model": c.Model, "purpose": c.Purpose,
		"promptSha256": c.PromptSHA, "responseSha256": c.ResponseSHA, "prompt": kec(c.Prompt), "response": kec(c.Response),
		"started": c.Started, "finished": c.Finished, "fallback": c.Fallback, "fallbackWhy": c.FallbackWhy,
	})
}

// CallDigest returns the EIP-712 digest of CallTypedData(arena, c), the hash a
// model-call receipt's signature signs.
func CallDigest(arena [32]byte, c round.Call) ([32]byte, error) {
	return digestOf(CallTypedData(arena, c))
}
