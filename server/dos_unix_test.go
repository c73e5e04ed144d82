//go:build unix

package server

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A client that sends requests and never reads the answers used to hold
// its connection and the handler's goroutine for as long as it liked.
func TestAnswersToAClientThatDoesNotReadTimeOut(t *testing.T) {
	old := writeTimeout
	writeTimeout = 200 * time.Millisecond
	defer func() { writeTimeout = old }()
	srv, hs := dosServer(t, Config{})
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	// The same server, on a listener that tells when it closes a connection.
	closed := make(chan struct{}, 1)
	watched := httptest.NewUnstartedServer(srv.Handler())
	watched.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateClosed {
			closed <- struct{}{}
		}
	}
	watched.Start()
	defer watched.Close()
	// A small receive window, set before connecting, keeps the buffers
	// between the server and this client small.
	small := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		return c.Control(func(fd uintptr) { syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
	}}
	conn, err := small.Dial("tcp", strings.TrimPrefix(watched.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	const asked = 100 // 36 KB each: far more than the socket buffers hold
	go func() {
		for i := 0; i < asked; i++ {
			fmt.Fprintf(conn, "GET /api/games/%s/board HTTP/1.1\r\nHost: x\r\n\r\n", g.ID)
		}
	}()
	select { // not reading, while the server fills the buffers, blocks and gives up
	case <-closed:
	case <-time.After(patience):
		t.Fatal("the server still holds the connection of a client that does not read")
	}
	conn.SetReadDeadline(time.Now().Add(patience))
	br := bufio.NewReader(conn)
	answered := 0
	for ; answered < asked; answered++ {
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			break
		}
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if err != nil {
			break
		}
	}
	if answered == asked {
		t.Errorf("all %d answers waited for a client that did not read", asked)
	}
}
