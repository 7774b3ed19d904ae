package round

import "github.com/arena/arena/ledger/book"

// Terms are the founding terms that rounds run under.
type Terms struct {
	Validators []book.Address // the grading validator set
	Committee  int            // members per round; 0 = every validator
	Quorum     int            // agreeing verdicts needed, leader included; 0 = majority
	Attempts   int            // attempts per round before it is exhausted
	TimeoutS   int64          // block-time seconds an attempt stays open
	GasRate    int64          // gas a second a validator on program runs must meter; 0 = DefaultGasRate
}

// CommitteeSize returns the number of validators on each round's committee.
func (t *Terms) CommitteeSize() int {
	if t.Committee <= 0 || t.Committee > len(t.Validators) {
		return len(t.Validators)
	}
	return t.Committee
}

// QuorumSize returns the number of agreeing verdicts, leader included, that settle a round.
func (t *Terms) QuorumSize() int {
	if t.Quorum <= 0 {
		return t.CommitteeSize()/2 + 1
	}
	return t.Quorum
}
