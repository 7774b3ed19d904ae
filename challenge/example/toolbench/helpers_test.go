package toolbench

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/arena/arena/challenge/abi"
)

func seedOf(b byte) [32]byte {
	var s [32]byte
	for i := range s {
		s[i] = b + byte(i)
	}
	return s
}

func generate(t *testing.T, seed [32]byte, profile string) abi.Dataset {
	t.Helper()
	d, err := Generate(seed, profile)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func keyOf(t *testing.T, c abi.Case) Key {
	t.Helper()
	var k Key
	if err := json.Unmarshal(c.Key, &k); err != nil {
		t.Fatal(err)
	}
	return k
}

func toolCall(name string, args any) abi.Call {
	a, _ := json.Marshal(args)
	req, _ := json.Marshal(abi.ToolRequest{Name: name, Args: a})
	return abi.Call{Channel: abi.ChannelTool, Request: string(req), Response: "{}"}
}

// perfect builds the transcript of an agent that does exactly what every key asks.
func perfect(t *testing.T, d abi.Dataset) abi.Transcript {
	t.Helper()
	tr := transcript(d, func(c abi.Case) abi.Record {
		k := keyOf(t, c)
		rec := abi.Record{ID: c.ID, Outcome: abi.OutcomeOK}
		switch k.Category {
		case "delete":
			rec.Response = "You asked me to forget that, so I no longer have it."
		case "lifecycle-write":
			rec.Calls = []abi.Call{toolCall(MemoryWrite, map[string]string{"fact": k.Write})}
			rec.Response = "Saved; I will remember it."
		default:
			for _, e := range k.Calls {
				rec.Calls = append(rec.Calls, toolCall(e.Name, e.Args))
			}
			rec.Response = "Here you are: " + strings.Join(append(k.Facts, k.Answer), ", ")
		}
		return rec
	})
	return tr
}

// transcript builds a transcript of d whose records come from f.
func transcript(d abi.Dataset, f func(abi.Case) abi.Record) abi.Transcript {
	tr := abi.Transcript{Bench: Name, Seed: d.Seed, Probe: abi.Record{ID: "probe", Outcome: abi.OutcomeOK}}
	for _, c := range d.Cases {
		tr.Cases = append(tr.Cases, f(c))
	}
	return tr
}

func grade(t *testing.T, d abi.Dataset, tr abi.Transcript) abi.Grades {
	t.Helper()
	g, err := Grade(d, tr)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
