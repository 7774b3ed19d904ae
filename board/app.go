package board

import (
	"embed"
	"encoding/json"
	"fmt"
	"html/template"

	"github.com/arena/arena/fetch"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/ledger/typed"
)

// The live page acts: WithApp adds forms that build transactions, have the browser's
// own wallet (EIP-1193) sign their EIP-712 typed data, send them to the node that
// served the page and follow them on its event stream. The published page never has
// them: it stays one file that asks for nothing.

//go:embed assets/app.html assets/app.js assets/app.css
var appAssets embed.FS

var (
	appScript = mustReadFS(appAssets, "assets/app.js")
	appStyle  = mustReadFS(appAssets, "assets/app.css")
	// appPolicy is policy widened by exactly what the app needs: its own inline script
	// and style, by hash, and requests to the node that served the page.
	appPolicy = "default-src 'none'; script-src '" + digest(script) + "' '" + digest(appScript) +
		"'; style-src '" + digest(style) + "' '" + digest(appStyle) +
		"'; connect-src 'self'; img-src 'none'; base-uri 'none'; form-action 'none'"
	_ = template.Must(tmpl.ParseFS(appAssets, "assets/app.html"))
)

// AppPolicy is the Content-Security-Policy of a page rendered WithApp: Policy's, plus
// the app's script and style by hash and requests to the page's own origin.
func AppPolicy() string { return appPolicy }

// WithApp makes the page the live app: forms for the verbs a person does by hand,
// signed by the browser's wallet and sent to the node serving the page. Only a page a
// node serves live may carry it; Handler then sends AppPolicy.
func WithApp() Option { return func(o *options) { o.app = true } }

// appView is what the app's template reads.
type appView struct {
	Config template.JS // the app's settings, JSON
	JS     template.JS
	CSS    template.CSS
	Limits appLimits
}

// appLimits are the ledger's limits on the fields the forms take, in bytes unless
// named otherwise; the forms refuse what the ledger would.
type appLimits struct {
	Title, Spec, Rubric, Work, URL, Argument int
	CloseS                                   int64
	MinSalt, MaxSalt                         int
	WorkFile                                 int // a work file's bytes: the most a validator fetches
	Module                                   int // a module's bytes, a challenge's or a learning challenge's (the same limit)
	Turns                                    int // a match's turns
	// A tender's, in characters.
	Question, Answer, Proposal, BidArgument, Decline int
	// A bounty's tiers and teams: the basis points of a whole, the ranks a prize is
	// split across, a team's members and the times a sponsor may extend a close.
	Basis, Shares, Team, Extensions int
	// A task's questions and answers, in characters.
	TaskQuestion, TaskAnswer int
}

// appConfig is the JSON the app's script reads: what it stamps transactions with and
// the limits it checks fields against.
type appConfig struct {
	Chain      string        `json:"chain"`
	Arena      string        `json:"arena"` // the arena's genesis hash, every envelope's
	Symbol     string        `json:"symbol"`
	EntryBond  ledger.Amount `json:"entry_bond"`
	AppealBond ledger.Amount `json:"appeal_bond"`
	ValidityS  int64         `json:"validity_s"` // how far past the arena's clock a transaction or upload stays valid, dev mode too
	Limits     appLimits     `json:"limits"`
	// Domain is the EIP-712 domain of the arena's signatures less the chain id, which
	// is the wallet's: the page signs uploads (BlobUpload, WorkUpload) in it.
	Domain appDomain `json:"domain"`
}

// appDomain is the EIP-712 domain the page signs uploads in, less the chain id.
type appDomain struct {
	Name              string `json:"name"`
	Version           string `json:"version"`
	VerifyingContract string `json:"verifyingContract"`
}

// limits are the ledger's, read from its packages.
var limits = appLimits{
	Title: bounty.MaxTitleLen, Spec: bounty.MaxSpecLen, Rubric: bounty.MaxRubricLen, Work: bounty.MaxWorkLen,
	URL: bounty.MaxURLLen, Argument: bounty.MaxArgumentLen, CloseS: bounty.MaxCloseS,
	MinSalt: bounty.MinSaltLen, MaxSalt: bounty.MaxSaltLen, WorkFile: fetch.DefaultMaxBytes,
	Module: challenge.MaxModuleBytes, Turns: battle.MaxTurns,
	Question: tender.MaxQuestionLen, Answer: tender.MaxAnswerLen, Proposal: tender.MaxProposalLen,
	BidArgument: tender.MaxArgumentLen, Decline: tender.MaxDeclineLen,
	Basis: bounty.TotalBasis, Shares: bounty.MaxShares, Team: bounty.MaxTeam, Extensions: bounty.MaxExtensions,
	TaskQuestion: bounty.MaxQuestionLen, TaskAnswer: bounty.MaxAnswerLen,
}

// appOf applies opts and returns the app to put on the page for s, or nil for none.
func appOf(opts []Option, s *ledger.Snapshot) (*appView, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	if !o.app {
		return nil, nil
	}
	t := &s.Arena.Terms
	g := t.GenesisHash()
	cfg, err := json.Marshal(appConfig{Chain: t.Chain, Arena: ledger.HexHash(g), Symbol: t.Symbol,
		EntryBond: t.EntryBond, AppealBond: t.AppealBond, ValidityS: ledger.DefaultValidityS, Limits: limits,
		Domain: appDomain{Name: typed.DomainName, Version: typed.TypedDataVersion, VerifyingContract: typed.VerifyingContract(g).String()}})
	if err != nil {
		return nil, fmt.Errorf("encode the app's settings: %w", err)
	}
	return &appView{Config: template.JS(cfg), JS: template.JS(appScript), CSS: template.CSS(appStyle), Limits: limits}, nil
}

// isApp reports whether opts put the app on the page.
func isApp(opts []Option) bool {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	return o.app
}

func mustReadFS(fs embed.FS, name string) string {
	b, err := fs.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return string(b)
}
