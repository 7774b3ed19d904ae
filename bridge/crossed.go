package bridge

import (
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// Crossing is one sink an award reached: what the board shows beside a task.
type Crossing struct {
	Sink        string `json:"sink"`
	TxHash      string `json:"tx_hash,omitempty"`
	HTTPStatus  int    `json:"http_status,omitempty"`
	DeliveredAt int64  `json:"delivered_at"` // unix seconds
}

// Crossed returns, for each bounty task whose award reached at least one sink, the
// sinks it reached, in the order of ds (store.DB.Deliveries gives log order, then sink).
// Deliveries still pending, and awards of other kinds, are left out.
func Crossed(ds []store.Delivery) map[ledger.TaskID][]Crossing {
	out := map[ledger.TaskID][]Crossing{}
	for _, d := range ds {
		k := store.KeyOf(d)
		if !d.Delivered() || k.Kind != store.Bounty {
			continue
		}
		task := ledger.TaskID(k.ID)
		out[task] = append(out[task], Crossing{Sink: d.Sink, TxHash: d.TxHash, HTTPStatus: d.HTTPStatus,
			DeliveredAt: d.DeliveredAt.Unix()})
	}
	return out
}
