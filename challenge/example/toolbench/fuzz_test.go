package toolbench

import (
	"strings"
	"testing"
)

// FuzzServe claims a bench request, however malformed, is answered or refused, never a
// panic.
func FuzzServe(f *testing.F) {
	f.Add(`{"op":"generate","seed":"` + strings.Repeat("1f", 32) + `","profile":"practice"}`)
	f.Add(`{"op":"grade","dataset":{"bench":"toolbench","version":1,"cases":[{"id":"a","key":{}}]},"transcript":{"cases":[{"id":"a","calls":[{"channel":"tool","request":"{"}]}]}}`)
	f.Add(`{"op":"grade","dataset":{"bench":"toolbench","version":1,"cases":[{"id":"a","key":{"kind":"tool","calls":[{"name":"x","args":{"a":"1"}}]}}]},"transcript":{"cases":[{"id":"a","calls":[{"channel":"tool","request":"{\"name\":\"x\",\"args\":{\"a\":[1]}}"}]}]}}`)
	f.Fuzz(func(t *testing.T, req string) {
		_, _ = Serve(strings.NewReader(req))
	})
}
