package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Chromium starts helper processes (zygote, renderers, GPU, network) that
// outlive its main process by a moment. Without a subreaper they go to the
// system's init, which in some containers never reaps them, and a test run
// could leave processes behind unseen. As a subreaper this test binary
// inherits them: reapChromium waits for them to end and reaps them.
func init() {
	const prSetChildSubreaper = 36
	syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
}

// reapChromium waits up to d for every child process to end and reaps it.
// It kills (by pid) and returns those still alive after d.
func reapChromium(d time.Duration) (left []string) {
	deadline := time.Now().Add(d)
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
		switch {
		case err == syscall.ECHILD:
			return left
		case err == syscall.EINTR || pid > 0:
			continue
		case err != nil:
			return append(left, "wait4: "+err.Error())
		}
		if time.Now().After(deadline) {
			for _, c := range children() {
				left = append(left, c)
				if pid, err := strconv.Atoi(strings.Fields(c)[0]); err == nil {
					syscall.Kill(pid, syscall.SIGKILL)
				}
			}
			deadline = time.Now().Add(5 * time.Second)
			if len(left) > 20 {
				return left
			}
			continue
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// children lists the living child processes: "pid command".
func children() []string {
	self := strconv.Itoa(os.Getpid())
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var out []string
	for _, f := range stats {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		s := string(data)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		fields := strings.Fields(s[i+1:]) // state, ppid, ...
		if len(fields) > 1 && fields[1] == self && fields[0] != "Z" {
			out = append(out, filepath.Base(filepath.Dir(f))+" "+s[strings.IndexByte(s, '(')+1:i])
		}
	}
	return out
}
