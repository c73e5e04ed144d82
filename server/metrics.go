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
	choices prometheus.Counter
	latency prometheus.Histogram
	ws      prometheus.Gauge
	// wsMessages counts WebSocket messages encoded (each once, for every
	// socket that sends it)
	wsMessages prometheus.Counter
	// botWait is how long a bot waited for a core, botThink how long it thought
	botWait, botThink prometheus.Histogram
}

func newMetrics() *metrics {
	m := &metrics{
		reg:     prometheus.NewRegistry(),
		choices: prometheus.NewCounter(prometheus.CounterOpts{Name: "sandtable_choices_total", Help: "Choices applied and stored."}),
		latency: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "sandtable_choice_seconds", Help: "Time to check, apply and durably store a choice.",
			Buckets: []float64{.0005, .001, .002, .005, .01, .02, .05, .1, .25, 1}}),
		ws: prometheus.NewGauge(prometheus.GaugeOpts{Name: "sandtable_ws_clients", Help: "Open WebSocket connections."}),
		wsMessages: prometheus.NewCounter(prometheus.CounterOpts{Name: "sandtable_ws_messages_total",
			Help: "WebSocket messages encoded and compressed, each once for all the sockets that receive it."}),
		botWait: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "sandtable_bot_wait_seconds", Help: "Time a bot waited for a core of the bot pool.",
			Buckets: []float64{.001, .01, .05, .1, .25, .5, 1, 2.5, 5, 10}}),
		botThink: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "sandtable_bot_think_seconds", Help: "Time a bot thought for one choice (a bot's secret set-up: for all of it).",
			Buckets: []float64{.001, .01, .05, .1, .25, .5, 1, 2.5, 5, 10}}),
	}
	m.reg.MustRegister(m.choices, m.latency, m.ws, m.wsMessages, m.botWait, m.botThink, collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// limiter is a token bucket per client against floods.
type limiter struct {
	mu      sync.Mutex
	rate    float64 // tokens a second
	burst   float64 // tokens at most
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

func newLimiter(rate, burst float64) *limiter {
	return &limiter{rate: rate, burst: burst, buckets: map[string]*bucket{}, swept: time.Now(), now: time.Now}
}

// allow takes a token for addr.
func (l *limiter) allow(addr string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if now.Sub(l.swept) >= sweepEvery {
		// A bucket idle for burst/rate has refilled to the burst, the same
		// as a new one, so forgetting it changes nothing; sweeping at most
		// every sweepEvery keeps the work per request constant. The map holds
		// only the addresses seen in the last sweepEvery + burst/rate.
		full := time.Duration(l.burst / l.rate * float64(time.Second))
		for k, v := range l.buckets {
			if now.Sub(v.last) > full {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b, ok := l.buckets[addr]
	if !ok {
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[addr] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
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

// counter counts what each client holds open (WebSockets).
type counter struct {
	mu sync.Mutex
	n  map[string]int
}

// take counts one more for key unless it already holds max.
func (c *counter) take(key string, max int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[key] >= max {
		return false
	}
	c.n[key]++
	return true
}

func (c *counter) release(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[key]--; c.n[key] <= 0 {
		delete(c.n, key)
	}
}
