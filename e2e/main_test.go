package e2e

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/arena/arena/client"
)

// arenaBin is the arena binary TestMain builds once for every test of the package.
var arenaBin string

// v1Flags build the previous release: a binary of this source that knows protocol
// version 1 only (ledger.KnownVersion), as a release built before version 2 would.
const v1Flags = "-X github.com/arena/arena/ledger.knownVersions=1"

// v1Bin is the previous release's binary, built by oldRelease the first time a test
// asks for it, next to arenaBin.
var (
	v1Once  sync.Once
	v1Bin   string
	v1Error error
)

// oldRelease returns the path of the binary that knows protocol version 1 only,
// building it once for the package's tests.
func oldRelease(t *testing.T) string {
	t.Helper()
	v1Once.Do(func() {
		v1Bin = filepath.Join(filepath.Dir(arenaBin), "arena-v1")
		v1Error = build(v1Bin, "-ldflags", v1Flags)
	})
	if v1Error != nil {
		t.Fatal(v1Error)
	}
	return v1Bin
}

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "arena-e2e-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	arenaBin = filepath.Join(dir, "arena")
	if err := build(arenaBin); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// build compiles cmd/arena to bin, with flags (as -ldflags X) added to go build's.
func build(bin string, flags ...string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	args := append(append([]string{"build", "-o", bin}, flags...), "github.com/arena/arena/cmd/arena")
	out, err := exec.CommandContext(ctx, "go", args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, out)
	}
	return nil
}

// arenaEnv is the environment of every arena process: the dev arenas' empty passphrase
// and nothing that could point a reader at a real model server.
func arenaEnv() []string {
	return []string{"ARENA_PASSPHRASE=", "PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}
}

// arena runs one arena command to completion within a minute and returns its stdout;
// a non-zero exit fails the test with its stderr.
func arena(t *testing.T, args ...string) string {
	t.Helper()
	return arenaWith(t, nil, args...)
}

// arenaWith is arena with env (KEY=VALUE) added to the command's environment.
func arenaWith(t *testing.T, env []string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, arenaBin, args...)
	cmd.Env = append(arenaEnv(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("arena %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String()
}

// proc is an `arena node` child process.
type proc struct {
	cmd  *exec.Cmd
	url  string // API base URL
	c    *client.Client
	done chan struct{} // closed once the process has exited
	err  error         // its exit status, once done is closed
}

// startNode starts `arena node` on an arena directory, on a loopback port the kernel
// picks, and waits until its API answers. Its stderr is appended to DIR/node.log. The
// process is killed when the test ends if it is still running.
func startNode(t *testing.T, dir string) *proc {
	t.Helper()
	return startNodeWith(t, dir, nil)
}

// startNodeWith is startNode with env (KEY=VALUE) added to the node's environment.
func startNodeWith(t *testing.T, dir string, env []string) *proc {
	t.Helper()
	addrPath := filepath.Join(dir, "api.addr")
	// A killed node leaves its address file behind; the new one must write its own.
	if err := os.Remove(addrPath); err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	logf, err := os.OpenFile(filepath.Join(dir, "node.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close() // the child holds its own descriptor
	cmd := exec.Command(arenaBin, "node", "--dir", dir, "--listen", "127.0.0.1:0", "--log-level", "warn")
	cmd.Env = append(arenaEnv(), env...)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatalf("start arena node: %v", err)
	}
	p := &proc{cmd: cmd, done: make(chan struct{})}
	go func() { p.err = cmd.Wait(); close(p.done) }()
	t.Cleanup(p.kill)
	if err := p.await(t.Context(), addrPath); err != nil {
		p.kill()
		t.Fatalf("arena node in %s: %v\n%s", dir, err, tail(filepath.Join(dir, "node.log")))
	}
	return p
}

// nodeStartLimit bounds how long a node may take from exec to a healthy API.
const nodeStartLimit = 20 * time.Second

// await waits for the node's address file and then for GET /healthz to answer.
func (p *proc) await(ctx context.Context, addrPath string) error {
	ctx, cancel := context.WithTimeout(ctx, nodeStartLimit)
	defer cancel()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		if p.url == "" {
			if b, err := os.ReadFile(addrPath); err == nil && bytes.HasSuffix(b, []byte("\n")) {
				p.url = "http://" + strings.TrimSpace(string(b))
				p.c = client.New(p.url, &http.Client{Timeout: 5 * time.Second})
			}
		}
		if p.c != nil {
			if _, err := p.c.Health(ctx); err == nil {
				return nil
			}
		}
		select {
		case <-p.done:
			return fmt.Errorf("exited before its API answered: %v", p.err)
		case <-ctx.Done():
			return fmt.Errorf("API not answering after %s: %w", nodeStartLimit, ctx.Err())
		case <-tick.C:
		}
	}
}

// kill sends SIGKILL and waits for the process to be gone. It is safe to call twice.
func (p *proc) kill() {
	select {
	case <-p.done:
		return
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

// stop asks the node to shut down (SIGTERM) and waits for it, killing it after 10s.
func (p *proc) stop(t *testing.T) {
	t.Helper()
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
		if p.err != nil {
			t.Errorf("arena node exited with %v after SIGTERM", p.err)
		}
	case <-time.After(10 * time.Second):
		p.kill()
		t.Errorf("arena node did not stop within 10s of SIGTERM")
	}
}

// tail returns the last few KiB of a log file, for failure messages.
func tail(path string) string {
	b, _ := os.ReadFile(path)
	if len(b) > 4096 {
		b = b[len(b)-4096:]
	}
	return string(b)
}
