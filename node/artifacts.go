package node

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/ledger"
)

// ArtifactsConfig is the [artifacts] table: the other nodes of the network that this
// node's validators, and `arena audit` in this directory, ask for an artifact by digest
// when this node does not hold it (an upload to any one node is enough for all), each
// answer checked against the digest.
type ArtifactsConfig struct {
	Peers   []string      `toml:"peers"`   // the other nodes' API base URLs, e.g. "http://10.0.0.2:7545"
	Timeout time.Duration `toml:"timeout"` // one request to one peer
}

// DefaultPeerTimeout bounds one request to one peer by default.
const DefaultPeerTimeout = blobs.DefaultPeerTimeout

// validate refuses a peer that is not an http or https base URL, and a negative timeout.
func (a ArtifactsConfig) validate() error {
	for i, p := range a.Peers {
		u, err := url.Parse(p)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
			return fmt.Errorf(`key "artifacts.peers[%d]": %q is not an http or https base URL`, i, p)
		}
	}
	if a.Timeout < 0 {
		return fmt.Errorf(`key "artifacts.timeout": cannot be negative`)
	}
	return nil
}

// The comments an encoded configuration gives its artifact peers: the API of every other
// founding operator's join is asked whatever the list says, after the peers it names.
const (
	peersComment     = "the other nodes' API base URLs, asked before the API of every founding join, which is always asked"
	peersNoneComment = "the other nodes' API base URLs; none: the API of every founding join is asked all the same"
)

func (a ArtifactsConfig) encode(sb *strings.Builder, kv func(key, value, comment string)) {
	sb.WriteString("\n[artifacts] # where artifacts this node lacks are asked for by digest, after its own store\n")
	q := make([]string, len(a.Peers))
	for i, p := range a.Peers {
		q[i] = quote(p)
	}
	if len(q) == 0 {
		kv("# peers", `["http://10.0.0.2:7545"]`, peersNoneComment)
	} else {
		kv("peers", "["+strings.Join(q, ", ")+"]", peersComment)
	}
	kv("timeout", duration(a.Timeout), "one request to one peer")
}

// peerBases returns the API base URLs of the nodes this node asks for artifacts: its
// configured peers and the API of every other operator the founding terms' joins name.
func (n *Node) peerBases() []string {
	return PeerBases(n.cfg, JoinAPIs(n.terms, n.cfg))
}

// JoinAPIs returns the API URLs of the founding joins in terms other than the ones whose
// grading address is a validator c runs, in the joins' order.
func JoinAPIs(terms ledger.Terms, c Config) []string {
	var out []string
	for _, j := range terms.Joins {
		if !slices.ContainsFunc(c.Validators, func(v ValidatorConfig) bool { return v.Address == j.GradingAddress }) {
			out = append(out, j.API)
		}
	}
	return out
}

// PeerBases returns the API base URLs of the other nodes a node configured by c asks for
// the artifacts it lacks: the union of the peers c names and of every further list (the
// nodes a network's founding names), each once and never the node itself.
func PeerBases(c Config, named ...[]string) []string {
	return blobs.Union("http://"+c.Listen, append([][]string{c.Artifacts.Peers}, named...)...)
}

// Peers returns the node's peers as a source of artifacts on route (blobs.BlobRoute or
// blobs.WorkRoute), reading at most maxBytes from any (0: blobs.MaxBytes), its skips
// logged to the node's log.
func (n *Node) Peers(route string, maxBytes int64) blobs.Peers {
	return blobs.Peers{Bases: n.peerBases(), Route: route, MaxBytes: maxBytes, Timeout: n.cfg.Artifacts.Timeout, Log: n.log}
}

// peerSources returns the node's peers as the further sources of its validators'
// artifacts, or none when it names none.
func (n *Node) peerSources() []blobs.Source {
	if len(n.peerBases()) == 0 {
		return nil
	}
	return []blobs.Source{n.Peers(blobs.BlobRoute, 0)}
}
