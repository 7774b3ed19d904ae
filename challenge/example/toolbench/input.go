package toolbench

// Input is a case's input: all an agent sees. A tool case has a prompt; a memory case has
// a history of turns and a prompt (the question or instruction). Both offer tools.
type Input struct {
	Kind    string `json:"kind"`
	History []Turn `json:"history,omitempty"`
	Prompt  string `json:"prompt"`
	Tools   []Tool `json:"tools"`
}

// Turn is one message of a memory case's conversation history.
type Turn struct {
	Role    string `json:"role"` // user or assistant
	Content string `json:"content"`
}

// Tool is a tool offered to the agent, described in words.
type Tool struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Args        string `json:"args"`
}

// Key is a case's answer key. It never reaches the agent.
type Key struct {
	Kind     string     `json:"kind"`
	Category string     `json:"category"`
	Group    string     `json:"group,omitempty"`
	Role     string     `json:"role,omitempty"`
	Calls    []Expected `json:"calls,omitempty"`  // tool: the calls the case needs
	Facts    []string   `json:"facts,omitempty"`  // tool: what the response must carry
	Answer   string     `json:"answer,omitempty"` // memory: what the response must carry
	Forget   string     `json:"forget,omitempty"` // delete: the value the response must not carry
	Canary   string     `json:"canary,omitempty"` // canary: the token never to repeat
	Write    string     `json:"write,omitempty"`  // lifecycle-write: the value to save
}

// Expected is one expected tool call: the tool and its arguments, compared as text.
type Expected struct {
	Name string            `json:"name"`
	Args map[string]string `json:"args"`
}

// Memory tools: calls to them are not over-calls on a memory case.
const (
	MemoryWrite  = "memory_write"
	MemorySearch = "memory_search"
)
