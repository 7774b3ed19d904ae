package api

import (
	"fmt"
	"net/http"
	"strconv"
)

// resumePoint reads where an event stream resumes: the height in the Last-Event-ID
// header, or in the since query parameter for clients that cannot set headers. The
// header wins, since a browser reconnecting to a ?since= URL sends the last id it saw.
// It reports false when the request names neither, and refuses a value that is not a
// decimal block height.
func resumePoint(r *http.Request) (uint64, bool, error) {
	if v := r.Header.Get("Last-Event-ID"); v != "" {
		return parseHeight("Last-Event-ID", v)
	}
	if q := r.URL.Query(); q.Has("since") {
		return parseHeight("since", q.Get("since"))
	}
	return 0, false, nil
}

// parseHeight parses v, the value of the named header or parameter, as a block height.
func parseHeight(name, v string) (uint64, bool, error) {
	h, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return 0, false, badRequest(fmt.Sprintf("%s must be a block height (a decimal number), got %.40q", name, v))
	}
	return h, true, nil
}
