package ledger

// Names reports whether a record of the ledger names the artifact d by its sha256, in
// lowercase hex: a URL entry's committed work, a bench version's module, a committed
// program, a learning challenge's train split (its held-out split once revealed), a
// committed architecture or training program, or a transcript a run's attestation
// published. A node serves only the artifacts its ledger names, so that its store is
// no host of anything else, and a held-out split stays unread until its reveal. It
// scans the records, and reads nothing else.
func (s *State) Names(d string) bool {
	if d == "" {
		return false
	}
	for _, c := range contests {
		if c.names != nil && c.names(s, d) {
			return true
		}
	}
	return false
}
