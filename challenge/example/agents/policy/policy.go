// Package policy is the logic of Arena's example agents: keyword rules, no model. An
// agent reads a toolbench case's input, picks a tool by keywords, calls it through the
// endpoint, and answers; a memory question it answers by parsing the history. What an
// agent gets right is set by its Skills: Steady has none of them, SteadyPlus adds one
// small category (durations), and Sharp has all but honouring a request to forget.
//
// The package is pure Go; the wasip1 reactors in challenge/example/agents/steady and
// challenge/example/agents/sharp wire it to the host through package guest.
package policy

import (
	"encoding/json"
	"strings"
)

// Skills are what an agent can do beyond the basics (pick a tool by keywords, recall a
// stated fact, keep a secret, acknowledge a request to remember).
type Skills struct {
	SpecificTools bool // prefers a specific tool over a generalist search
	Chains        bool // follows a calendar entry to the weather where it is held
	ExactArgs     bool // writes currency codes and quotes a phrase exactly
	UsedTo        bool // reads "used to ..., but now ..." as a change of value
	Durations     bool // converts "1.5 years" to months
	Writes        bool // saves what it is asked to remember with memory_write
	Forgets       bool // honours a request to forget
}

// The example agents.
var (
	Steady     = Skills{}
	SteadyPlus = Skills{Durations: true}
	Sharp      = Skills{SpecificTools: true, Chains: true, ExactArgs: true, UsedTo: true, Durations: true, Writes: true}
)

// Caller calls a tool through the endpoint and returns its answer (package guest's Tool).
type Caller func(name string, args any) []byte

// input is the part of a toolbench case's input an agent reads.
type input struct {
	Kind    string `json:"kind"`
	History []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"history"`
	Prompt string `json:"prompt"`
	Tools  []struct {
		Name        string `json:"name"`
		Description string `json:"description"`
	} `json:"tools"`
}

// Answer returns the agent's response to one case, calling tools through call.
func (s Skills) Answer(raw []byte, call Caller) string {
	var in input
	if err := json.Unmarshal(raw, &in); err != nil {
		return "I could not read the request."
	}
	if in.Kind == "memory" {
		return s.remember(in, call)
	}
	return s.useTools(in, call)
}

// userLines returns the user's turns of the history, in order.
func (in input) userLines() []string {
	var ls []string
	for _, t := range in.History {
		if t.Role == "user" {
			ls = append(ls, t.Content)
		}
	}
	return ls
}

func has(s string, words ...string) bool {
	l := strings.ToLower(s)
	for _, w := range words {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}
