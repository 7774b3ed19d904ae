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
func solve(h [][]float64, b []float64) []float64 {
	l := cholesky(h)
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

// inverseDiagonal returns the diagonal of h⁻¹, h symmetric positive definite: with
// h = L·Lᵀ, (h⁻¹)_ii is the squared norm of column i of L⁻¹.
func inverseDiagonal(h [][]float64) []float64 {
	l := cholesky(h)
	n := len(h)
	d := make([]float64, n)
	col := make([]float64, n)
	for c := range n {
		// Column c of L⁻¹ by forward substitution of the unit vector e_c.
		for i := range n {
			col[i] = 0
		}
		for i := c; i < n; i++ {
			s := 0.0
			if i == c {
				s = 1
			}
			for k := c; k < i; k++ {
				s -= mul(l[i][k], col[k])
			}
			col[i] = s / l[i][i]
		}
		for i := c; i < n; i++ {
			d[c] += mul(col[i], col[i])
		}
	}
	return d
}
