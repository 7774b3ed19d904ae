package gas_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/arena/arena/sandbox/gas"
	. "github.com/arena/arena/sandbox/gas/gastest"
)

// withData returns a module with one memory and a data section of the given segments.
func withData(segments ...[]byte) []byte {
	b := (&Module{Memory: Ptr(1)}).Bytes()
	body := U32(nil, uint32(len(segments)))
	for _, s := range segments {
		body = append(body, s...)
	}
	return append(U32(append(b, 11), uint32(len(body))), body...)
}

func active(offset int64, data string) []byte {
	b := append(S64([]byte{0, 0x41}, offset), End)
	return append(U32(b, uint32(len(data))), data...)
}

func TestDataSegments(t *testing.T) {
	module := withData(
		active(100, "0123456789"), // [100,110): 6 inside [104,204)
		append(U32(append(S64([]byte{2, 0, 0x41}, 300), End), 5), "abcde"...), // memory 0 by index
		append([]byte{1, 7}, "passive"...),
		append([]byte{0, GlobalGet, 0, End, 3}, "glb"...),
		active(-16, "high"),
		active(150, strings.Repeat("x", 20)),
	)
	segs, err := gas.DataSegments(module)
	if err != nil {
		t.Fatal(err)
	}
	want := []gas.Segment{
		{Active: true, Constant: true, Offset: 100, Len: 10},
		{Active: true, Constant: true, Offset: 300, Len: 5},
		{Len: 7},
		{Active: true, Len: 3},
		{Active: true, Constant: true, Offset: 0xfffffff0, Len: 4},
		{Active: true, Constant: true, Offset: 150, Len: 20},
	}
	if !reflect.DeepEqual(segs, want) {
		t.Fatalf("segments %+v\nwant %+v", segs, want)
	}
	for _, tc := range []struct {
		off, n uint32
		want   int64
	}{
		{104, 100, 4 + 5 + 7 + 3 + 4},
		{0, 0, 10 + 5 + 7 + 3 + 4 + 20},
		{0, 0xffffffff, 7 + 3},
		{305, 10, 10 + 5 + 7 + 3 + 4 + 20},
	} {
		got, err := gas.DataOutside(module, tc.off, tc.n)
		if err != nil || got != tc.want {
			t.Errorf("DataOutside(%d, %d) = %d, %v; want %d", tc.off, tc.n, got, err, tc.want)
		}
	}
}

func TestDataSegmentsRefusals(t *testing.T) {
	for _, tc := range []struct {
		name   string
		module []byte
		err    string
	}{
		{"flags", withData([]byte{3, 0}), "malformed module: data segment 0 has unknown flags 3"},
		{"truncated", withData([]byte{0, 0x41, 0, End, 9, 'a'}), "malformed module: section 11: unexpected end"},
		{"garbage after it", append(withData(active(0, "a")), 0), ""},
	} {
		_, err := gas.DataSegments(tc.module)
		if err == nil || tc.err != "" && err.Error() != tc.err {
			t.Errorf("%s: %v; want %q", tc.name, err, tc.err)
		}
	}
	if segs, err := gas.DataSegments(withData()); err != nil || len(segs) != 0 {
		t.Errorf("an empty data section: %v %v", segs, err)
	}
}
