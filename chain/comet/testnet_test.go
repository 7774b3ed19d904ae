package comet_test

import (
	"testing"
	"time"

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

// A localnet's node relays its mempool's transactions to one peer at a time, not to
// every peer: all the nodes share one machine, and a full mesh flooded delivers each
// transaction to each node up to three times. A node installed by ceremony keeps
// CometBFT's default, every peer.
func TestALocalnetNodeRelaysTransactionsToOnePeer(t *testing.T) {
	c := writeCluster(t, 4, 0)
	for _, nd := range c.net.Nodes {
		cfg, err := comet.LoadConfig(nd.Home)
		if err != nil {
			t.Fatal(err)
		}
		if n := cfg.Mempool.ExperimentalMaxGossipConnectionsToPersistentPeers; n != 1 || !cfg.Mempool.Broadcast {
			t.Errorf("%s: mempool.experimental_max_gossip_connections_to_persistent_peers = %d, broadcast %v; want 1, true", nd.Home, n, cfg.Mempool.Broadcast)
		}
	}
	fs := newFounders(t, 4)
	if _, err := comet.InstallGenesis(fs[1].home, assemble(t, ceremonyTerms(), joinsOf(fs)), fs[1].join, comet.InstallOptions{}); err != nil {
		t.Fatal(err)
	}
	cfg, err := comet.LoadConfig(fs[1].home)
	if err != nil {
		t.Fatal(err)
	}
	if n := cfg.Mempool.ExperimentalMaxGossipConnectionsToPersistentPeers; n != 0 {
		t.Errorf("installed by ceremony: mempool.experimental_max_gossip_connections_to_persistent_peers = %d, want 0 (every peer)", n)
	}
}

// A localnet's node flushes what it writes to a peer within 10 ms and looks for votes
// and block parts to gossip every 10 ms, not CometBFT's 100 ms each, which made every
// step of every block wait on processes that share one machine. A node installed by
// ceremony keeps CometBFT's defaults, made for peers across a wide-area network.
func TestALocalnetNodeGossipsWithoutTheWideAreaWaits(t *testing.T) {
	c := writeCluster(t, 4, 0)
	for _, nd := range c.net.Nodes {
		cfg, err := comet.LoadConfig(nd.Home)
		if err != nil {
			t.Fatal(err)
		}
		if f, g := cfg.P2P.FlushThrottleTimeout, cfg.Consensus.PeerGossipSleepDuration; f != 10*time.Millisecond || g != 10*time.Millisecond {
			t.Errorf("%s: p2p.flush_throttle_timeout %s, consensus.peer_gossip_sleep_duration %s; want 10ms each", nd.Home, f, g)
		}
	}
	fs := newFounders(t, 4)
	if _, err := comet.InstallGenesis(fs[1].home, assemble(t, ceremonyTerms(), joinsOf(fs)), fs[1].join, comet.InstallOptions{}); err != nil {
		t.Fatal(err)
	}
	cfg, err := comet.LoadConfig(fs[1].home)
	if err != nil {
		t.Fatal(err)
	}
	if f, g := cfg.P2P.FlushThrottleTimeout, cfg.Consensus.PeerGossipSleepDuration; f != 100*time.Millisecond || g != 100*time.Millisecond {
		t.Errorf("installed by ceremony: p2p.flush_throttle_timeout %s, consensus.peer_gossip_sleep_duration %s; want 100ms each", f, g)
	}
}
