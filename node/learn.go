package node

import (
	"github.com/arena/arena/blobs"
	"github.com/arena/arena/fetch"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/host"
	glearn "github.com/arena/arena/grading/learn"
)

// addLearnGraders files a validator's graders of learning challenges in g: a pair's run
// over the dataset (glearn.RunKind) and its held-out measurement (glearn.HeldoutKind).
// They run on the node's shared runtime (so a module compiled for one validator is
// compiled for all, and cached under the arena directory), read modules and splits from
// the node's blob store, then from its peers ([artifacts]), before the URLs a commit
// names (fetched under the [fetch] table's rules, ca_file included), and keep what they
// fetched there.
func (n *Node) addLearnGraders(g map[string]grading.Grader, fc fetch.Config) error {
	rt, err := n.runtime()
	if err != nil {
		return err
	}
	h := &glearn.Host{Host: host.Host{Runtime: rt, Store: n.blobs, Nodes: n.peerSources(), URL: blobs.NewURLClient(fc)}}
	g[glearn.RunKind] = glearn.Runner{Host: h}
	g[glearn.HeldoutKind] = glearn.Measurer{Host: h}
	return nil
}
