package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/gorilla/websocket"

	"sandtable/engine"
)

// subscriber is one WebSocket connection watching a game as a seat.
type subscriber struct {
	seat engine.Seat
	send chan *websocket.PreparedMessage
}

// wsWriteTimeout bounds each write to a socket: a client that does not read
// must not hold a goroutine and a connection (a variable for tests).
var wsWriteTimeout = 10 * time.Second

// broadcast sends every subscriber its seat's view (l.mu held). All the
// sockets of one seat get the same prepared message, encoded and compressed
// once however many watch: a compression per socket let a crowd of
// spectators slow every game down.
func (srv *Server) broadcast(l *live) {
	cache := map[engine.Seat]*websocket.PreparedMessage{}
	for sub := range l.subs {
		msg, ok := cache[sub.seat]
		if !ok {
			msg = srv.prepare(viewMessage(l.pushView(sub.seat)))
			cache[sub.seat] = msg
		}
		l.push(sub, msg)
	}
}

// viewMessage is the WebSocket message carrying a view document.
func viewMessage(v map[string]any) map[string]any {
	v["type"] = "view"
	return v
}

// prepare encodes a message once for every socket that sends it.
func (srv *Server) prepare(v any) *websocket.PreparedMessage {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err) // views and errors always encode
	}
	pm, err := websocket.NewPreparedMessage(websocket.TextMessage, data)
	if err != nil {
		panic(err) // only for a message type that is not one
	}
	srv.metrics.wsMessages.Inc()
	return pm
}

// push queues msg for sub (l.mu held). A client too slow to take it is
// dropped; it reconnects and gets the current view.
func (l *live) push(sub *subscriber, msg *websocket.PreparedMessage) {
	if _, ok := l.subs[sub]; !ok {
		return
	}
	select {
	case sub.send <- msg:
	default:
		delete(l.subs, sub)
		close(sub.send)
	}
}

// wsMessage is what a client may send.
type wsMessage struct {
	Type    string `json:"type"`
	Version int    `json:"version"`
	Choice  string `json:"choice"`
}

func (srv *Server) websocket(w http.ResponseWriter, r *http.Request) {
	if !srv.limiter.allow(srv.clientKey(r)) {
		writeError(w, errf(429, "too_many_requests", "too many requests; slow down"))
		return
	}
	id := r.PathValue("id")
	l, err := srv.lookup(id)
	if err == nil {
		var seat engine.Seat
		if seat, err = srv.seatOf(id, wsToken(r)); err == nil {
			srv.serveSocket(w, r, l, seat)
			return
		}
	}
	var ae *apiError
	if !errors.As(err, &ae) {
		srv.log.Error("websocket call failed", "path", r.URL.Path, "err", err)
		ae = errf(500, "internal", "internal error; it has been logged")
	}
	writeError(w, ae)
}

func (srv *Server) serveSocket(w http.ResponseWriter, r *http.Request, l *live, seat engine.Seat) {
	logFrom, err := logCursor(r, "log_from")
	if err != nil {
		writeError(w, err.(*apiError))
		return
	}
	key := srv.clientKey(r)
	if !srv.sockets.take(key, srv.cfg.SocketsPerClient) {
		writeError(w, errf(429, "too_many_sockets", "this address holds %d WebSockets open, its most; close some tabs", srv.cfg.SocketsPerClient))
		return
	}
	defer srv.sockets.release(key)
	if !srv.begin() {
		writeError(w, errf(503, "shutting_down", "the server is shutting down; reconnect in a moment"))
		return
	}
	defer srv.work.Done()
	up := websocket.Upgrader{
		EnableCompression: true,
		CheckOrigin:       func(r *http.Request) bool { return srv.checkOrigin(r) == nil },
		Error: func(w http.ResponseWriter, r *http.Request, status int, reason error) {
			writeError(w, errf(status, "bad_websocket", "%v", reason))
		},
	}
	c, err := up.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	defer c.Close()
	c.SetReadLimit(maxBody)
	sub := &subscriber{seat: seat, send: make(chan *websocket.PreparedMessage, 16)}
	l.mu.Lock()
	l.subs[sub] = struct{}{}
	l.push(sub, srv.prepare(viewMessage(l.joinView(seat, logFrom))))
	l.mu.Unlock()
	srv.metrics.ws.Inc()
	defer srv.metrics.ws.Dec()
	defer func() {
		l.mu.Lock()
		if _, ok := l.subs[sub]; ok {
			delete(l.subs, sub)
			close(sub.send)
		}
		l.mu.Unlock()
	}()
	// A peer that stops answering pings is dropped: each pong extends the
	// read deadline by two ping intervals.
	alive := func(string) error { return c.SetReadDeadline(time.Now().Add(2 * srv.pingEvery())) }
	alive("")
	c.SetPongHandler(alive)
	done, written := make(chan struct{}), make(chan struct{})
	go srv.writeSocket(c, sub, done, written)
	defer func() { close(done); <-written }()
	for { // reader
		var m wsMessage
		if err := c.ReadJSON(&m); err != nil {
			return
		}
		if !srv.limiter.allow(key) {
			srv.wsError(l, sub, errf(429, "too_many_requests", "too many messages; slow down"))
			continue
		}
		if seat == engine.Spectator {
			srv.wsError(l, sub, errf(401, "bad_token", "spectators cannot choose"))
			continue
		}
		done := srv.bots.serving()
		switch m.Type {
		case "choice":
			_, _, err = srv.submit(r.Context(), l, seat, m.Version, m.Choice)
		case "undo":
			_, err = srv.undo(r.Context(), l, seat, m.Version)
		default:
			err = errf(400, "bad_json", "message type %q: send \"choice\" or \"undo\"", m.Type)
		}
		done()
		if err != nil {
			srv.wsError(l, sub, err)
		}
	}
}

// writeSocket is a socket's only writer: it sends what is queued and the
// pings, each write bounded by wsWriteTimeout, until the reader is done,
// the client is dropped or the server shuts down. Closing the connection
// when it stops ends the reader too.
func (srv *Server) writeSocket(c *websocket.Conn, sub *subscriber, done <-chan struct{}, written chan<- struct{}) {
	defer close(written)
	defer c.Close()
	bye := func(code int, text string) {
		c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text), time.Now().Add(time.Second))
	}
	t := time.NewTicker(srv.pingEvery())
	defer t.Stop()
	for {
		select {
		case m, ok := <-sub.send:
			if !ok {
				bye(websocket.CloseTryAgainLater, "too slow; reconnect")
				return
			}
			c.SetWriteDeadline(time.Now().Add(wsWriteTimeout))
			if err := c.WritePreparedMessage(m); err != nil {
				return
			}
		case <-t.C:
			if err := c.WriteControl(websocket.PingMessage, nil, time.Now().Add(wsWriteTimeout)); err != nil {
				return
			}
		case <-srv.closing:
			bye(websocket.CloseGoingAway, "the server is restarting; reconnect in a moment")
			return
		case <-done:
			return
		}
	}
}

// wsError queues an error message for one socket.
func (srv *Server) wsError(l *live, sub *subscriber, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		srv.log.Error("websocket call failed", "err", err)
		ae = errf(500, "internal", "internal error; it has been logged")
	}
	msg := srv.prepare(map[string]any{"type": "error", "code": ae.code, "error": ae.msg})
	l.mu.Lock()
	l.push(sub, msg)
	l.mu.Unlock()
}

// pingEvery is how often a WebSocket peer must show it is alive.
func (srv *Server) pingEvery() time.Duration {
	if srv.wsPing > 0 {
		return srv.wsPing
	}
	return 30 * time.Second
}
