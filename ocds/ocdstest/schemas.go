// Package ocdstest checks OCDS documents for tests: against the official OCDS 1.1.5
// release, release package and record package schemas merged with the bids and
// enquiries extensions (v1.1.5) and the Arena extension, with the validator
// santhosh-tekuri/jsonschema; for fields no schema declares, which validators let
// pass; and by compiling releases with the OCDS merge routine driven by the merged
// schema, independently of package ocds. The schemas are embedded from testdata/schema,
// so it runs offline. Only tests import it.
package ocdstest

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/arena/arena/ocds"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

//go:embed testdata/schema/*.json
var files embed.FS

// The official schemas' ids, under which the merged documents are registered.
const (
	releaseURL = "https://standard.open-contracting.org/schema/1__1__5/release-schema.json"
	packageURL = "https://standard.open-contracting.org/schema/1__1__5/release-package-schema.json"
	recordURL  = "https://standard.open-contracting.org/schema/1__1__5/record-package-schema.json"
	// versionedURL is the versioned release schema, which a record package may carry;
	// these records carry none, so it is registered unmerged.
	versionedURL = "https://standard.open-contracting.org/schema/1__1__5/versioned-release-validation-schema.json"
)

// Schemas are the official package schemas compiled over the release schema merged
// with the bids, enquiries and Arena extensions, and the merged release schema itself
// for the checks a validator does not make (unknown fields, merge strategies).
type Schemas struct {
	pkg, record *jsonschema.Schema
	release     map[string]any // merged
	pkgDoc      map[string]any
	recordDoc   map[string]any
}

// Load returns the schemas, compiled once.
var Load = sync.OnceValues(func() (*Schemas, error) {
	read := func(name string) (any, error) {
		raw, err := files.ReadFile(path.Join("testdata", "schema", name))
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
	s := &Schemas{release: release.(map[string]any), pkgDoc: pkg.(map[string]any), recordDoc: rec.(map[string]any)}
	if s.pkg, err = c.Compile(packageURL); err != nil {
		return nil, err
	}
	if s.record, err = c.Compile(recordURL); err != nil {
		return nil, err
	}
	return s, nil
})

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

// CheckPackage checks a release package's JSON: it validates, and declares every field
// it uses. The error lists every problem found.
func (s *Schemas) CheckPackage(raw []byte) error { return s.check(raw, s.pkg, s.pkgDoc) }

// CheckRecord checks a record package's JSON as CheckPackage does.
func (s *Schemas) CheckRecord(raw []byte) error { return s.check(raw, s.record, s.recordDoc) }

func (s *Schemas) check(raw []byte, sch *jsonschema.Schema, doc map[string]any) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	var errs []error
	if err := sch.Validate(v); err != nil {
		errs = append(errs, fmt.Errorf("does not validate: %w", err))
	}
	for _, f := range s.unknown(v, doc, doc, "") {
		errs = append(errs, fmt.Errorf("a field no schema declares: %s", f))
	}
	return errors.Join(errs...)
}

// CheckDocuments checks one tender's release package and record package JSON as
// served: each validates and declares every field it uses, the record holds the
// package's releases, and its compiled release is the one Compile makes of them.
func (s *Schemas) CheckDocuments(pkg, rec []byte) error {
	errs := []error{prefix("release package", s.CheckPackage(pkg)), prefix("record package", s.CheckRecord(rec))}
	want, err := s.Compiled(pkg)
	if err != nil {
		return errors.Join(append(errs, prefix("release package", err))...)
	}
	r, err := jsonschema.UnmarshalJSON(bytes.NewReader(rec))
	if err != nil {
		return errors.Join(append(errs, prefix("record package", err))...)
	}
	p, _ := jsonschema.UnmarshalJSON(bytes.NewReader(pkg))
	records, _ := r.(map[string]any)["records"].([]any)
	if len(records) != 1 {
		return errors.Join(append(errs, fmt.Errorf("record package: %d records, want 1", len(records)))...)
	}
	record, _ := records[0].(map[string]any)
	if !reflect.DeepEqual(record["compiledRelease"], want) {
		g, _ := json.MarshalIndent(record["compiledRelease"], "", " ")
		w, _ := json.MarshalIndent(want, "", " ")
		errs = append(errs, fmt.Errorf("the compiled release served differs from the merge routine's:\ngot  %s\nwant %s", g, w))
	}
	if !reflect.DeepEqual(record["releases"], p.(map[string]any)["releases"]) {
		errs = append(errs, errors.New("the record's releases are not the release package's"))
	}
	return errors.Join(errs...)
}

func prefix(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", what, err)
}

// Compiled returns the release the OCDS merge routine compiles from a release
// package's JSON, by Compile.
func (s *Schemas) Compiled(raw []byte) (map[string]any, error) {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("not JSON: %w", err)
	}
	m, ok := v.(map[string]any)
	rels, _ := m["releases"].([]any)
	if !ok || len(rels) == 0 {
		return nil, errors.New("no releases")
	}
	return s.Compile(rels), nil
}

// unknown returns the paths of doc's fields that sch (within root) does not declare,
// following $ref into the merged release schema.
func (s *Schemas) unknown(doc any, sch, root map[string]any, at string) []string {
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
				out = append(out, at+"/"+k)
				continue
			}
			out = append(out, s.unknown(v[k], ps, root, at+"/"+k)...)
		}
	case []any:
		items := sch["items"]
		if one, ok := sch["oneOf"].([]any); ok { // a record's releases: the embedded form
			items = one[len(one)-1].(map[string]any)["items"]
		}
		is, _ := items.(map[string]any)
		for i, x := range v {
			out = append(out, s.unknown(x, is, root, fmt.Sprintf("%s/%d", at, i))...)
		}
	}
	return out
}

// resolve follows sch's $ref: a fragment within root, or the merged release schema.
func (s *Schemas) resolve(sch, root map[string]any) (map[string]any, map[string]any) {
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

// Compile merges decoded releases by the OCDS merge
// routine as the specification states it, driven by the merged schema: whole list merge
// where the schema says wholeListMerge, where its items are not objects or have no id
// property, identifier merge otherwise. It shares no code with ocds.Compile.
func (s *Schemas) Compile(releases []any) map[string]any {
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

func (s *Schemas) mergeInto(out, in map[string]any, sch, root map[string]any) {
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

func (s *Schemas) mergeField(cur, in any, sch, root map[string]any) any {
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
func (s *Schemas) wholeList(sch, root map[string]any) bool {
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
