package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestKillNineKeepsAcknowledgedChoices runs the real binary, submits choices
// while killing it with SIGKILL, restarts it on the same database and checks
// that every acknowledged choice is there (docs/api.md: acknowledged only
// once durably stored).
func TestKillNineKeepsAcknowledgedChoices(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "sandtable")
	if out, err := exec.Command("go", "build", "-o", bin, "sandtable/cmd/sandtable").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	db := filepath.Join(dir, "crash.db")
	addr := freeAddr(t)
	start := func() *exec.Cmd {
		cmd := exec.Command(bin, "serve", "--addr", addr, "--db", db, "--log-level", "warn")
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waitHealthy(t, "http://"+addr)
		return cmd
	}
	cmd := start()
	base := "http://" + addr
	id, token := createHotseat(t, base)
	acked := 0
	done, some := make(chan struct{}), make(chan struct{})
	go func() { // keep choosing until the process dies
		defer close(done)
		for {
			choice, ok := firstChoice(base, id, token)
			if !ok {
				return
			}
			body, _ := json.Marshal(map[string]any{"version": acked, "choice": choice})
			req, _ := http.NewRequest("POST", base+"/api/games/"+id+"/choices", bytes.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+token)
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return
			}
			resp.Body.Close()
			if resp.StatusCode != 200 {
				return
			}
			acked++
			if acked == 5 {
				close(some)
			}
		}
	}()
	select { // killed while it writes: after some choices, however slow the machine
	case <-some:
	case <-done:
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	<-done
	if acked == 0 {
		t.Fatal("no choice was acknowledged before the kill")
	}
	cmd = start()
	defer func() { cmd.Process.Signal(syscall.SIGKILL); cmd.Wait() }()
	resp, err := http.Get(base + "/api/games/" + id)
	if err != nil {
		t.Fatal(err)
	}
	var sum struct{ Version int }
	json.NewDecoder(resp.Body).Decode(&sum)
	resp.Body.Close()
	if sum.Version < acked {
		t.Fatalf("after kill -9 and restart the game is at version %d, but %d choices were acknowledged", sum.Version, acked)
	}
	t.Logf("%d choices acknowledged before SIGKILL; %d stored", acked, sum.Version)
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func waitHealthy(t *testing.T, base string) {
	for deadline := time.Now().Add(patience); time.Now().Before(deadline); {
		if resp, err := http.Get(base + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("the server did not become healthy")
}

// createHotseat makes a game with two human seats and returns the British
// token: the British set up first, so there are fifty choices to make.
func createHotseat(t *testing.T, base string) (string, string) {
	body := `{"game":"soa","seed":"1","seats":{"british":"human","german":"human"}}`
	resp, err := http.Post(base+"/api/games", "application/json", bytes.NewBufferString(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		ID     string
		Tokens map[string]string
	}
	json.NewDecoder(resp.Body).Decode(&out)
	if out.ID == "" {
		t.Fatalf("create failed: %d", resp.StatusCode)
	}
	return out.ID, out.Tokens["british"]
}

func firstChoice(base, id, token string) (string, bool) {
	req, _ := http.NewRequest("GET", base+"/api/games/"+id+"/view", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", false
	}
	defer resp.Body.Close()
	var v struct {
		View struct {
			Choices []struct{ ID string }
		}
	}
	json.NewDecoder(resp.Body).Decode(&v)
	if len(v.View.Choices) == 0 {
		return "", false
	}
	return fmt.Sprint(v.View.Choices[0].ID), true
}
