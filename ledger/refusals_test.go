package ledger

import (
	"testing"

	"github.com/arena/arena/ledger/book/booktest"
)

// "Every refusal has an exact message, and a test that pins it": this package's part of
// the protocol surface, in one table. A change here is a protocol change.
func TestRefusalsArePinned(t *testing.T) {
	got := map[string]*Error{
		"errTermsChain":            errTermsChain,
		"errTermsName":             errTermsName,
		"errTermsSymbol":           errTermsSymbol,
		"errTermsEntryBond":        errTermsEntryBond,
		"errTermsAppealBond":       errTermsAppealBond,
		"errTermsGradingWindow":    errTermsGradingWindow,
		"errTermsWindow":           errTermsWindow,
		"errTermsValidators":       errTermsValidators,
		"errTermsNegative":         errTermsNegative,
		"errTermsQuorumSize":       errTermsQuorumSize,
		"errTermsQuorumMajority":   errTermsQuorumMajority,
		"errTermsAttempts":         errTermsAttempts,
		"errTermsTimeout":          errTermsTimeout,
		"errTermsGasRate":          errTermsGasRate,
		"errTermsGenesis":          errTermsGenesis,
		"errTermsDistinct":         errTermsDistinct,
		"errTermsRegistry":         errTermsRegistry,
		"errTermsTreasury":         errTermsTreasury,
		"errTermsOperators":        errTermsOperators,
		"errTermsOperatorTreasury": errTermsOperatorTreasury,
		"errTermsOperatorBond":     errTermsOperatorBond,
		"errGenesisZero":           errGenesisZero,
		"errGenesisOverflow":       errGenesisOverflow,
		"errTermsJoinValidators":   errTermsJoinValidators,
		"errNoBody":                errNoBody,
		"errChain":                 errChain,
		"errFoldKind":              errFoldKind,
		"errNonce":                 errNonce,
		"errNoValue":               errNoValue,
		"errFee":                   errFee,
		"errFunds":                 errFunds,
		"errNothingOwed":           errNothingOwed,
		"errDevOnly":               errDevOnly,
		"errFaucetTo":              errFaucetTo,
		"errFaucetAmount":          errFaucetAmount,
		"errAdvance":               errAdvance,
	}
	want := map[string]string{
		"errTermsChain":            "[EXPECTED] Chain id must be 1 to 64 bytes",
		"errTermsName":             "[EXPECTED] Arena name must be 1 to 80 bytes",
		"errTermsSymbol":           "[EXPECTED] Currency symbol must be 1 to 12 bytes",
		"errTermsEntryBond":        "[EXPECTED] Entry bond must be positive",
		"errTermsAppealBond":       "[EXPECTED] Appeal bond must be positive",
		"errTermsGradingWindow":    "[EXPECTED] Grading window must be 1 to 31536000 seconds",
		"errTermsWindow":           "[EXPECTED] Appeal window must be 1 to 31536000 seconds",
		"errTermsValidators":       "[EXPECTED] Validator set must have 1 to 64 members",
		"errTermsNegative":         "[EXPECTED] Committee and quorum cannot be negative",
		"errTermsQuorumSize":       "[EXPECTED] Quorum cannot exceed the committee",
		"errTermsQuorumMajority":   "[EXPECTED] Quorum must be a majority of the committee",
		"errTermsAttempts":         "[EXPECTED] Attempts per round must be 1 to 64",
		"errTermsTimeout":          "[EXPECTED] Round timeout must be 1 to 31536000 seconds",
		"errTermsGasRate":          "[EXPECTED] Gas rate must be 0 (the default, 25000000 gas a second) to 1000000000 gas a second",
		"errTermsGenesis":          "[EXPECTED] At most 1024 genesis allocations",
		"errTermsDistinct":         "[EXPECTED] Validators must be distinct non-zero addresses",
		"errTermsRegistry":         "[EXPECTED] Registry address cannot be zero",
		"errTermsTreasury":         "[EXPECTED] Treasury address cannot be zero",
		"errTermsOperators":        "[EXPECTED] Match operators must be at most 16 distinct non-zero addresses",
		"errTermsOperatorTreasury": "[EXPECTED] Match operators need a treasury to receive fees and slashed bonds",
		"errTermsOperatorBond":     "[EXPECTED] Match operators need a positive operator bond",
		"errGenesisZero":           "[EXPECTED] Genesis allocations must name a non-zero address",
		"errGenesisOverflow":       "[EXPECTED] Genesis allocations overflow 256 bits",
		"errTermsJoinValidators":   "[EXPECTED] Validators must be the join statements' grading addresses, in join order",
		"errNoBody":                "[EXPECTED] Transaction has no body",
		"errChain":                 "[EXPECTED] Transaction is for another chain",
		"errFoldKind":              "[EXPECTED] A fold's kind is benchmark (the default) or learning",
		"errNonce":                 "[EXPECTED] Nonce is not the sender's next nonce",
		"errNoValue":               "[EXPECTED] This transaction takes no value",
		"errFee":                   "[EXPECTED] Wallet balance cannot pay the transaction's fee",
		"errFunds":                 "[EXPECTED] Wallet balance is below the transaction's value",
		"errNothingOwed":           "[EXPECTED] Nothing to withdraw",
		"errDevOnly":               "[EXPECTED] Only available in dev mode",
		"errFaucetTo":              "[EXPECTED] Faucet needs a non-zero address",
		"errFaucetAmount":          "[EXPECTED] Faucet amount must be positive and keep the supply within 256 bits",
		"errAdvance":               "[EXPECTED] Advance must be 1 to 315360000 seconds",
	}
	booktest.PinRefusals(t, got, want)
}
