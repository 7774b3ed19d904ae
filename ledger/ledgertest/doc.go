// Package ledgertest drives contests on a ledger.State through the ledger's exported API
// only, for the ledger's claim tests, its contest scripts and the tests of whatever
// applies transactions to it (engines, the bridge, validators).
//
// # The driver
//
// A Contest drives an arena through an Applier, anything that applies a transaction and
// lets the caller read the state: Bare, over a bare *ledger.State, or an adapter over an
// engine. Every participant is a named key derived from its name (Key), so addresses and
// everything ordered by them are the same on every run; every transaction is signed with
// its sender's key (Sign, which also signs an attestation's model-call receipts) and
// applied with its sender's next nonce. Bare applies each in a block of its own at its
// clock and, after each, checks the invariants and that the incremental state hash
// equals the hash of the state decoded afresh:
//
//	s, err := ledger.New(ledgertest.Terms(5))
//	...
//	c := ledgertest.Drive(t, ledgertest.NewBare(s))
//	task := c.Post(ledger.Ether(200))
//	e := c.Enter(task, "alice", "a launch note")
//	c.GradeAs(e, ledgertest.Reading(4, 0, false))
//	c.Refused(errAppealBond, "appellant", ledger.Ether(5), ledger.Appeal{Entry: e, Argument: "x"})
//	c.Settle(task)
//
// Reading and Failure build the results an honest validator sends.
//
// # Contest scripts
//
// Harness runs contest scripts in cockroachdb's datadriven format on the same driver. A
// script is a list of commands, each followed by "----" and what it printed:
//
//	open validators=4 quorum=3 window=6h dev=true
//	fund name=(alice,bob) amount=100
//	post from=sponsor prize=200 closes=1h
//	enter task=1 from=alice work=(the launch note)
//	grade entry=1 readings=(4,4,4,4)
//	appeal entry=1 from=carol at=+2h readings=(3) dq=mandatory
//	wait 7h
//	award task=1
//	withdraw from=alice
//	balances
//	show entry=1
//
// An arena that names a treasury (open ... treasury=treasury) runs tenders, with their
// own commands:
//
//	check answers=(yes)
//	publish budget=100 weights=(3,2,2,1) primary=0
//	commit tender=1 from=alice
//	ask tender=1 question=(Does a public body count?)
//	answer tender=1 question=1 reply=(Yes.)
//	reveal bid=1
//	score bid=1 scores=(3/4/1/4, 4/3/2/5, 2/4/0/3, 3/5/1/4)
//	appeal bid=1
//	resolve bid=1 scores=(5/5/2/4)
//	expire tender=1
//	award tender=1
//	show tender=1
//
// The verbs a bounty shares (appeal, award, withdraw, attempt, show) act on a tender
// when they name a bid or a tender; handler_tender.go and handler_tender_score.go
// document each command's arguments.
//
// Benchmark challenges have commands of their own (handler_challenge.go documents
// their arguments); a run's results are composite/se per seat, the leader first:
//
//	bench name=ditto version=1 [model=NAME] [quorum=3] [check=pass]
//	challenge bench=ditto pool=100 per-epoch=10 epoch=1h end=24h
//	program from=alice name=alice-v1
//	grade-run id=1 results=(0.700/0.010)
//	fold
//	standings
//	close
//
// The claim tests drive challenges with BenchBody, CheckPassed, Scored, RunFailed,
// AcceptBench, PublishChallenge, CommitProgram and AttestRun.
//
// Amounts are whole units of the currency, durations are Go durations (1h, 30m), and
// times print as offsets from the opening of the arena (t+7h). The handler_<cmd>.go
// files document each command's arguments. A refusal prints; a broken invariant, a
// refusal that moved money or a malformed command fails the test.
package ledgertest
