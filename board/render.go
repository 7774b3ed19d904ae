package board

import (
	"bufio"
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
	bw := bufio.NewWriterSize(w, 64<<10)
	err := tmpl.Execute(bw, struct {
		P   *page
		CSP string
		CSS template.CSS
	}{p, policy, template.CSS(style)})
	if err != nil {
		return fmt.Errorf("render board: %w", err)
	}
	if err := encode(bw, cs); err != nil {
		return err
	}
	if err := tmpl.ExecuteTemplate(bw, "tail", template.JS(script)); err != nil {
		return fmt.Errorf("render board: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write board: %w", err)
	}
	return nil
}

// encode writes the data block the script pages through: the cards as JSON, one card a
// line. The encoder escapes '<', '>' and '&' (and U+2028, U+2029), so no card text can
// close the element that holds it or be read as markup.
func encode(w *bufio.Writer, cs []card) error {
	fmt.Fprintf(w, "<script type=\"application/json\" id=\"board-data\">{\"page_size\":%d,\"top\":%d,\"cards\":[", pageSize, ledger.Rungs-1)
	enc := json.NewEncoder(lineWriter{w})
	for i := range cs {
		if i > 0 {
			w.WriteByte(',')
		}
		w.WriteByte('\n')
		if err := enc.Encode(&cs[i]); err != nil {
			return fmt.Errorf("encode card %d: %w", cs[i].ID, err)
		}
	}
	_, err := w.WriteString("\n]}</script>\n")
	return err
}

// lineWriter drops the newline json.Encoder ends each value with; JSON strings escape
// their own newlines, so the only raw one is that last byte.
type lineWriter struct{ w *bufio.Writer }

func (l lineWriter) Write(p []byte) (int, error) {
	if n := len(p); n > 0 && p[n-1] == '\n' {
		_, err := l.w.Write(p[:n-1])
		return n, err
	}
	return l.w.Write(p)
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
