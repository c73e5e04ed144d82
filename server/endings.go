package server

import (
	"context"
	"net/http"
	"time"

	"sandtable/engine"
)

// Ending a game by its players (engine.Ending): a seat resigns for itself; a
// draw is agreed when one seat offers it and another accepts while the game
// stands where the offer was made. The agreed ending is the record's last
// entry, stored like a choice; a standing offer is stored with the game, so
// that a restart keeps it.

// drawOffer is a standing offer of a draw.
type drawOffer struct {
	by engine.Seat
	at int // the version the offer was made at; any choice withdraws it
}

// drawOffered reports whether an offer stands now (l.mu held).
func (l *live) drawOffered() bool {
	return l.draw.by != "" && l.draw.at == len(l.choices) && l.state.ToMove() != ""
}

// play makes one choice of seat on next, a copy of the state: a legal
// choice when seat is to move, a macro as its atomic choices
// (engine.Apply), or an ending event (l.mu held). It returns the record
// entries made.
func (l *live) play(next engine.State, seat engine.Seat, id string) ([]engine.Made, error) {
	if e, ok := engine.ParseEnding(id); ok {
		switch {
		case e.Kind == engine.EndResign && e.Seat != seat:
			return nil, errf(403, "not_your_seat", "a seat resigns only for itself: send #resign:%s", seat)
		case e.Kind == engine.EndDraw && (!l.drawOffered() || l.draw.by == seat):
			return nil, errf(409, "no_draw_offer", "a draw needs another seat's offer standing at this version (POST /api/games/ID/draw with answer \"offer\")")
		}
		made, err := engine.Play(l.game, next, id)
		if err != nil {
			return nil, errf(422, "illegal_choice", "%v", err)
		}
		return made, nil
	}
	if next.ToMove() != seat {
		return nil, errf(403, "not_your_turn", "it is %s's choice, not %s's", next.ToMove(), seat)
	}
	a, err := engine.Find(next, id)
	if err != nil {
		return nil, errf(422, "illegal_choice", "%v; the seat's view lists them (GET /api/games/%s/view)", err, l.meta.ID)
	}
	made, err := engine.Apply(next, a)
	if err != nil {
		return nil, errf(422, "illegal_choice", "%v", err)
	}
	return made, nil
}

// botDelay is the pause before a bot chooses: none while the game is in its
// set-up, whose choices people cannot follow anyway (they are secret).
func (srv *Server) botDelay(s engine.State) time.Duration {
	if su, ok := s.(engine.SettingUp); ok && su.SettingUp() {
		return 0
	}
	return srv.cfg.BotDelay
}

type versionRequest struct {
	Version *int   `json:"version"`
	Answer  string `json:"answer"` // draw: "offer", "accept" or "decline"
}

// playerRequest reads the caller's seat and a request that names the version.
func (srv *Server) playerRequest(r *http.Request, what string) (*live, engine.Seat, versionRequest, error) {
	var req versionRequest
	l, seat, err := srv.player(r, what)
	if err != nil {
		return nil, "", req, err
	}
	if err := readJSON(r, &req); err != nil {
		return nil, "", req, err
	}
	if req.Version == nil {
		return nil, "", req, errf(400, "bad_json", "send {\"version\": N} with the version of the view you decided on")
	}
	return l, seat, req, nil
}

// resign ends the game with the caller's seat resigning.
func (srv *Server) resign(r *http.Request) (int, any, error) {
	l, seat, req, err := srv.playerRequest(r, "resigning")
	if err != nil {
		return 0, nil, err
	}
	v, _, err := srv.submit(r.Context(), l, seat, *req.Version, engine.Ending{Kind: engine.EndResign, Seat: seat}.ID())
	if err != nil {
		return 0, v, err
	}
	return 200, map[string]int{"version": v}, nil
}

// draw offers, accepts or declines a draw.
func (srv *Server) draw(r *http.Request) (int, any, error) {
	l, seat, req, err := srv.playerRequest(r, "a draw")
	if err != nil {
		return 0, nil, err
	}
	if req.Answer == "accept" {
		v, _, err := srv.submit(r.Context(), l, seat, *req.Version, engine.Ending{Kind: engine.EndDraw}.ID())
		if err != nil {
			return 0, v, err
		}
		return 200, map[string]int{"version": v}, nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	n := len(l.choices)
	var offer drawOffer
	switch {
	case l.state.ToMove() == "":
		return 0, n, errf(410, "game_over", "the game has ended")
	case *req.Version != n:
		return 0, n, errf(409, "stale_version", "the game is at version %d, not %d; reload the view", n, *req.Version)
	case req.Answer == "offer":
		offer = drawOffer{by: seat, at: n}
	case req.Answer == "decline" && l.drawOffered() && l.draw.by != seat:
		// withdrawn: no offer stands
	case req.Answer == "decline":
		return 0, n, errf(409, "no_draw_offer", "there is no draw offer of another seat to decline")
	default:
		return 0, nil, errf(400, "bad_json", "answer must be \"offer\", \"accept\" or \"decline\"")
	}
	if err := l.playable(); err != nil {
		return 0, n, err
	}
	if err := srv.store.SetDraw(r.Context(), l.meta.ID, string(offer.by), offer.at); err != nil {
		srv.log.Error("storing a draw offer failed", "game", l.meta.ID, "err", err)
		return 0, n, errf(500, "store_failed", "the draw offer could not be stored; nothing changed")
	}
	l.draw = offer
	srv.broadcast(l)
	return 200, map[string]int{"version": n}, nil
}

type batchRequest struct {
	Version *int     `json:"version"`
	Choices []string `json:"choices"`
}

// chooseBatch makes several choices of the caller's seat at once, e.g. a
// saved set-up: every one is made on a copy first and all are stored in one
// transaction, so either all are made or none.
func (srv *Server) chooseBatch(r *http.Request) (int, any, error) {
	l, seat, err := srv.player(r, "choosing")
	if err != nil {
		return 0, nil, err
	}
	var req batchRequest
	if err := readJSON(r, &req); err != nil {
		return 0, nil, err
	}
	if req.Version == nil || len(req.Choices) == 0 {
		return 0, nil, errf(400, "bad_json", "send {\"version\": N, \"choices\": [ID, ...]}")
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.open(*req.Version); err != nil {
		return 0, len(l.choices), err
	}
	next := l.state.Clone()
	made, err := playBatch(next, seat, req.Choices)
	if err != nil {
		return 0, len(l.choices), err
	}
	v, ids, err := srv.commit(context.WithoutCancel(r.Context()), l, next, made, time.Now())
	if err != nil {
		return 0, v, err
	}
	return 200, map[string]any{"version": v, "made": ids}, nil
}

// playBatch plays the choices on s, all for seat, and returns the record
// entries they made (a macro's atomic choices, engine.Apply).
func playBatch(s engine.State, seat engine.Seat, ids []string) ([]engine.Made, error) {
	var made []engine.Made
	for i, id := range ids {
		if s.ToMove() != seat {
			return nil, errf(409, "not_your_turn", "choice %d of %d (%s): it is %q's choice by then, not %s's; nothing was made", i+1, len(ids), id, s.ToMove(), seat)
		}
		a, err := engine.Find(s, id)
		if err != nil {
			return nil, errf(422, "illegal_choice", "choice %d of %d: %v; nothing was made", i+1, len(ids), err)
		}
		m, err := engine.Apply(s, a)
		if err != nil {
			return nil, errf(422, "illegal_choice", "choice %d of %d (%s): %v; nothing was made", i+1, len(ids), id, err)
		}
		made = append(made, m...)
	}
	return made, nil
}
