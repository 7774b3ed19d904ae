package api_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/arena/arena/api"
)

// TestOpenAPIMatchesRoutes: the OpenAPI document names every route the API serves and
// no other, method by method.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	var doc struct {
		OpenAPI string                    `json:"openapi"`
		Paths   map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(api.OpenAPI, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.0.") {
		t.Errorf("openapi = %q, want 3.0.x", doc.OpenAPI)
	}
	var inDoc, inRoutes []string
	for p, ops := range doc.Paths {
		for m := range ops {
			if m != "parameters" {
				inDoc = append(inDoc, strings.ToUpper(m)+" "+p)
			}
		}
	}
	for _, r := range api.Routes() {
		inRoutes = append(inRoutes, r.Method+" "+r.Path)
	}
	slices.Sort(inDoc)
	slices.Sort(inRoutes)
	for _, r := range inRoutes {
		if !slices.Contains(inDoc, r) {
			t.Errorf("route %s is not in openapi.json", r)
		}
	}
	for _, d := range inDoc {
		if !slices.Contains(inRoutes, d) {
			t.Errorf("openapi.json has %s, which no route serves", d)
		}
	}
}
