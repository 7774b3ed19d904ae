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

func ExampleWithCrossings() {
	registry := ledger.MustAddress("0x5FbDB2315678afecb367f032d93F642f64180aa3")
	winner := ledger.MustAddress("0xC2E715B4B5a14542988B16e623eF844a4586195f")
	s := ledger.Snapshot{Arena: ledger.ArenaView{
		Terms:  ledger.Terms{Name: "Proving Ground", Symbol: "GEN", Registry: &registry},
		Ladder: ledger.Ladder,
	}, Tasks: []ledger.TaskView{{ID: 1, Title: "Launch note", State: "awarded", Winner: 2, WinnerAddr: &winner, AwardedAt: 1767315600}}}
	crossed := map[ledger.TaskID][]board.Crossing{1: {
		{Sink: "webhook:https://hooks.example.org/arena", HTTPStatus: 204, DeliveredAt: 1767315601},
	}}
	for _, opts := range [][]board.Option{{board.WithCrossings(nil)}, {board.WithCrossings(crossed)}} {
		var page bytes.Buffer
		if err := board.Render(&page, s, opts...); err != nil {
			panic(err)
		}
		html := page.String()
		fmt.Println(strings.Contains(html, `<p class="crossings pending">not yet crossed</p>`), strings.Contains(html, "(HTTP 204) at"))
	}
	// Output:
	// true false
	// false true
}
