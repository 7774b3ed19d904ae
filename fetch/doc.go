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
// Every error Fetch returns is an *Error, which knows its protocol class and fixed
// message (Class and Message), so the pipeline classes it without matching strings:
//
//	404                          [EXTERNAL]  Work URL returned 404
//	other status                 [EXTERNAL]  Work URL returned 403 (the actual code)
//	5xx                          [TRANSIENT] Work host unavailable (503)
//	timeout                      [TRANSIENT] Work host unavailable (timeout)
//	connection failure           [TRANSIENT] Work host unavailable (connection failed)
//	ErrHostNotFound              [EXTERNAL]  Work host not found (the name does not exist)
//	ErrCanceled                  [TRANSIENT] Grading cancelled (the caller gave up)
//	ErrTooLarge                  [EXTERNAL]  Work exceeds 512 KiB (the configured limit)
//	ErrPrivateAddress            [EXTERNAL]  Work URL resolves to a private address
//	ErrNotHTTPS                  [EXTERNAL]  Work URL must use https
//	ErrBadURL                    [EXTERNAL]  Work URL is invalid
//	ErrContentType               [EXTERNAL]  Work must be text or markdown
//	ErrTooManyRedirects          [EXTERNAL]  Work URL redirects too many times
//	ErrCertificate               [EXTERNAL]  Work host certificate is invalid
//
// No message carries anything that could differ between two honest validators (no
// resolved address, no byte count read), so two validators that failed the same way
// produce the same text.
package fetch
