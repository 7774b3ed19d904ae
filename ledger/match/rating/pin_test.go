package rating_test

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math"
	"testing"
)

// pinnedFit is the sha256 of every float64 bit of the fit of randomGames(12, 400, 7):
// strengths, standard errors, points and ends, in agent order.
const pinnedFit = "b6f27285760dacfcc0c294282b24fa5fae5f3b371f9f40e271e89be0d7dc837c"

// TestTheFitIsTheSameBitsEverywhere: the fit of a fixed set of games is pinned to the
// bit, so a platform whose arithmetic differed (a fused multiply-add, another
// exponential) fails here. It holds under GOAMD64=v3, where the compiler fuses every
// product it may into a multiply-add (and does, changing these bits, if mul's
// conversion is dropped), and under GOARCH=386 with GO386=softfloat or sse2.
func TestTheFitIsTheSameBitsEverywhere(t *testing.T) {
	r := fit(t, 12, randomGames(12, 400, 7))
	h := sha256.New()
	for _, x := range r {
		for _, f := range []float64{x.Strength, x.SE, x.Points, x.Low, x.High} {
			h.Write(binary.BigEndian.AppendUint64(nil, math.Float64bits(f)))
		}
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != pinnedFit {
		t.Errorf("the fit's bits hash to %s, pinned %s", got, pinnedFit)
	}
}
