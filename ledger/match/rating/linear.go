package rating

import "math"

// cholesky returns the lower-triangular L with L·Lᵀ = h, h symmetric positive definite.
func cholesky(h [][]float64) [][]float64 {
	n := len(h)
	l := make([][]float64, n)
	for i := range l {
		l[i] = make([]float64, n)
		for j := 0; j <= i; j++ {
			s := h[i][j]
			for k := range j {
				s -= mul(l[i][k], l[j][k])
			}
			if i == j {
				l[i][i] = math.Sqrt(s)
			} else {
				l[i][j] = s / l[j][j]
			}
		}
	}
	return l
}

// solve returns x with h·x = b, h symmetric positive definite.
func solve(h [][]float64, b []float64) []float64 { return solveWith(cholesky(h), b) }

// solveWith returns x with L·Lᵀ·x = b, L lower triangular.
func solveWith(l [][]float64, b []float64) []float64 {
	n := len(b)
	y := make([]float64, n)
	for i := range n {
		s := b[i]
		for k := range i {
			s -= mul(l[i][k], y[k])
		}
		y[i] = s / l[i][i]
	}
	x := make([]float64, n)
	for i := n - 1; i >= 0; i-- {
		s := y[i]
		for k := i + 1; k < n; k++ {
			s -= mul(l[k][i], x[k])
		}
		x[i] = s / l[i][i]
	}
	return x
}

// anchoredVariances returns the variance of each θ_i − mean(θ) under the covariance
// h⁻¹, h symmetric positive definite: the diagonal of P·h⁻¹·P, P = I − 11ᵀ/n, which
// is C_ii − 2·mean_j C_ij + mean_jk C_jk with C = h⁻¹.
func anchoredVariances(h [][]float64) []float64 {
	n := len(h)
	l := cholesky(h)
	c := make([][]float64, n)
	e := make([]float64, n)
	for j := range n {
		e[j] = 1
		c[j] = solveWith(l, e) // column j of C, which is row j: C is symmetric
		e[j] = 0
	}
	rowMean := make([]float64, n)
	total := 0.0
	for i := range n {
		s := 0.0
		for j := range n {
			s += c[i][j]
		}
		rowMean[i] = s / float64(n)
		total += rowMean[i]
	}
	total /= float64(n)
	v := make([]float64, n)
	for i := range n {
		v[i] = c[i][i] - mul(2, rowMean[i]) + total
	}
	return v
}
