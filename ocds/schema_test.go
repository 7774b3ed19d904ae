package ocds_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/arena/arena/ocds"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The official schemas' ids, under which the merged documents are registered.
const (
	releaseURL = "https://standard.open-contracting.org/schema/1__1__5/release-schema.json"
	packageURL = "https://standard.open-contracting.org/schema/1__1__5/release-package-schema.json"
	recordURL  = "https://standard.open-contracting.org/schema/1__1__5/record-package-schema.json"
	// versionedURL is the versioned release schema, which a record package may carry;
	// these records carry none, so it is registered unmerged.
	versionedURL = "https://standard.open-contracting.org/schema/1__1__5/versioned-release-validation-schema.json"
)

// schemas are the official package schemas compiled over the release schema merged
// with the bids, enquiries and Arena extensions, and the merged release schema itself
// for the checks a validator does not make (unknown fields, merge strategies).
type schemas struct {
	pkg, record *jsonschema.Schema
	release     map[string]any // merged
	pkgDoc      map[string]any
	recordDoc   map[string]any
}

var loadSchemas = sync.OnceValues(func() (*schemas, error) {
	read := func(name string) (any, error) {
		raw, err := os.ReadFile(filepath.Join("testdata", "schema", name))
		if err != nil {
			return nil, err
		}
		return jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	}
	release, err := read("release-schema.json")
	if err != nil {
		return nil, err
	}
	for _, name := range []string{"bids-release-schema.json", "enquiry-release-schema.json"} {
		p, err := read(name)
		if err != nil {
			return nil, err
		}
		release = mergePatch(release, p)
	}
	arena, err := jsonschema.UnmarshalJSON(bytes.NewReader(ocds.ReleaseSchema))
	if err != nil {
		return nil, fmt.Errorf("the Arena extension's release-schema.json: %w", err)
	}
	release = mergePatch(release, arena)
	pkg, err := read("release-package-schema.json")
	if err != nil {
		return nil, err
	}
	rec, err := read("record-package-schema.json")
	if err != nil {
		return nil, err
	}
	versioned, err := read("versioned-release-validation-schema.json")
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft4)
	for url, doc := range map[string]any{releaseURL: release, packageURL: pkg, recordURL: rec, versionedURL: versioned} {
		if err := c.AddResource(url, doc); err != nil {
			return nil, err
		}
	}
	s := &schemas{release: release.(map[string]any), pkgDoc: pkg.(map[string]any), recordDoc: rec.(map[string]any)}
	if s.pkg, err = c.Compile(packageURL); err != nil {
		return nil, err
	}
	if s.record, err = c.Compile(recordURL); err != nil {
		return nil, err
	}
	return s, nil
})

func mustSchemas(t *testing.T) *schemas {
	t.Helper()
	s, err := loadSchemas()
	if err != nil {
		t.Fatalf("schemas: %v", err)
	}
	return s
}

// mergePatch applies an RFC 7396 JSON Merge Patch: null deletes, objects merge, anything
// else replaces.
func mergePatch(target, patch any) any {
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	t, ok := target.(map[string]any)
	if !ok {
		t = map[string]any{}
	}
	for k, v := range p {
		if v == nil {
			delete(t, k)
			continue
		}
		t[k] = mergePatch(t[k], v)
	}
	return t
}

// decode returns the JSON encoding of v decoded as the validator reads it.
func decode(t *testing.T, v any) any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// checkPackage validates a release package against the merged schema and reports every
// field no schema declares.
func checkPackage(t *testing.T, name string, p ocds.ReleasePackage) {
	t.Helper()
	s := mustSchemas(t)
	doc := decode(t, p)
	if err := s.pkg.Validate(doc); err != nil {
		t.Errorf("%s: the release package does not validate: %v", name, err)
	}
	for _, f := range s.unknown(doc, s.pkgDoc, s.pkgDoc, "") {
		t.Errorf("%s: the release package has a field no schema declares: %s", name, f)
	}
}

// checkRecord validates a record package the same way.
func checkRecord(t *testing.T, name string, p ocds.RecordPackage) {
	t.Helper()
	s := mustSchemas(t)
	doc := decode(t, p)
	if err := s.record.Validate(doc); err != nil {
		t.Errorf("%s: the record package does not validate: %v", name, err)
	}
	for _, f := range s.unknown(doc, s.recordDoc, s.recordDoc, "") {
		t.Errorf("%s: the record package has a field no schema declares: %s", name, f)
	}
}

// unknown returns the paths of doc's fields that sch (within root) does not declare,
// following $ref into the merged release schema.
func (s *schemas) unknown(doc any, sch, root map[string]any, path string) []string {
	sch, root = s.resolve(sch, root)
	var out []string
	switch v := doc.(type) {
	case map[string]any:
		props, _ := sch["properties"].(map[string]any)
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			ps, ok := props[k].(map[string]any)
			if !ok {
				out = append(out, path+"/"+k)
				continue
			}
			out = append(out, s.unknown(v[k], ps, root, path+"/"+k)...)
		}
	case []any:
		items := sch["items"]
		if one, ok := sch["oneOf"].([]any); ok { // a record's releases: the embedded form
			items = one[len(one)-1].(map[string]any)["items"]
		}
		is, _ := items.(map[string]any)
		for i, x := range v {
			out = append(out, s.unknown(x, is, root, fmt.Sprintf("%s/%d", path, i))...)
		}
	}
	return out
}

// resolve follows sch's $ref: a fragment within root, or the merged release schema.
func (s *schemas) resolve(sch, root map[string]any) (map[string]any, map[string]any) {
	for {
		r, ok := sch["$ref"].(string)
		if !ok {
			return sch, root
		}
		url, frag, _ := strings.Cut(r, "#")
		if url == releaseURL {
			root = s.release
		}
		sch = root
		for _, p := range strings.Split(strings.Trim(frag, "/"), "/") {
			if p != "" {
				sch = sch[p].(map[string]any)
			}
		}
	}
}

// compileIndependently merges the releases of a decoded package by the OCDS merge
// routine as the specification states it, driven by the merged schema: whole list merge
// where the schema says wholeListMerge, where its items are not objects or have no id
// property, identifier merge otherwise. It shares no code with ocds.Compile.
func (s *schemas) compileIndependently(releases []any) map[string]any {
	sorted := slices.Clone(releases)
	slices.SortStableFunc(sorted, func(a, b any) int {
		return strings.Compare(a.(map[string]any)["date"].(string), b.(map[string]any)["date"].(string))
	})
	out := map[string]any{}
	for _, r := range sorted {
		m := r.(map[string]any)
		in := map[string]any{}
		for k, v := range m {
			if k != "id" && k != "date" && k != "tag" { // omitWhenMerged
				in[k] = v
			}
		}
		s.mergeInto(out, in, s.release, s.release)
	}
	last := sorted[len(sorted)-1].(map[string]any)
	out["id"] = last["ocid"].(string) + "-" + last["date"].(string)
	out["date"], out["tag"] = last["date"], []any{"compiled"}
	return out
}

func (s *schemas) mergeInto(out, in map[string]any, sch, root map[string]any) {
	sch, root = s.resolve(sch, root)
	props, _ := sch["properties"].(map[string]any)
	for k, v := range in {
		ps, _ := props[k].(map[string]any)
		if v == nil {
			delete(out, k)
			continue
		}
		if _, ok := out[k]; !ok {
			out[k] = clone(v)
			continue
		}
		out[k] = s.mergeField(out[k], v, ps, root)
	}
}

func (s *schemas) mergeField(cur, in any, sch, root map[string]any) any {
	sch, root = s.resolve(sch, root)
	switch x := in.(type) {
	case map[string]any:
		c, ok := cur.(map[string]any)
		if !ok {
			return clone(x)
		}
		s.mergeInto(c, x, sch, root)
		return c
	case []any:
		if s.wholeList(sch, root) {
			return clone(x)
		}
		if len(x) == 0 {
			return cur
		}
		c, _ := cur.([]any)
		items, _ := sch["items"].(map[string]any)
		for _, v := range x {
			m := v.(map[string]any)
			found := false
			for _, e := range c {
				if em := e.(map[string]any); fmt.Sprint(em["id"]) == fmt.Sprint(m["id"]) {
					s.mergeInto(em, m, items, root)
					found = true
					break
				}
			}
			if !found {
				nm := map[string]any{}
				s.mergeInto(nm, m, items, root)
				c = append(c, nm)
			}
		}
		return c
	}
	return in
}

// wholeList reports whether the array field sch merges as a literal.
func (s *schemas) wholeList(sch, root map[string]any) bool {
	if w, _ := sch["wholeListMerge"].(bool); w {
		return true
	}
	items, ok := sch["items"].(map[string]any)
	if !ok {
		return true
	}
	items, _ = s.resolve(items, root)
	if !typeHas(items["type"], "object") {
		return true
	}
	props, _ := items["properties"].(map[string]any)
	_, hasID := props["id"]
	return !hasID
}

func typeHas(t any, want string) bool {
	switch v := t.(type) {
	case string:
		return v == want
	case []any:
		return slices.Contains(v, any(want))
	}
	return false
}

func clone(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = clone(e)
		}
		return m
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = clone(e)
		}
		return a
	}
	return v
}
