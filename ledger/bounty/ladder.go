package bounty

// Rung is one step of the published ladder.
type Rung struct {
	Rung    int    `json:"rung"`
	Label   string `json:"label"`
	Meaning string `json:"meaning"`
	Worth   int    `json:"worth"`
}

// Ladder is the published six-rung ladder: the same six sentences a solver reads and the
// reader is handed.
var Ladder = [Rungs]Rung{
	{0, "fails the brief", "does not deliver what was asked, however well written", 0},
	{1, "poor", "attempts the brief and misses most of it", 20},
	{2, "weak", "delivers part of the brief, with gaps a reader would trip on", 40},
	{3, "adequate", "delivers what the brief asked for, and nothing beyond it", 60},
	{4, "strong", "delivers it well and is usable as it stands", 80},
	{5, "exemplary", "delivers it completely and could hardly be done better", 100},
}

// Rules publishes the arithmetic constants.
type Rules struct {
	PointsPerRung int `json:"points_per_rung"`
	SoftDeduction int `json:"soft_deduction"`
	CopyThreshold int `json:"copy_threshold"`
	MaxChecks     int `json:"max_checks"`
	MaxCheckLen   int `json:"max_check_len"`
}

// Published returns the arithmetic constants as the arena publishes them.
func Published() Rules {
	return Rules{PointsPerRung: PointsPerRung, SoftDeduction: SoftDeduction, CopyThreshold: CopyThreshold, MaxChecks: MaxChecks, MaxCheckLen: MaxCheckLen}
}
