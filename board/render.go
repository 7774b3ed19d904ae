package board

import (
	"bufio"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/ocds"
)

//go:embed assets/board.html assets/card.html assets/tender.html assets/match.html assets/challenge.html assets/learn.html assets/board.css assets/board.js
var assets embed.FS

var (
	style  = mustRead("assets/board.css")
	script = mustRead("assets/board.js")
	// policy allows the page's own inline style and script, by hash, and nothing else:
	// no request of any kind can leave the page, and injected markup could not run.
	policy = "default-src 'none'; script-src '" + digest(script) + "'; style-src '" + digest(style) +
		"'; img-src 'none'; base-uri 'none'; form-action 'none'"
	tmpl = template.Must(template.New("board.html").Funcs(template.FuncMap{
		"readable": readable,
		"top":      func() int { return ledger.Rungs - 1 },
		"scoremax": func() int { return tender.ScoreMax },
		"count":    plural,
	}).ParseFS(assets, "assets/board.html", "assets/card.html", "assets/tender.html", "assets/match.html", "assets/challenge.html", "assets/learn.html"))
)

// Policy is the Content-Security-Policy the page carries in a meta element; Handler
// also sends it as a header.
func Policy() string { return policy }

// Render writes the board for s to w: one self-contained HTML document. It is pure: the
// same snapshot and options always give the same bytes, and nothing but s and what the
// options name is read. Every string from s is escaped for the context it lands in.
// Options add to the page (WithCrossings, WithBlockEvents); without any, the page is s's alone.
func Render(w io.Writer, s ledger.Snapshot, opts ...Option) error {
	xs, err := crossingsOf(opts)
	if err != nil {
		return fmt.Errorf("render board: %w", err)
	}
	bs, err := begunOf(opts, s.Arena.Terms.Symbol)
	if err != nil {
		return fmt.Errorf("render board: %w", err)
	}
	app, err := appOf(opts, &s)
	if err != nil {
		return fmt.Errorf("render board: %w", err)
	}
	csp := policy
	if app != nil {
		csp = appPolicy
	}
	p := build(&s, xs)
	v := index(&s, xs)
	v.begun = bs
	cs := v.cards()
	p.Tenders = v.tenders()
	if app != nil {
		for i := range p.Tenders.Tenders {
			p.Tenders.Tenders[i].OCDS = fmt.Sprintf(ocds.PackagePath, p.Tenders.Tenders[i].ID)
		}
	}
	if p.Matching {
		p.Matches = v.matches()
	}
	if p.Challenging {
		p.Challenges = v.challenges()
	}
	if p.Learning {
		p.Learn = learning(&s, bs)
	}
	p.Total = len(cs)
	p.First = cs[:min(pageSize, len(cs))]
	bw := bufio.NewWriterSize(w, 64<<10)
	err = tmpl.Execute(bw, struct {
		P   *page
		CSP string
		CSS template.CSS
	}{p, csp, template.CSS(style)})
	if err != nil {
		return fmt.Errorf("render board: %w", err)
	}
	if err := encode(bw, cs); err != nil {
		return err
	}
	if err := tmpl.ExecuteTemplate(bw, "tail", struct {
		Script template.JS
		App    *appView
	}{template.JS(script), app}); err != nil {
		return fmt.Errorf("render board: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write board: %w", err)
	}
	return nil
}

func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}

func mustRead(name string) string {
	b, err := assets.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return string(b)
}
