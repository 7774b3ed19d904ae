package board

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html/template"
	"io"

	"github.com/arena/arena/ledger"
)

//go:embed assets/board.html assets/card.html assets/board.css assets/board.js
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
	}).ParseFS(assets, "assets/board.html", "assets/card.html"))
)

// Policy is the Content-Security-Policy the page carries in a meta element; Handler
// also sends it as a header.
func Policy() string { return policy }

// Render writes the board for s to w: one self-contained HTML document. It is pure: the
// same snapshot always gives the same bytes, and nothing but s is read. Every string
// from s is escaped for the context it lands in.
func Render(w io.Writer, s ledger.Snapshot) error {
	p := build(&s)
	cs := index(&s).cards()
	p.Total = len(cs)
	p.First = cs[:min(pageSize, len(cs))]
	data, err := encode(cs)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	err = tmpl.Execute(bw, struct {
		P    *page
		CSP  string
		CSS  template.CSS
		JS   template.JS
		Data template.JS
	}{p, policy, template.CSS(style), template.JS(script), template.JS(data)})
	if err != nil {
		return fmt.Errorf("render board: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write board: %w", err)
	}
	return nil
}

// encode writes the cards the script pages through as JSON, one card a line. The
// encoder escapes '<', '>' and '&' (and U+2028, U+2029), so no card text can close the
// script element that holds it or be read as markup.
func encode(cs []card) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"page_size":`)
	fmt.Fprint(&b, pageSize)
	fmt.Fprintf(&b, `,"top":%d,"cards":[`, ledger.Rungs-1)
	enc := json.NewEncoder(&b)
	for i := range cs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
		if err := enc.Encode(&cs[i]); err != nil {
			return nil, fmt.Errorf("encode card %d: %w", cs[i].ID, err)
		}
		b.Truncate(b.Len() - 1) // Encode's newline
	}
	b.WriteString("\n]}")
	return b.Bytes(), nil
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
