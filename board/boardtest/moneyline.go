// Package boardtest reads back what a rendered board shows, for the tests of the board
// and of whatever renders one (the demo, the ledger's random walks): a number on the page
// is checked as the page displays it, not as the code that drew it meant it.
package boardtest

import (
	"fmt"
	"html"
	"math/big"
	"regexp"
	"strings"

	"github.com/arena/arena/ledger"
)

// MoneyLine is the board's money line as a page shows it: whether it says the invariant
// holds, the terms of the left side (each pool listed, then claimable) with their
// figures, and the two flows of the right side.
type MoneyLine struct {
	Holds   bool
	Symbol  string
	Terms   []Term
	PaidIn  string
	PaidOut string
}

// Term is one term of the left side: its name as the words give it and its figure.
type Term struct{ Name, Figure string }

// line is the money line's paragraph: its class, its words and its figures.
var line = regexp.MustCompile(`<p class="invariant (ok|bad)">([^<]*)<code>([^<]*)</code></p>`)

// ReadMoneyLine parses the one money line out of a rendered page.
func ReadMoneyLine(page string) (MoneyLine, error) {
	ms := line.FindAllStringSubmatch(page, -1)
	if len(ms) != 1 {
		return MoneyLine{}, fmt.Errorf("the page shows %d money lines, want 1", len(ms))
	}
	words, figures := html.UnescapeString(ms[0][2]), html.UnescapeString(ms[0][3])
	m := MoneyLine{Holds: ms[0][1] == "ok"}
	head := "The invariant is BROKEN: "
	if m.Holds {
		head = "The invariant holds: "
	}
	rest, ok := strings.CutPrefix(words, head)
	if !ok {
		return m, fmt.Errorf("the money line %q does not open with %q", words, head)
	}
	i := strings.LastIndex(rest, ", in ")
	if i < 0 || !strings.HasSuffix(rest, ": ") {
		return m, fmt.Errorf("the money line %q names no currency", words)
	}
	rest, m.Symbol = rest[:i], strings.TrimSuffix(rest[i+len(", in "):], ": ")
	left, ok := strings.CutSuffix(rest, " = paid in \u2212 paid out")
	if !ok {
		return m, fmt.Errorf("the money line's words %q do not close with paid in \u2212 paid out", rest)
	}
	rel := " = "
	if !m.Holds {
		rel = " \u2260 "
	}
	sums, flows, ok := strings.Cut(figures, rel)
	if !ok {
		return m, fmt.Errorf("the money line's figures %q have no %q", figures, rel)
	}
	if m.PaidIn, m.PaidOut, ok = strings.Cut(flows, " \u2212 "); !ok {
		return m, fmt.Errorf("the money line's right side %q is not paid in \u2212 paid out", flows)
	}
	names, nums := strings.Split(left, " + "), strings.Split(sums, " + ")
	if len(names) != len(nums) {
		return m, fmt.Errorf("the money line names %d terms (%q) and shows %d figures (%q)", len(names), left, len(nums), sums)
	}
	for k := range names {
		m.Terms = append(m.Terms, Term{names[k], nums[k]})
	}
	return m, nil
}

// Adds reports whether the displayed terms sum exactly to the displayed paid in minus
// paid out.
func (m MoneyLine) Adds() (bool, error) {
	sum := new(big.Rat)
	for _, t := range m.Terms {
		r, err := figure(t.Figure)
		if err != nil {
			return false, err
		}
		sum.Add(sum, r)
	}
	in, err := figure(m.PaidIn)
	if err != nil {
		return false, err
	}
	out, err := figure(m.PaidOut)
	if err != nil {
		return false, err
	}
	return sum.Cmp(new(big.Rat).Sub(in, out)) == 0, nil
}

// Sums states the money line's arithmetic as displayed: "0 + 30 + 24.78 = 54.78, and
// 924 − 829.22 = 94.78"; a figure that is no decimal sums as 0.
func (m MoneyLine) Sums() string {
	var figs []string
	sum := new(big.Rat)
	for _, t := range m.Terms {
		figs = append(figs, t.Figure)
		if r, err := figure(t.Figure); err == nil {
			sum.Add(sum, r)
		}
	}
	in, _ := figure(m.PaidIn)
	out, _ := figure(m.PaidOut)
	net := new(big.Rat)
	if in != nil && out != nil {
		net.Sub(in, out)
	}
	return fmt.Sprintf("%s = %s, and %s − %s = %s", strings.Join(figs, " + "), decimal(sum), m.PaidIn, m.PaidOut, decimal(net))
}

// decimal writes r, a sum of figures of at most 18 decimals, without trailing zeros.
func decimal(r *big.Rat) string {
	s := r.FloatString(18)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// figure reads a displayed decimal exactly.
func figure(s string) (*big.Rat, error) {
	r, ok := new(big.Rat).SetString(s)
	if !ok || strings.ContainsAny(s, "eE/") {
		return nil, fmt.Errorf("the money line shows %q, which is no decimal", s)
	}
	return r, nil
}

// CheckMoneyLine checks the money line page shows against the balances it was rendered
// from, in this order: it says the invariant holds; its displayed figures add up (the
// terms sum to paid in minus paid out); every pool of b.Pools that holds something is a
// term, once, in the order Pools gives, showing what it holds, and every other term but
// the last is an empty pool of b.Pools; the last term is the claimable total; and the
// flows are b's.
func CheckMoneyLine(page string, b ledger.Balances) error {
	m, err := ReadMoneyLine(page)
	if err != nil {
		return err
	}
	if !m.Holds {
		return fmt.Errorf("the money line says the invariant is broken")
	}
	adds, err := m.Adds()
	if err != nil {
		return err
	}
	if !adds {
		return fmt.Errorf("the money line does not add up: %s", m.Sums())
	}
	shown := m.Terms[:len(m.Terms)-1] // the last is claimable: checked below
	k := 0
	for _, p := range b.Pools() {
		name := strings.ToLower(p.Name)
		if k < len(shown) && shown[k].Name == name {
			if shown[k].Figure != p.Amount.Units() {
				return fmt.Errorf("the money line shows %s %s; the balances say %s", name, shown[k].Figure, p.Amount.Units())
			}
			k++
			continue
		}
		if !p.Amount.IsZero() {
			return fmt.Errorf("the money line leaves out %s, which holds %s", name, p.Amount.Units())
		}
	}
	if k < len(shown) {
		return fmt.Errorf("the money line shows %q, which is no pool of the balances or is out of their order", shown[k].Name)
	}
	last := m.Terms[len(m.Terms)-1]
	if last.Name != "claimable" || last.Figure != b.ClaimableTotal.Units() {
		return fmt.Errorf("the money line closes with %s %s; want claimable %s", last.Name, last.Figure, b.ClaimableTotal.Units())
	}
	if m.PaidIn != b.PaidIn.Units() || m.PaidOut != b.PaidOut.Units() {
		return fmt.Errorf("the money line shows paid in %s and paid out %s; the balances say %s and %s", m.PaidIn, m.PaidOut, b.PaidIn.Units(), b.PaidOut.Units())
	}
	return nil
}
