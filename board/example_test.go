package board_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/arena/arena/board"
	"github.com/arena/arena/ledger"
)

func ExampleRender() {
	s := ledger.Snapshot{Arena: ledger.ArenaView{
		Terms:  ledger.Terms{Name: "Proving Ground", Symbol: "GEN", EntryBond: ledger.Ether(5)},
		Ladder: ledger.Ladder,
		Height: 61,
	}}
	var page bytes.Buffer
	if err := board.Render(&page, s); err != nil {
		panic(err)
	}
	html := page.String()
	title := html[strings.Index(html, "<title>")+len("<title>") : strings.Index(html, "</title>")]
	fmt.Println(title)
	fmt.Println(strings.Contains(html, "<dd>5 GEN</dd>"))
	// Output:
	// Proving Ground: scorecards at height 61
	// true
}
