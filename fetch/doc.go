// Package fetch fetches the text of a work URL for grading, and nothing else.
//
// A fetch is refused, before any connection, unless the URL is a plain https URL (no
// credentials, no more than MaxURLLen bytes) whose host, when it is an address literal,
// is public. The address actually dialled is checked again inside the dialer's Control
// hook, after name resolution, so a name that resolves (or re-resolves) to a loopback,
// private, link-local, CGNAT, multicast, unspecified or cloud-metadata address is refused
// too: DNS rebinding cannot reach what the URL check would have refused. Every redirect
// is checked against the same rules and counted. The answer must be 200, text/plain or
// text/markdown (or text/x-markdown), UTF-8, and no larger than MaxBytes; the whole fetch,
// body included, must finish within Timeout.
//
// Every error Fetch returns is an *Error whose Kind says what failed, as a typed value
// and nothing more: a *StatusError with the host's code for any answer but 200, or one
// of the *Failure values (ErrTimeout, ErrUnreachable, ErrHostNotFound, ErrCanceled,
// ErrTooLarge with the configured Limit, ErrPrivateAddress, ErrNotHTTPS, ErrBadURL,
// ErrContentType, ErrTooManyRedirects, ErrCertificate). Fetch assigns no protocol class
// and writes no protocol message: grading.ClassifyFetch, the one classifier, turns each
// kind into the class and exact text consensus compares. No kind carries anything that
// could differ between two honest validators (no resolved address, no byte count read),
// so two validators that failed the same way are classed the same way.
package fetch
