// Package coder is the exact binary arithmetic coder that scores a learning
// challenge: every validator codes the dataset byte by byte with the frequencies an
// architecture predicted, and the code length (the number of bits the encoder emits
// after flushing) is the score's numerator. It uses integers only, so the count is
// the same on every machine.
//
// The coder is the classic CACM one (Witten, Neal and Cleary, 1987) with 32-bit low
// and high registers and pending ("underflow") bits. Each byte is coded against the
// 256 predicted frequencies f plus an escape symbol of frequency 1 appended after them,
// so the total is T+1 with T = Σ f. A byte b with f[b] > 0 is coded with its own
// interval [Σ f[<b], Σ f[≤b]); a byte with f[b] == 0 is coded as the escape followed
// by its 8 bits, most significant first, each coded as an equiprobable binary symbol
// (halving the interval). That is the fixed large penalty: about 8 bits beyond the
// escape's −log2(1/(T+1)), and never a failure. T past 2^24 (MaxTotal) is refused
// with ErrTotal before any state changes, so the caller can turn it into a refusal
// of the run. With T+1 ≤ 2^24+1 and a normalised range above 2^30, every symbol
// keeps a non-empty interval.
//
// Code length: Bits counts every bit decided so far, emitted or pending; after
// Finish it is the exact length of the stream Finish returned (the last byte is
// padded with zeros, which Bits does not count). The decoder reads past the end of
// its input as zero bits, which the flush allows.
package coder
