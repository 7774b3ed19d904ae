// Package baseline measures the reference compressors a learning challenge shows
// beside every score: the real gzip and xz, exec'd on the dataset, as bits per byte
// in micros (gzip_bpb, xz_bpb in the publish body; informational, never scored).
//
// The commands are `gzip -9 -c` and `xz -9 -T1 -c`, data on stdin, and only the length
// of their output is kept. -T1 (decided here) pins xz to its single-threaded encoder:
// from xz 5.6 the default is multi-threaded, whose container differs by a few bytes.
// bpb = 8·10^6 × compressed bytes / bytes, exact, rounded half away from zero.
package baseline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os/exec"
	"strings"
)

// ErrEmpty is returned for no data: bits per byte are undefined.
var ErrEmpty = errors.New("baseline: no data to compress")

// tool is one reference compressor: its command and the Debian package providing it.
type tool struct {
	name, pkg string
	args      []string
}

var (
	gzip = tool{"gzip", "gzip", []string{"-9", "-c"}}
	xz   = tool{"xz", "xz-utils", []string{"-9", "-T1", "-c"}}
)

// Measure returns the bits per byte, in micros, of data compressed by gzip -9 and by
// xz -9. A missing tool is an error naming it and its Debian package.
func Measure(ctx context.Context, data []byte) (gzipBPB, xzBPB int64, err error) {
	if len(data) == 0 {
		return 0, 0, ErrEmpty
	}
	g, err := compressed(ctx, gzip, data)
	if err != nil {
		return 0, 0, err
	}
	x, err := compressed(ctx, xz, data)
	if err != nil {
		return 0, 0, err
	}
	return BPB(g, int64(len(data))), BPB(x, int64(len(data))), nil
}

// BPB is 8·10^6 × compressed / n rounded half away from zero (both non-negative, n > 0).
func BPB(compressed, n int64) int64 {
	num := new(big.Int).Mul(big.NewInt(compressed), big.NewInt(8_000_000))
	den := big.NewInt(n)
	q, r := num.QuoRem(num, den, new(big.Int))
	if r.Lsh(r, 1).Cmp(den) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	return q.Int64()
}

// compressed runs t on data and returns the length of its output.
func compressed(ctx context.Context, t tool, data []byte) (int64, error) {
	path, err := exec.LookPath(t.name)
	if err != nil {
		return 0, fmt.Errorf("baseline: %s is not installed (Debian package %s): %w", t.name, t.pkg, err)
	}
	cmd := exec.CommandContext(ctx, path, t.args...)
	cmd.Stdin = bytes.NewReader(data)
	var n counter
	var stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &n, &stderr
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("baseline: %s %s: %w: %s", t.name, strings.Join(t.args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return int64(n), nil
}

// counter is an io.Writer that only counts.
type counter int64

func (c *counter) Write(p []byte) (int, error) {
	*c += counter(len(p))
	return len(p), nil
}

var _ io.Writer = (*counter)(nil)
