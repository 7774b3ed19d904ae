package client_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"testing"
	"time"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
)

// strong is a result a one-member committee's leader can settle: rung 4, no checks.
var strong = ledger.Result{Tier: 4, Passed: true, Score: 80, JudgedScore: 80, JudgedTier: 4, Rationale: "usable as it stands"}

// TestWaitEntryFollowsTheRoundUntilItSettles: DESIGN.md, "the ledger records who
// agreed". WaitEntry reports the tally as attestations arrive and returns the entry
// with its settled grade.
func TestWaitEntryFollowsTheRoundUntilItSettles(t *testing.T) {
	f := newFixture(t, 3)
	entry, round := f.entryInRound(t)
	var seen []client.Progress
	done := make(chan error, 1)
	var got ledger.EntryView
	go func() {
		var err error
		got, err = f.c.WaitEntry(t.Context(), entry, func(p client.Progress) { seen = append(seen, p) })
		done <- err
	}()
	if _, err := f.validator.Send(t.Context(), ledger.Amount{}, ledger.Attest{Round: round, Attempt: 1, Result: strong}); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("WaitEntry: %v", err)
	}
	if got.Current == nil || got.Current.Tier != 4 || got.Current.Score != 80 || got.State != ledger.EntryGraded {
		t.Fatalf("entry = %+v, want graded at rung 4, score 80", got)
	}
	last := seen[len(seen)-1]
	if last.State != ledger.RoundSettled || last.Attested != 1 || last.Agreeing != 1 || last.Committee != 1 || last.Quorum != 1 {
		t.Errorf("last progress = %+v, want settled with 1/1 attested and 1 agreeing", last)
	}
}

// TestWaitRoundReportsAnExhaustedRound: DESIGN.md, "a round that exhausts its attempts
// leaves the entry ungraded, visibly". WaitRound returns an *Error naming the round.
func TestWaitRoundReportsAnExhaustedRound(t *testing.T) {
	f := newFixture(t, 1)
	_, round := f.entryInRound(t)
	bad := ledger.Result{Error: "[LLM_ERROR] No merit rung in the response"}
	if _, err := f.validator.Send(t.Context(), ledger.Amount{}, ledger.Attest{Round: round, Attempt: 1, Result: bad}); err != nil {
		t.Fatal(err)
	}
	r, err := f.c.WaitRound(t.Context(), round, nil)
	var ce *client.Error
	if !errors.As(err, &ce) || r.State != ledger.RoundExhausted {
		t.Fatalf("WaitRound = %s, %v; want exhausted with an *Error", r.State, err)
	}
	if want := "[EXPECTED] Round 1 exhausted its 1 attempts without agreement; entry 1 is left ungraded"; ce.Error() != want {
		t.Errorf("error %q, want %q", ce.Error(), want)
	}
}

// setIntervals sets the Wait helpers' poll and safety intervals for the test.
func setIntervals(t *testing.T, poll, safety time.Duration) {
	oldPoll, oldSafety := client.PollInterval, client.SafetyInterval
	client.PollInterval, client.SafetyInterval = poll, safety
	t.Cleanup(func() { client.PollInterval, client.SafetyInterval = oldPoll, oldSafety })
}

// TestWaitEntryLearnsOfTheSettlingBlockFromTheEventStream: the Wait helpers read what
// they follow at each block GET /v1/events announces, not at a poll tick. With the
// poll and safety intervals an hour long, only the event stream can wake WaitEntry
// when the attestation settles the round.
func TestWaitEntryLearnsOfTheSettlingBlockFromTheEventStream(t *testing.T) {
	setIntervals(t, time.Hour, time.Hour)
	f := newFixture(t, 3)
	entry, round := f.entryInRound(t)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	done := make(chan error, 1)
	var got ledger.EntryView
	go func() {
		var err error
		got, err = f.c.WaitEntry(ctx, entry, nil)
		done <- err
	}()
	if _, err := f.validator.Send(t.Context(), ledger.Amount{}, ledger.Attest{Round: round, Attempt: 1, Result: strong}); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("WaitEntry: %v", err)
	}
	if got.State != ledger.EntryGraded {
		t.Errorf("entry %s, want graded", got.State)
	}
}

// TestWaitRoundPollsWhileTheEventStreamIsDown: against a node whose event stream
// cannot be opened, a Wait helper reads the round every PollInterval instead.
func TestWaitRoundPollsWhileTheEventStreamIsDown(t *testing.T) {
	setIntervals(t, time.Millisecond, time.Hour)
	f := newFixture(t, 3)
	_, round := f.entryInRound(t)
	api := f.c.BaseURL()
	noEvents := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/events" {
			http.Error(w, "no event stream here", http.StatusNotFound)
			return
		}
		(&httputil.ReverseProxy{Rewrite: func(p *httputil.ProxyRequest) {
			u, _ := url.Parse(api)
			p.SetURL(u)
		}}).ServeHTTP(w, r)
	}))
	defer noEvents.Close()
	c := client.New(noEvents.URL, noEvents.Client())
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	read := make(chan struct{}, 1)
	done := make(chan error, 1)
	var r ledger.RoundView
	go func() {
		var err error
		r, err = c.WaitRound(ctx, round, func(client.Progress) {
			select {
			case read <- struct{}{}:
			default:
			}
		})
		done <- err
	}()
	<-read // the round was read open once: settling it is what WaitRound must notice
	if _, err := f.validator.Send(t.Context(), ledger.Amount{}, ledger.Attest{Round: round, Attempt: 1, Result: strong}); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil || r.State != ledger.RoundSettled {
		t.Fatalf("WaitRound = %s, %v; want settled", r.State, err)
	}
}
