package ocds

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
)

// Compile merges releases of one contracting process into a compiled release by the
// OCDS 1.1 merge rules: releases in date order (stable on ties), their id, date and tag
// discarded, null removing a field, literals replaced, arrays of objects that all carry
// an id merged object by object on it and any other array replaced whole. The result
// has tag ["compiled"], the newest release's date and id "{ocid}-{date}". Every array
// of objects these documents publish has an id except those the schema merges whole
// (roles, tags), so this schema-free rule gives the schema's merge.
func Compile(releases []Release) (map[string]any, error) {
	if len(releases) == 0 {
		return nil, fmt.Errorf("compile: no releases")
	}
	sorted := slices.Clone(releases)
	slices.SortStableFunc(sorted, func(a, b Release) int { return compareDates(a.Date, b.Date) })
	out := map[string]any{}
	for _, r := range sorted {
		m, err := generic(r)
		if err != nil {
			return nil, fmt.Errorf("compile release %s: %w", r.ID, err)
		}
		delete(m, "id")
		delete(m, "date")
		delete(m, "tag")
		mergeObject(out, m)
	}
	last := sorted[len(sorted)-1]
	out["id"], out["date"], out["tag"] = last.OCID+"-"+last.Date, last.Date, []any{"compiled"}
	return out, nil
}

// compareDates orders RFC 3339 UTC dates as these documents write them (fixed width,
// Z): as strings.
func compareDates(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// generic returns v as decoded JSON, numbers kept exact.
func generic(v any) (map[string]any, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var m map[string]any
	if err := d.Decode(&m); err != nil {
		return nil, err
	}
	return m, nil
}

// mergeObject merges in into out.
func mergeObject(out, in map[string]any) {
	for k, v := range in {
		if v == nil {
			delete(out, k)
			continue
		}
		cur, ok := out[k]
		if !ok {
			out[k] = v
			continue
		}
		out[k] = mergeValue(cur, v)
	}
}

// mergeValue returns in merged onto cur.
func mergeValue(cur, in any) any {
	switch x := in.(type) {
	case map[string]any:
		c, ok := cur.(map[string]any)
		if !ok {
			return x
		}
		mergeObject(c, x)
		return c
	case []any:
		c, ok := cur.([]any)
		if !ok || !identified(x) || !identified(c) {
			return x
		}
		return mergeByID(c, x)
	}
	return in
}

// identified reports whether a is a non-empty array of objects that all carry an id.
func identified(a []any) bool {
	for _, v := range a {
		m, ok := v.(map[string]any)
		if !ok || m["id"] == nil {
			return false
		}
	}
	return len(a) > 0
}

// mergeByID merges each object of in into the object of cur with the same id, or
// appends it.
func mergeByID(cur, in []any) []any {
	for _, v := range in {
		m := v.(map[string]any)
		i := slices.IndexFunc(cur, func(c any) bool { return fmt.Sprint(c.(map[string]any)["id"]) == fmt.Sprint(m["id"]) })
		if i < 0 {
			cur = append(cur, m)
			continue
		}
		mergeObject(cur[i].(map[string]any), m)
	}
	return cur
}
