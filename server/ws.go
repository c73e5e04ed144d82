package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"sandtable/engine"
)

// subscriber is one WebSocket connection watching a game as a seat.
type subscriber struct {
	seat engine.Seat
	send chan []byte
}

// broadcast sends every subscriber its seat's view (l.mu held). A client too
// slow to take it is dropped; it reconnects and gets the current view.
func (srv *Server) broadcast(l *live) {
	cache := map[engine.Seat][]byte{}
	for sub := range l.subs {
		msg, ok := cache[sub.seat]
		if !ok {
			v := l.pushView(sub.seat)
			v["type"] = "view"
			msg, _ = json.Marshal(v)
			cache[sub.seat] = msg
		}
		select {
		case sub.send <- msg:
		default:
			delete(l.subs, sub)
			close(sub.send)
		}
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
	errors.As(err, &ae)
	writeJSON(w, ae.status, map[string]string{"error": ae.msg, "code": ae.code})
}

func (srv *Server) serveSocket(w http.ResponseWriter, r *http.Request, l *live, seat engine.Seat) {
	logFrom, err := logCursor(r, "log_from")
	if err != nil {
		writeError(w, err.(*apiError))
		return
	}
	// Views repeat most of the last one (the log grows by a few lines), so
	// compression with context takeover sends little more than the change.
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionContextTakeover})
	if err != nil {
		return
	}
	c.SetReadLimit(maxBody)
	defer c.CloseNow()
	sub := &subscriber{seat: seat, send: make(chan []byte, 16)}
	l.mu.Lock()
	first := l.joinView(seat, logFrom)
	first["type"] = "view"
	msg, _ := json.Marshal(first)
	sub.send <- msg
	l.subs[sub] = struct{}{}
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
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	go func() { // writer
		defer cancel()
		for {
			select {
			case m, ok := <-sub.send:
				if !ok {
					c.Close(websocket.StatusTryAgainLater, "too slow; reconnect")
					return
				}
				wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
				err := c.Write(wctx, websocket.MessageText, m)
				wcancel()
				if err != nil {
					return
				}
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { // keepalive: a peer that stops answering pings is dropped
		t := time.NewTicker(srv.pingEvery())
		defer t.Stop()
		for {
			select {
			case <-t.C:
				pctx, pcancel := context.WithTimeout(ctx, srv.pingEvery())
				err := c.Ping(pctx)
				pcancel()
				if err != nil {
					cancel()
					return
				}
			case <-ctx.Done():
				return
			}
		}
	}()
	for { // reader
		var m wsMessage
		if err := wsjson.Read(ctx, c, &m); err != nil {
			return
		}
		if !srv.limiter.allow(srv.clientKey(r)) {
			srv.wsError(ctx, c, errf(429, "too_many_requests", "too many messages; slow down"))
			continue
		}
		if seat == engine.Spectator {
			srv.wsError(ctx, c, errf(401, "bad_token", "spectators cannot choose"))
			continue
		}
		switch m.Type {
		case "choice":
			_, err = srv.submit(ctx, l, seat, m.Version, m.Choice)
		case "undo":
			_, err = srv.undo(ctx, l, seat, m.Version)
		default:
			err = errf(400, "bad_json", "message type %q: send \"choice\" or \"undo\"", m.Type)
		}
		if err != nil {
			srv.wsError(ctx, c, err)
		}
	}
}

func (srv *Server) wsError(ctx context.Context, c *websocket.Conn, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		srv.log.Error("websocket call failed", "err", err)
		ae = errf(500, "internal", "internal error; it has been logged")
	}
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	wsjson.Write(wctx, c, map[string]any{"type": "error", "code": ae.code, "error": ae.msg})
}

// pingEvery is how often a WebSocket peer must show it is alive.
func (srv *Server) pingEvery() time.Duration {
	if srv.wsPing > 0 {
		return srv.wsPing
	}
	return 30 * time.Second
}
