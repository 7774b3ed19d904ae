package comet_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
)

// TestWorkUploadedToOneNodeIsGradedOnEvery: DESIGN, "Artifacts travel by digest". A URL
// entry's bytes are uploaded to node 0 alone and its URL serves nothing; every node's
// validator grades the committed bytes all the same, node 0's from its own store and
// the others' from node 0's API, asked by digest and checked against it. No node
// serves the bytes before a ledger record names them, node 0 included.
func TestWorkUploadedToOneNodeIsGradedOnEvery(t *testing.T) {
	c := newCluster(t, 4)
	ctx := context.Background()
	out := c.send(c.sponsor, ledger.Ether(100), ledger.PostTask{
		Title: "Settlement API launch note", Spec: taskSpec, Rubric: taskRubric, ClosesInS: 3600,
	})
	task := ledger.TaskID(out.Created)
	work := []byte(strongWork)
	d := blobs.Digest(work)
	var err error
	c.waitFor("node0's API to keep the work", func() bool {
		_, err = client.New(c.api(0), nil).WithSigner(c.solvers[0]).PutWork(ctx, work)
		return err == nil
	})
	unnamed := "[EXPECTED] no ledger record names sha256 " + d + "; a node serves only the artifacts its ledger names"
	for i := range c.net.Nodes {
		var ce *client.Error
		if _, err := client.New(c.api(i), nil).Work(ctx, d); !errors.As(err, &ce) || ce.Status != http.StatusNotFound || ce.Error() != unnamed {
			t.Fatalf("node%d served work no record names: %v", i, err)
		}
	}
	out = c.send(c.solvers[0], c.net.Terms.EntryBond, ledger.Submit{Task: task, WorkURL: "https://work.invalid/note.md", WorkSHA256: d})
	id := ledger.EntryID(out.Created)
	if b, err := client.New(c.api(0), nil).Work(ctx, d); err != nil || string(b) != strongWork {
		t.Fatalf("node0 does not serve the committed work: %q, %v", b, err)
	}
	views := c.gradeAll([]ledger.EntryID{id})
	if views[0].Current == nil {
		t.Fatalf("entry %d: no grade", id)
	}
	node := map[ledger.Address]int{}
	for i, n := range c.net.Nodes {
		node[n.Validator] = i
	}
	graded := map[int]bool{}
	for _, r := range c.rounds([]ledger.EntryID{id}) {
		for _, a := range r.Attempts {
			for _, at := range a.Attestations {
				if at.Result.Error == "" && at.Result.WorkDigest == d {
					graded[node[at.Validator]] = true
				} else {
					t.Logf("attempt %d: node%d attested %s", a.Attempt, node[at.Validator], at.Result.Error)
				}
			}
		}
	}
	others := 0
	for i := range graded {
		if i != 0 {
			others++
		}
	}
	if others < 2 {
		t.Fatalf("nodes %s graded the committed bytes: want at least two besides node0, which holds them", fmt.Sprint(graded))
	}
}
