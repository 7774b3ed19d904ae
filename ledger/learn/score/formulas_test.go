package score

import (
	"errors"
	"math/big"
	"testing"
)

// TestBPBIsAnExactRatio: 2,097,224 bits over 1,048,612 bytes is exactly 2; 1 bit over
// 3 bytes stays 1/3, never a rounded decimal.
func TestBPBIsAnExactRatio(t *testing.T) {
	if got := BPB(2_097_224, 1_048_612); got.Cmp(big.NewRat(2, 1)) != 0 {
		t.Errorf("BPB = %v, want 2", got)
	}
	if got := BPB(1, 3); got.Cmp(big.NewRat(1, 3)) != 0 {
		t.Errorf("BPB = %v, want 1/3", got)
	}
}

// TestTheBaseIsOneOverOnePlusBPB, worked by hand: bpb 2 → 1/3 → 333333 micros; bpb 0
// → 1 → 1000000; base exactly 0.5 micro (1 byte, 1,999,999 bits: 1/2,000,000) → 1
// (half away from zero); 1.5 micros (3 bytes, 1,999,997 bits) → 2.
func TestTheBaseIsOneOverOnePlusBPB(t *testing.T) {
	for _, c := range []struct{ bits, bytes, want int64 }{
		{2_097_224, 1_048_612, 333_333}, {0, 10, 1_000_000}, {1_999_999, 1, 1}, {1_999_997, 3, 2}, {1_999_998, 2, 1},
	} {
		got, p := Final(Run{Bits: c.bits, Bytes: c.bytes, WindowBits: 8192})
		if got != c.want || p.Base != c.want || p.Final != got || p.Multiplier != Micros || p.Penalty != NoPenalty || p.Tie != 0 {
			t.Errorf("bits %d bytes %d: final %d, parts %+v; want %d", c.bits, c.bytes, got, p, c.want)
		}
	}
}

// TestTheStepZeroMultiplier: the first 1,024 bytes coded in exactly 4,096 bits (4 bits
// a byte, half of 8) keep the multiplier; 4,095 bits (just below) zero it, and the
// final with it.
func TestTheStepZeroMultiplier(t *testing.T) {
	if got := StepZero(4 * Window); got != Micros {
		t.Errorf("StepZero(4096) = %d, want %d", got, Micros)
	}
	if got := StepZero(4*Window - 1); got != 0 {
		t.Errorf("StepZero(4095) = %d, want 0", got)
	}
	if got, p := Final(Run{Bits: 2_000, Bytes: 1_000, WindowBits: 4_095}); got != 0 || p.Base != 333_333 || p.Multiplier != 0 {
		t.Errorf("a step-0 anomaly scored %d, %+v", got, p)
	}
}

// TestTheGapPenalty: train bpb 2 (2,000 bits / 1,000 bytes); held-out 1,000 bytes coded
// by the trained model in 3,000 bits is a gap of exactly 1.0: no penalty. 3,001 bits
// (gap 1.001) halves the base.
func TestTheGapPenalty(t *testing.T) {
	if p, _ := Heldout(2_000, 1_000, 3_000, 3_000, 1_000); p != NoPenalty {
		t.Errorf("gap 1.0: penalty %d, want %d", p, NoPenalty)
	}
	if p, _ := Heldout(2_000, 1_000, 3_001, 3_001, 1_000); p != MemorisePenalty {
		t.Errorf("gap 1.001: penalty %d, want %d", p, MemorisePenalty)
	}
	// A model better on held-out than on train (negative gap) is not penalised.
	if p, _ := Heldout(2_000, 1_000, 1_000, 1_000, 1_000); p != NoPenalty {
		t.Errorf("gap -1: penalty %d", p)
	}
}

// TestTheTieIsZeroWithoutADelta: trained and twin coding the held-out bytes in the same
// bits give delta 0, tanh 0, tie 0.
func TestTheTieIsZeroWithoutADelta(t *testing.T) {
	if _, tie := Heldout(2_000, 1_000, 2_500, 2_500, 1_000); tie != 0 {
		t.Errorf("delta 0: tie %d", tie)
	}
}

// TestTheTieIsBoundedByOneThousandth: at bpb 0, res = 1 − 1/1.005 ≈ 0.004975 and half
// of it is above 1e-3, so cap = 1e-3; a delta of 8 bits a byte has tanh → 1, so the tie
// is exactly 1,000 micros, and −1,000 when the twin is the better one. No delta and
// bpb give more.
func TestTheTieIsBoundedByOneThousandth(t *testing.T) {
	if _, tie := Heldout(0, 1_000, 0, 8_000, 1_000); tie != 1_000 {
		t.Errorf("cap at bpb 0 with delta 8: tie %d, want 1000", tie)
	}
	if _, tie := Heldout(0, 1_000, 8_000, 0, 1_000); tie != -1_000 {
		t.Errorf("delta -8: tie %d, want -1000", tie)
	}
	for _, bits := range []int64{0, 100, 580, 1_000, 5_000, 64_000} {
		for _, d := range []int64{-64_000, -100, 1, 37, 999, 64_000} {
			if _, tie := Heldout(bits, 1_000, 64_000, 64_000+d, 1_000); tie > 1_000 || tie < -1_000 {
				t.Errorf("bits %d delta %d: tie %d", bits, d, tie)
			}
		}
	}
}

// TestTheFinalWithHeldout, worked by hand: train bpb 2 (base 1/3). res = 1/3 − 1/3.005
// = 0.005/9.015; cap = res/2 = 0.0025/9.015 = 277.3156 micros. Held-out 1,000 bytes:
// trained 2,500 bits (2.5 bpb, gap 0.5: no penalty), twin 3,500 bits (delta 1.0);
// tanh(1) = 0.7615941559 → 761,594 micros; tie = 277.3156·0.761594 = 211.2019 → 211.
// final = 1/3 + 211e-6 = 0.33354433 → 333,544. With the trained model at 3,500 bits
// instead (gap 1.5: penalty 0.5) and the twin at 4,500 (delta 1 again): final = 1/6 +
// 211e-6 = 0.16687767 → 166,878.
func TestTheFinalWithHeldout(t *testing.T) {
	got, p := Final(Run{Bits: 2_000, Bytes: 1_000, WindowBits: 8_000, Heldout: &Measured{TrainedBits: 2_500, TwinBits: 3_500, Bytes: 1_000}})
	want := Parts{
		BPB: 2_000_000, Base: 333_333, Multiplier: Micros, Heldout: true, TrainedBPB: 2_500_000, TwinBPB: 3_500_000,
		Gap: 500_000, Delta: 1_000_000, Cap: 277, Tanh: 761_594, Penalty: NoPenalty, Tie: 211, Final: 333_544,
	}
	if got != 333_544 || p != want {
		t.Errorf("final %d, parts\n%+v, want\n%+v", got, p, want)
	}
	got, p = Final(Run{Bits: 2_000, Bytes: 1_000, WindowBits: 8_000, Heldout: &Measured{TrainedBits: 3_500, TwinBits: 4_500, Bytes: 1_000}})
	if got != 166_878 || p.Penalty != MemorisePenalty || p.Tie != 211 || p.Gap != 1_500_000 {
		t.Errorf("memorised: final %d, parts %+v", got, p)
	}
}

// TestTheHeldoutTermsMatchHeldout: Final's penalty and tie are Heldout's.
func TestTheHeldoutTermsMatchHeldout(t *testing.T) {
	for _, h := range []Measured{{100, 900, 333}, {5_000, 100, 777}, {2_999, 2_999, 1_000}} {
		pen, tie := Heldout(1_234, 1_000, h.TrainedBits, h.TwinBits, h.Bytes)
		_, p := Final(Run{Bits: 1_234, Bytes: 1_000, WindowBits: 5_000, Heldout: &h})
		if p.Penalty != pen || p.Tie != tie {
			t.Errorf("%+v: parts %d %d, Heldout %d %d", h, p.Penalty, p.Tie, pen, tie)
		}
	}
}

// TestARunWithoutBytesIsRefused: Check refuses what Final cannot score, and Final
// scores it 0 rather than panicking.
func TestARunWithoutBytesIsRefused(t *testing.T) {
	for _, r := range []Run{
		{Bits: 10, Bytes: 0}, {Bits: -1, Bytes: 10}, {Bits: 1, Bytes: 1, WindowBits: -1},
		{Bits: 10, Bytes: 10, Heldout: &Measured{Bytes: 0}}, {Bits: 10, Bytes: 10, Heldout: &Measured{TwinBits: -1, Bytes: 5}},
	} {
		if err := Check(r); !errors.Is(err, ErrInput) {
			t.Errorf("%+v: Check = %v", r, err)
		}
		if got, p := Final(r); got != 0 || p != (Parts{}) {
			t.Errorf("%+v: final %d", r, got)
		}
	}
}
