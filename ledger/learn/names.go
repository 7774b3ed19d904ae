package learn

// Names reports whether a record of the kind names the artifact d by its sha256: a
// challenge's train split, its held-out split once the sponsor revealed it (never
// before: the commitment names bytes nobody may read yet), or a committed architecture
// or training program.
func (s *State) Names(d string) bool {
	for _, c := range s.challenges {
		if c.Dataset == d || (c.Heldout == d && c.Reveal == RevealRevealed) {
			return true
		}
	}
	for _, r := range s.runs {
		if r.Arch == d || r.Train == d {
			return true
		}
	}
	return false
}
