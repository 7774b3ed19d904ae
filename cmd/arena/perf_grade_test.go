package main

import (
	"testing"
	"time"
)

// TestPerfGradeReportsTheModelsShareOfEachGrade: `arena perf grade` grades through the
// API against its scripted model server and reports the model's share of each grade.
// Every grade holds at least one whole model call, so its model time is at least the
// server's answer time, and never more than the grade's wall time.
func TestPerfGradeReportsTheModelsShareOfEachGrade(t *testing.T) {
	var r GradeReport
	perfJSON(t, &r, "grade", "--grades", "2", "--validators", "1", "--model", "50ms")
	switch {
	case r.Perf != "grade" || r.Grades != 2 || r.Validators != 1 || r.ModelS != 0.05 || r.Target != 0.95:
		t.Errorf("report %+v, want 2 grades by 1 validator with a 50ms model", r)
	case r.Calls < 2:
		t.Errorf("%d model calls, want at least one a grade", r.Calls)
	case r.BusyMs < 50 || r.BusyMs > r.WallMs:
		t.Errorf("model %.1fms of a %.1fms grade: want at least 50ms and at most the wall time", r.BusyMs, r.WallMs)
	case !(0 < r.MinRatio && r.MinRatio <= r.Ratio && r.Ratio <= 1):
		t.Errorf("ratios %.3f (worst %.3f): want 0 < worst <= median <= 1", r.Ratio, r.MinRatio)
	}
}

// TestTheModelsTimeIsTheUnionOfItsCallsInTheWindow: overlapping calls count once, and
// only their part inside the window counts.
func TestTheModelsTimeIsTheUnionOfItsCallsInTheWindow(t *testing.T) {
	t0 := time.Unix(1767225600, 0)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	m := &slowModel{spans: [][2]time.Time{
		{at(100), at(300)}, {at(0), at(150)}, // overlap: 0-300
		{at(250), at(280)}, // inside the first
		{at(500), at(700)}, // cut by the window's end at 600
		{at(900), at(950)}, // after the window
	}}
	if got, want := m.busy(at(50), at(600)), 350*time.Millisecond; got != want {
		t.Errorf("busy %s, want %s", got, want)
	}
}
