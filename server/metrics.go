package server

import (
	"crypto/rand"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

type metrics struct {
	reg     *prometheus.Registry
	games   prometheus.Gauge
	choices prometheus.Counter
	latency prometheus.Histogram
	ws      prometheus.Gauge
}

func newMetrics() *metrics {
	m := &metrics{
		reg:     prometheus.NewRegistry(),
		games:   prometheus.NewGauge(prometheus.GaugeOpts{Name: "sandtable_games", Help: "Games held by the server."}),
		choices: prometheus.NewCounter(prometheus.CounterOpts{Name: "sandtable_choices_total", Help: "Choices applied and stored."}),
		latency: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "sandtable_choice_seconds", Help: "Time to check, apply and durably store a choice.",
			Buckets: []float64{.0005, .001, .002, .005, .01, .02, .05, .1, .25, 1}}),
		ws: prometheus.NewGauge(prometheus.GaugeOpts{Name: "sandtable_ws_clients", Help: "Open WebSocket connections."}),
	}
	m.reg.MustRegister(m.games, m.choices, m.latency, m.ws, collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// limiter is a token bucket per client address against floods.
type limiter struct {
	mu      sync.Mutex
	rate    float64
	buckets map[string]*bucket
	swept   time.Time
	now     func() time.Time // time.Now (tests replace it)
}

type bucket struct {
	tokens float64
	last   time.Time
}

// sweepEvery is how often the limiter forgets idle addresses.
const sweepEvery = 10 * time.Second

func newLimiter(rate float64) *limiter {
	return &limiter{rate: rate, buckets: map[string]*bucket{}, swept: time.Now(), now: time.Now}
}

// allow takes a token for addr; the burst is two seconds' worth.
func (l *limiter) allow(addr string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if now.Sub(l.swept) >= sweepEvery {
		// A bucket idle for two seconds has refilled to the burst, the same
		// as a new one, so forgetting it changes nothing; sweeping at most
		// every sweepEvery keeps the work per request constant. The map holds
		// only the addresses seen in the last sweepEvery + 2 s.
		for k, v := range l.buckets {
			if now.Sub(v.last) > 2*time.Second {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b, ok := l.buckets[addr]
	if !ok {
		b = &bucket{tokens: 2 * l.rate, last: now}
		l.buckets[addr] = b
	}
	b.tokens = min(2*l.rate, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

func randomBytes(b []byte) {
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
}
