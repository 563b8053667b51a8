package main

import (
	"bytes"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The security tests prove three promises against the real binary, both
// for "heat-ls check" and for an editing session:
//
//   - it executes nothing a template names: a PATH full of trap programs
//     records any run, and the process never has a child;
//   - it opens no network connection: a local listener that templates
//     point at is never contacted, and the process never holds a socket;
//   - it reads no file outside the workspace folders and the checked
//     paths: inotify on a directory next to the workspace reports any
//     open of a file in it, though templates refer to it by relative
//     paths, absolute paths, file:// URLs and a symbolic link.
//
// That the workspace path guard refuses escapes is unit-tested in
// analysis/workspace (guard tests); these tests check the whole binary.

// hostileFixture lays out root/ws (the workspace) and root/secret (outside
// it), with templates in ws that reach for secret, the network and
// programs. It returns the workspace, the secret directory and the
// template paths.
func hostileFixture(t *testing.T, listenAddr string) (ws, secret string, templates []string) {
	t.Helper()
	root := t.TempDir()
	ws, secret = filepath.Join(root, "ws"), filepath.Join(root, "secret")
	for _, d := range []string{filepath.Join(ws, "sub"), secret} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(path, text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(secret, "key.txt"), "secret\n")
	write(filepath.Join(secret, "nested.yaml"), "heat_template_version: 2018-08-31\noutputs: {o: {value: 1}}\n")
	write(filepath.Join(secret, "env.yaml"), "parameter_defaults: {a: 1}\n")
	if err := os.Symlink(filepath.Join(secret, "nested.yaml"), filepath.Join(ws, "link.yaml")); err != nil {
		t.Fatal(err)
	}
	secretURL := (&url.URL{Scheme: "file", Path: filepath.Join(secret, "key.txt")}).String()
	web := "http://" + listenAddr
	main := fmt.Sprintf(`heat_template_version: 2018-08-31
parameters:
  cmd: {type: string, default: "$(touch /tmp/heat-ls-pwned); sh -c id"}
resources:
  run:
    type: OS::Heat::SoftwareConfig
    properties:
      group: script
      config: {get_file: ../secret/key.txt}
  run2:
    type: OS::Heat::SoftwareConfig
    properties:
      config: {get_file: %[1]s}
  run3:
    type: OS::Heat::SoftwareConfig
    properties:
      config: {get_file: %[2]s}
  run4:
    type: OS::Heat::SoftwareConfig
    properties:
      config: {get_file: %[3]s/script.sh}
  nested:
    type: ../secret/nested.yaml
  nested2:
    type: %[3]s/nested.yaml
  nested3:
    type: link.yaml
  nested4:
    type: %[4]s
  shell:
    type: OS::Nova::Server
    properties:
      image: cirros
      flavor: m1.tiny
      user_data: {str_replace: {template: "#!/bin/sh\nsh -c 'touch /tmp/heat-ls-pwned'\n", params: {}}}
      user_data_format: RAW
`, secretURL, filepath.Join(secret, "key.txt"), web, filepath.Join(secret, "nested.yaml"))
	write(filepath.Join(ws, "main.yaml"), main)
	write(filepath.Join(ws, "sub", "env.yaml"), fmt.Sprintf("resource_registry:\n  My::Secret: ../../secret/nested.yaml\n  My::Web: %s/t.yaml\n  My::Abs: %s\nparameter_defaults: {cmd: x}\n", web, filepath.Join(secret, "nested.yaml")))
	return ws, secret, []string{filepath.Join(ws, "main.yaml"), filepath.Join(ws, "sub", "env.yaml")}
}

// trapPath makes a directory of programs named like common tools, each of
// which leaves a mark in marks if it ever runs.
func trapPath(t *testing.T) (dir, marks string) {
	t.Helper()
	dir, marks = t.TempDir(), filepath.Join(t.TempDir(), "marks")
	script := fmt.Sprintf("#!/bin/sh\necho \"$0 $*\" >> %s\n", marks)
	for _, name := range []string{"sh", "bash", "curl", "wget", "python", "python3", "openstack", "heat", "git", "ssh", "nc", "id", "touch", "xdg-open"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir, marks
}

// watchOpens reports, through the returned function, whether any file or
// directory in dir was opened or read since the call.
func watchOpens(t *testing.T, dir string) func() []string {
	t.Helper()
	fd, err := syscall.InotifyInit1(syscall.IN_NONBLOCK | syscall.IN_CLOEXEC)
	if err != nil {
		t.Skipf("no inotify (run on Linux): %v", err)
	}
	if _, err := syscall.InotifyAddWatch(fd, dir, syscall.IN_OPEN|syscall.IN_ACCESS); err != nil {
		syscall.Close(fd)
		t.Skipf("no inotify watch (run on Linux, below the inotify watch limit): %v", err)
	}
	t.Cleanup(func() { syscall.Close(fd) })
	return func() []string {
		var events []string
		buf := make([]byte, 64<<10)
		for {
			n, err := syscall.Read(fd, buf)
			if n <= 0 || err != nil {
				return events
			}
			for off := 0; off+syscall.SizeofInotifyEvent <= n; {
				ev := (*syscall.InotifyEvent)(unsafePointer(&buf[off]))
				name := strings.TrimRight(string(buf[off+syscall.SizeofInotifyEvent:off+syscall.SizeofInotifyEvent+int(ev.Len)]), "\x00")
				events = append(events, fmt.Sprintf("%#x %s", ev.Mask, name))
				off += syscall.SizeofInotifyEvent + int(ev.Len)
			}
		}
	}
}

// listen opens a local TCP listener and returns its address and a function
// reporting whether anything connected to it.
func listen(t *testing.T) (string, func() bool) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skipf("cannot listen: %v", err)
	}
	t.Cleanup(func() { l.Close() })
	return l.Addr().String(), func() bool {
		l.(*net.TCPListener).SetDeadline(time.Now().Add(50 * time.Millisecond))
		c, err := l.Accept()
		if err == nil {
			c.Close()
			return true
		}
		return false
	}
}

// watchProcess samples a process's children and sockets until stop is
// closed, and returns what it saw.
func watchProcess(pid int, stop <-chan struct{}) <-chan []string {
	out := make(chan []string, 1)
	go func() {
		var seen []string
		for {
			if children, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid)); len(children) > 0 {
				for _, c := range children {
					if b, err := os.ReadFile(c); err == nil && len(bytes.TrimSpace(b)) > 0 {
						seen = append(seen, "child process "+string(bytes.TrimSpace(b)))
					}
				}
			}
			fds, _ := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
			for _, fd := range fds {
				if link, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, fd.Name())); err == nil && strings.HasPrefix(link, "socket:") {
					seen = append(seen, "socket "+link)
				}
			}
			select {
			case <-stop:
				out <- seen
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	return out
}

func TestCheckStaysInside(t *testing.T) {
	addr, contacted := listen(t)
	ws, secret, templates := hostileFixture(t, addr)
	opened := watchOpens(t, secret)
	traps, marks := trapPath(t)

	cmd := exec.Command(binary(t), append([]string{"check", "--format", "json", "--severity", "info", "--env", templates[1]}, templates[0], ".")...)
	cmd.Dir = ws
	cmd.Env = append(os.Environ(), "PATH="+traps)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	seen := watchProcess(cmd.Process.Pid, stop)
	err := cmd.Wait()
	close(stop)
	if code := cmd.ProcessState.ExitCode(); code == 2 && strings.Contains(stderr.String(), "--env") {
		// Without the --env flag the template alone is checked.
		cmd = exec.Command(binary(t), "check", "--format", "json", "--severity", "info", templates[0], ".")
		cmd.Dir = ws
		cmd.Env = append(os.Environ(), "PATH="+traps)
		stdout.Reset()
		stderr.Reset()
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err = cmd.Run()
	}
	t.Logf("check: %v\n%s\n%s", err, stdout.String(), stderr.String())
	if !strings.Contains(stdout.String(), `"problems"`) {
		t.Fatalf("check did not report: %v\n%s", err, stderr.String())
	}
	assertStayedInside(t, <-seen, opened(), contacted(), marks)
}

func TestSessionStaysInside(t *testing.T) {
	addr, contacted := listen(t)
	ws, secret, templates := hostileFixture(t, addr)
	opened := watchOpens(t, secret)
	traps, marks := trapPath(t)

	cmd := exec.Command(binary(t))
	cmd.Dir = ws
	cmd.Env = append(os.Environ(), "PATH="+traps)
	s := startCommand(t, cmd, nil)
	stop := make(chan struct{})
	seen := watchProcess(s.cmd.Process.Pid, stop)

	wsURI := (&url.URL{Scheme: "file", Path: ws}).String()
	s.call(1, "initialize", fmt.Sprintf(`{"processId":null,"rootUri":%q,"workspaceFolders":[{"uri":%q,"name":"ws"}],"capabilities":{"textDocument":{"hover":{"contentFormat":["markdown"]}}}}`, wsURI, wsURI))
	s.notify("initialized", `{}`)
	id := 10
	for _, path := range templates {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		uri := (&url.URL{Scheme: "file", Path: path}).String()
		s.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, uri, mustJSON(string(text))))
		s.diagnosticsFor(uri, 1)
		// Ask about every line: hovers, definitions, links and completions
		// on the references to the secret directory and the network.
		for line := range strings.Count(string(text), "\n") {
			for _, method := range []string{"textDocument/hover", "textDocument/definition", "textDocument/completion"} {
				for _, col := range []int{8, 16, 24} {
					id++
					s.request(id, method, fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":%d,"character":%d}}`, uri, line, col))
				}
			}
		}
		id++
		s.request(id, "textDocument/documentLink", fmt.Sprintf(`{"textDocument":{"uri":%q}}`, uri))
	}
	id++
	s.request(id, "workspace/symbol", `{"query":""}`)
	close(stop)
	assertStayedInside(t, <-seen, opened(), contacted(), marks)
}

func assertStayedInside(t *testing.T, seen, opened []string, contacted bool, marks string) {
	t.Helper()
	if len(seen) > 0 {
		t.Errorf("heat-ls had children or sockets: %q", dedupe(seen))
	}
	if len(opened) > 0 {
		t.Errorf("heat-ls opened files outside the workspace: %q", opened)
	}
	if contacted {
		t.Error("heat-ls connected to the address a template named")
	}
	if b, err := os.ReadFile(marks); err == nil {
		t.Errorf("heat-ls ran programs:\n%s", b)
	}
	if _, err := os.Stat("/tmp/heat-ls-pwned"); err == nil {
		t.Error("/tmp/heat-ls-pwned exists")
	}
}

func dedupe(list []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// TestWatchersSeeViolations shows that each watcher used above does fire,
// so the security tests can fail.
func TestWatchersSeeViolations(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	opened := watchOpens(t, dir)
	if _, err := os.ReadFile(filepath.Join(dir, "f")); err != nil {
		t.Fatal(err)
	}
	if len(opened()) == 0 {
		t.Error("inotify did not see a read")
	}

	addr, contacted := listen(t)
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if !contacted() {
		t.Error("the listener did not see a connection")
	}

	sh := exec.Command("sh", "-c", "sleep 0.3 & sleep 0.3")
	if err := sh.Start(); err != nil {
		t.Skipf("no sh (run where /bin/sh exists): %v", err)
	}
	stop := make(chan struct{})
	seen := watchProcess(sh.Process.Pid, stop)
	time.Sleep(150 * time.Millisecond)
	close(stop)
	sh.Wait()
	if len(<-seen) == 0 {
		t.Error("the process watcher did not see a child")
	}
}
