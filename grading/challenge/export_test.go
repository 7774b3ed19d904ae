package challenge

// SetMaxTranscript lowers the transcript cap for a test and returns what restores it.
func SetMaxTranscript(n int) (restore func()) {
	old := maxTranscript
	maxTranscript = n
	return func() { maxTranscript = old }
}
