// Package receipt is the agent match's signed receipt: for every model decision the
// operator signs an EIP-712 typed Receipt saying which match, turn and agent it was,
// the keccak256 hashes of the exact prompt and response texts, the move taken, whether
// it was a fallback and why, and when the call started and finished. The receipt's
// EIP-712 digest is its receiptHash; the per-turn commitment binds the move to it.
//
// The EIP-712 domain is the one every arena signature is made in (package domain):
// {name: "Arena", version: "1", chainId: the receipt's ChainID, verifyingContract: the
// address derived from the arena's genesis hash}, and the primary type is
//
//	Receipt(bytes32 matchId,uint32 turn,uint32 agentId,bytes32 promptHash,bytes32 responseHash,uint8 move,bool fallback,uint8 fallbackReason,uint64 startedAt,uint64 finishedAt)
//
// where matchId is the match's uint64 id as a big-endian bytes32 (24 zero bytes, then
// the id). The receipt carries the chain id its signature was made under, as a
// transaction carries its signatureChainId, so that an operator key held in a wallet
// signs on whatever chain the wallet is on. So any EVM contract or wallet can check a
// receipt with ecrecover, and a receipt signed for one arena is not valid for another.
//
// The package is pure: it hashes, signs (for the operator and tests) and recovers, and
// never reads a clock or does IO. Digest, Sign and Recover do not judge a receipt's
// content; Validate states the fallback rule, and the ledger applies both.
package receipt
