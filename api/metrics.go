package api

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics holds the API's Prometheus collectors, in a registry of its own.
type metrics struct {
	reg     *prometheus.Registry
	txs     *prometheus.CounterVec
	latency *prometheus.HistogramVec
	handler http.Handler
}

func newMetrics(height func() uint64) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		txs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "arena_tx_total",
			Help: "Transactions received, by kind and result (accepted, refused by the ledger, rejected at admission).",
		}, []string{"kind", "result"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "arena_http_request_duration_seconds",
			Help:    "Time to answer an API request, by route.",
			Buckets: prometheus.DefBuckets,
		}, []string{"route"}),
	}
	m.reg.MustRegister(m.txs, m.latency,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "arena_block_height",
			Help: "Height of the last block the ledger applied.",
		}, func() float64 { return float64(height()) }),
		collectors.NewGoCollector(),
	)
	m.handler = promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
	return m
}

// tx counts one transaction of kind with result.
func (m *metrics) tx(kind, result string) { m.txs.WithLabelValues(kind, result).Inc() }

// instrument times h under the route label. It passes the writer through untouched, so
// streaming handlers can still flush.
func (m *metrics) instrument(route string, h http.Handler) http.Handler {
	obs := m.latency.WithLabelValues(route)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		h.ServeHTTP(w, r)
		obs.Observe(time.Since(start).Seconds())
	})
}

func (s *server) getMetrics(w http.ResponseWriter, r *http.Request) {
	s.metrics.handler.ServeHTTP(w, r)
}
