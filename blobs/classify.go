package blobs

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"

	"github.com/arena/arena/fetch"
	"github.com/arena/arena/ledger/book"
)

// mismatch is the failure of bytes that do not hash to their digest.
func mismatch(where, d string) *book.Error {
	return book.NewError(book.External, "The artifact at "+where+" does not match its digest "+d)
}

func tooLarge(where string) *book.Error {
	return book.NewError(book.External, fmt.Sprintf("The artifact at %s exceeds %d bytes", where, MaxBytes))
}

// status classes an answer other than 200: a 5xx may pass, anything else is the host's.
func status(where string, code int) *book.Error {
	switch {
	case code == 404:
		return book.NewError(book.External, "The artifact at "+where+" was not found (404)")
	case code >= 500:
		return book.NewError(book.Transient, "The artifact host of "+where+" is unavailable ("+strconv.Itoa(code)+")")
	}
	return book.NewError(book.External, "The artifact at "+where+" answered "+strconv.Itoa(code))
}

// transport classes a failure to reach a host or read its answer.
func transport(where string, err error) *book.Error {
	var ne net.Error
	var dns *net.DNSError
	msg, class := "connection failed", book.Transient
	switch {
	case errors.Is(err, context.Canceled):
		msg = "cancelled"
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		msg = "timeout"
	case errors.As(err, &dns) && dns.IsNotFound:
		msg, class = "host not found", book.External
	}
	return &book.Error{Class: class, Msg: "The artifact host of " + where + " is unavailable (" + msg + ")", Err: err}
}

// fetchFailures gives package fetch's refusals of a URL their class and wording.
var fetchFailures = map[*fetch.Failure]struct {
	class book.Class
	msg   string
}{
	fetch.ErrPrivateAddress:   {book.External, "resolves to a private address"},
	fetch.ErrNotHTTPS:         {book.External, "must use https"},
	fetch.ErrBadURL:           {book.External, "is invalid"},
	fetch.ErrTooManyRedirects: {book.External, "redirects too many times"},
	fetch.ErrCertificate:      {book.External, "has an invalid certificate"},
	fetch.ErrContentType:      {book.External, "answered a body that is not readable"},
}

// classifyFetch classes an error of fetch.Client.Fetch for the URL where.
func classifyFetch(where string, err error) *book.Error {
	var f *fetch.Failure
	var st *fetch.StatusError
	switch {
	case errors.As(err, &f) && f == fetch.ErrTooLarge:
		return &book.Error{Class: book.External, Msg: tooLarge(where).Msg, Err: err}
	case errors.As(err, &f) && f == fetch.ErrHostNotFound:
		return &book.Error{Class: book.External, Msg: "The artifact host of " + where + " is unavailable (host not found)", Err: err}
	case errors.As(err, &f) && f == fetch.ErrTimeout:
		return &book.Error{Class: book.Transient, Msg: "The artifact host of " + where + " is unavailable (timeout)", Err: err}
	case errors.As(err, &f) && f == fetch.ErrCanceled:
		return &book.Error{Class: book.Transient, Msg: "The artifact host of " + where + " is unavailable (cancelled)", Err: err}
	case errors.As(err, &f) && fetchFailures[f].class != 0:
		c := fetchFailures[f]
		return &book.Error{Class: c.class, Msg: "The artifact URL " + where + " " + c.msg, Err: err}
	case errors.As(err, &st):
		e := status(where, st.Code)
		e.Err = err
		return e
	}
	return &book.Error{Class: book.Transient, Msg: "The artifact host of " + where + " is unavailable (connection failed)", Err: err}
}
