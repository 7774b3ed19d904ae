// Package checks turns a rubric into CEL checks over the facts of a work and runs them in
// a closed sandbox.
//
// A rubric is cut into criteria (Criteria): one per sentence or bullet, each mandatory
// or preferred by the rubric's own words. The pattern compiler (Pattern) turns the
// sentences rubrics commonly hold into expressions, and only whole sentences:
//
//   - lengths in characters, words, lines or sentences, and counts of links, code
//     blocks, headings/sections and numbered steps: "at most N", "no more than N",
//     "up to N", "must not exceed N", "within N", "under N", "fewer/less than N", "at
//     least N", "more than N", "exactly N", "between N and M", "N-M", "N to M", "N
//     words or fewer", "N characters max", "character limit of N"; numbers as digits,
//     with thousands commas, or as words up to fifty;
//   - "N links" (code blocks, sections, steps) as at least N;
//   - "include a link" (has_url), "an https link" (work.contains("https://")), "a code
//     block", "use headings", "numbered steps", and their negations ("no links",
//     "must not include a code block");
//   - "must mention "phrase"" and "must not mention "phrase"" (quoted, one or a list
//     joined by "and"), and unquoted up to three words after mention/name/reference
//     ("should mention the rate limit"), matched case-insensitively via work_lower.
//
// Anything else left in the sentence, apart from filler words and a short subject before
// the modal ("The launch note must ..."), sends the whole sentence to the model compiler
// (Decode reads its arena_compile answer), and failing that to the reader as prose.
//
// Build passes every expression through the filters of seed 000 (no "__", no "import",
// at most 400 code points, at most 24 checks) and CEL's type checker in an environment
// built by cel.NewCustomEnv with a subset of the standard library: no macros (so no
// loops), the fact variables of package facts and nothing else, parser size, recursion
// and node limits, an output type of bool, a compile-time worst-case cost bound
// (CostBudget, with string facts assumed at most MaxText code points) and a run-time
// CostLimit as the backstop. Programs are cached by expression text and are safe for
// concurrent use.
package checks
