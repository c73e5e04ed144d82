package server

import (
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
)

// client is the address a request comes from: the peer, or behind a trusted
// reverse proxy the address the proxy names (X-Forwarded-For).
func (srv *Server) client(r *http.Request) netip.Addr {
	peer := peerAddr(r)
	if !srv.trusted(peer) {
		return peer
	}
	// The right-most address not of a trusted proxy is the one the last
	// trusted proxy saw; those to its left are the client's to invent.
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			return peer
		}
		if a = a.Unmap(); !srv.trusted(a) {
			return a
		}
	}
	return peer
}

func peerAddr(r *http.Request) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	a, _ := netip.ParseAddr(host)
	return a.Unmap()
}

func (srv *Server) trusted(a netip.Addr) bool {
	for _, p := range srv.cfg.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// clientKey is what limits and quotas count by: an IPv4 address, or the /64
// of an IPv6 address, since one subscriber commonly holds a whole /64.
func (srv *Server) clientKey(r *http.Request) string {
	a := srv.client(r)
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

// publicURL is the server's address as the browser used it, without a
// trailing slash: the configured public URL, else the request's Host (and,
// behind a trusted proxy, X-Forwarded-Proto and X-Forwarded-Host).
func (srv *Server) publicURL(r *http.Request) string {
	if srv.cfg.PublicURL != "" {
		return strings.TrimSuffix(srv.cfg.PublicURL, "/")
	}
	scheme, host := "http", r.Host
	if r.TLS != nil {
		scheme = "https"
	}
	if srv.trusted(peerAddr(r)) {
		if p := r.Header.Get("X-Forwarded-Proto"); p == "http" || p == "https" {
			scheme = p
		}
		if h := r.Header.Get("X-Forwarded-Host"); h != "" {
			host = h
		}
	}
	return scheme + "://" + host
}

// checkOrigin refuses a state-changing request that a browser sent from
// another site's page. Clients that are not browsers send no Origin.
func (srv *Server) checkOrigin(r *http.Request) *apiError {
	origin := r.Header.Get("Origin")
	if origin == "" {
		if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
			return errf(403, "cross_origin", "requests from other sites' pages are refused")
		}
		return nil
	}
	want, err := url.Parse(srv.publicURL(r))
	if err != nil || !strings.EqualFold(origin, want.Scheme+"://"+want.Host) {
		return errf(403, "cross_origin", "requests from pages of %s are refused; use the pages of %s", origin, srv.publicURL(r))
	}
	return nil
}
