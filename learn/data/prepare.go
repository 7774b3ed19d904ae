//go:build ignore

// prepare rebuilds train.txt and heldout.txt from the janeaustenr lazy-load database
// (Rdata.rdb in Debian's r-cran-janeaustenr 1.0.0-1): see README.md.
//
//	go run prepare.go /usr/lib/R/site-library/janeaustenr/data/Rdata.rdb
package main

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

const (
	trainMin   = 1 << 20  // the train split: the first line boundary at or past 1 MiB
	heldoutMin = 96 << 10 // the held-out split: the next line boundary at or past 96 KiB
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "prepare:", err)
		os.Exit(1)
	}
}

func run() error {
	if len(os.Args) != 2 {
		return errors.New("usage: go run prepare.go Rdata.rdb")
	}
	db, err := os.ReadFile(os.Args[1])
	if err != nil {
		return err
	}
	books, err := objects(db)
	if err != nil {
		return err
	}
	// The database holds emma, mansfieldpark, northangerabbey, persuasion,
	// prideprejudice, sensesensibility in this order; the first two are enough.
	var text []byte
	for _, book := range books[:2] {
		for _, line := range book {
			text = append(append(text, line...), '\n')
		}
	}
	a := cut(text, 0, trainMin)
	b := cut(text, a, heldoutMin)
	if err := os.WriteFile("train.txt", text[:a], 0o644); err != nil {
		return err
	}
	return os.WriteFile("heldout.txt", text[a:b], 0o644)
}

// cut returns the end of the first line that reaches at least n bytes past start.
func cut(text []byte, start, n int) int {
	return start + n + bytes.IndexByte(text[start+n-1:], '\n')
}

// objects reads each object of an R lazy-load database (a 4-byte length, then a
// zlib stream of R's XDR serialization) as a character vector.
func objects(db []byte) ([][][]byte, error) {
	var out [][][]byte
	r := bytes.NewReader(db)
	for r.Len() > 0 {
		if _, err := r.Seek(4, io.SeekCurrent); err != nil {
			return nil, err
		}
		z, err := zlib.NewReader(r)
		if err != nil {
			return nil, err
		}
		raw, err := io.ReadAll(z)
		if err != nil {
			return nil, err
		}
		v, err := strings(raw)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// strings decodes a serialized STRSXP: after the header ("X\n", three versions, the
// native encoding), the flags 0x10, the length, then each CHARSXP's flags, length and bytes.
func strings(raw []byte) ([][]byte, error) {
	p := bytes.Index(raw, []byte("UTF-8"))
	if p < 0 {
		return nil, errors.New("no native encoding in the header")
	}
	p += 5
	u32 := func() uint32 { v := binary.BigEndian.Uint32(raw[p:]); p += 4; return v }
	if u32() != 0x10 {
		return nil, errors.New("not a character vector")
	}
	n := int(u32())
	lines := make([][]byte, n)
	for i := range lines {
		u32() // CHARSXP flags
		l := int(int32(u32()))
		if l < 0 {
			return nil, fmt.Errorf("line %d is NA", i)
		}
		lines[i] = raw[p : p+l]
		p += l
	}
	return lines, nil
}
