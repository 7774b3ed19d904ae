package challenge

import (
	"slices"
	"unicode/utf8"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/digest"
	"github.com/arena/arena/ledger/round"
)

// Register applies a bench_register: it freezes the version and opens its bench_check
// round, with the grading fee from the sender's wallet.
func (s *State) Register(env round.Env, b BenchRegister) (book.Outcome, *book.Error) {
	if err := s.checkRegister(env, &b); err != nil {
		return book.Outcome{}, err
	}
	at := env.At
	env.Book.Escrow(at.From, GradePool, s.terms.GradingFee)
	x := &bench{
		BenchRegister: b, ID: BenchID(len(s.benches) + 1), Registrant: at.From, Fee: s.terms.GradingFee,
		RegisteredAt: at.Now, State: BenchChecking,
	}
	x.Kinds, x.Profiles = slices.Clone(b.Kinds), slices.Clone(b.Profiles)
	rd := env.Rounds.OpenMetered(CheckKind, uint64(x.ID), committeeSize(env, b.Quorum), b.Quorum, checkGas(&b), env.Chain, at)
	x.Round = rd.ID
	s.benches = append(s.benches, x)
	return book.Outcome{Created: uint64(x.ID), Events: []book.Event{{
		Type: "bench_registered", Height: at.Height, Round: uint64(rd.ID), Attempt: 1, Address: book.AddrPtr(at.From), Note: b.Name,
	}}}, nil
}

// checkRegister refuses a registration in the order refusals.go lists.
func (s *State) checkRegister(env round.Env, b *BenchRegister) *book.Error {
	switch {
	case !slug(b.Name, MaxNameLen):
		return errName
	case !s.owns(b.Name, env.At.From):
		return errOwner
	case !s.versionFree(b.Name, b.Version):
		return errVersion
	case !digest.IsSHA256Hex(b.Module):
		return errModule
	case b.Size < 1 || b.Size > MaxModuleBytes:
		return errSize
	case len(b.URL) > MaxURLLen || !utf8.ValidString(b.URL):
		return errURL
	case !kindsOK(b.Kinds):
		return errKinds
	case b.MinCases < 1 || b.MinCases > MaxMinCases:
		return errMinCases
	case !profilesOK(b.Profiles):
		return errProfiles
	case len(b.Model) > MaxModelLen || !utf8.ValidString(b.Model):
		return errModel
	case b.Quorum < 1 || b.Quorum > MaxQuorum:
		return errQuorum
	case len(env.Rounds.Terms().Validators) < b.Quorum:
		return errFewValidators
	case b.InitGas < 1 || b.InitGas > MaxInitGas || b.CaseGas < 1 || b.CaseGas > MaxCaseGas || b.BenchGas < 1 || b.BenchGas > MaxBenchGas:
		return errGas
	case !fits(env, checkGas(b)) || !fits(env, runGas(b, b.MinCases)):
		return errDeadline
	case b.MaxPages < 1 || b.MaxPages > MaxPagesCap:
		return errPages
	case b.Platform != Platform:
		return errPlatform
	case !foldOK(b.Fold):
		return errFold
	case !s.canPay(env, book.Amount{}):
		return errGradingFee
	}
	return nil
}

// checkGas is the whole budget of a bench check of b: two generations of the full
// profile, the grading of an empty transcript and one generation of every other
// profile, each under bench_gas.
func checkGas(b *BenchRegister) int64 {
	return int64(round.Gas(b.BenchGas).Times(int64(2 + len(b.Profiles))))
}

// runGas is the whole budget of a run on b over a dataset of cases cases: its
// generation and its grading under bench_gas, and the probe and every case under
// case_gas, each on an instance whose _initialize may have taken init_gas (a case that
// runs out of gas or traps gets a fresh instance for the next).
func runGas(b *BenchRegister, cases int) int64 {
	agent := round.Gas(b.InitGas).Plus(round.Gas(b.CaseGas)).Times(int64(cases) + 1)
	return int64(round.Gas(b.BenchGas).Times(2).Plus(agent))
}

// fits reports whether a budget of gas can be spent within the longest attempt
// deadline at the arena's gas rate.
func fits(env round.Env, gas int64) bool {
	_, ok := env.Rounds.Terms().MeteredS(gas)
	return ok
}

// owns reports whether a may register a version of the bench name: the name is new, or
// its first registration was a's.
func (s *State) owns(name string, a book.Address) bool {
	for _, b := range s.benches {
		if b.Name == name {
			return b.Registrant == a
		}
	}
	return true
}

// committeeSize returns the committee a round on a bench of quorum q draws: one spare
// beside the quorum when the arena has the validators, so that one silent member does
// not stop the round; the quorum alone otherwise.
func committeeSize(env round.Env, q int) int {
	if len(env.Rounds.Terms().Validators) > q {
		return q + 1
	}
	return q
}

// versionFree reports whether version exceeds every version of name registered before
// that did not lapse.
func (s *State) versionFree(name string, version uint32) bool {
	for _, b := range s.benches {
		if b.Name == name && b.State != BenchLapsed && b.Version >= version {
			return false
		}
	}
	return version > 0
}

// profilesOK reports whether ps names full, and practice at most once beside it.
func profilesOK(ps []string) bool {
	switch len(ps) {
	case 1:
		return ps[0] == ProfileFull
	case 2:
		return (ps[0] == ProfileFull && ps[1] == ProfilePractice) || (ps[0] == ProfilePractice && ps[1] == ProfileFull)
	}
	return false
}

// foldOK reports whether f's terms are in range.
func foldOK(f FoldTerms) bool {
	return f.MarginPPM <= PPM && f.ChampionPPM <= PPM && f.Tail >= 0 && f.Tail <= MaxTail &&
		f.ConfirmSeeds >= 0 && f.ConfirmSeeds <= MaxConfirm && f.RolloutAgents >= 1 && f.RolloutAgents <= MaxRollout && f.ZMilli <= 100_000
}

// canPay reports whether the sender's wallet holds value and the grading fee beside it.
func (s *State) canPay(env round.Env, value book.Amount) bool {
	need, over := value.Add(s.terms.GradingFee)
	return !over && env.Book.Account(env.At.From).Wallet.Cmp(need) >= 0
}

// CheckVerdict reads a committee member's verdict for an admitted attempt of a
// bench_check round, refusing a round of another kind and a malformed verdict.
func (s *State) CheckVerdict(rd *round.Round, res BenchCheck) (round.Verdict, *book.Error) {
	if rd.Kind != CheckKind {
		return nil, errNotCheckRound
	}
	if err := checkBenchCheck(&res); err != nil {
		return nil, err
	}
	res.Kinds = slices.Clone(res.Kinds)
	return &checkVerdict{res}, nil
}

// checkSettled keeps a bench check's verdict: the version is accepted when the full
// profile holds at least min_cases cases of exactly the declared kinds, and refused
// otherwise or on an agreed [EXPECTED] or [EXTERNAL] failure. The graders who agreed
// share the fee whatever they agreed on, as they do for a refused program.
func (s *State) checkSettled(env round.Env, rd *round.Round) []book.Event {
	b := s.bench(BenchID(rd.Subject))
	_, l, _ := rd.Kept()
	v := checkOf(l.Verdict)
	b.CheckedAt = env.At.Now
	ev := pools.PayGraders(env, rd, b.Fee, b.Registrant)
	switch {
	case v.Error != "":
		b.State, b.Reason = BenchRefused, v.Error
	default:
		b.Dataset, b.Cases = v.Dataset, v.Cases
		switch {
		case v.Cases < b.MinCases:
			b.State, b.Reason = BenchRefused, reasonFewCases
		case !fits(env, runGas(&b.BenchRegister, v.Cases)):
			b.State, b.Reason = BenchRefused, reasonDeadline
		case !slices.Equal(v.Kinds, b.Kinds):
			b.State, b.Reason = BenchRefused, reasonKinds
		default:
			b.State = BenchAccepted
		}
	}
	s.markBench(b.ID)
	return append(ev, book.Event{Type: "bench_" + b.State, Height: env.At.Height, Round: uint64(rd.ID), Note: b.Reason})
}

// Why a settled check refuses a bench whose module ran.
const (
	reasonFewCases = "[EXPECTED] The full profile generates fewer cases than min_cases"
	reasonKinds    = "[EXPECTED] The full profile's case kinds differ from the kinds declared"
	reasonDeadline = "[EXPECTED] A run over the full profile's cases needs more gas than the longest attempt deadline allows at the arena's gas rate"
)

// checkExhausted lapses a bench whose check ran out of attempts: the fee goes back and
// the version may be registered again.
func (s *State) checkExhausted(env round.Env, rd *round.Round) []book.Event {
	b := s.bench(BenchID(rd.Subject))
	b.State, b.CheckedAt = BenchLapsed, env.At.Now
	pools.ReturnFee(env.Book, b.Registrant, b.Fee)
	s.markBench(b.ID)
	return []book.Event{{Type: "bench_lapsed", Height: env.At.Height, Round: uint64(rd.ID), Address: book.AddrPtr(b.Registrant), Amount: book.AmountPtr(b.Fee)}}
}
