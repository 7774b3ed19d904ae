package api_test

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/api"
	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/challenge/composite"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/ocds"
	"github.com/arena/arena/store"
)

// TestOpenAPIMatchesRoutes: the OpenAPI document names every route the API serves and
// no other, method by method.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	var doc struct {
		OpenAPI string                    `json:"openapi"`
		Paths   map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(api.OpenAPI, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.0.") {
		t.Errorf("openapi = %q, want 3.0.x", doc.OpenAPI)
	}
	var inDoc, inRoutes []string
	for p, ops := range doc.Paths {
		for m := range ops {
			if m != "parameters" {
				inDoc = append(inDoc, strings.ToUpper(m)+" "+p)
			}
		}
	}
	for _, r := range api.Routes() {
		inRoutes = append(inRoutes, r.Method+" "+r.Path)
	}
	slices.Sort(inDoc)
	slices.Sort(inRoutes)
	for _, r := range inRoutes {
		if !slices.Contains(inDoc, r) {
			t.Errorf("route %s is not in openapi.json", r)
		}
	}
	for _, d := range inDoc {
		if !slices.Contains(inRoutes, d) {
			t.Errorf("openapi.json has %s, which no route serves", d)
		}
	}
}

// TestOpenAPISchemasMatchTheJSONTags: a schema the document gives for a Go type names
// exactly the fields that type encodes, by their JSON names.
func TestOpenAPISchemasMatchTheJSONTags(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]any `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(api.OpenAPI, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	for name, v := range schemaTypes {
		var inDoc []string
		for p := range doc.Components.Schemas[name].Properties {
			inDoc = append(inDoc, p)
		}
		slices.Sort(inDoc)
		if d := cmp.Diff(jsonNames(reflect.TypeOf(v)), inDoc); d != "" {
			t.Errorf("schema %s properties (-JSON tags +openapi.json):\n%s", name, d)
		}
	}
}

// schemaTypes are the Go types the document gives a schema for, by schema name.
var schemaTypes = map[string]any{
	"Delivery": store.Delivery{}, "OutboxEvent": store.OutboxEvent{}, "Health": api.Health{}, "Work": api.Work{}, "WorkFetch": wire.WorkFetch{}, "FetchedWork": api.FetchedWork{}, "Blob": api.Blob{}, "Account": api.Account{}, "Judge": ledger.Judge{}, "Validator": ledger.ValidatorView{}, "Quote": api.Quote{},
	"Event": ledger.Event{}, "Tender": ledger.TenderView{}, "Criterion": tender.CriterionView{}, "Bid": ledger.BidView{}, "Score": tender.ScoreView{},
	"TenderAppeal": tender.AppealView{}, "Question": tender.QuestionView{}, "TenderCheck": ledger.CheckView{}, "TenderRound": ledger.TenderRoundView{},
	"TenderAttempt": tender.AttemptView{}, "TenderAttestation": tender.AttestationView{},
	"RoundDetail": ledger.RoundDetail{}, "RoundAttemptDetail": round.AttemptDetail{}, "RoundAttestationDetail": round.AttestationDetail{},
	"Buyer": ledger.BuyerRecord{}, "Bidder": ledger.BidderRecord{},
	"Match": ledger.MatchView{}, "MatchAgent": match.Agent{}, "MatchTurn": ledger.MatchTurnView{}, "Decision": ledger.DecisionView{},
	"BattleEvent": battle.Event{}, "BetPool": ledger.BetPoolView{}, "MatchBet": ledger.BetView{},
	"Agent": ledger.AgentView{}, "Episode": match.Episode{}, "EpisodeAgent": match.AgentKeyed{}, "EpisodeTurn": match.EpisodeTurn{},
	"Challenge": ledger.ChallengeView{}, "ChallengeEntry": ledger.ChallengeEntryView{}, "Run": ledger.RunView{}, "Bench": ledger.BenchView{},
	"Fold": ledger.FoldView{}, "FoldTerms": challenge.FoldTerms{}, "BenchCheck": challenge.BenchCheck{}, "CheckAttestation": challenge.CheckAttestationView{},
	"RunResult": challenge.RunResult{}, "RunAttestation": challenge.RunAttestationView{}, "Composite": composite.Result{}, "CompositeCategory": composite.Category{},
	"Confirmation": challenge.ConfirmationView{}, "Rollout": challenge.RolloutView{}, "FoldPayment": challenge.PaymentView{}, "FoldPair": challenge.PairView{},
	"LearnChallenge": ledger.LearnChallengeView{}, "LearnRank": learn.RankView{}, "LearnRun": ledger.LearnRunView{}, "LearnAttestation": learn.AttestationView{},
	"LearnFold": learn.FoldView{}, "LearnPayment": learn.PaymentView{}, "LearnScore": learn.Score{}, "LearnRunResult": learn.RunResult{}, "LearnHeldoutResult": learn.HeldoutResult{},
	"Member": ledger.Member{}, "Funding": ledger.Funding{}, "Place": ledger.Place{}, "Payout": ledger.Payout{}, "Batch": wire.Batch{}, "BatchResult": wire.BatchResult{},
	"Arena": wire.Arena{}, "Domain": wire.Domain{}, "TypedDataTypes": wire.TypedDataTypes{}, "TypedDataSchema": wire.Schema{},
	"OCDSReleasePackage": ocds.ReleasePackage{}, "OCDSRecordPackage": ocds.RecordPackage{}, "OCDSRelease": ocds.Release{}}

// TestTheReceiptSchemaIsItsJSON: the receipt, which encodes itself (hashes as hex, the
// reason by name), has the schema properties its encoding writes.
func TestTheReceiptSchemaIsItsJSON(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]any `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(api.OpenAPI, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	b, err := json.Marshal(receipt.Receipt{})
	if err != nil {
		t.Fatal(err)
	}
	var enc map[string]any
	if err := json.Unmarshal(b, &enc); err != nil {
		t.Fatal(err)
	}
	want := slices.Sorted(maps.Keys(enc))
	got := slices.Sorted(maps.Keys(doc.Components.Schemas["MatchReceipt"].Properties))
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("schema MatchReceipt properties (-encoding +openapi.json):\n%s", d)
	}
}

// jsonNames returns the JSON names of the exported fields of struct type rt, sorted, an
// embedded struct's without a JSON name among them, as encoding/json promotes them.
func jsonNames(rt reflect.Type) []string {
	var out []string
	for f := range rt.Fields() {
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			out = append(out, jsonNames(f.Type)...)
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}
