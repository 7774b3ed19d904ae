package comet_test

import (
	"testing"
	"time"

	cfg "github.com/cometbft/cometbft/config"

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

// localnetConfigs writes a localnet of four and returns each node's configuration.
func localnetConfigs(t *testing.T) map[string]*cfg.Config {
	t.Helper()
	c := writeCluster(t, 4, 0)
	out := map[string]*cfg.Config{}
	for _, nd := range c.net.Nodes {
		conf, err := comet.LoadConfig(nd.Home)
		if err != nil {
			t.Fatal(err)
		}
		out[nd.Home] = conf
	}
	return out
}

// installedConfig founds a network of four by ceremony and returns the configuration
// one operator's node is installed with.
func installedConfig(t *testing.T) *cfg.Config {
	t.Helper()
	fs := newFounders(t, 4)
	if _, err := comet.InstallGenesis(fs[1].home, assemble(t, ceremonyTerms(), joinsOf(fs)), fs[1].join, comet.InstallOptions{}); err != nil {
		t.Fatal(err)
	}
	conf, err := comet.LoadConfig(fs[1].home)
	if err != nil {
		t.Fatal(err)
	}
	return conf
}

// A localnet's node relays its mempool's transactions to one peer at a time, not to
// every peer: all the nodes share one machine, and a full mesh flooded delivers each
// transaction to each node up to three times. A node installed by ceremony keeps
// CometBFT's default, every peer.
func TestALocalnetNodeRelaysTransactionsToOnePeer(t *testing.T) {
	for home, conf := range localnetConfigs(t) {
		if n := conf.Mempool.ExperimentalMaxGossipConnectionsToPersistentPeers; n != 1 || !conf.Mempool.Broadcast {
			t.Errorf("%s: mempool.experimental_max_gossip_connections_to_persistent_peers = %d, broadcast %v; want 1, true", home, n, conf.Mempool.Broadcast)
		}
	}
	if n := installedConfig(t).Mempool.ExperimentalMaxGossipConnectionsToPersistentPeers; n != 0 {
		t.Errorf("installed by ceremony: mempool.experimental_max_gossip_connections_to_persistent_peers = %d, want 0 (every peer)", n)
	}
}

// A localnet's node flushes what it writes to a peer within 10 ms and looks for votes
// and block parts to gossip every 10 ms, not CometBFT's 100 ms each, which made every
// step of every block wait on processes that share one machine. A node installed by
// ceremony keeps CometBFT's defaults, made for peers across a wide-area network.
func TestALocalnetNodeGossipsWithoutTheWideAreaWaits(t *testing.T) {
	for home, conf := range localnetConfigs(t) {
		if f, g := conf.P2P.FlushThrottleTimeout, conf.Consensus.PeerGossipSleepDuration; f != 10*time.Millisecond || g != 10*time.Millisecond {
			t.Errorf("%s: p2p.flush_throttle_timeout %s, consensus.peer_gossip_sleep_duration %s; want 10ms each", home, f, g)
		}
	}
	conf := installedConfig(t)
	if f, g := conf.P2P.FlushThrottleTimeout, conf.Consensus.PeerGossipSleepDuration; f != 100*time.Millisecond || g != 100*time.Millisecond {
		t.Errorf("installed by ceremony: p2p.flush_throttle_timeout %s, consensus.peer_gossip_sleep_duration %s; want 100ms each", f, g)
	}
}
