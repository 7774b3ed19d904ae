// Package bounty is the bounty contest kind: a sponsor posts a task with a prize and a
// rubric, solvers enter by staking the entry bond, committees grade each entry on the
// published six-rung ladder, anyone may appeal a grade by staking the appeal bond, and
// after close anyone may award the task to the highest eligible score. Before close
// anyone may ask the sponsor a public question, which the sponsor answers once
// (AskQuestion, AnswerQuestion: the tender's clarification rule, in clarify); neither
// changes the rubric.
//
// Its transactions are PostTask, Submit, Grade, Attest, Appeal and Award. It keeps its
// tasks, entries, appeals and reputations; it opens rounds in the ledger's round.Set and
// is told when they settle or run out; it moves money only through book.Book, in three
// pools: PrizePool, BondPool and SlashPool.
//
// Its own rules, checked by Check after every transaction: the prize pool is the sum of
// unsettled prizes; the bond pool the sum of unsettled entry bonds and pending appeal
// bonds; every grade in force follows from its own rung, gate and counts; and every
// entry's state matches its rounds and appeals.
package bounty
