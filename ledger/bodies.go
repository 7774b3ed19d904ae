package ledger

import (
	"encoding/json"

	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/govern"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/tender"
)

// bodySpec is one row of the body table: how a transaction kind's body decodes, whether
// a value in the arena's currency may come with it, and whether a body is of its type.
type bodySpec struct {
	decode func(raw []byte) (Body, error)
	// loose decodes as json.Unmarshal does, taking unknown members and any case of a
	// member's name: the strict decoding of a body that encodes back to its raw bytes
	// (every member is one json.Marshal wrote), at less cost.
	loose func(raw []byte) (Body, error)
	value bool
	is    func(Body) bool
	zero  Body // the body type's zero value, which the schema table reads the type of
}

// row builds a body table row for body type T.
func row[T Body](value bool) bodySpec {
	return bodySpec{
		decode: func(raw []byte) (Body, error) {
			var b T
			if err := strictUnmarshal(raw, &b); err != nil {
				return nil, err
			}
			return b, nil
		},
		loose: func(raw []byte) (Body, error) {
			var b T
			if err := json.Unmarshal(raw, &b); err != nil {
				return nil, err
			}
			return b, nil
		},
		value: value,
		zero:  *new(T),
		is:    func(b Body) bool { _, ok := b.(T); return ok },
	}
}

// bodies is the body table: every transaction kind the ledger takes, one line each. A
// new transaction type is one line here and one case in dispatch. It is looked up by
// kind, and iterated only in kind order (Kinds, the EIP-712 schema table).
var bodies = map[Kind]bodySpec{
	bounty.KindPostTask:            row[bounty.PostTask](true),
	bounty.KindSubmit:              row[bounty.Submit](true),
	bounty.KindGrade:               row[bounty.Grade](false),
	bounty.KindAttest:              row[bounty.Attest](false),
	bounty.KindAppeal:              row[bounty.Appeal](true),
	bounty.KindAward:               row[bounty.Award](false),
	bounty.KindReveal:              row[bounty.Reveal](false),
	bounty.KindTopUp:               row[bounty.TopUp](true),
	bounty.KindExtend:              row[bounty.Extend](false),
	bounty.KindWithdraw:            row[bounty.WithdrawEntry](false),
	bounty.KindReplace:             row[bounty.Replace](false),
	bounty.KindAsk:                 row[bounty.AskQuestion](false),
	bounty.KindAnswer:              row[bounty.AnswerQuestion](false),
	tender.KindCheck:               row[tender.Check](false),
	tender.KindCheckAttest:         row[tender.CheckAttest](false),
	tender.KindPublish:             row[tender.Publish](true),
	tender.KindCommit:              row[tender.Commit](true),
	tender.KindAmend:               row[tender.Amend](false),
	tender.KindWithdraw:            row[tender.Withdraw](false),
	tender.KindAsk:                 row[tender.Ask](false),
	tender.KindAnswer:              row[tender.Answer](false),
	tender.KindReveal:              row[tender.Reveal](false),
	tender.KindScore:               row[tender.Score](false),
	tender.KindAttest:              row[tender.Attest](false),
	tender.KindAppeal:              row[tender.Appeal](true),
	tender.KindResolve:             row[tender.Resolve](false),
	tender.KindExpire:              row[tender.Expire](false),
	tender.KindAward:               row[tender.Award](false),
	tender.KindDecline:             row[tender.Decline](false),
	match.KindCreate:               row[match.Create](true),
	match.KindJoin:                 row[match.Join](true),
	match.KindCommit:               row[match.Commit](false),
	match.KindBet:                  row[match.Bet](true),
	match.KindReveal:               row[match.Reveal](false),
	match.KindFinish:               row[match.Finish](false),
	match.KindReclaim:              row[match.Reclaim](false),
	challenge.KindBenchRegister:    row[challenge.BenchRegister](false),
	challenge.KindBenchCheckAttest: row[challenge.BenchCheckAttest](false),
	challenge.KindPublish:          row[challenge.Publish](true),
	challenge.KindCommit:           row[challenge.Commit](true),
	challenge.KindAttest:           row[challenge.Attest](false),
	challenge.KindFold:             row[challenge.Fold](false),
	challenge.KindClose:            row[challenge.Close](false),
	learn.KindPublish:              row[learn.Publish](true),
	learn.KindCommit:               row[learn.Commit](true),
	learn.KindAttest:               row[learn.Attest](false),
	learn.KindReveal:               row[learn.Reveal](false),
	learn.KindClose:                row[learn.Close](false),
	govern.KindProposeUpgrade:      row[govern.ProposeUpgrade](false),
	govern.KindProposeCancel:       row[govern.ProposeCancel](false),
	govern.KindProposeTerms:        row[govern.ProposeTerms](false),
	govern.KindVote:                row[govern.Vote](false),
	govern.KindProposeRemoval:      row[govern.ProposeRemoval](false),
	KindJoinValidator:              row[JoinValidator](true),
	KindExitValidator:              row[ExitValidator](false),
	KindReportEquivocation:         row[ReportEquivocation](false),
	KindWithdraw:                   row[Withdraw](false),
	KindFaucet:                     row[Faucet](false),
	KindAdvance:                    row[Advance](false),
}

// bodyOf returns the table row of kind k.
func bodyOf(k Kind) (bodySpec, bool) {
	spec, ok := bodies[k]
	return spec, ok
}

// knownBody reports whether b is one of the table's body types, in value form.
func knownBody(b Body) bool {
	spec, ok := bodyOf(b.Kind())
	return ok && spec.is(b)
}

// takesValue reports whether transactions of kind k carry value into the arena.
func takesValue(k Kind) bool {
	spec, ok := bodyOf(k)
	return ok && spec.value
}
