package e2e
import ("testing";"path/filepath";"time";"math/rand/v2";"context";"sync")
func TestDbg(t *testing.T){
	dir := filepath.Join(t.TempDir(), "arena")
	arena(t, "init", "--dev", "--dir", dir, "--name", "crash")
	p := startNode(t, dir)
	ws := newWorkers(t, rand.New(rand.NewPCG(1,2)))
	var b book
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	var wg sync.WaitGroup
	for _, w := range ws { wg.Go(func(){ w.run(ctx, p.c, &b)}) }
	wg.Wait()
	errs := map[string]int{}
	for _, a := range b.all() { errs[string(a.kind)+" "+a.rc.Outcome.Err]++ }
	t.Log(errs)
}
