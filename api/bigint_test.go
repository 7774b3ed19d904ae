package api_test

import (
	"encoding"
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/arena/arena/api"
	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/chain"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
)

// A JSON number past 2^53 is rounded by every JavaScript client (and by any reader that
// decodes numbers as doubles). Every integer a view carries that can exceed 2^53 is a
// decimal string, as amounts are; every other 64-bit integer a view carries as a number
// is bounded far below 2^53 by a rule named here, by its JSON name. A new 64-bit field
// fails the test until it is made a string or its bound is stated below.

// boundedNames are JSON names of integers that one rule bounds, and why.
type boundedNames struct {
	why    string
	suffix string // every name that ends so, too
	names  []string
}

// bounded are the JSON names of the 64-bit integers the views carry as numbers, by the
// bound that keeps each one below 2^53 (9007199254740991).
var bounded = []boundedNames{
	{"unix seconds: a block time, or a block time plus a window the rules cap (MaxCloseS, MaxWindowS, MaxEpochS); " +
		"the two ends a sponsor names outright (a challenge's end, a learning challenge's close_at ≤ reveal_by ≤ end) are refused " +
		"above 2^53 − 1; 2^53 seconds is 285 million years", "_at", []string{
		"time", "at", "end", "deadline", "close_at", "reveal_by", "reveals_by", "grading_by", "appeal_until", "award_from",
		"commit_closes", "reveal_closes", "decide_closes", "last_active", "stall_at", "block_time", "extensions", "next_time"}},
	{"durations the terms cap at MaxCloseS (a year)", "_s", []string{"appeal_window_s", "grading_window_s", "round_timeout_s", "epoch_s"}},
	{"block heights and counters: at most one a block or one an applied transaction (ids, nonces, counts, sequence numbers); " +
		"2^53 of them is 285 million years at one a second", "_height", []string{
		"height", "since", "head", "max_replay", "next_nonce", "seq",
		"id", "task", "entry", "round", "rounds", "tender", "bid", "match", "challenge", "run", "runs", "pair", "bench", "check", "created",
		"earlier", "against", "champion", "challenger", "copy_of", "duplicate_of", "winner", "winning_bid", "heldout_round", "last_round",
		"entries", "awarded", "benches", "bets", "bids", "challenges", "learn_runs", "learning", "matches", "open", "solvers", "tasks",
		"tenders", "voided", "agreed", "attested", "failed", "kept", "abandoned", "declined", "expired", "revealed", "scored", "withdrawn",
		"won", "amendments", "grades", "wins", "games", "losses", "draws", "disqualifications", "attempts", "ranked", "needed", "opened", "rescore", "epoch", "index",
		"subject", "ref", "replaces", "replaced_by", "proposal", "adopted", "closed", "target",
		"version", "protocol", "binary_knows", // a protocol version moves up by one an adopted upgrade
		"joined", "leaves", "returns"}}, // a validator's heights: a height, or one plus unbonding_blocks (at most 10^7)
	{"the OCDS documents' names for numbers bounded above: tender totals, criterion indexes, basis points, bid caps and counts of tenderers", "", []string{
		"totalAfter", "totalBefore", "totalMax", "criterion", "feeBps", "maxBids", "numberOfTenderers"}},
	{"blocks of notice a proposal gives, which the terms cap at govern.MaxVoteBlocks (10^6)", "", []string{"notice", "upgrade_notice"}},
	{"blocks a bond stays posted after its validator leaves, which the terms cap at MaxUnbondingBlocks (10^7)", "", []string{"unbonding_blocks"}},
	{"small numbers the rules cap: attempts, turns, seats, hit points, rungs and scores, quorums, committees, ranks, weights, " +
		"criteria, micros and parts per million of scores and fractions (at most 10^6 each, a sum of them at most 10^6 times a count), " +
		"fee, prize-share, team-split and slash-share basis points (at most 10^4), an appeal panel's growth (at most 64), HTTP statuses", "", []string{
		"attempt", "turn", "next_turn", "winning_score", "agent", "hp", "value", "score", "tier", "violations", "similarity", "judged_score", "judged_tier",
		"average_score", "best_score", "score_sum", "points_per_rung", "soft_deduction", "copy_threshold", "max_check_len", "max_checks",
		"rung", "worth", "cases", "min_cases", "quorum", "committee", "k", "composite", "se", "n", "mean", "c", "e", "m", "o", "gate",
		"leaks", "misses", "tool_mean", "memory_mean", "champion_ppm", "margin_ppm", "z_milli", "confirm_seeds", "rollout_agents", "tail",
		"active", "fee_bps", "hidden", "flagged", "i", "weight", "members", "weighted", "total", "total_max", "total_before",
		"total_after", "winning_total", "rank", "primary_index", "max_bids", "points", "points_max", "http_status", "status", "final", "curve_per",
		"base", "multiplier", "penalty", "tanh", "tie", "cap", "gap", "delta", "bpb", "trained_bpb", "twin_bpb", "gzip_bpb", "xz_bpb", "shares", "share", "appeal_growth", "slash_share"}},
	{"sizes the rules cap: modules (8 MiB), datasets (64 MiB), uploads, parameter and data regions (2^30), " +
		"words a copy check left out of a work (at most its length)", "", []string{
		"excluded", "size", "arch_size", "train_size", "dataset_bytes", "heldout_bytes", "bytes", "param_cap", "data_cap"}},
	{"code lengths: at most MaxBitsPerByte (40) bits a byte of a split of at most 64 MiB, about 2.7·10^9", "_bits", []string{
		"bits", "window_bits", "trained_bits", "twin_bits", "train_bits", "curve"}},
	{"gas: a bench's budgets are capped (MaxInitGas, MaxCaseGas, MaxBenchGas ≤ 2·10^11); a run's gas and a learning " +
		"challenge's byte_gas are refused above 2^53 − 1", "_gas", []string{"init_gas", "case_gas", "bench_gas", "gas", "byte_gas"}},
	{"the founding terms' gas rate, refused above MaxGasRate (10^9 gas a second)", "", []string{"gas_rate"}},
}

// viewRoots are the types the API serves: the snapshot (every ledger view), the
// transaction and its receipt, and every type the OpenAPI document gives a schema for.
func viewRoots() []any {
	roots := []any{ledger.Snapshot{}, ledger.Tx{}, chain.TxAt{}, wire.ErrorBody{}, wire.Resync{}, api.Health{}}
	for _, name := range slices.Sorted(maps.Keys(schemaTypes)) {
		roots = append(roots, schemaTypes[name])
	}
	return roots
}

// TestNoViewCarriesAnIntegerAJavaScriptClientRounds: every 64-bit integer a view
// encodes as a JSON number is one whose bound is stated above; the confirmation seeds,
// which are random 64-bit numbers, are decimal strings and decode back exactly.
func TestNoViewCarriesAnIntegerAJavaScriptClientRounds(t *testing.T) {
	allowed := map[string]bool{}
	for _, b := range bounded {
		for _, n := range b.names {
			if allowed[n] {
				t.Errorf("%q is listed twice", n)
			}
			allowed[n] = true
		}
	}
	used := map[string]bool{}
	for _, f := range wideInts(viewRoots()...) {
		name := f[strings.LastIndex(f, ".")+1:]
		used[name] = true
		if !allowed[name] && !slices.ContainsFunc(bounded, func(b boundedNames) bool { return b.suffix != "" && strings.HasSuffix(name, b.suffix) }) {
			t.Errorf("%s is a 64-bit integer encoded as a JSON number with no bound below 2^53: make it a decimal string (json:\",string\") or state its bound", f)
		}
	}
	for n := range allowed {
		if !used[n] {
			t.Errorf("%q is allowed as a number but no view carries it: take it off the list", n)
		}
	}

	const seed = 1601627619554856179 // above 2^53: a double holds 1601627619554856192
	b, err := json.Marshal(ledger.RunView{CRN: seed})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"crn":"1601627619554856179"`) {
		t.Errorf("a run's CRN seed encodes as %s, want the decimal string", b)
	}
	var back ledger.RunView
	if err := json.Unmarshal(b, &back); err != nil || back.CRN != seed {
		t.Errorf("the seed decodes back as %d (%v), want %d", back.CRN, err, uint64(seed))
	}
	b, err = json.Marshal(ledger.ChallengeEntryView{Confirmations: []challenge.ConfirmationView{{CRN: seed}}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"crn":"1601627619554856179"`) {
		t.Errorf("a confirmation's CRN seed encodes as %s, want the decimal string", b)
	}
}

// wideInts returns every field reachable from the view types roots that holds a 64-bit
// integer (int, int64, uint, uint64) and encodes it as a JSON number, as "Type.field".
func wideInts(roots ...any) []string {
	seen := map[reflect.Type]bool{}
	var out []string
	marshaler := reflect.TypeFor[json.Marshaler]()
	texter := reflect.TypeFor[encoding.TextMarshaler]()
	var walk func(reflect.Type)
	walk = func(rt reflect.Type) {
		for rt.Kind() == reflect.Pointer || rt.Kind() == reflect.Slice || rt.Kind() == reflect.Array || rt.Kind() == reflect.Map {
			if rt.Kind() == reflect.Map {
				walk(rt.Key())
			}
			rt = rt.Elem()
		}
		if seen[rt] || rt.Implements(marshaler) || reflect.PointerTo(rt).Implements(marshaler) || rt.Implements(texter) || reflect.PointerTo(rt).Implements(texter) {
			return
		}
		seen[rt] = true
		if rt.Kind() != reflect.Struct {
			return
		}
		for f := range rt.Fields() {
			tag := f.Tag.Get("json")
			name, opts, _ := strings.Cut(tag, ",")
			if !f.IsExported() || name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			ft := f.Type
			for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice || ft.Kind() == reflect.Array {
				ft = ft.Elem()
			}
			switch ft.Kind() {
			case reflect.Int, reflect.Int64, reflect.Uint, reflect.Uint64, reflect.Uintptr:
				if !slices.Contains(strings.Split(opts, ","), "string") && !ft.Implements(marshaler) && !ft.Implements(texter) {
					out = append(out, rt.String()+"."+name)
				}
			}
			if f.Anonymous && ft.Kind() == reflect.Struct {
				walk(ft)
				continue
			}
			walk(f.Type)
		}
	}
	for _, r := range roots {
		walk(reflect.TypeOf(r))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestTheOpenAPIDocumentSaysWhichIntegersAreStrings: in every schema the document gives
// for a Go type, a 64-bit integer the type encodes as a decimal string is a string of
// decimal digits, and one it encodes as a number is an integer; the document's opening
// says which is which.
func TestTheOpenAPIDocumentSaysWhichIntegersAreStrings(t *testing.T) {
	var doc struct {
		Info struct {
			Description string `json:"description"`
		} `json:"info"`
		Components struct {
			Schemas map[string]struct {
				Properties map[string]struct {
					Type    string `json:"type"`
					Pattern string `json:"pattern"`
				} `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(api.OpenAPI, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	const says = "Every integer that can exceed 2^53 (9007199254740991, the largest a JavaScript number holds exactly) is a decimal string, as amounts are"
	if !strings.Contains(doc.Info.Description, says) {
		t.Errorf("the document's description does not say %q", says)
	}
	strs := 0
	for _, name := range slices.Sorted(maps.Keys(schemaTypes)) {
		rt := reflect.TypeOf(schemaTypes[name])
		for f := range rt.Fields() {
			jname, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch f.Type.Kind() {
			case reflect.Int, reflect.Int64, reflect.Uint, reflect.Uint64:
			default:
				continue
			}
			p := doc.Components.Schemas[name].Properties[jname]
			if slices.Contains(strings.Split(opts, ","), "string") {
				strs++
				if p.Type != "string" || p.Pattern != "^(0|[1-9][0-9]{0,19})$" {
					t.Errorf("schema %s: %s is a decimal string, but the document gives it type %q, pattern %q", name, jname, p.Type, p.Pattern)
				}
			} else if p.Type != "integer" {
				t.Errorf("schema %s: %s is a JSON number, but the document gives it type %q", name, jname, p.Type)
			}
		}
	}
	if strs < 2 {
		t.Errorf("%d integers of the schemas are decimal strings; the confirmation seeds of Run and Confirmation are", strs)
	}
}
