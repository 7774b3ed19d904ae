package learning

import (
	"context"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/arena/arena/challenge/example/learning/model"
	"github.com/arena/arena/learn/data"
	"github.com/arena/arena/sandbox"
)

// native is an example submission's pure logic, as the modules run it.
type native interface {
	model.Model
	Predict() *[256]uint32
	Observe(b int)
	Params() []uint16
}

var natives = map[string]struct {
	arch  func() native
	learn func(model.Model, int)
}{
	"order2": {func() native { return model.NewOrder2() }, func(m model.Model, b int) { model.LearnCounts(m, b, model.Order2Limit) }},
	"mix":    {func() native { return model.NewMix() }, model.LearnMix},
}

// TestTheModulesRunUnderTheHostAsTheirLogicDoesNatively links each example's two modules
// in the sandbox's learner (its gates, forced fresh init, per-byte gas), streams the start
// of the dataset through predict and learn, then a stretch through predict and observe (the
// held-out measurement's way), and checks that every prediction equals the pure logic's,
// given the parameter region the host's init wrote. It logs the gas per byte.
func TestTheModulesRunUnderTheHostAsTheirLogicDoesNatively(t *testing.T) {
	const learned, observed = 6000, 2000
	ctx := context.Background()
	rt, err := sandbox.New(ctx, sandbox.Config{})
	if err != nil {
		t.Fatal(err)
	}
	stream := data.Train()[:learned+observed]
	seed := [32]byte{'e', 'x'}
	lim := sandbox.LearnLimits{InitGas: 2_000_000_000, ByteGas: 1 << 20, ParamCap: 4 << 20, DataCap: 1 << 20}
	for _, name := range Names() {
		aw, _ := Arch(name)
		tw, _ := Train(name)
		a, err := rt.CompileArch(ctx, aw)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		tr, err := rt.CompileTrain(ctx, tw, a)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		l, err := rt.Learner(ctx, a, tr, seed, lim)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		n := natives[name]
		m := n.arch()
		region := make([]byte, 2*len(m.Params()))
		rand.NewChaCha8(sandbox.InitKey(seed)).Read(region)
		for i := range m.Params() {
			m.Params()[i] = binary.LittleEndian.Uint16(region[2*i:])
		}
		if _, size := l.Params(); int(size) != len(region) {
			t.Fatalf("%s: params_len %d, the logic's region %d bytes", name, size, len(region))
		}
		var worst, before int64
		for i, b := range stream {
			f, err := l.Predict(ctx, int64(i))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if want := m.Predict(); !slices.Equal(f, want[:]) {
				t.Fatalf("%s: byte %d: the module predicts differently from its logic", name, i)
			}
			if i < learned {
				err = l.Learn(ctx, int64(i), b)
				n.learn(m, int(b))
			} else {
				err = l.Observe(ctx, int64(i), b)
				m.Observe(int(b))
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			worst, before = max(worst, l.Gas()-before), l.Gas()
		}
		t.Logf("%s: %d gas per byte on average, %d at most; %d gas to initialise", name, l.Gas()/int64(len(stream)), worst, l.InitGas())
		if err := l.Close(ctx); err != nil {
			t.Fatal(err)
		}
	}
}
