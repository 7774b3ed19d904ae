// Package composite scores one validator's run of a benchmark challenge in fixed point.
//
// This file holds only the Result type as the shared brief pins it, so that the ledger's
// challenge kind compiles against it before the package's scoring lands; the owner of
// this package replaces it with the real file.
package composite

// Result is one run's composite, its standard error and its breakdown, in micros
// (1.0 = 1_000_000).
type Result struct {
	N          int        `json:"n"`
	Composite  int64      `json:"composite"`
	SE         int64      `json:"se"`
	ToolMean   int64      `json:"tool_mean"`
	MemoryMean int64      `json:"memory_mean"`
	E          int64      `json:"e"`
	M          int64      `json:"m"`
	O          int64      `json:"o"`
	C          int64      `json:"c"`
	Gate       int64      `json:"gate"`
	Leaks      int        `json:"leaks"`
	Misses     int        `json:"misses"`
	Categories []Category `json:"categories"`
}

// Category is one category's mean, sorted by kind then name.
type Category struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
	N    int    `json:"n"`
	Mean int64  `json:"mean"`
}
