package comet_test

import (
	"testing"

	"github.com/arena/arena/chain/comet"
)

// A localnet's node takes a sender's whole queue (comet.MaxPendingPerSender
// transactions) in one JSON-RPC batch, not CometBFT's default of 10 requests, so a
// client submits it in one round trip.
func TestALocalnetNodeTakesASendersWholeQueueInOneBatch(t *testing.T) {
	c := writeCluster(t, 2, 0)
	for _, nd := range c.net.Nodes {
		cfg, err := comet.LoadConfig(nd.Home)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.RPC.MaxRequestBatchSize != comet.MaxPendingPerSender {
			t.Errorf("%s: rpc.max_request_batch_size = %d, want %d", nd.Home, cfg.RPC.MaxRequestBatchSize, comet.MaxPendingPerSender)
		}
	}
}
