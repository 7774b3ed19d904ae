package api

import "net/http"

// Route is one endpoint of the API. The list in routes is the whole surface: the
// OpenAPI document is checked against it by a test.
type Route struct {
	Method  string
	Path    string // a net/http ServeMux pattern path, as OpenAPI spells it
	Handler http.Handler
}

// Routes lists every route the API serves, for documentation and for the test that
// checks the OpenAPI document.
func Routes() []Route { return (&server{}).routes() }

func (s *server) routes() []Route {
	h := func(m, p string, f http.HandlerFunc) Route { return Route{m, p, f} }
	rs := []Route{
		h("POST", "/v1/tx", s.postTx),
		h("POST", "/v1/txs", s.postTxs),
		h("POST", "/v1/fee", s.postFee),
		h("POST", "/v1/typed-data", s.postTypedData),
		h("GET", "/v1/typed-data/types", s.getTypedDataTypes),
		h("GET", "/v1/tx/{id}", s.getTx),
		h("GET", "/v1/arena", s.getArena),
		h("GET", "/v1/tasks", s.getTasks),
		h("GET", "/v1/tasks/{id}", s.getTask),
		h("GET", "/v1/tasks/{id}/entries", s.getTaskEntries),
		h("GET", "/v1/tasks/{id}/questions", s.getTaskQuestions),
		h("GET", "/v1/entries/{id}", s.getEntry),
		h("GET", "/v1/entries/{id}/grades", s.getGrades),
		h("GET", "/v1/rounds", s.getRounds),
		h("GET", "/v1/rounds/{id}", s.getRound),
		h("GET", "/v1/rounds/{id}/attempts", s.getRoundAttempts),
		h("GET", "/v1/accounts/{address}", s.getAccount),
		h("GET", "/v1/leaderboard", s.getLeaderboard),
		h("GET", "/v1/judges", s.getJudges),
		h("GET", "/v1/governance", s.getGovernance),
		h("GET", "/v1/validators", s.getValidators),
		h("GET", "/v1/claimable/{address}", s.getClaimable),
		h("GET", "/v1/tenders", s.getTenders),
		h("GET", "/v1/tenders/{id}", s.getTender),
		h("GET", "/v1/tenders/{id}/ocds", s.getTenderOCDS),
		h("GET", "/v1/tenders/{id}/ocds/record", s.getTenderOCDSRecord),
		h("GET", "/v1/ocds/extension.json", s.getOCDSExtension),
		h("GET", "/v1/ocds/release-schema.json", s.getOCDSReleaseSchema),
		h("GET", "/v1/bids/{id}", s.getBid),
		h("GET", "/v1/tender-checks", s.getTenderChecks),
		h("GET", "/v1/tender-checks/{digest}", s.getTenderCheck),
		h("GET", "/v1/tender-rounds/{id}", s.getTenderRound),
		h("GET", "/v1/buyers/{address}", s.getBuyer),
		h("GET", "/v1/bidders/{address}", s.getBidder),
		h("GET", "/v1/matches", s.getMatches),
		h("GET", "/v1/matches/{id}", s.getMatch),
		h("GET", "/v1/matches/{id}/episode", s.getMatchEpisode),
		h("GET", "/v1/agents", s.getAgents),
		h("GET", "/v1/challenges", s.getChallenges),
		h("GET", "/v1/challenges/{id}", s.getChallenge),
		h("GET", "/v1/benches", s.getBenches),
		h("GET", "/v1/benches/{id}", s.getBench),
		h("GET", "/v1/runs/{id}", s.getRun),
		h("GET", "/v1/learning", s.getLearnChallenges),
		h("GET", "/v1/learning/{id}", s.getLearnChallenge),
		h("GET", "/v1/learn-runs/{id}", s.getLearnRun),
		h("GET", "/v1/snapshot", s.getSnapshot),
		h("GET", "/v1/deliveries", s.getDeliveries),
		h("GET", "/v1/work", s.getWorks),
		h("PUT", "/v1/work/{sha256}", s.putWork),
		h("POST", "/v1/work/fetch", s.fetchWork),
		h("GET", "/v1/work/{sha256}", s.getWork),
		h("GET", "/v1/blobs", s.getBlobs),
		h("PUT", "/v1/blobs/{sha256}", s.putBlob),
		h("GET", "/v1/blobs/{sha256}", s.getBlob),
		h("GET", "/v1/events", s.getEvents),
		h("GET", "/metrics", s.getMetrics),
		h("GET", "/openapi.json", s.getOpenAPI),
		h("GET", "/healthz", s.getHealth),
	}
	if s.board != nil {
		rs = append(rs, Route{"GET", "/{$}", s.board})
	}
	return rs
}
