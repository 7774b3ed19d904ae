package ocds_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/arena/arena/ocds"
)

// Compile follows the merge routine: releases in date order whatever order they come
// in, id, date and tag dropped, literals replaced, arrays of objects merged by id, other
// arrays replaced whole, and the compiled release's own id, date and tag.
func TestCompileMergesByTheOCDSRules(t *testing.T) {
	later := ocds.Release{OCID: "ocds-abcdef-tender-1", ID: "b", Date: "2026-01-02T00:00:00Z", Tag: []string{"award"}, InitiationType: "tender",
		Parties: []ocds.Party{{ID: "0x2", Name: "0x2", Roles: []string{"supplier"}}},
		Tender:  &ocds.Tender{ID: "t", Status: "complete", Enquiries: []ocds.Enquiry{{ID: "1", Answer: "Yes."}}}}
	first := ocds.Release{OCID: "ocds-abcdef-tender-1", ID: "a", Date: "2026-01-01T00:00:00Z", Tag: []string{"tender"}, InitiationType: "tender",
		Parties: []ocds.Party{{ID: "0x1", Name: "0x1", Roles: []string{"buyer"}}, {ID: "0x2", Name: "0x2", Roles: []string{"tenderer", "enquirer"}}},
		Tender:  &ocds.Tender{ID: "t", Title: "Survey", Status: "active", Enquiries: []ocds.Enquiry{{ID: "1", Description: "Is it fixed?"}}}}
	got, err := ocds.Compile([]ocds.Release{later, first})
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]any
	if err := json.Unmarshal([]byte(`{
		"ocid": "ocds-abcdef-tender-1", "id": "ocds-abcdef-tender-1-2026-01-02T00:00:00Z", "date": "2026-01-02T00:00:00Z",
		"tag": ["compiled"], "initiationType": "tender",
		"parties": [{"id": "0x1", "name": "0x1", "roles": ["buyer"]}, {"id": "0x2", "name": "0x2", "roles": ["supplier"]}],
		"tender": {"id": "t", "title": "Survey", "status": "complete", "enquiries": [{"id": "1", "description": "Is it fixed?", "answer": "Yes."}]}
	}`), &want); err != nil {
		t.Fatal(err)
	}
	if g, _ := json.Marshal(got); !reflect.DeepEqual(decodeMap(t, g), want) {
		t.Errorf("Compile = %s", g)
	}
	if _, err := ocds.Compile(nil); err == nil || err.Error() != "compile: no releases" {
		t.Errorf("Compile(nil) = %v, want compile: no releases", err)
	}
}

func decodeMap(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}
