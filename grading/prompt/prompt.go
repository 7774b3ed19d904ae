// Package prompt is what a validator sends its model, for every contest kind: the
// provider-neutral Prompt, the Brief a bounty's prompt was built from, the purposes and
// sampling seed every backend under reader/ understands, and the fencing (Fence,
// Neutralise) that keeps outside text from closing the tag that holds it. The texts themselves (a
// bounty's reading and rubric-compiling prompts, a tender's scoring and scorability
// prompts) belong to each kind's package.
package prompt

import "encoding/json"

// Purposes of a model call.
const (
	Read    = "read"    // place the work on a rung; schema arena_read
	Compile = "compile" // turn rubric sentences into CEL checks; schema arena_compile
	Score   = "score"   // score a tender proposal 0 to 5 per criterion; schema arena_score
	Check   = "check"   // say whether tender criteria can be scored from a proposal's text; schema arena_check
	Move    = "move"    // an agent's move in a match turn (the battle prompt); schema arena_move
)

// Seed is the sampling seed every prompt carries, for providers that take one.
const Seed = 42

// Prompt is one model call's request, provider-neutral. Backends send System and User
// as the system and user messages, ask for JSON matching Schema under SchemaName, at
// temperature 0 with Seed where the provider has one.
type Prompt struct {
	Purpose    string          `json:"purpose"`
	System     string          `json:"system"`
	User       string          `json:"user"`
	SchemaName string          `json:"schema_name"`
	Schema     json.RawMessage `json:"schema"`
	Seed       int64           `json:"seed"`
	// Brief is the structured content the text was built from, for backends that need no
	// model (the builtin reader). Backends that talk to a model ignore it.
	Brief *Brief `json:"-"`
}

// Brief is what a prompt is about, as data.
type Brief struct {
	Title   string   // the task's title
	Spec    string   // the task's brief
	Rubric  string   // the whole rubric
	Prose   []string // criteria no compiler turned into a check (read) or to compile (compile)
	Work    string   // the exact text read
	Sandbox string   // the sandbox result as told to the reader

	Criteria []string // a tender's criteria, in order (score, check)
	Proposal string   // a tender proposal (score)
	Argument string   // an appeal's argument on a rescoring (score)
}
