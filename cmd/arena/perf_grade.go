package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/node"
	"github.com/spf13/cobra"
)

func (a *app) perfGradeCmd() *cobra.Command {
	var grades, validators int
	var model time.Duration
	c := &cobra.Command{
		Use:   "grade",
		Short: "Time grades through the HTTP API against a model server that answers after --model",
		Long: "Starts a dev node with --validators validators in a temporary directory, every one reading\n" +
			"through one scripted model server (the OpenAI wire format over HTTP) that answers each call\n" +
			"after --model, posts a task with --grades entries, then grades them one at a time as\n" +
			"`arena grade` does: it opens the round through the API and waits for its grade. For each\n" +
			"grade it compares the time some model call was in flight with the grade's wall time, and\n" +
			"reports the median of those ratios: what is not the model is block, event and API latency.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if grades < 1 || validators < 1 || model <= 0 {
				return fmt.Errorf("--grades %d, --validators %d, --model %s: want at least one grade and validator and a positive model time", grades, validators, model)
			}
			rep, err := perfGrade(cmd.Context(), a.getenv, grades, validators, model)
			if err != nil {
				return err
			}
			return a.emit(rep, rep.print)
		},
	}
	c.Flags().IntVar(&grades, "grades", 20, "grades to time, one at a time")
	c.Flags().IntVar(&validators, "validators", node.DefaultValidators, "validators of the measured arena, each reading through the model server")
	c.Flags().DurationVar(&model, "model", time.Second, "how long the model server takes to answer each call")
	return c
}

// GradeReport is what `arena perf grade` measured.
type GradeReport struct {
	Perf       string  `json:"perf"` // "grade"
	Grades     int     `json:"grades"`
	Validators int     `json:"validators"`
	ModelS     float64 `json:"model_s"`     // each model call's answer time
	WallMs     float64 `json:"wall_ms"`     // median grade wall time: the grade sent to its grade read
	BusyMs     float64 `json:"model_ms"`    // median time within a grade that some model call was in flight
	Ratio      float64 `json:"ratio"`       // median of model time / wall time over the grades
	MinRatio   float64 `json:"min_ratio"`   // the worst grade's
	Calls      int     `json:"model_calls"` // model calls the grades made
	Machine    Machine `json:"machine"`
	Target     float64 `json:"target_ratio"` // what the ratio should reach
}

// gradeTarget is the share of a grade's wall time the model should take.
const gradeTarget = 0.95

func (r GradeReport) print(w io.Writer) {
	fmt.Fprintf(w, "grade: %d grades, %d validators, a model answering in %s (%d calls)\n", r.Grades, r.Validators, time.Duration(r.ModelS*float64(time.Second)), r.Calls)
	fmt.Fprintf(w, "median wall %.1fms, model %.1fms: model/wall %.3f (worst %.3f; target >= %.2f)\n", r.WallMs, r.BusyMs, r.Ratio, r.MinRatio, r.Target)
	fmt.Fprintf(w, "machine: %s\n", r.Machine)
}

// perfGrade runs the measurement on a dev node of its own in a temporary directory.
func perfGrade(ctx context.Context, env func(string) string, grades, validators int, delay time.Duration) (GradeReport, error) {
	dir, err := os.MkdirTemp("", "arena-perf-grade-")
	if err != nil {
		return GradeReport{}, fmt.Errorf("perf directory: %w", err)
	}
	defer os.RemoveAll(dir)
	ms := &slowModel{delay: delay}
	stopModel, modelURL, err := serveLoopback(ctx, ms)
	if err != nil {
		return GradeReport{}, err
	}
	defer stopModel()
	readers := make([]string, validators)
	for i := range readers {
		readers[i] = "openai:" + modelURL + "/v1#m"
	}
	cfg, err := node.Init(dir, node.InitOptions{Terms: node.Terms{Name: "perf", DevMode: true}, LightScrypt: true, Validators: validators, Readers: readers})
	if err != nil {
		return GradeReport{}, err
	}
	cfg.API.Rate = 0
	if err := node.WriteConfig(dir, cfg); err != nil {
		return GradeReport{}, err
	}
	log := slog.New(slog.DiscardHandler)
	n, err := node.Open(dir, node.OpenOptions{Logger: log, Env: env})
	if err != nil {
		return GradeReport{}, err
	}
	defer n.Close()
	runCtx, stopRun := context.WithCancel(ctx)
	ran := make(chan error, 1)
	go func() { ran <- n.Run(runCtx) }() // the validators
	defer func() { stopRun(); <-ran }()
	stopAPI, url, err := serveLoopback(ctx, handler(n, log))
	if err != nil {
		return GradeReport{}, err
	}
	defer stopAPI()
	c := client.New(url, &http.Client{Timeout: 5 * time.Minute})
	entries, err := gradeFixture(ctx, c, grades)
	if err != nil {
		return GradeReport{}, err
	}
	rep := GradeReport{Perf: "grade", Grades: grades, Validators: validators, ModelS: delay.Seconds(), Target: gradeTarget, Machine: thisMachine()}
	var walls, busies []time.Duration
	var ratios []float64
	calls := ms.count()
	for _, e := range entries {
		start := time.Now()
		if _, err := e.solver.Send(ctx, ledger.Amount{}, ledger.Grade{Entry: e.id}); err != nil {
			return GradeReport{}, fmt.Errorf("grade entry %d: %w", e.id, err)
		}
		v, err := c.WaitEntry(ctx, e.id, nil)
		end := time.Now()
		if err != nil {
			return GradeReport{}, fmt.Errorf("wait for entry %d: %w", e.id, err)
		}
		if v.State != ledger.EntryGraded {
			return GradeReport{}, fmt.Errorf("entry %d ended %s, want graded", e.id, v.State)
		}
		wall, busy := end.Sub(start), ms.busy(start, end)
		walls, busies = append(walls, wall), append(busies, busy)
		ratios = append(ratios, busy.Seconds()/wall.Seconds())
	}
	rep.Calls = ms.count() - calls
	rep.WallMs = float64(median(walls).Microseconds()) / 1000
	rep.BusyMs = float64(median(busies).Microseconds()) / 1000
	slices.Sort(ratios)
	rep.Ratio, rep.MinRatio = ratios[(len(ratios)-1)/2], ratios[0]
	return rep, nil
}

// median returns the lower median of d.
func median(d []time.Duration) time.Duration {
	s := slices.Sorted(slices.Values(d))
	return s[(len(s)-1)/2]
}

// gradeEntry is one entry to grade and the solver who entered it.
type gradeEntry struct {
	id     ledger.EntryID
	solver *client.Sender
}

// gradeFixture posts a task with a sponsor funded by the faucet and enters n distinct
// works in it, each from a solver of its own.
func gradeFixture(ctx context.Context, c *client.Client, n int) ([]gradeEntry, error) {
	ar, err := c.Arena(ctx)
	if err != nil {
		return nil, err
	}
	sponsor, err := fundedSender(ctx, c, ledger.Ether(1000))
	if err != nil {
		return nil, err
	}
	rc, err := sponsor.Send(ctx, ledger.Ether(100), ledger.PostTask{Title: "A note on ledgers",
		Spec: "Write a short note on why a ledger keeps every entry.", Rubric: "It should be at most 60 words.", ClosesInS: 86400})
	if err != nil {
		return nil, fmt.Errorf("post task: %w", err)
	}
	task := ledger.TaskID(rc.Outcome.Created)
	rng := rand.New(rand.NewPCG(1, 2))
	entries := make([]gradeEntry, n)
	for i := range entries {
		s, err := fundedSender(ctx, c, ledger.Ether(100))
		if err != nil {
			return nil, err
		}
		rc, err := s.Send(ctx, ar.Terms.EntryBond, ledger.Submit{Task: task, Work: distinctWork(rng)})
		if err != nil {
			return nil, fmt.Errorf("enter work %d: %w", i+1, err)
		}
		entries[i] = gradeEntry{id: ledger.EntryID(rc.Outcome.Created), solver: s}
	}
	return entries, nil
}

// fundedSender makes a key and credits it amount from the dev faucet.
func fundedSender(ctx context.Context, c *client.Client, amount ledger.Amount) (*client.Sender, error) {
	k, err := account.Generate()
	if err != nil {
		return nil, err
	}
	s := c.Sender(k)
	if _, err := s.Send(ctx, ledger.Amount{}, ledger.Faucet{To: k.Address(), Amount: amount}); err != nil {
		return nil, fmt.Errorf("faucet: %w", err)
	}
	return s, nil
}

// gradeWords are what distinctWork draws from; forty words drawn at random make works
// that share too little to be read as copies of each other.
var gradeWords = strings.Fields(`ledger entry balance block chain commit record account credit debit
	audit trail proof hash seal order witness history column total journal posting receipt
	transfer settle reconcile trust rule state replay verify signature quorum validator round
	grade rubric task bond prize appeal window fold epoch`)

func distinctWork(rng *rand.Rand) string {
	w := make([]string, 40)
	for i := range w {
		w[i] = gradeWords[rng.IntN(len(gradeWords))]
	}
	return strings.Join(w, " ") + "."
}

// serveLoopback serves h on a loopback port until stop.
func serveLoopback(ctx context.Context, h http.Handler) (stop func(), url string, err error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, "", fmt.Errorf("listen: %w", err)
	}
	ctx, cancel := context.WithCancel(ctx)
	served := make(chan error, 1)
	go func() { served <- api.Serve(ctx, ln, h) }()
	return func() { cancel(); <-served }, "http://" + ln.Addr().String(), nil
}

// slowModel is an OpenAI-compatible model server that answers every chat completion
// after delay: a rubric's compilation with no checks, a reading with rung 3. It keeps
// when each call was in flight.
type slowModel struct {
	delay time.Duration

	mu    sync.Mutex
	spans [][2]time.Time
}

func (m *slowModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	body, _ := io.ReadAll(r.Body)
	text := `{"rung": 3, "reason": "a fair piece of work"}`
	if bytes.Contains(body, []byte(`"arena_compile"`)) {
		text = `{"checks": []}`
	}
	t := time.NewTimer(m.delay)
	defer t.Stop()
	select {
	case <-t.C:
	case <-r.Context().Done():
		return
	}
	b, _ := json.Marshal(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "created": start.Unix(), "model": "m",
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": text}}},
		"usage": map[string]any{"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110},
	})
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
	m.mu.Lock()
	m.spans = append(m.spans, [2]time.Time{start, time.Now()})
	m.mu.Unlock()
}

func (m *slowModel) count() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.spans)
}

// busy returns how long within [from, to] some call was in flight.
func (m *slowModel) busy(from, to time.Time) time.Duration {
	m.mu.Lock()
	spans := slices.Clone(m.spans)
	m.mu.Unlock()
	slices.SortFunc(spans, func(a, b [2]time.Time) int { return a[0].Compare(b[0]) })
	var total time.Duration
	var end time.Time // the end of the union so far
	for _, s := range spans {
		lo, hi := later(s[0], from), earlier(s[1], to)
		lo = later(lo, end)
		if hi.After(lo) {
			total += hi.Sub(lo)
			end = hi
		}
	}
	return total
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
