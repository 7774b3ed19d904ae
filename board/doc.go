// Package board renders the scorecard page: one self-contained HTML file built from a
// ledger.Snapshot and nothing else, save, when given, the sinks outside the arena that
// each award reached (WithCrossings) and the events the log keeps with each block from
// its begin-block work, shown on the challenge and learning runs they concern
// (WithBlockEvents: a run's anchored seed, its attempts' expiry and what a round's end
// released).
//
// The page promises three things. It is pure: Render reads no clock, no environment and
// no file, so the same snapshot always renders the same bytes. It is inert: every string
// from the snapshot (work, titles, rationales, arguments, criteria) is hostile input and
// reaches the page only through html/template escaping or as JSON with '<', '>' and '&'
// escaped, inside a Content-Security-Policy that allows only the page's own inline style
// and script. It is offline: the page loads no font, image, script or style and makes no
// request of any kind; filtering, search and paging run over the JSON embedded in it,
// which is compact (wire.go): short keys, no empty fields, repeated strings written once.
//
// The first page of entry cards is rendered on the server, so the page reads without
// script; the script renders the same cards from the embedded JSON when the reader
// filters, searches or pages.
//
// Tenders are rendered whole on the server (tender.go), since the ledger bounds each
// one (64 bids, 32 questions): its terms, windows, frozen criteria, clarifications, and
// each bid with its commitment, its proposal and salt once revealed, its scorecard once
// scored (each criterion's score, reason and weighted score, and the agreeing members'
// scores), its appeal and its rounds with every attestation (tenderround.go); then
// every scorability check. A bid that was never revealed shows its commitment alone:
// no proposal, salt or score of it reaches the page, whatever its view holds. Tenders
// are not in the JSON data block.
//
// Agent matches are rendered whole on the server too (match.go, matchturn.go), when the
// terms name match operators or the arena holds a match: each match's entrants and
// agents (model and system prompt), fee, operator, seed and state; a timeline of its
// turns, each with when betting closed with the commit and when it was revealed, both
// moves with their fallback marks and reasons, each receipt's EIP-712 hash and the
// signer the page itself recovers from the signature, the raw prompt and response in
// closed details, the events the operator reported and the bets with their stakes and
// payouts; then the replayed result, or why the match is void. A committed turn not yet
// revealed shows its commitments alone, whatever its view holds. System prompts, model
// names and responses are hostile text like any other.
//
// Benchmark challenges are rendered whole on the server as well (challenge.go,
// challengeboard.go, challengerun.go, challengebench.go), when the arena holds a bench
// version or a challenge: each challenge's terms and money; an emissions strip (the
// champion's and the tail's shares from the active version's frozen fold constants, and
// the latest folds, at most maxFoldsShown, with their payments and the contested pairs
// sent to confirmation); a rollout strip (the active version, a newer accepted one and
// how many agents hold a complete quorum on it, while the challenge is open); and one
// leaderboard per bench version the challenge has runs on, the active one first and
// marked, so that composites of different versions are never ranked together. A version's
// ranked rows are the entries the fold counts there, ordered by composite, then first
// seen, with the latest fold's champion and tail marked (the fold crowns in first-seen
// order, so the champion need not hold the top composite); every other entry with a run
// there follows, unranked and saying why, a provisional run marked and showing its
// median feedback. Each row opens to the breakdown and integrity telemetry of the run it
// shows, its confirmation composites and every run on that version with each member's
// attestation. Then every bench version with its state and frozen metadata. Scores are
// the view's integer micros written as exact decimals (challengeunits.go); the one
// figure the page derives, whether the 0.75 floor under E·M·O applied, is an exact
// integer comparison of the reported factors.
package board
