package toolbench

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/arena/arena/challenge/abi"
)

// Serve answers one bench request read from r: the encoded Dataset of a generate op, or
// the encoded Grades of a grade op. The bench command writes what it returns to stdout.
func Serve(r io.Reader) ([]byte, error) {
	var req abi.Request
	if err := json.NewDecoder(r).Decode(&req); err != nil {
		return nil, fmt.Errorf("read request: %w", err)
	}
	switch req.Op {
	case abi.OpGenerate:
		seed, err := parseSeed(req.Seed)
		if err != nil {
			return nil, err
		}
		d, err := Generate(seed, req.Profile)
		if err != nil {
			return nil, err
		}
		return json.Marshal(d)
	case abi.OpGrade:
		var d abi.Dataset
		if err := json.Unmarshal(req.Dataset, &d); err != nil {
			return nil, fmt.Errorf("read dataset: %w", err)
		}
		var t abi.Transcript
		if err := json.Unmarshal(req.Transcript, &t); err != nil {
			return nil, fmt.Errorf("read transcript: %w", err)
		}
		g, err := Grade(d, t)
		if err != nil {
			return nil, err
		}
		return json.Marshal(g)
	}
	return nil, fmt.Errorf("unknown op %q", req.Op)
}

func parseSeed(s string) ([32]byte, error) {
	var seed [32]byte
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != len(seed) {
		return seed, errors.New("the seed must be 64 hex digits")
	}
	copy(seed[:], b)
	return seed, nil
}
