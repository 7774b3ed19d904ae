package grading

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/fetch"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/sandbox"
)

// Protocol messages of grading failures, every one of them in this file. Consensus
// compares EXTERNAL text exactly, so each is fixed; TRANSIENT text is informative only;
// LLM_ERROR never agrees.
const (
	msgNoRung           = "No merit rung in the response"
	msgModelUnavailable = "Model unavailable"
	msgModelRefused     = "Model refused the request"
	msgModelFailed      = "Model call failed"
	msgFetchFailed      = "Work URL could not be fetched"
	msgHostNotFound     = "Work host not found"
	msgTimeout          = "Work host unavailable (timeout)"
	msgConnection       = "Work host unavailable (connection failed)"
	msgNoFetcher        = "Work host unavailable (no fetcher configured)"
	msgCancelled        = "Grading cancelled"
	msgWorkChanged      = "Work changed since filing"
	msgDeadline         = "The run was stopped by its deadline before its gas ran out"
	msgHost             = "The validator's runtime failed"
)

// classed is a protocol class with its messages: for a bounty's work URL, and for an
// artifact fetched by digest, where %s is the source (a URL, a node's route).
type classed struct {
	class    ledger.Class
	msg      string
	artifact string
}

// fetchFailures gives each kind of failed fetch its class and messages, for a work URL
// (ClassifyFetch) and for an artifact (ClassifyBlob). ErrTooLarge's messages name the
// limit the fetch was held to, and are written by tooLarge and ClassifyBlob.
var fetchFailures = map[*fetch.Failure]classed{
	fetch.ErrTooLarge:         {ledger.External, "", ""},
	fetch.ErrPrivateAddress:   {ledger.External, "Work URL resolves to a private address", "The artifact URL %s resolves to a private address"},
	fetch.ErrNotHTTPS:         {ledger.External, "Work URL must use https", "The artifact URL %s must use https"},
	fetch.ErrBadURL:           {ledger.External, "Work URL is invalid", "The artifact URL %s is invalid"},
	fetch.ErrContentType:      {ledger.External, "Work must be text or markdown", "The artifact URL %s answered a body that is not readable"},
	fetch.ErrTooManyRedirects: {ledger.External, "Work URL redirects too many times", "The artifact URL %s redirects too many times"},
	fetch.ErrCertificate:      {ledger.External, "Work host certificate is invalid", "The artifact URL %s has an invalid certificate"},
	fetch.ErrHostNotFound:     {ledger.External, msgHostNotFound, "The artifact host of %s is unavailable (host not found)"},
	fetch.ErrTimeout:          {ledger.Transient, msgTimeout, "The artifact host of %s is unavailable (timeout)"},
	fetch.ErrUnreachable:      {ledger.Transient, msgConnection, "The artifact host of %s is unavailable (connection failed)"},
	fetch.ErrCanceled:         {ledger.Transient, msgCancelled, "The artifact host of %s is unavailable (cancelled)"},
}

// ErrNoFetcher is what a kind's pipeline hands ClassifyFetch when it must fetch a work
// URL but was given no Fetcher.
var ErrNoFetcher = errors.New("no fetcher configured")

// ClassifyFetch classes an error from a Fetcher, in this order:
//
//   - one of package fetch's kinds of failure: its entry in one table, for example
//     fetch.ErrNotHTTPS is [EXTERNAL] Work URL must use https, fetch.ErrTimeout
//     [TRANSIENT] Work host unavailable (timeout), and fetch.ErrTooLarge
//     [EXTERNAL] Work exceeds 512 KiB, naming the limit the fetch was held to;
//   - a *fetch.StatusError: 404 gives [EXTERNAL] Work URL returned 404, any other 4xx
//     (and any other non-5xx status) [EXTERNAL] Work URL returned <code>, a 5xx
//     [TRANSIENT] Work host unavailable (<code>);
//   - ErrWorkChanged: [EXTERNAL] Work changed since filing;
//   - ErrNoFetcher: [TRANSIENT] Work host unavailable (no fetcher configured);
//   - context.Canceled: [TRANSIENT] Grading cancelled;
//   - context.DeadlineExceeded or a net.Error timeout: [TRANSIENT] Work host unavailable
//     (timeout);
//   - a DNS answer that the host does not exist: [EXTERNAL] Work host not found;
//   - any other net.Error: [TRANSIENT] Work host unavailable (connection failed);
//   - anything else: [EXTERNAL] Work URL could not be fetched.
//
// The result wraps err, for logs; only its class and message are ever compared.
func ClassifyFetch(err error) *ledger.Error {
	var failure *fetch.Failure
	var status *fetch.StatusError
	var dns *net.DNSError
	var ne net.Error
	var e *ledger.Error
	switch {
	case errors.As(err, &failure) && failure == fetch.ErrTooLarge:
		e = ledger.NewError(ledger.External, tooLarge(err))
	case errors.As(err, &failure) && fetchFailures[failure] != classed{}:
		c := fetchFailures[failure]
		e = ledger.NewError(c.class, c.msg)
	case errors.As(err, &status):
		e = statusError(status.Code)
	case errors.Is(err, ErrWorkChanged):
		e = ledger.NewError(ledger.External, msgWorkChanged)
	case errors.Is(err, ErrNoFetcher):
		e = ledger.NewError(ledger.Transient, msgNoFetcher)
	case errors.Is(err, context.Canceled):
		e = ledger.NewError(ledger.Transient, msgCancelled)
	case errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()):
		e = ledger.NewError(ledger.Transient, msgTimeout)
	case errors.As(err, &dns) && dns.IsNotFound:
		e = ledger.NewError(ledger.External, msgHostNotFound)
	case errors.As(err, &ne):
		e = ledger.NewError(ledger.Transient, msgConnection)
	default:
		e = ledger.NewError(ledger.External, msgFetchFailed)
	}
	e.Err = err
	return e
}

func statusError(code int) *ledger.Error {
	if code >= 500 && code <= 599 {
		return ledger.NewError(ledger.Transient, "Work host unavailable ("+strconv.Itoa(code)+")")
	}
	return ledger.NewError(ledger.External, "Work URL returned "+strconv.Itoa(code))
}

// tooLarge is the message of a fetch.ErrTooLarge: "Work exceeds 512 KiB", naming the
// limit the *fetch.Error carries, or fetch's default when it carries none.
func tooLarge(err error) string {
	limit := int64(fetch.DefaultMaxBytes)
	var fe *fetch.Error
	if errors.As(err, &fe) && fe.Limit > 0 {
		limit = fe.Limit
	}
	return "Work exceeds " + sizeText(limit)
}

// sizeText renders a byte limit as the size message states it: "512 KiB", "2 MiB",
// or "1000 bytes".
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// ClassifyRun classes an error of a program's run on a validator (a benchmark run or
// check, a learning run or held-out measurement): the classed failure err carries (the
// kind's own); an artifact's failure to be fetched as ClassifyBlob says; a failure of the
// gates or of a run in the sandbox as ClassifySandbox says;
// otherwise a failure of the validator, never the program's: context.DeadlineExceeded
// is [TRANSIENT] The run was stopped by its deadline before its gas ran out,
// context.Canceled [TRANSIENT] Grading cancelled, and anything else [TRANSIENT] The
// validator's runtime failed.
func ClassifyRun(err error) *ledger.Error {
	var e *ledger.Error
	var b *blobs.Error
	var s *sandbox.Error
	switch {
	case errors.As(err, &e):
		return e
	case errors.As(err, &b):
		return ClassifyBlob(b)
	case errors.As(err, &s):
		return ClassifySandbox(s)
	case errors.Is(err, context.DeadlineExceeded):
		return &ledger.Error{Class: ledger.Transient, Msg: msgDeadline, Err: err}
	case errors.Is(err, context.Canceled):
		return &ledger.Error{Class: ledger.Transient, Msg: msgCancelled, Err: err}
	}
	return &ledger.Error{Class: ledger.Transient, Msg: msgHost, Err: err}
}

// ClassifyBlob classes a failure to fetch an artifact by its digest (W is the source
// that failed, as it names itself; D the digest):
//
//   - blobs.FaultDigest: [EXPECTED] The artifact digest "D" is not 64 lowercase hex
//     digits, D quoted and cut to 80 bytes;
//   - blobs.FaultMismatch: [EXTERNAL] The artifact at W does not match its digest D;
//   - blobs.FaultTooLarge: [EXTERNAL] The artifact at W exceeds <limit> bytes;
//   - blobs.FaultStatus: a 404 is [EXTERNAL] The artifact at W was not found (404), a 5xx
//     [TRANSIENT] The artifact host of W is unavailable (<code>), any other code
//     [EXTERNAL] The artifact at W answered <code>;
//   - blobs.FaultFetch: its kind of failed fetch's entry in the one table ClassifyFetch
//     uses, for example [EXTERNAL] The artifact URL W must use https or [TRANSIENT] The
//     artifact host of W is unavailable (timeout);
//   - the failures that may pass, every one [TRANSIENT]: The artifact D is not in W (a
//     store miss), The artifact at W was not found (404) (a node's 404), The artifact D
//     is held by none of the <n> peers asked, The artifact could not be read from W, No
//     source to fetch the artifact D from, No source held the artifact D before the
//     attempt's deadline (last: <the last try's message>), and The artifact could not be
//     fetched.
//
// The result wraps e, for logs; only its class and message are ever compared.
func ClassifyBlob(e *blobs.Error) *ledger.Error {
	c := ledger.External
	if e.Temporary() {
		c = ledger.Transient
	}
	var msg string
	switch e.Fault {
	case blobs.FaultDigest:
		c, msg = ledger.Expected, "The artifact digest "+quoted(e.Digest, 80)+" is not 64 lowercase hex digits"
	case blobs.FaultNoSource:
		msg = "No source to fetch the artifact " + e.Digest + " from"
	case blobs.FaultMismatch:
		msg = "The artifact at " + e.Where + " does not match its digest " + e.Digest
	case blobs.FaultTooLarge:
		msg = "The artifact at " + e.Where + " exceeds " + strconv.FormatInt(e.Limit, 10) + " bytes"
	case blobs.FaultNotHeld:
		msg = "The artifact " + e.Digest + " is not in " + e.Where
	case blobs.FaultNodeMissing:
		msg = artifactStatus(e.Where, 404)
	case blobs.FaultNoPeer:
		msg = "The artifact " + e.Digest + " is held by none of the " + plural(e.Peers, "peer") + " asked"
	case blobs.FaultStatus:
		msg = artifactStatus(e.Where, e.Code)
	case blobs.FaultFetch:
		f, ok := fetchFailures[e.Fetch]
		if !ok || f.artifact == "" {
			c, msg = ledger.Transient, "The artifact could not be fetched"
			break
		}
		c, msg = f.class, fmt.Sprintf(f.artifact, e.Where)
	case blobs.FaultUnreadable:
		msg = "The artifact could not be read from " + e.Where
	case blobs.FaultDeadline:
		last := "?"
		if e.Last != nil {
			last = ClassifyBlob(e.Last).Msg
		}
		msg = "No source held the artifact " + e.Digest + " before the attempt's deadline (last: " + last + ")"
	default:
		msg = "The artifact could not be fetched"
	}
	return &ledger.Error{Class: c, Msg: msg, Err: e}
}

// artifactStatus is the message of a host's answer other than 200 for the artifact at
// where (a node's 404 among them, which ClassifyBlob classes apart).
func artifactStatus(where string, code int) string {
	switch {
	case code == 404:
		return "The artifact at " + where + " was not found (404)"
	case code >= 500:
		return "The artifact host of " + where + " is unavailable (" + strconv.Itoa(code) + ")"
	}
	return "The artifact at " + where + " answered " + strconv.Itoa(code)
}

// quoted is s as Go quotes it, cut to n bytes first ("..." marks the cut).
func quoted(s string, n int) string {
	if len(s) > n {
		s = s[:n] + "..."
	}
	return strconv.Quote(s)
}

// plural is "1 peer" or "<n> peers".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// ClassifyAnswer classes a model answer in which the rung parser found no reading (err
// says why): [LLM_ERROR] No merit rung in the response. Prose, an apology, an object
// without a rung: none of them is a refusal, which only the provider reports (a status,
// a refusal field or stop reason) and ClassifyModel classes.
func ClassifyAnswer(err error) *ledger.Error {
	return &ledger.Error{Class: ledger.LLMError, Msg: msgNoRung, Err: err}
}

// ClassifyModel classes an error from a Model: ErrModelUnavailable, a deadline or a
// cancellation is [TRANSIENT] Model unavailable; ErrModelRefused, the provider's own
// refusal, is [LLM_ERROR] Model refused the request; anything else (an answer envelope
// that could not be read) is [LLM_ERROR] Model call failed.
func ClassifyModel(err error) *ledger.Error {
	var e *ledger.Error
	switch {
	case errors.Is(err, ErrModelUnavailable), errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		e = ledger.NewError(ledger.Transient, msgModelUnavailable)
	case errors.Is(err, ErrModelRefused):
		e = ledger.NewError(ledger.LLMError, msgModelRefused)
	default:
		e = ledger.NewError(ledger.LLMError, msgModelFailed)
	}
	e.Err = err
	return e
}

// ClassifySandbox classes a program's failure of the gates or of a run in the sandbox.
// R is its role's subject: The program, The bench module, The architecture, The
// training program or The learner; a bench offers imports and a learning challenge
// offers them to an architecture or a training program:
//
//   - the validator's safety net and its caller, every one [TRANSIENT]: R ran past the
//     wall-time safety net of <d>, R was stopped by its caller's deadline before its gas
//     ran out, the learner was stopped: <the context's error>;
//   - every other fault [EXPECTED], the program's: for example R is <n> bytes; the limit
//     is <max>, R is not a valid WebAssembly module: <why>, R imports M.N, which the
//     bench does not offer, R ran out of gas at byte <i>, The bench module failed: exit
//     code <c>.
//
// The result wraps e, for logs; only its class and message are ever compared.
func ClassifySandbox(e *sandbox.Error) *ledger.Error {
	r := roles[e.Role]
	if r == "" {
		r = roles[sandbox.RoleProgram]
	}
	var msg string
	switch e.Fault {
	case sandbox.FaultTooLarge:
		msg = fmt.Sprintf("%s is %d bytes; the limit is %d", r, e.N, e.Limit)
	case sandbox.FaultLimits:
		msg = r + " exceeds the sandbox's limits: " + e.Detail
	case sandbox.FaultInvalid:
		msg = r + " is not a valid WebAssembly module: " + e.Detail
	case sandbox.FaultUnmeterable:
		msg = r + " cannot be metered: " + e.Detail
	case sandbox.FaultNotOffered:
		offerer := "the bench"
		if e.Role == sandbox.RoleArch || e.Role == sandbox.RoleTrain {
			offerer = "the challenge"
		}
		msg = r + " imports " + e.Module + "." + e.Name + ", which " + offerer + " does not offer"
	case sandbox.FaultSignature:
		msg = r + " imports " + e.Module + "." + e.Name + " with the wrong signature"
	case sandbox.FaultNoExport:
		msg = r + " does not export " + e.Name
	case sandbox.FaultExportType:
		msg = r + " exports " + e.Name + " with the wrong signature"
	case sandbox.FaultForbidden:
		msg = r + " exports " + e.Name
	case sandbox.FaultBothExports:
		msg = "A single combined module is not accepted: it exports both predict and learn"
	case sandbox.FaultSameModule:
		msg = "A single combined module is not accepted: the architecture and the training program are the same module"
	case sandbox.FaultArchMissing:
		msg = r + " imports arch." + e.Name + ", which the architecture does not export"
	case sandbox.FaultMemory:
		msg = fmt.Sprintf("%s needs %d memory pages; the limit is %d", r, e.N, e.Limit)
	case sandbox.FaultParamCap:
		msg = fmt.Sprintf("The parameter region is %d bytes; the cap is %d", e.N, e.Limit)
	case sandbox.FaultParamOutside:
		msg = fmt.Sprintf("The parameter region (%d bytes at %d) is outside the architecture's memory (%d bytes)", e.N, e.Ptr, e.Mem)
	case sandbox.FaultDataCap:
		msg = fmt.Sprintf("The architecture's data outside its parameter region is %d bytes; the cap is %d", e.N, e.Limit)
	case sandbox.FaultInitGas:
		msg = r + " ran out of gas in " + e.Name
	case sandbox.FaultInitTrap:
		msg = r + " failed in " + e.Name + ": " + e.Detail
	case sandbox.FaultByteGas:
		msg = fmt.Sprintf("%s ran out of gas at byte %d", r, e.Byte)
	case sandbox.FaultByteTrap:
		msg = fmt.Sprintf("%s trapped at byte %d: %s", r, e.Byte, e.Detail)
	case sandbox.FaultFreqOutside:
		msg = fmt.Sprintf("%s trapped at byte %d: predict returned %d, and the %d bytes there are outside its memory", r, e.Byte, e.Ptr, e.N)
	case sandbox.FaultOutOfGas:
		msg = r + " ran out of gas"
	case sandbox.FaultStdout:
		msg = fmt.Sprintf("%s wrote more than %d bytes to stdout", r, e.Limit)
	case sandbox.FaultExit:
		msg = fmt.Sprintf("%s failed: exit code %d", r, e.Code)
	case sandbox.FaultTrap:
		msg = r + " failed: " + e.Detail
	case sandbox.FaultWall:
		return &ledger.Error{Class: ledger.Transient, Msg: fmt.Sprintf("%s ran past the wall-time safety net of %s", r, e.Wall), Err: e}
	case sandbox.FaultCut:
		return &ledger.Error{Class: ledger.Transient, Msg: r + " was stopped by its caller's deadline before its gas ran out", Err: e}
	case sandbox.FaultStopped:
		return &ledger.Error{Class: ledger.Transient, Msg: "the learner was stopped: " + e.Detail, Err: e}
	default:
		return &ledger.Error{Class: ledger.Transient, Msg: msgHost, Err: e}
	}
	return &ledger.Error{Class: ledger.Expected, Msg: msg, Err: e}
}

// roles are the subjects ClassifySandbox's messages name a module by.
var roles = [...]string{
	sandbox.RoleProgram: "The program", sandbox.RoleBench: "The bench module", sandbox.RoleArch: "The architecture",
	sandbox.RoleTrain: "The training program", sandbox.RoleLearner: "The learner",
}
