package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// ceremonyOperators is how many operators found the network.
const ceremonyOperators = 4

// ceremonyLimit bounds every wait of the ceremony test: for nodes to start, for a
// height, for a grade.
const ceremonyLimit = 60 * time.Second

// ceremonyOperator is one founding operator's directory and addresses.
type ceremonyOperator struct {
	dir  string
	p2p  int // its p2p port; CometBFT RPC on p2p+1
	api  string
	node *proc
}

// TestFourOperatorsFoundANetworkByCeremony: issue "A founding ceremony in three steps,
// with only public parts travelling". Four operators in four directories run `arena
// operator init`; one assembles their join statements with `arena genesis assemble`;
// each installs the result with `arena genesis install`, which prints the sha256 the
// assembler printed; then four `arena node --engine comet` processes on loopback reach
// a committed height at one app hash, grade a bounty entry submitted to one node and
// polled on another with every validator agreeing, and each node's `arena verify`
// re-checks the four join statements. The ceremony's wall time is logged.
func TestFourOperatorsFoundANetworkByCeremony(t *testing.T) {
	root := t.TempDir()
	ops := make([]*ceremonyOperator, ceremonyOperators)
	for i := range ops {
		p2p, api := ceremonyPorts(t)
		ops[i] = &ceremonyOperator{dir: filepath.Join(root, fmt.Sprintf("op%d", i)), p2p: p2p, api: fmt.Sprintf("http://127.0.0.1:%d", api)}
	}
	start := time.Now()
	var joins []string
	for i, op := range ops {
		arena(t, "operator", "init", "--dir", op.dir, "--arena", "ceremony", "--name", fmt.Sprintf("op%d", i),
			"--p2p", fmt.Sprintf("127.0.0.1:%d", op.p2p), "--api", op.api, "--light-scrypt")
		joins = append(joins, "--join", filepath.Join(op.dir, "join.json"))
	}
	genesis := filepath.Join(root, "genesis.json")
	out := arena(t, append([]string{"genesis", "assemble", "--genesis-time", launchTime(), "--dev", "--name", "ceremony", "--out", genesis}, joins...)...)
	sum := lineAfter(t, out, "sha256 ")
	for _, op := range ops {
		got := lineAfter(t, arena(t, "genesis", "install", "--dir", op.dir, genesis), "sha256 ")
		if !strings.HasPrefix(got, sum+":") {
			t.Fatalf("install in %s printed sha256 %q; the assembler printed %s", op.dir, got, sum)
		}
	}
	t.Logf("ceremony for %d operators (%d init, 1 assemble, %d install processes): %s",
		len(ops), len(ops), len(ops), time.Since(start).Round(time.Millisecond))

	started := time.Now()
	for _, op := range ops { // every node first: a founding node answers /healthz 200 only once it follows peers
		op.node = startCeremonyNode(t, op.dir)
	}
	for _, op := range ops {
		awaitCeremonyNode(t, op.node, op.dir)
	}
	h := max(waitHeight(t, ops[0], 3), 3)
	for _, op := range ops[1:] {
		waitHeight(t, op, h)
	}
	sameHeader(t, ops, h)
	t.Logf("four nodes started and at height %d with one app hash after %s", h, time.Since(started).Round(time.Millisecond))

	solver := strings.TrimSpace(lastLine(arena(t, "keys", "new", "--dir", ops[0].dir)))
	sponsor := strings.TrimSpace(lastLine(arena(t, "keys", "new", "--dir", ops[0].dir)))
	on := func(i int, args ...string) string {
		return arena(t, append([]string{"--dir", ops[0].dir, "--node", ops[i].api}, args...)...)
	}
	on(0, "faucet", "--key", sponsor, "--to", sponsor, "--amount", "1000")
	on(0, "faucet", "--key", sponsor, "--to", solver, "--amount", "100")
	on(1, "task", "post", "--key", sponsor, "--title", "Launch note", "--prize", "200", "--closes-in", "1h",
		"--spec", "Write a launch note for the webhooks API.", "--rubric", "The note must be at most 600 characters. It should include a link.")
	on(2, "submit", "--key", solver, "--task", "1", "--work", "The webhooks API is live: https://example.com/docs")
	graded := on(3, "grade", "--key", solver, "--entry", "1")
	if !strings.Contains(graded, "agreed: 4 of the committee") {
		t.Errorf("the entry was not graded by all four operators' validators in agreement:\n%s", graded)
	}
	h = waitHeight(t, ops[3], 1)
	for _, op := range ops[:3] {
		waitHeight(t, op, h)
	}
	sameHeader(t, ops, h)

	for _, op := range ops {
		op.node.stop(t)
		v := arena(t, "verify", "--dir", op.dir)
		if !strings.Contains(v, fmt.Sprintf("ok: %d founding join statements, each signed by its grading and consensus keys", len(ops))) {
			t.Errorf("arena verify in %s did not re-check the joins:\n%s", op.dir, v)
		}
	}
}

// portsGiven are the ports ceremonyPorts has drawn, never drawn again (nor next to
// one, a p2p port's successor being its RPC's) by the package's tests.
var (
	portsMu    sync.Mutex
	portsGiven = map[int]bool{}
)

// ceremonyPorts returns a free loopback p2p port whose successor (CometBFT RPC) is
// free too, and a free API port. They are drawn below Linux's ephemeral range (32768
// up), so that no port the kernel numbers (a relay's listener, any outgoing
// connection's source) takes one between this choice and the node binding it.
func ceremonyPorts(t *testing.T) (p2p, api int) {
	t.Helper()
	var held []net.Listener
	defer func() {
		for _, l := range held {
			l.Close()
		}
	}()
	listen := func(port int) (int, bool) {
		l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
		if err != nil {
			return 0, false
		}
		held = append(held, l)
		return l.Addr().(*net.TCPAddr).Port, true
	}
	pick := func() int {
		portsMu.Lock()
		defer portsMu.Unlock()
		for {
			if p := 10000 + rand.IntN(22000); !portsGiven[p] && !portsGiven[p-1] && !portsGiven[p+1] {
				portsGiven[p] = true
				return p
			}
		}
	}
	for range 50 {
		p, ok := listen(pick())
		if !ok {
			continue
		}
		if _, ok := listen(p + 1); !ok {
			continue
		}
		a, ok := listen(pick())
		if ok {
			return p, a
		}
	}
	t.Fatal("no free loopback ports")
	return 0, 0
}

// startCeremonyNode starts `arena node --engine comet` on an installed operator
// directory, listening where its join statement says; awaitCeremonyNode waits for its
// API.
func startCeremonyNode(t *testing.T, dir string) *proc {
	t.Helper()
	logf, err := os.OpenFile(filepath.Join(dir, "node.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	cmd := exec.Command(arenaBin, "node", "--engine", "comet", "--dir", dir, "--log-level", "warn")
	cmd.Env = arenaEnv()
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatalf("start arena node: %v", err)
	}
	p := &proc{cmd: cmd, done: make(chan struct{})}
	go func() { p.err = cmd.Wait(); close(p.done) }()
	t.Cleanup(p.kill)
	return p
}

// awaitCeremonyNode waits until the node p started on dir answers healthy: caught up
// with its peers.
func awaitCeremonyNode(t *testing.T, p *proc, dir string) {
	t.Helper()
	if err := p.await(t.Context(), filepath.Join(dir, "api.addr")); err != nil {
		p.kill()
		t.Fatalf("arena node in %s: %v\n%s", dir, err, tail(filepath.Join(dir, "node.log")))
	}
}

// rpc GETs path from op's CometBFT RPC and decodes its result into v.
func (op *ceremonyOperator) rpc(ctx context.Context, path string, v any) error {
	req, err := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("http://127.0.0.1:%d%s", op.p2p+1, path), nil)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	var body struct {
		Result json.RawMessage `json:"result"`
	}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		return err
	}
	return json.Unmarshal(body.Result, v)
}

// waitHeight waits until op has committed height h and returns its latest height.
func waitHeight(t *testing.T, op *ceremonyOperator, h int) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), ceremonyLimit)
	defer cancel()
	for {
		var st struct {
			Sync struct {
				Height string `json:"latest_block_height"`
			} `json:"sync_info"`
		}
		if err := op.rpc(ctx, "/status", &st); err == nil {
			if got, _ := strconv.Atoi(st.Sync.Height); got >= h {
				return got
			}
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%s did not reach height %d within %s\n%s", op.dir, h, ceremonyLimit, tail(filepath.Join(op.dir, "node.log")))
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// sameHeader checks that every operator's node holds the same block at height h: one
// block hash, one app hash.
func sameHeader(t *testing.T, ops []*ceremonyOperator, h int) {
	t.Helper()
	var first string
	for i, op := range ops {
		var b struct {
			ID struct {
				Hash string `json:"hash"`
			} `json:"block_id"`
			Block struct {
				Header struct {
					AppHash string `json:"app_hash"`
				} `json:"header"`
			} `json:"block"`
		}
		if err := op.rpc(t.Context(), fmt.Sprintf("/block?height=%d", h), &b); err != nil {
			t.Fatalf("%s block %d: %v", op.dir, h, err)
		}
		got := b.ID.Hash + " app " + b.Block.Header.AppHash
		if b.ID.Hash == "" || b.Block.Header.AppHash == "" {
			t.Fatalf("%s block %d has no hash: %q", op.dir, h, got)
		}
		if i == 0 {
			first = got
		} else if got != first {
			t.Errorf("block %d: %s holds %s, %s holds %s", h, ops[0].dir, first, op.dir, got)
		}
	}
}

// launchTime is the genesis time the operators of a test network agree on: now, to the
// second, so that CometBFT starts at once and stamps block 1 with the present.
func launchTime() string { return time.Now().UTC().Truncate(time.Second).Format(time.RFC3339) }

// lineAfter returns the rest of the first line of out that starts with prefix.
func lineAfter(t *testing.T, out, prefix string) string {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(l, prefix); ok {
			return rest
		}
	}
	t.Fatalf("no line starting %q in:\n%s", prefix, out)
	return ""
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
