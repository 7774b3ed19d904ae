package store

import (
	"fmt"
	"testing"
	"time"
)

// BenchmarkDeliveryBookkeeping measures what the relayer writes per award and sink: one
// Enqueue and one successful RecordAttempt, each its own durable transaction on the
// writer the engine also commits blocks with.
func BenchmarkDeliveryBookkeeping(b *testing.B) {
	db, _ := openTemp(b)
	s := newSigner(childT{})
	commit(b, db, s.awardBlock(childT{}, 1, 0, 1))
	out, err := db.AwardEvents(0, 0, 1)
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	start := time.Now()
	for b.Loop() {
		id, o := fmt.Sprintf("e%d", i), out[0]
		o.Event.Task = uint64(i + 1) // a delivery is keyed by its award: one award each
		if _, err := db.Enqueue(id, o, []string{"hook"}, t0); err != nil {
			b.Fatal(err)
		}
		if _, err := db.RecordAttempt(Attempt{Event: id, Sink: "hook", At: t0, HTTPStatus: 200}); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(i)/time.Since(start).Seconds(), "deliveries/s")
}
