package node

import (
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/match/operator"
	"github.com/arena/arena/reader"
)

// checkOperators refuses a configured operator outside the founding operator set.
func (n *Node) checkOperators() error {
	for i, o := range n.cfg.Operators {
		if !slices.Contains(n.terms.Operators, o.Address) {
			return fmt.Errorf("%s: key \"operator[%d].address\": %s is not in the founding operator set of %s",
				ConfigFile, i, o.Address, n.cfg.Genesis)
		}
	}
	return nil
}

// OperatorDir returns the folder of the arena directory in which operators keep match
// secrets and the decisions of turns not yet revealed (operator.Dir).
func OperatorDir(dir string) string { return filepath.Join(dir, operator.DirName) }

// buildOperators unlocks each configured operator key and builds its operator, which
// keeps its secrets in OperatorDir and serves each agent's model from the reader its
// table names (o.ReaderOverride replaces them all).
func (n *Node) buildOperators(o OpenOptions) error {
	st := n.Keystore()
	pass := o.Env(n.cfg.PassphraseEnv)
	for i, oc := range n.cfg.Operators {
		k, err := st.Load(oc.Address, pass)
		if err != nil {
			return fmt.Errorf("operator key: %w", err)
		}
		models, err := n.models(oc, o)
		if err != nil {
			return fmt.Errorf("%s: operator[%d] %s: %w", ConfigFile, i, oc.Address, err)
		}
		n.operators = append(n.operators, operator.New(operator.Config{
			Key: k, Chain: engineChain{n.engine}, Store: operator.Dir(OperatorDir(n.dir)),
			Models: models, CallTimeout: oc.CallTimeout, BetWindow: oc.BetWindow, AnchorWait: n.anchorWait(), Now: o.Now,
			Logger: o.Logger.With("operator", oc.Address.String(), "index", i),
		}))
	}
	return nil
}

// models opens every reader an operator's table names (or o.ReaderOverride alone) and
// returns the resolver of its agents' models: the reader its models table names for a
// model, else its reader.
func (n *Node) models(oc OperatorConfig, o OpenOptions) (operator.Models, error) {
	specOf := func(name string) string {
		if o.ReaderOverride != "" {
			return o.ReaderOverride
		}
		if spec, ok := oc.Models[name]; ok {
			return spec
		}
		return oc.Reader
	}
	open := map[string]grading.Model{}
	specs := []string{specOf("")}
	for name := range oc.Models {
		specs = append(specs, specOf(name))
	}
	for _, spec := range specs {
		if _, ok := open[spec]; ok {
			continue
		}
		m, err := reader.Open(resolveSpec(n.dir, spec), o.Env)
		if err != nil {
			return nil, fmt.Errorf("reader %q: %w", spec, err)
		}
		open[spec] = m
	}
	return func(name string) (grading.Model, error) { return open[specOf(name)], nil }, nil
}

// anchorWait is how long an operator lets a match wait for the block that anchors it
// before sending a transaction to make one: a fallback only, since both engines make
// that block themselves (the solo engine at once, CometBFT within its empty blocks'
// time).
func (n *Node) anchorWait() time.Duration { return 10 * time.Second }
