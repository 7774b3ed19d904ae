package node

import "testing"

// An operator's API URL decides where its node listens: a loopback host as written, a
// public host on every interface at its port, a URL without a port (a proxy in front)
// at DefaultListen; anything but http(s) with a host is refused.
func TestAPIListenFollowsTheJoinStatementsURL(t *testing.T) {
	for _, tc := range []struct{ url, want, err string }{
		{"http://127.0.0.1:41002", "127.0.0.1:41002", ""},
		{"http://localhost:7000/", "localhost:7000", ""},
		{"https://alice.example.org:8443", "0.0.0.0:8443", ""},
		{"https://alice.example.org", DefaultListen, ""},
		{"ftp://127.0.0.1:21", "", "not an http or https URL with a host"},
		{"http:///nohost", "", "not an http or https URL with a host"},
	} {
		got, err := apiListen(tc.url)
		if (err == nil) != (tc.err == "") || (err != nil && err.Error() != tc.err) || got != tc.want {
			t.Errorf("apiListen(%q) = %q, %v; want %q, %q", tc.url, got, err, tc.want, tc.err)
		}
	}
}
