package bounty

// Names reports whether a URL entry committed the work bytes whose sha256 is d.
func (s *State) Names(d string) bool {
	for _, e := range s.entries {
		if e.WorkSHA == d {
			return true
		}
	}
	return false
}
