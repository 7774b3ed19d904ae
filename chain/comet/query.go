package comet

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	abci "github.com/cometbft/cometbft/abci/types"

	"github.com/arena/arena/ledger"
)

// Query codes.
const (
	// QueryNotFound: the path names nothing that exists.
	QueryNotFound uint32 = 1
	// QueryBadPath: the path is not one Query serves.
	QueryBadPath uint32 = 2
)

// Query serves the committed state's views as JSON by path: /arena, /task/ID,
// /entry/ID, /grades/ID (the entry's rounds), /tender/ID, /tender-check/DIGEST,
// /match/ID, /match-bet/ID, /bench/ID, /challenge/ID, /run/ID, /snapshot and
// /nonce/ADDR (the next nonce, a number). Height is the last committed height.
func (a *App) Query(_ context.Context, req *abci.RequestQuery) (*abci.ResponseQuery, error) {
	var (
		v     any
		found = true
		err   error
	)
	a.View(func(s *ledger.State) {
		if s == nil {
			err = ErrNoGenesis
			return
		}
		v, found, err = view(s, req.Path)
	})
	last, _ := a.Committed()
	res := &abci.ResponseQuery{Height: int64(last.Height)}
	switch {
	case err != nil:
		res.Code, res.Log = QueryBadPath, err.Error()
	case !found:
		res.Code, res.Log = QueryNotFound, "not found: "+req.Path
	default:
		if res.Value, err = json.Marshal(v); err != nil {
			return nil, fmt.Errorf("encode %s: %w", req.Path, err)
		}
	}
	return res, nil
}

// view returns the view path names.
func view(s *ledger.State, path string) (any, bool, error) {
	parts := strings.Split(strings.TrimPrefix(path, "/"), "/")
	switch {
	case len(parts) == 1 && parts[0] == "arena":
		return s.Arena(), true, nil
	case len(parts) == 1 && parts[0] == "snapshot":
		return s.Snapshot(), true, nil
	case len(parts) != 2:
		return nil, false, fmt.Errorf("unknown query path %q", path)
	case parts[0] == "nonce":
		addr, err := ledger.ParseAddress(parts[1])
		if err != nil {
			return nil, false, fmt.Errorf("query %s: %w", path, err)
		}
		return s.NextNonce(addr), true, nil
	case parts[0] == "tender-check":
		v, ok := s.TenderCheck(parts[1])
		return v, ok, nil
	}
	id, err := strconv.ParseUint(parts[1], 10, 64)
	if err != nil {
		return nil, false, fmt.Errorf("query %s: id must be a decimal number", path)
	}
	switch parts[0] {
	case "task":
		v, ok := s.Task(ledger.TaskID(id))
		return v, ok, nil
	case "entry":
		v, ok := s.Entry(ledger.EntryID(id))
		return v, ok, nil
	case "tender":
		v, ok := s.Tender(ledger.TenderID(id))
		return v, ok, nil
	case "match":
		v, ok := s.Match(ledger.MatchID(id))
		return v, ok, nil
	case "match-bet":
		v, ok := s.MatchBet(ledger.BetID(id))
		return v, ok, nil
	case "bench":
		v, ok := s.Bench(ledger.BenchID(id))
		return v, ok, nil
	case "challenge":
		v, ok := s.Challenge(ledger.ChallengeID(id))
		return v, ok, nil
	case "run":
		v, ok := s.Run(ledger.RunID(id))
		return v, ok, nil
	case "grades":
		if _, ok := s.Entry(ledger.EntryID(id)); !ok {
			return nil, false, nil
		}
		return s.Grades(ledger.EntryID(id)), true, nil
	}
	return nil, false, fmt.Errorf("unknown query path %q", path)
}
