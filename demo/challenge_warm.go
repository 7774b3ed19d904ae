package demo

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/arena/arena/challenge/example"
	"github.com/arena/arena/challenge/example/learning"
	"github.com/arena/arena/node"
	"github.com/arena/arena/sandbox"
)

// warmModules starts filling the arena's compilation cache (DIR/wasm-cache, where the
// node's validators keep the machine code of challenge and learning modules) with the
// example bench and agents, then with the example learning pairs, while the other
// stories play, and returns at once; the challenge story waits for the first before it
// registers the bench, the learning story for the second before its commits. Compiling
// a 2-4 MB Go-built module takes seconds on a small machine, and the other stories
// mostly wait for blocks. A story that Options.Skip names gets no warm-up.
//
// The modules are compiled through sandbox.Compile, the validators' own path (gates,
// metering, compilation; a learning module with the Offer its CompileArch or
// CompileTrain gives), so the cache holds exactly what they would have written
// themselves; they still gate and meter every module and only read the machine code
// back. The demo keeps that code in the user's cache directory too (as Go keeps its
// build cache), under the digest of the example modules, so that only the first demo
// on a machine compiles them; a demo arena gets its own copy, and when the user has no
// cache directory the modules are compiled straight into the arena's.
func (d *driver) warmModules(ctx context.Context, a *arena) error {
	chal, lrn := make(chan error, 1), make(chan error, 1)
	d.warm, d.warmLrn = chal, lrn
	var phases [][]exampleModule
	var done []chan<- error
	if !d.skip[SkipChallenge] {
		phases, done = append(phases, exampleModules()), append(done, chal)
	}
	if !d.skip[SkipLearning] {
		phases, done = append(phases, learningModules()), append(done, lrn)
	}
	go warmCache(ctx, filepath.Join(a.node.Dir(), node.WasmCacheDir), phases, done)
	return nil
}

// exampleModule is one example module and what it may import.
type exampleModule struct {
	wasm  []byte
	offer sandbox.Offer
}

// exampleModules are the bench and the agents of the challenge story.
func exampleModules() []exampleModule {
	mods := []exampleModule{{example.Bench(), sandbox.Offer{}}}
	for _, ag := range challengePlan.agents {
		wasm, _ := example.Agent(ag.name)
		mods = append(mods, exampleModule{wasm, sandbox.Offer{Arena: true}})
	}
	return mods
}

// learningModules are the architectures and training programs of the learning story.
func learningModules() []exampleModule {
	var mods []exampleModule
	seen := map[string]bool{}
	add := func(wasm []byte, offer sandbox.Offer) {
		if key := digest(wasm); !seen[key] {
			seen[key] = true
			mods = append(mods, exampleModule{wasm, offer})
		}
	}
	for _, cm := range learnPlan.commits {
		arch, _ := learning.Arch(cm.arch)
		train, _ := learning.Train(cm.train)
		add(arch, sandbox.Offer{Arch: true})
		add(train, sandbox.Offer{Train: true})
	}
	return mods
}

// warmCache fills the compilation cache in dir with each phase's modules' machine
// code, from the user's cache when it can, and sends each phase's outcome on its done.
func warmCache(ctx context.Context, dir string, phases [][]exampleModule, done []chan<- error) {
	shared, noShared := userCache(slices.Concat(phases...))
	for i, mods := range phases {
		var err error
		if noShared != nil {
			err = compileInto(ctx, dir, mods)
		} else if err = compileInto(ctx, shared, mods); err == nil {
			if err = copyTree(shared, dir); err != nil {
				err = fmt.Errorf("warm the compilation cache: %w", err)
			}
		}
		done[i] <- err
	}
}

// userCache returns the demo's compilation cache for mods in the user's cache
// directory, named by their digests, creating it and removing the caches of other
// module sets unused for staleCache, which no demo of this build reads. It fails when the user's cache
// directory does not exist.
func userCache(mods []exampleModule) (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(base); err != nil {
		return "", err // a home that does not exist (a test's) is not made here
	}
	h := sha256.New()
	for _, m := range mods {
		sum := sha256.Sum256(m.wasm)
		h.Write(sum[:])
	}
	root := filepath.Join(base, "arena", "demo-wasm-cache")
	key := hex.EncodeToString(h.Sum(nil))[:16]
	if err := os.MkdirAll(filepath.Join(root, key), 0o755); err != nil {
		return "", err
	}
	now := time.Now()
	_ = os.Chtimes(filepath.Join(root, key), now, now) // in use: another build leaves it alone
	if old, err := os.ReadDir(root); err == nil {
		for _, e := range old {
			info, err := e.Info()
			if e.Name() == key || err != nil || now.Sub(info.ModTime()) < staleCache {
				continue // ours, or another build's that may be running now (two releases side by side)
			}
			os.RemoveAll(filepath.Join(root, e.Name())) // a failure costs only disk
		}
	}
	return filepath.Join(root, key), nil
}

// staleCache is how long another build's compilation cache is left alone after it was
// last used: a demo of one release never removes the cache of another one running
// beside it.
const staleCache = 24 * time.Hour

// compileInto compiles mods into the compilation cache in dir, two at a time.
func compileInto(ctx context.Context, dir string, mods []exampleModule) error {
	rt, err := sandbox.New(ctx, sandbox.Config{CacheDir: dir})
	if err != nil {
		return fmt.Errorf("warm the compilation cache: %w", err)
	}
	errs := make([]error, len(mods))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, m := range mods {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			_, errs[i] = rt.Compile(ctx, m.wasm, m.offer)
		})
	}
	wg.Wait()
	if err := errors.Join(append(errs, rt.Close(ctx))...); err != nil {
		return fmt.Errorf("warm the compilation cache: %w", err)
	}
	return nil
}

// copyTree copies every regular file under src to the same path under dst, linking
// it where the file system allows. A file it cannot copy (one another demo is renaming
// into place, say) is left out: the validators then compile that module themselves.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		switch {
		case e.IsDir():
			return os.MkdirAll(to, 0o755)
		case !e.Type().IsRegular():
		case fileExists(to): // an earlier phase's copy, which a validator may be reading
		case os.Link(p, to) != nil:
			if err := copyFile(p, to); err != nil {
				os.Remove(to) // never leave a torn copy under a cache key
			}
		}
		return nil
	})
}

// fileExists reports whether there is a file at p.
func fileExists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// copyFile copies the file from to a new file to.
func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
