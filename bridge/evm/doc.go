// Package evm is the bridge sink that tells the EVM registry of each award won: it signs
// onAward(taskId, winner, score) with the operator's secp256k1 key, sends it to the
// registry address named in the founding terms, waits for the receipt and reports the
// transaction hash; an award paid by rank or to a team then sends onPlaces(taskId,
// places) with every payee, rank by rank, the same way. A voided task crosses nothing.
//
// A call that would revert is refused before it is sent (gas estimation runs it), and a
// transaction mined with a failed status is reported with its hash; both are failures
// the relayer retries with backoff. Neither reaches the award, which is already final.
// The registry ignores a repeated identical call, so a retry after an attempt whose
// outcome was unknown cannot count a win twice.
//
// It imports go-ethereum's ethclient (JSON-RPC). The in-process simulated chain its
// tests run against is imported by the tests alone, so the arena binary does not link it.
package evm
