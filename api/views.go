package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/typed"
)

// getArena is the arena's view, its genesis hash and EIP-712 domain, and its clock at a
// block made now.
func (s *server) getArena(w http.ResponseWriter, r *http.Request) {
	var v wire.Arena
	wall := s.now().Unix()
	s.chain.View(func(st *ledger.State) {
		g := st.GenesisHash()
		v = wire.Arena{ArenaView: st.Arena(), GenesisHash: ledger.HexHash(g), NextTime: st.ClockAt(wall),
			Domain: wire.Domain{Name: typed.DomainName, Version: typed.TypedDataVersion, VerifyingContract: typed.VerifyingContract(g)}}
	})
	writeJSON(w, http.StatusOK, v)
}

func (s *server) getTasks(w http.ResponseWriter, r *http.Request) {
	var v []ledger.TaskView
	s.chain.View(func(st *ledger.State) { v = st.Tasks() })
	writeJSON(w, http.StatusOK, nonNil(v))
}

func (s *server) getTask(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "task")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v ledger.TaskView
	var ok bool
	s.chain.View(func(st *ledger.State) { v, ok = st.Task(ledger.TaskID(id)) })
	s.found(w, r, v, ok, "no task %d", id)
}

func (s *server) getTaskEntries(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "task")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v []ledger.EntryView
	var ok bool
	s.chain.View(func(st *ledger.State) {
		if _, ok = st.Task(ledger.TaskID(id)); ok {
			v = st.Entries(ledger.TaskID(id))
		}
	})
	s.found(w, r, nonNil(v), ok, "no task %d", id)
}

// getTaskQuestions is a task's public questions and the sponsor's answers, in the order
// asked.
func (s *server) getTaskQuestions(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "task")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v []ledger.QuestionView
	var ok bool
	s.chain.View(func(st *ledger.State) { v, ok = st.Questions(ledger.TaskID(id)) })
	s.found(w, r, nonNil(v), ok, "no task %d", id)
}

func (s *server) getEntry(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "entry")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v ledger.EntryView
	var ok bool
	s.chain.View(func(st *ledger.State) { v, ok = st.Entry(ledger.EntryID(id)) })
	s.found(w, r, v, ok, "no entry %d", id)
}

func (s *server) getGrades(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "entry")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v []ledger.RoundView
	var ok bool
	s.chain.View(func(st *ledger.State) {
		if _, ok = st.Entry(ledger.EntryID(id)); ok {
			v = st.Grades(ledger.EntryID(id))
		}
	})
	s.found(w, r, nonNil(v), ok, "no entry %d", id)
}

func (s *server) getRound(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "round")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v ledger.RoundView
	var ok bool
	s.chain.View(func(st *ledger.State) { v, ok = st.Round(ledger.RoundID(id)) })
	s.found(w, r, v, ok, "no round %d", id)
}

// getRoundAttempts answers a round of any kind in full: every attempt and every
// attestation, each verdict as its kind encodes it.
func (s *server) getRoundAttempts(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "round")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v ledger.RoundDetail
	var ok bool
	s.chain.View(func(st *ledger.State) { v, ok = st.RoundDetail(ledger.RoundID(id)) })
	s.found(w, r, v, ok, "no round %d", id)
}

// getRounds lists the open rounds with ?state=open, and every round without it.
func (s *server) getRounds(w http.ResponseWriter, r *http.Request) {
	state := r.URL.Query().Get("state")
	if state != "" && state != ledger.RoundOpen {
		s.fail(w, r, badRequest(`state must be "open" or absent`))
		return
	}
	var v []ledger.RoundView
	s.chain.View(func(st *ledger.State) {
		if state == ledger.RoundOpen {
			v = st.OpenRounds()
		} else {
			v = st.Snapshot().Rounds
		}
	})
	writeJSON(w, http.StatusOK, nonNil(v))
}

func (s *server) getAccount(w http.ResponseWriter, r *http.Request) {
	a, err := pathAddress(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v := Account{Address: a}
	s.chain.View(func(st *ledger.State) {
		acc := st.Account(a)
		v.NextNonce, v.Balance, v.Claimable, v.FeesPaid, v.Earned = acc.Nonce+1, acc.Wallet, acc.Claimable, acc.FeesPaid, acc.Earned
		v.Reputation = st.Reputation(a)
	})
	writeJSON(w, http.StatusOK, v)
}

func (s *server) getLeaderboard(w http.ResponseWriter, r *http.Request) {
	var v []ledger.Reputation
	s.chain.View(func(st *ledger.State) { v = st.Leaderboard() })
	writeJSON(w, http.StatusOK, nonNil(v))
}

// getJudges serves each validator's public record as a grader, in the order of the
// validator set.
func (s *server) getJudges(w http.ResponseWriter, r *http.Request) {
	var v []ledger.Judge
	s.chain.View(func(st *ledger.State) { v = st.Judges() })
	writeJSON(w, http.StatusOK, nonNil(v))
}

// getGovernance serves the protocol version and terms in force, the validators who vote,
// the upgrade waiting for its height and every proposal with its votes.
func (s *server) getGovernance(w http.ResponseWriter, r *http.Request) {
	var v ledger.Governance
	s.chain.View(func(st *ledger.State) { v = st.Governance() })
	writeJSON(w, http.StatusOK, v)
}

// getValidators lists every validator's record, founders first: the set in force is
// those active or leaving, each with the bond the arena holds.
func (s *server) getValidators(w http.ResponseWriter, r *http.Request) {
	var v []ledger.ValidatorView
	s.chain.View(func(st *ledger.State) { v = st.Validators() })
	writeJSON(w, http.StatusOK, nonNil(v))
}

func (s *server) getClaimable(w http.ResponseWriter, r *http.Request) {
	a, err := pathAddress(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v := ledger.Claimable{Address: a}
	s.chain.View(func(st *ledger.State) { v.Amount = st.Claimable(a) })
	writeJSON(w, http.StatusOK, v)
}

func (s *server) getSnapshot(w http.ResponseWriter, r *http.Request) {
	var v ledger.Snapshot
	s.chain.View(func(st *ledger.State) { v = st.Snapshot() })
	writeJSON(w, http.StatusOK, v)
}

func (s *server) getHealth(w http.ResponseWriter, r *http.Request) {
	switch {
	case !s.hasState():
		writeJSON(w, http.StatusServiceUnavailable, Health{Status: wire.HealthSyncing})
	case s.catchingUp():
		retryAfter(w, time.Second)
		writeJSON(w, http.StatusServiceUnavailable, Health{Status: wire.HealthCatchingUp, Height: s.height(), Message: catchingUpMsg})
	default:
		writeJSON(w, http.StatusOK, Health{Status: wire.HealthOK, Height: s.height()})
	}
}

// catchingUpMsg is the message of GET /healthz while the node replays blocks its peers
// already committed: what it serves is behind its network until it has caught up.
const catchingUpMsg = "This node is catching up with its network: it is replaying blocks its peers already committed, so what it serves is behind them. GET /healthz answers 200 once it has caught up"

// catcher is an engine that can be behind its network (CometBFT's block sync).
type catcher interface{ CatchingUp() bool }

// catchingUp reports whether the engine is still replaying blocks its network already
// committed; an engine that cannot be behind (solo) never is.
func (s *server) catchingUp() bool {
	c, ok := s.chain.(catcher)
	return ok && c.CatchingUp()
}

// found writes v, or a 404 with the formatted message when ok is false.
func (s *server) found(w http.ResponseWriter, r *http.Request, v any, ok bool, format string, id uint64) {
	if !ok {
		s.fail(w, r, notFound(fmt.Sprintf(format, id)))
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// pathID parses the {id} path value: a positive decimal integer.
func pathID(r *http.Request, what string) (uint64, error) {
	id, err := strconv.ParseUint(r.PathValue("id"), 10, 64)
	if err != nil || id == 0 {
		return 0, badRequest(what + " id must be a positive integer")
	}
	return id, nil
}

// pathAddress parses the {address} path value.
func pathAddress(r *http.Request) (ledger.Address, error) {
	a, err := ledger.ParseAddress(r.PathValue("address"))
	if err != nil {
		return a, badRequest(err.Error())
	}
	return a, nil
}

// nonNil makes an empty list encode as [] rather than null.
func nonNil[T any](v []T) []T {
	if v == nil {
		return []T{}
	}
	return v
}

// writeJSON writes v with status st.
func writeJSON(w http.ResponseWriter, st int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		st, b = http.StatusInternalServerError, []byte(`{"error":{"class":"INTERNAL","message":"internal error"}}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(st)
	w.Write(append(b, '\n'))
}

func (s *server) getTx(w http.ResponseWriter, r *http.Request) {
	id, err := wire.ParseID(r.PathValue("id"))
	if err != nil {
		s.fail(w, r, badRequest("transaction id must be 0x followed by 64 hex digits"))
		return
	}
	t, ok, err := s.chain.Tx(id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !ok {
		s.fail(w, r, notFound("no transaction "+wire.HexID(id)+s.logBegins()))
		return
	}
	writeJSON(w, http.StatusOK, t)
}

// getDeliveries lists every award delivery the node's relayer recorded, [] when it has
// none (a node with no sinks records none).
func (s *server) getDeliveries(w http.ResponseWriter, r *http.Request) {
	var ds []Delivery
	if s.deliveries != nil {
		var err error
		if ds, err = s.deliveries(); err != nil {
			s.fail(w, r, fmt.Errorf("deliveries: %w", err))
			return
		}
	}
	writeJSON(w, http.StatusOK, nonNil(ds))
}
