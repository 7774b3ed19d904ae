package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/arena/arena/ocds/ocdstest"
	"github.com/arena/arena/reader/readertest"
)

// The scripts' model answers a tender's two prompts as a careful model would, and the
// same way every time, so that a committee agrees:
//   - a scorability check (schema arena_check) finds every criterion scorable but one
//     that needs a site visit, which it flags;
//   - a scoring (schema arena_score) gives each criterion 3, or 4 when the proposal
//     says "evidence", and one more (at most 5) on a rescoring that carries an appeal.

var (
	criterionLine = regexp.MustCompile(`(?m)^\[(\d+)\] (.*)$`)
	sectionOf     = func(name, text string) string {
		_, after, ok := strings.Cut(text, "<"+name+">")
		if !ok {
			return ""
		}
		body, _, _ := strings.Cut(after, "</"+name+">")
		return body
	}
)

// tenderAnswer returns the answer to a tender prompt, and false for any other prompt.
func tenderAnswer(sent readertest.Sent) (string, bool) {
	criteria := criterionLine.FindAllStringSubmatch(sectionOf("criteria", sent.User), -1)
	switch sent.SchemaName {
	case "arena_check":
		return checkAnswer(criteria), true
	case "arena_score":
		return scoreAnswer(criteria, sectionOf("proposal", sent.User), strings.Contains(sent.User, "<appeal>")), true
	}
	return "", false
}

type flagged struct {
	I      int    `json:"i"`
	Reason string `json:"reason"`
}

func checkAnswer(criteria [][]string) string {
	flags := []flagged{}
	for _, c := range criteria {
		if strings.Contains(strings.ToLower(c[2]), "site visit") {
			var i int
			fmt.Sscan(c[1], &i)
			flags = append(flags, flagged{I: i, Reason: "it needs a site visit, which no proposal's text can show"})
		}
	}
	b, _ := json.Marshal(map[string]any{"scorable": len(flags) == 0, "flagged": flags})
	return string(b)
}

type score struct {
	I      int    `json:"i"`
	Score  int    `json:"score"`
	Reason string `json:"reason"`
}

func scoreAnswer(criteria [][]string, proposal string, appeal bool) string {
	s := 3
	if strings.Contains(proposal, "evidence") {
		s = 4
	}
	if appeal {
		s = min(s+1, 5)
	}
	scores := []score{}
	for _, c := range criteria {
		var i int
		fmt.Sscan(c[1], &i)
		scores = append(scores, score{I: i, Score: s, Reason: "the proposal addresses this criterion in its own words"})
	}
	b, _ := json.Marshal(map[string]any{"scores": scores})
	return string(b)
}

// bidFiles checks that the arena directory args[0] keeps exactly args[1] sealed bids in
// its tender-bids folder, each file with the permissions args[2] (octal, as 0600).
func bidFiles(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: bidfiles DIR N PERM")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	perm, err := strconv.ParseUint(args[2], 8, 32)
	ts.Check(err)
	files, _ := filepath.Glob(filepath.Join(ts.MkAbs(args[0]), "tender-bids", "*.json"))
	if len(files) != n {
		ts.Fatalf("%d bid files kept (%v), want %d", len(files), files, n)
	}
	for _, f := range files {
		st, err := os.Stat(f)
		ts.Check(err)
		if st.Mode().Perm() != os.FileMode(perm) {
			ts.Fatalf("%s has mode %o, want %o", f, st.Mode().Perm(), perm)
		}
	}
}

// ocdsValid checks that args[0] and args[1] are one tender's OCDS release package and
// record package as the node served them: each validates against the official schemas
// with the bids, enquiries and Arena extensions and declares every field it uses, and
// the record's compiled release is the merge of the package's releases.
func ocdsValid(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: ocdsvalid PACKAGE RECORD")
	}
	s, err := ocdstest.Load()
	ts.Check(err)
	ts.Check(s.CheckDocuments([]byte(ts.ReadFile(args[0])), []byte(ts.ReadFile(args[1]))))
}
