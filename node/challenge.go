package node

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/fetch"
	"github.com/arena/arena/grading"
	gchallenge "github.com/arena/arena/grading/challenge"
	"github.com/arena/arena/grading/host"
	"github.com/arena/arena/sandbox"
)

// WasmCacheDir is where the node's sandbox keeps the machine code it compiled from
// challenge modules, under the arena directory, so that a restarted node does not pay
// each module's compilation again.
const WasmCacheDir = "wasm-cache"

// runtime returns the node's one sandbox runtime, shared by every local validator, so
// that each module is compiled once per process; it opens it on first use and closes it
// with the node.
func (n *Node) runtime() (*sandbox.Runtime, error) {
	if n.sandbox != nil {
		return n.sandbox, nil
	}
	rt, err := sandbox.New(context.Background(), sandbox.Config{CacheDir: filepath.Join(n.dir, WasmCacheDir)})
	if err != nil {
		return nil, err
	}
	n.sandbox = rt
	return rt, nil
}

// measured is this process's metered rate, measured once on the first node that runs a
// validator: the machine's, whichever runtime measures it.
var measured struct {
	once sync.Once
	rate int64
	err  error
}

// gasRate returns the metered rate, in gas a second, that this machine's sandbox
// sustains (sandbox.MeasureRate), which each local validator compares with the terms'
// rate before it sits on program runs.
func (n *Node) gasRate() (int64, error) {
	rt, err := n.runtime()
	if err != nil {
		return 0, err
	}
	measured.once.Do(func() { measured.rate, measured.err = rt.MeasureRate(context.Background(), 0) })
	return measured.rate, measured.err
}

// addChallengeGraders files a validator's graders of benchmark challenges in g: a run
// of a program (gchallenge.RunKind) and a bench version's check (gchallenge.CheckKind).
// They run on the node's shared runtime, read artifacts from the node's blob store,
// then from its peers ([artifacts]), before the URL a registration or commit names
// (fetched under the [fetch] table's rules, ca_file included), keep what they fetched
// and publish transcripts there, and serve a bench's pinned model with the validator's
// reader when its spec names exactly that model.
func (n *Node) addChallengeGraders(g map[string]grading.Grader, p *pipelineModels, fc fetch.Config, o OpenOptions) error {
	rt, err := n.runtime()
	if err != nil {
		return err
	}
	h := &gchallenge.Host{Host: host.Host{Runtime: rt, Store: n.blobs, Nodes: n.peerSources(), URL: blobs.NewURLClient(fc)}, Models: p.serve, Now: o.Now}
	g[gchallenge.RunKind] = gchallenge.Runner{Host: h}
	g[gchallenge.CheckKind] = gchallenge.Checker{Host: h}
	return nil
}

// pipelineModels is a validator's reader with the model its spec names.
type pipelineModels struct {
	reader grading.Model
	model  string // the model after '#' in the reader's spec; "" when it names none
}

// serve returns the reader for name when its spec names exactly that model.
func (p *pipelineModels) serve(name string) (grading.Model, bool) {
	if p == nil || p.reader == nil || p.model == "" || p.model != name {
		return nil, false
	}
	return p.reader, true
}

// specModel returns the model a reader spec names after its last '#', or "".
func specModel(spec string) string {
	i := strings.LastIndex(spec, "#")
	if i < 0 {
		return ""
	}
	return spec[i+1:]
}

// closeRuntime closes the node's sandbox runtime, if it opened one.
func (n *Node) closeRuntime() error {
	if n.sandbox == nil {
		return nil
	}
	err := n.sandbox.Close(context.Background())
	n.sandbox = nil
	if err != nil {
		return fmt.Errorf("close the sandbox: %w", err)
	}
	return nil
}
