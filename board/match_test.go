package board

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
	"golang.org/x/net/html"
)

// The claims below are issue 15's board section: "a match section with a turn-by-turn
// timeline (commit time, bets closed, reveal, move, fallback marks, receipt links) and
// the replayed result", read from the views of matches a real ledger ran.

var (
	playOnce sync.Once
	played   *matchRun
)

// matches returns the five matches of playMatches, played once for the package's tests;
// each test takes its own copy of the snapshot.
func matches(t *testing.T) (*matchRun, ledger.Snapshot) {
	t.Helper()
	playOnce.Do(func() { played = playMatches(t) })
	if played == nil {
		t.Fatal("the matches could not be played")
	}
	b, err := json.Marshal(played.snap)
	if err != nil {
		t.Fatal(err)
	}
	var s ledger.Snapshot
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return played, s
}

func sel(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// TestMatchesMatchGoldens: STYLE.md, "Golden files for the board": the matches the
// ledger played, kept as testdata/matches.snapshot.json, render byte for byte as
// testdata/match-*.golden.html, one per state (-update replays them and rewrites both).
func TestMatchesMatchGoldens(t *testing.T) {
	if *update {
		_, s := matches(t)
		b, err := json.MarshalIndent(s, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("testdata", "matches.snapshot.json"), append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	page := render(t, loadSnapshot(t, "matches"))
	for name, id := range map[string]int{"finished": 1, "doctored": 2, "stalled": 3, "hidden": 4, "waiting": 5} {
		t.Run(name, func(t *testing.T) {
			matchGolden(t, "match-"+name, fragment(t, page, sel(`<article class="card match" id="match-%d"`, id), "</article>"))
		})
	}
	t.Run("table", func(t *testing.T) {
		matchGolden(t, "match-table", fragment(t, page, `<section id="matches"`, "</table>"))
	})
}

// TestAMatchShowsItsEntrantsAgentsAndTerms: issue 15, "each match's entrants, agents
// (model, system prompt), fee, operator, state": the table and the card say who plays
// which agent, from which model and under which system prompt, for what fee, run by
// which operator, and where the match stands.
func TestAMatchShowsItsEntrantsAgentsAndTerms(t *testing.T) {
	r, s := matches(t)
	m := matchIn(t, &s, r.finished.ID)
	op := r.c.Addr("operator").String()
	checkPage(t, render(t, s),
		In("#matches table.matches tbody tr", HasText(sel("#1 scripted/aggressive vs scripted/careful finished 10 GEN %d 4 bets finished: agent 0 won", len(m.Turns)))),
		In("#match-1 h3", HasText("Match #1 scripted/aggressive vs scripted/careful")),
		In("#match-1 > p.meta", HasText(sel("finished finished: agent 0 won; created %s at height %d by the operator %s",
			readable(stamp(m.CreatedAt)), m.CreatedHeight, op))),
		In("#match-1 > dl.terms", HasText("Entry fee, per entrant 10 GEN Fee 5% of the entry fees and of each bet pool, to the treasury "+
			"Operator bond 50 GEN Bets 4 bets")),
		In("#match-1 table.agents tbody tr", HasText(sel("0 winner %s joined %s scripted/aggressive System prompt (36 characters) You are Brute. You like to hit hard.",
			r.c.Addr("alice"), readable(stamp(m.JoinedAt[0]))))),
		In("#match-1 table.agents tr.won", HasText(sel("0 winner %s joined %s scripted/aggressive System prompt (36 characters) "+
			"You are Brute. You like to hit hard.", r.c.Addr("alice"), readable(stamp(m.JoinedAt[0]))))),
		In("#matches ul.operators", HasText(op)),
		In("#terms dl.terms", HasText(sel("Chain arena-test Currency GEN Entry bond 5 GEN Appeal bond 20 GEN Appeal window 6 h Validators 3 "+
			"Committee per round 3 Quorum, leader included 2 Attempts per round 3 Attempt timeout 10 min Tender treasury %s "+
			"Match operators 1 Operator bond, per match 50 GEN EVM registry none Dev mode on: faucet and clock advance enabled", r.c.Addr("treasury")))),
		In("nav.sections a[href=#matches]", HasText("Agent matches")),
	)
}

// TestEachTurnShowsItsTimeline: issue 15, "a turn-by-turn timeline (commit time, bets
// closed, reveal time, each agent's move ... events)": every turn of the finished match
// is a row of the timeline and a section that says when betting closed with the commit,
// when it was revealed, both moves and each event the operator reported with the HP
// after it.
func TestEachTurnShowsItsTimeline(t *testing.T) {
	r, s := matches(t)
	m := matchIn(t, &s, r.finished.ID)
	page := render(t, s)
	doc := checkPage(t, page)
	if n := len(all(doc, "#match-1 table.timeline tbody tr")); n != r.finishedTurns || n != len(m.Turns) {
		t.Fatalf("the timeline has %d rows; the match played %d turns", n, r.finishedTurns)
	}
	if n := len(all(doc, "#match-1 section.turn")); n != len(m.Turns) {
		t.Errorf("%d turn sections, want %d", n, len(m.Turns))
	}
	for _, tv := range m.Turns {
		last := tv.Events[len(tv.Events)-1].HP
		var events []string
		for _, e := range tv.Events {
			events = append(events, eventText(e)+" "+hp(e.HP))
		}
		fallback := [2]string{}
		for i, f := range tv.Fallbacks {
			if f {
				fallback[i] = " fallback"
			}
		}
		id := sel("#match-1-turn-%d", tv.Turn)
		checkPage(t, page,
			In(sel("#match-1 table.timeline a[href=%s]", id), HasText(sel("%d", tv.Turn))),
			In(id+" p.times", HasText(sel("Committed, and betting closed, %s at height %d; revealed %s at height %d.",
				readable(stamp(tv.CommittedAt)), tv.CommittedHeight, readable(stamp(tv.RevealedAt)), tv.RevealedHeight))),
			In(id+" table.moves tbody", HasText(strings.Join(strings.Fields(sel("0 %s%s %s %s the operator 1 %s%s %s %s the operator",
				tv.Moves[0], fallback[0]+reasonOf(tv, 0), tv.Decisions[0].ReceiptHash, r.c.Addr("operator"),
				tv.Moves[1], fallback[1]+reasonOf(tv, 1), tv.Decisions[1].ReceiptHash, r.c.Addr("operator"))), " "))),
			In(id+" ol.events", HasText(strings.Join(events, " "))),
			In(id+" h5 .badge", HasText("revealed")),
		)
		row := all(doc, "#match-1 table.timeline tbody tr")[tv.Turn-1]
		want := sel("%d %s %s %s%s %s%s %s %d", tv.Turn, readable(stamp(tv.CommittedAt)), readable(stamp(tv.RevealedAt)),
			tv.Moves[0], fallback[0], tv.Moves[1], fallback[1], hp(last), len(tv.Bets))
		if got := textOf(row); got != want {
			t.Errorf("timeline row %d = %q, want %q", tv.Turn, got, want)
		}
	}
}

func reasonOf(tv ledger.MatchTurnView, agent int) string {
	if !tv.Fallbacks[agent] {
		return ""
	}
	return " " + reasonWords(tv.Decisions[agent].Receipt.Reason)
}

// TestEventsReadAsWords: each kind of event the engine reports reads as a sentence
// about the agent it names.
func TestEventsReadAsWords(t *testing.T) {
	for _, tc := range []struct {
		e    battle.Event
		want string
	}{
		{battle.Event{Kind: battle.KindMove, Agent: 1, Value: int(battle.Charge)}, "agent 1 plays charge"},
		{battle.Event{Kind: battle.KindMove, Agent: 0, Value: 9}, "agent 0 plays move(9)"},
		{battle.Event{Kind: battle.KindCharge, Agent: 0, Value: 1}, "agent 0 stores a charge (1 charge stored)"},
		{battle.Event{Kind: battle.KindCharge, Agent: 0, Value: 2}, "agent 0 stores a charge (2 charges stored)"},
		{battle.Event{Kind: battle.KindHeal, Agent: 1, Value: 11}, "agent 1 heals 11 HP"},
		{battle.Event{Kind: battle.KindDamage, Agent: 0, Value: 17}, "agent 0 takes 17 damage"},
		{battle.Event{Kind: battle.KindEnd, Agent: 1}, "the game ends: agent 1 wins"},
		{battle.Event{Kind: battle.KindEnd, Agent: -1}, "the game ends in a draw"},
		{battle.Event{Kind: "teleport", Agent: 0, Value: 3}, "agent 0: teleport 3"},
	} {
		if got := eventText(tc.e); got != tc.want {
			t.Errorf("eventText(%+v) = %q, want %q", tc.e, got, tc.want)
		}
	}
}

// TestAFallbackIsMarkedWithItsReason: issue 15, "fallback marks with reason": in turn 2
// bob's agent answered with no JSON, so its move is defend, marked as a fallback with
// the reason, in the timeline, the turn's moves and its receipt; and every reason reads
// as words.
func TestAFallbackIsMarkedWithItsReason(t *testing.T) {
	_, s := matches(t)
	checkPage(t, render(t, s),
		In("#match-1 table.timeline tbody tr.turn-revealed td[data-label=Agent 1] .badge.fallback", HasText("fallback")),
		In("#match-1-turn-2 table.moves tr.fallback", HasText(`1 defend fallback the answer was not the JSON object {"move": ...} `+
			matchIn(t, &s, 1).Turns[1].Decisions[1].ReceiptHash+" "+ledgertest.Addr("operator").String()+" the operator")),
		In("#match-1-turn-2-agent-1 dl.receipt", startsWith(sel("Receipt hash (EIP-712) %s Signed by %s the operator "+
			`Move defend, a fallback: the answer was not the JSON object {"move": ...} Model call `,
			matchIn(t, &s, 1).Turns[1].Decisions[1].ReceiptHash, ledgertest.Addr("operator")))),
		In("#match-1-turn-2-agent-1 pre.response", HasText(notJSON)),
	)
	for r, want := range map[receipt.Reason]string{
		receipt.InvalidJSON:   `the answer was not the JSON object {"move": ...}`,
		receipt.IllegalMove:   "the answer named no move",
		receipt.Timeout:       "the model did not answer in time",
		receipt.ProviderError: "the model's provider failed",
		receipt.Reason(9):     "reason(9)",
	} {
		if got := reasonWords(r); got != want {
			t.Errorf("reasonWords(%v) = %q, want %q", r, got, want)
		}
	}
}

// startsWith checks the element's text, whitespace collapsed, begins with want.
func startsWith(want string) nodeCheck {
	return func(n *html.Node) error {
		if got := textOf(n); !strings.HasPrefix(got, want) {
			return fmt.Errorf("text = %q, want it to begin %q", got, want)
		}
		return nil
	}
}

// TestEachReceiptShowsItsHashAndSigner: issue 15, "receipt hashes and signer ... receipt
// links": each revealed decision shows its receipt's EIP-712 digest, which is
// receipt.Digest of the receipt recomputed here, and the address the page itself
// recovered from the signature, marked as the operator; the hash in the turn's moves
// links to the receipt. A signature by another key, or one that recovers to nobody,
// says so.
func TestEachReceiptShowsItsHashAndSigner(t *testing.T) {
	r, s := matches(t)
	arena := s.Arena.Terms.GenesisHash()
	op := r.c.Addr("operator").String()
	page := render(t, s)
	for _, m := range s.Matches {
		for _, tv := range m.Turns {
			for _, d := range tv.Decisions {
				digest, err := receipt.Digest(arena, d.Receipt)
				if err != nil {
					t.Fatal(err)
				}
				id := sel("match-%d-turn-%d-agent-%d", m.ID, tv.Turn, d.Agent)
				doc := checkPage(t, page,
					In(sel("#%s dl.receipt dd", id), HasText(receipt.Hex(digest))),
					In(sel("#match-%d-turn-%d table.moves a[href=#%s-receipt]", m.ID, tv.Turn, id), HasText(receipt.Hex(digest))),
				)
				if dds := all(doc, sel("#%s dl.receipt dd", id)); len(dds) < 2 || textOf(dds[1]) != op+" the operator" {
					t.Errorf("%s: the signer shown is not the operator", id)
				}
			}
		}
	}
	other, err := receipt.Sign(arena, s.Matches[0].Turns[0].Decisions[0].Receipt, ledgertest.ECDSA("stranger"))
	if err != nil {
		t.Fatal(err)
	}
	s.Matches[0].Turns[0].Decisions[0].Sig = sel("0x%x", other)
	s.Matches[0].Turns[0].Decisions[1].Sig = "0x" + strings.Repeat("00", 65)
	doc := checkPage(t, render(t, s))
	signers := all(doc, "#match-1-turn-1 table.moves td[data-label=Signed by]")
	if len(signers) != 2 || textOf(signers[0]) != ledgertest.Addr("stranger").String()+" not the operator" ||
		textOf(signers[1]) != "the signature recovers to no address" {
		t.Errorf("a receipt signed by another key or by none shows its signer as %q", textsOf2(signers))
	}
}

// TestPromptsAndResponsesAreShownAsSent: issue 15, "prompt/response texts collapsible":
// each decision's raw prompt and response are in a closed details, exactly as the
// operator revealed them, beside the hashes the receipt holds of them.
func TestPromptsAndResponsesAreShownAsSent(t *testing.T) {
	_, s := matches(t)
	d := matchIn(t, &s, 1).Turns[2].Decisions[0]
	doc := checkPage(t, render(t, s),
		In("#match-1-turn-3-agent-0 pre.prompt", HasText(strings.Join(strings.Fields(d.Prompt), " "))),
		In("#match-1-turn-3-agent-0 pre.response", HasText(d.Response)),
		In("#match-1-turn-3-agent-0 > summary", HasText("Agent 0's receipt, prompt and response")),
		In("#match-1-turn-3-agent-0 h6", HasText(sel("Prompt sent (%d characters)", len([]rune(d.Prompt))))),
	)
	if _, open := attr(all(doc, "#match-1-turn-3-agent-0")[0], "open"); open {
		t.Error("a decision's texts are open; they should be collapsed")
	}
	hashes := all(doc, "#match-1-turn-3-agent-0 dl.receipt code.hash")
	if len(hashes) < 3 || textOf(hashes[1]) != receipt.Hex(receipt.TextHash(d.Prompt)) || textOf(hashes[2]) != receipt.Hex(receipt.TextHash(d.Response)) {
		t.Errorf("the prompt and response hashes shown are not keccak256 of the texts shown")
	}
}

// TestBetsShowStakesAndPayouts: issue 15, "bets with stakes and payouts": turn 1's
// pools say what was staked on each agent's move and how it settled (carol's 3 GEN on
// attack share the 4 GEN pool less 5%; erin's stake on a heal that was not played goes
// back), and each bet shows its bettor, stake, state and payout.
func TestBetsShowStakesAndPayouts(t *testing.T) {
	r, s := matches(t)
	m := matchIn(t, &s, r.finished.ID)
	at := func(i int) string { return readable(stamp(m.Bets[i].PlacedAt)) }
	doc := checkPage(t, render(t, s),
		In("#match-1-turn-1 ul.pools", HasText("On agent 0's move: 2 bets, 4 GEN staked; 3 GEN on the revealed move attack shared 3.8 GEN after 0.2 GEN to the treasury "+
			"On agent 1's move: 1 bet, 2 GEN staked; no stake was on the revealed move charge, so every stake went back in full")),
		In("#match-1-turn-1 table.bets tbody", HasText(sel("#1, %s %s agent 0 plays attack 3 GEN won 3.8 GEN #2, %s %s agent 0 plays defend 1 GEN lost 0 GEN "+
			"#3, %s %s agent 1 plays heal 2 GEN returned 2 GEN", at(0), r.c.Addr("carol"), at(1), r.c.Addr("dave"), at(2), r.c.Addr("erin")))),
		In("#match-1-turn-2 table.bets tr.won", HasText(sel("#4, %s %s agent 1 plays defend 1 GEN won 0.95 GEN", at(3), r.c.Addr("carol")))),
		In("#match-3-turn-2 ul.pools", HasText("On agent 1's move: 1 bet, 4 GEN staked; the match settled before the turn was revealed, so every stake went back in full")),
		In("#match-4-turn-3 table.bets tbody", HasText(sel("#7, %s %s agent 1 plays heal 1 GEN open -",
			readable(stamp(matchIn(t, &s, r.hidden.ID).Bets[1].PlacedAt)), r.c.Addr("erin")))),
	)
	if n := len(all(doc, "#match-1 table.bets tbody tr")); n != len(m.Bets) {
		t.Errorf("match 1 shows %d bets, want %d", n, len(m.Bets))
	}
}

// TestTheReplayedResultIsShown: issue 15, "the replayed result (result hash, winner)":
// the finished match shows the result hash, which is the replay's (match.Replay from
// the published secret, recomputed here), the winner and what was paid.
func TestTheReplayedResultIsShown(t *testing.T) {
	r, s := matches(t)
	m := matchIn(t, &s, r.finished.ID)
	var log []match.TurnLog
	for _, tv := range m.Turns {
		var l match.TurnLog
		for i, d := range tv.Decisions {
			l.Moves[i], _ = battle.ParseMove(d.Move)
			l.Prompts[i] = d.Prompt
		}
		l.Events = tv.Events
		log = append(log, l)
	}
	anchor, ok := match.ParseHex32(m.Anchor)
	if !ok {
		t.Fatalf("match 1's anchor %q", m.Anchor)
	}
	seed := battle.Seed(r.finished.Secret, anchor) // the secret the operator kept, not the one the view shows
	rp := match.Replay(seed, m.Agents, log)
	if rp.Mismatch != "" || rp.Winner != 0 {
		t.Fatalf("the replay: winner %d, mismatch %q", rp.Winner, rp.Mismatch)
	}
	checkPage(t, render(t, s),
		In("#match-1 dl.result", HasText(sel("Outcome Agent 0 (scripted/aggressive) won: the entrant %s was paid 19 GEN, both entry fees less 1 GEN to the treasury; "+
			"the operator's bond went back. Result hash of the replay %s After the last revealed turn %s Paid to the winner 19 GEN "+
			"Fee to the treasury 1 GEN Bond slashed 0 GEN", r.c.Addr("alice"), receipt.Hex(rp.ResultHash), finalHP(m)))),
		In("#match-1 dl.seed", HasText(sel("Seed commitment, at creation %s Anchor, the state hash at the end of the creation block %s at height %d "+
			"Secret %s Battle seed, keccak256(secret, anchor) %s", m.SeedCommitment, m.Anchor, m.AnchorHeight, match.Hex32(r.finished.Secret),
			match.Hex32(seed)))),
		In("#match-1 p.outcome", HasText(sel("Agent 0 (scripted/aggressive) won: the entrant %s was paid 19 GEN, both entry fees less 1 GEN to the treasury; "+
			"the operator's bond went back. Settled %s.", r.c.Addr("alice"), readable(stamp(m.SettledAt))))),
	)
}

// TestAVoidMatchSaysWhy: issue 15, "or void with why": the match whose operator added
// a sentence to a prompt is void with the replay's reason and its bond slashed, and the
// doctored prompt is on the page as revealed; the stalled match says it was reclaimed,
// with no replay, and its bond slashed too.
func TestAVoidMatchSaysWhy(t *testing.T) {
	r, s := matches(t)
	checkPage(t, render(t, s),
		In("#match-2 > p.meta .badge", HasText("void")),
		In("#match-2 p.outcome.void", startsWith("Void: the replay from the published secret found a mismatch, so the entry fees and open stakes went back "+
			"and the operator's bond of 50 GEN was slashed to the treasury.")),
		In("#match-2 dl.result", startsWith("Outcome void turn 1: agent 0's prompt is not the one the template gives for the replayed state Result hash of the replay 0x")),
		In("#match-2 dl.result", endsWith("Bond slashed 50 GEN")),
		In("#match-2-turn-1-agent-0 pre.prompt", endsWith(strings.Join(strings.Fields(doctored), " "))),
		In("#match-3 p.outcome.void", startsWith("Void, stalled: the operator did nothing for 30 min, so anyone reclaimed the match; the entry fees and open stakes went back "+
			"and the operator's bond of 50 GEN was slashed to the treasury.")),
		In("#match-3 dl.result", startsWith("Outcome void stalled: the operator did nothing on the match for 30 min Replay none: the secret was never published")),
		In("#match-3 dl.seed", containsText("Secret kept by the operator until the end")),
	)
	if v := matchIn(t, &s, r.doctoredRun.ID); v.VoidReason != "turn 1: agent 0's prompt is not the one the template gives for the replayed state" {
		t.Errorf("the ledger voided the doctored match for %q", v.VoidReason)
	}
}

// TestAHiddenTurnShowsOnlyItsCommitments: the point of commit-reveal is that nobody
// sees a move before betting closes. A committed turn not yet revealed shows its two
// commitments and nothing else: no move, receipt, prompt, response or event, even when
// its view carries them.
func TestAHiddenTurnShowsOnlyItsCommitments(t *testing.T) {
	r, s := matches(t)
	m := matchIn(t, &s, r.hidden.ID)
	tv := &m.Turns[1]
	if !tv.Committed || tv.Revealed {
		t.Fatalf("match 4's turn 2 is not hidden: %+v", tv)
	}
	tv.Decisions = append(tv.Decisions, matchIn(t, &s, r.finished.ID).Turns[0].Decisions...)
	tv.Events = matchIn(t, &s, r.finished.ID).Turns[0].Events
	tv.Moves = [2]string{"attack", "attack"}
	page := render(t, s)
	checkPage(t, page,
		In("#match-4-turn-2 ul.commitments", HasText(sel("Agent 0's commitment %s Agent 1's commitment %s", tv.Commitments[0], tv.Commitments[1]))),
		In("#match-4-turn-2 p.meta", HasText("Betting closed with the commit. The moves are sealed in the commitments below until the operator reveals them.")),
		In("#match-4 table.timeline tbody tr.turn-committed", HasText(sel("2 %s hidden - - - 1", readable(stamp(tv.CommittedAt))))),
		NotIn("#match-4-turn-2 table.moves, #match-4-turn-2 details, #match-4-turn-2 ol.events, #match-4-turn-2 pre"),
		In("#match-4 > p.meta", HasText(sel("playing turn 2 is committed and its moves hidden; the operator reveals it next; created %s at height %d by the operator %s",
			readable(stamp(m.CreatedAt)), m.CreatedHeight, r.c.Addr("operator")))),
		In("#match-4-turn-3 h5 .badge", HasText("betting open")),
		In("#match-4 p.stall", HasText(sel("If the operator does nothing, anyone may reclaim the match from %s.", readable(stamp(m.StallAt))))),
	)
	frag := string(fragment(t, page, `<article class="card match" id="match-4"`, "</article>"))
	for _, d := range tv.Decisions {
		if strings.Contains(frag, d.ReceiptHash) || strings.Contains(frag, d.Salt) {
			t.Errorf("the hidden turn shows a receipt or salt its view carried")
		}
	}
}

// TestAWaitingMatchSaysWhoJoined: a match not both entrants have joined says who has,
// that its seed is anchored already, and when anyone may cancel it.
func TestAWaitingMatchSaysWhoJoined(t *testing.T) {
	r, s := matches(t)
	m := matchIn(t, &s, r.waiting.ID)
	checkPage(t, render(t, s),
		In("#match-5 table.agents tbody", HasText(sel("0 %s joined %s scripted/aggressive System prompt (36 characters) You are Brute. You like to hit hard. "+
			"1 %s not joined scripted/careful System prompt (56 characters) You are Warden. You guard first and strike when it pays.",
			r.c.Addr("dave"), readable(stamp(m.JoinedAt[0])), r.c.Addr("erin")))),
		In("#match-5 dl.seed", containsText("Anchor, the state hash at the end of the creation block 0x")),
		In("#match-5 p.stall", HasText(sel("If the operator does nothing, anyone may reclaim the match from %s.", readable(stamp(m.StallAt))))),
		In("#match-5", endsWith("Timeline (0 turns) No turn has been committed or bet on yet.")),
	)
}

// TestNoOperatorsNoMatches: an arena whose terms name no operator and that holds no
// match shows no matches section and no link to one; the page is as it was.
func TestNoOperatorsNoMatches(t *testing.T) {
	checkPage(t, render(t, loadSnapshot(t, "demo")), NotIn("#matches, nav.sections a[href=#matches]"))
	_, s := matches(t)
	s.Arena.Terms.Operators = nil
	checkPage(t, render(t, s),
		In("#matches p.status", HasText("This arena names no match operator, so it runs no new matches.")),
		In("#match-1 h3", HasText("Match #1 scripted/aggressive vs scripted/careful")),
	)
}

// TestTheMoneyIdentityCountsMatchPools: DESIGN.md, "the sum of every pool plus
// claimable equals paid in minus paid out": the matches' entry fees, stakes and bonds
// are pools like the others, named in the identity, which holds on the ledger's own
// numbers; the counts show matches and bets.
func TestTheMoneyIdentityCountsMatchPools(t *testing.T) {
	_, s := matches(t)
	b := &s.Arena.Balances
	if b.MatchFees.IsZero() || b.MatchStakes.IsZero() || b.MatchBonds.IsZero() {
		t.Fatalf("the matches hold no money in some pool: %+v", b)
	}
	doc := checkPage(t, render(t, s),
		In("#money dl.terms", containsText("Match entry fees 5 GEN Match stakes 3 GEN Match operator bonds 100 GEN Claimable")),
		In(".invariant.ok", containsText("+ match entry fees + match stakes + match operator bonds + claimable = paid in \u2212 paid out")),
	)
	if counts := all(doc, "#money dl.terms"); len(counts) != 2 || !strings.HasSuffix(textOf(counts[1]), sel("Agent matches 5 Match bets %d", s.Arena.Counts.Bets)) {
		t.Errorf("the counts do not show the matches and their bets")
	}
}

// endsWith checks the element's text, whitespace collapsed, ends with want.
func endsWith(want string) nodeCheck {
	return func(n *html.Node) error {
		if got := textOf(n); !strings.HasSuffix(got, want) {
			return fmt.Errorf("text = %q, want it to end %q", got, want)
		}
		return nil
	}
}

// containsText checks the element's text, whitespace collapsed, holds want.
func containsText(want string) nodeCheck {
	return func(n *html.Node) error {
		if got := textOf(n); !strings.Contains(got, want) {
			return fmt.Errorf("text = %q, want it to hold %q", got, want)
		}
		return nil
	}
}

func textsOf2(ns []*html.Node) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = textOf(n)
	}
	return out
}

// TestTheLiveBoardShowsMatches: the board served live renders the matches of each
// fresh snapshot, as the static page does.
func TestTheLiveBoardShowsMatches(t *testing.T) {
	_, s := matches(t)
	srv := httptest.NewServer(Handler(func() (ledger.Snapshot, error) { return s, nil }))
	defer srv.Close()
	res, err := http.Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK || !bytes.Equal(body, render(t, s)) {
		t.Fatalf("GET / = %d, %d bytes; want 200 and the rendered page", res.StatusCode, len(body))
	}
	checkPage(t, body, In("#match-4-turn-2 h5 .badge", HasText("committed")))
}

// TestAPoolSaysWhenItIsPaid: a revealed turn's pool is decided by its move but paid only
// when the match finishes with its replay holding; a void match returns every stake,
// revealed turns' included, and the pool says which.
func TestAPoolSaysWhenItIsPaid(t *testing.T) {
	p := &ledger.BetPoolView{Agent: 0, Bets: 1, Staked: ledger.Ether(2)}
	revealed := &ledger.MatchTurnView{Revealed: true, Moves: [2]string{"attack", "defend"}}
	hidden := &ledger.MatchTurnView{}
	for _, c := range []struct {
		turn *ledger.MatchTurnView
		over bool
		want string
	}{
		{revealed, false, "On agent 0's move: 1 bet, 2 GEN staked; decided by the revealed move attack, paid when the match finishes with its replay holding"},
		{revealed, true, "On agent 0's move: 1 bet, 2 GEN staked; the match was void, so every stake went back in full: a turn pays only when the match's replay holds"},
		{hidden, false, "On agent 0's move: 1 bet, 2 GEN staked; not settled yet"},
		{hidden, true, "On agent 0's move: 1 bet, 2 GEN staked; the match settled before the turn was revealed, so every stake went back in full"},
	} {
		if got := poolSays(p, c.turn, c.over, "GEN"); got != c.want {
			t.Errorf("revealed %v, over %v: %q, want %q", c.turn.Revealed, c.over, got, c.want)
		}
	}
}
