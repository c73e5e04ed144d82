package server

import (
	"context"
	"time"
)

// archiver archives the games idle for longer than Config.ArchiveAfter,
// until Shutdown.
func (srv *Server) archiver() {
	t := time.NewTicker(min(srv.cfg.ArchiveAfter/4, time.Minute))
	defer t.Stop()
	for {
		select {
		case <-srv.closing:
			return
		case now := <-t.C:
			srv.archiveIdle(now.Add(-srv.cfg.ArchiveAfter))
		}
	}
}

// archiveIdle archives every game last changed before cutoff.
func (srv *Server) archiveIdle(cutoff time.Time) {
	srv.mu.RLock()
	held := make([]*live, 0, len(srv.games))
	for _, l := range srv.games {
		held = append(held, l)
	}
	srv.mu.RUnlock()
	for _, l := range held {
		l.mu.Lock()
		if !l.meta.Archived && l.meta.Updated.Before(cutoff) {
			srv.archive(l)
		}
		l.mu.Unlock()
	}
}

// archive takes a game out of memory and out of the cap; it stays in the
// store, where lookup reads it to be read and replayed (l.mu held).
func (srv *Server) archive(l *live) {
	if err := srv.store.Archive(context.Background(), l.meta.ID); err != nil {
		srv.log.Error("archiving a game failed; it stays in play", "game", l.meta.ID, "err", err)
		return
	}
	l.meta.Archived = true
	l.clock++ // its reaction clock no longer acts
	srv.mu.Lock()
	delete(srv.games, l.meta.ID)
	srv.archived[l.meta.ID] = true
	srv.mu.Unlock()
	if !l.meta.Over {
		srv.running.Add(-1)
	}
	srv.broadcast(l) // watchers learn that it is archived
	srv.log.Info("game archived", "game", l.meta.ID, "idle_since", l.meta.Updated)
}
