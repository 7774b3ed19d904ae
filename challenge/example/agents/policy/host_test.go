package policy

import (
	"encoding/json"
	"testing"

	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/challenge/example/toolbench"
)

// run plays the host: it runs the agent on every case of d, serving tool calls from the
// case's mocks and recording them, and returns the transcript.
func run(s Skills, d abi.Dataset) abi.Transcript {
	t := abi.Transcript{Bench: toolbench.Name, Seed: d.Seed, Probe: runCase(s, d.Probe)}
	for _, c := range d.Cases {
		t.Cases = append(t.Cases, runCase(s, c))
	}
	return t
}

func runCase(s Skills, c abi.Case) abi.Record {
	rec := abi.Record{ID: c.ID, Outcome: abi.OutcomeOK}
	call := func(name string, args any) []byte {
		a, _ := json.Marshal(args)
		req, _ := json.Marshal(abi.ToolRequest{Name: name, Args: a})
		resp := []byte(abi.UnknownTool)
		if m, ok := c.Mocks[name]; ok {
			resp = m
		}
		rec.Calls = append(rec.Calls, abi.Call{Channel: abi.ChannelTool, Request: string(req), Response: string(resp)})
		return resp
	}
	rec.Response = s.Answer(c.Input, call)
	return rec
}

func seed(i int) [32]byte {
	var s [32]byte
	s[0], s[1], s[31] = byte(i), byte(i>>8), 0xA5
	return s
}

func gradeRun(t *testing.T, s Skills, d abi.Dataset) []abi.Grade {
	t.Helper()
	g, err := toolbench.Grade(d, run(s, d))
	if err != nil {
		t.Fatal(err)
	}
	return g.Cases
}

func dataset(t *testing.T, i int, profile string) abi.Dataset {
	t.Helper()
	d, err := toolbench.Generate(seed(i), profile)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
