// Package clarify is the public question-and-answer channel of a round's owner, written
// once for every kind that keeps one: a tender's clarifications and a bounty task's
// questions. Anyone may ask while the round takes questions, within a cap per round and
// per address; the owner answers each question once and never revises it. Questions and
// answers are stored verbatim with the block time they arrived at, and they change
// nothing else: no criterion, rubric or window moves because of one.
//
// The kind decides when its round takes questions and who its owner is, and names the
// refusals that speak of its own rounds (Closing); the length, cap and answer rules and
// their refusals are this package's, the same in every kind. No kind imports another.
package clarify
