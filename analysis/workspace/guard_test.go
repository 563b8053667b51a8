package workspace

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGuard pins the one rule for file access: inside a workspace folder
// or inside the referring document's directory tree, after following
// symbolic links; never a URL.
func TestGuard(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "ws")
	outside := filepath.Join(base, "outside")
	for _, d := range []string{root + "/proj/sub", outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p string) {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(root + "/proj/a.yaml")
	write(outside + "/secret.txt")
	if err := os.Symlink(outside, root+"/proj/link"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside+"/secret.txt", root+"/proj/secret.sh"); err != nil {
		t.Fatal(err)
	}
	g := NewGuard(root)
	from := root + "/proj/a.yaml"
	tests := []struct {
		name, ref string
		from      string
		want      bool
	}{
		{"sibling", "b.sh", from, true},
		{"below", "sub/c.yaml", from, true},
		{"up inside the folder", "../other.yaml", from, true},
		{"etc passwd", "../../../../../../etc/passwd", from, false},
		{"absolute outside", "/etc/passwd", from, false},
		{"file URL outside", "file:///etc/passwd", from, false},
		{"file URL relative", "file://sub/c.yaml", from, true},
		{"http URL", "https://example.com/x.yaml", from, false},
		{"symlinked directory escaping", "link/secret.txt", from, false},
		{"symlinked file escaping", "secret.sh", from, false},
		{"missing file below escaping link", "link/nothing.yaml", from, false},
		{"outside the folder but in the template's tree", "secret.txt", outside + "/t.yaml", true},
		{"outside the folder and above the template", "../ws/proj/a.yaml", outside + "/t.yaml", true},
		{"above an outside template", "../../x", outside + "/t.yaml", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, ok := g.Resolve(tc.from, tc.ref)
			if ok != tc.want {
				t.Errorf("Resolve(%q, %q) allowed = %v, want %v", tc.from, tc.ref, ok, tc.want)
			}
			if !tc.want {
				if _, err := g.ReadFile(ResolvePath(tc.from, tc.ref), tc.from); err == nil {
					t.Errorf("ReadFile read a refused path %q", tc.ref)
				}
			}
		})
	}
}

// TestGuardBroadDirectories: a document outside every workspace folder
// reads its own tree only when that tree could be a project, not when it
// sits in a filesystem root or a home directory.
func TestGuardBroadDirectories(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	proj := filepath.Join(home, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	g := NewGuard() // no workspace folder
	tests := []struct {
		name, from, ref string
		want            bool
	}{
		{"document at the filesystem root", "/t.yaml", "etc/passwd", false},
		{"document at the root, sibling", "/t.yaml", "other.yaml", false},
		{"document in the home directory", filepath.Join(home, "t.yaml"), "proj/x.yaml", false},
		{"document in /root", "/root/t.yaml", "x.yaml", false},
		{"document in another user's home", "/home/someone/t.yaml", "x.yaml", false},
		{"document in /home", "/home/t.yaml", "someone/x.yaml", false},
		{"document in a project under home", filepath.Join(proj, "t.yaml"), "nested.yaml", true},
		{"dot-dot segments resolved first", filepath.Join(proj, "..", "t.yaml"), "proj/x.yaml", false},
		{"dot-dot segments to the root", "/srv/../../t.yaml", "etc/passwd", false},
		{"document in an ordinary directory", "/srv/heat/t.yaml", "nested.yaml", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, ok := g.Resolve(tc.from, tc.ref); ok != tc.want {
				t.Errorf("Resolve(%q, %q) allowed = %v, want %v", tc.from, tc.ref, ok, tc.want)
			}
		})
	}
	// A workspace folder still allows what is inside it.
	if _, ok := NewGuard(home).Resolve(filepath.Join(home, "t.yaml"), "proj/x.yaml"); !ok {
		t.Error("a workspace folder at the home directory does not allow its files")
	}
}

func TestResolvePath(t *testing.T) {
	tests := []struct{ from, ref, want string }{
		{"/w/p/t.yaml", "x.sh", "/w/p/x.sh"},
		{"/w/p/t.yaml", "../n/x.yaml", "/w/n/x.yaml"},
		{"/w/p/t.yaml", "/abs/x", "/abs/x"},
		{"/w/p/t.yaml", "file:///abs/x", "/abs/x"},
		{"/w/p/t.yaml", "http://h/x.yaml", ""},
		{"", "x.sh", ""},
		{"/w/p/t.yaml", "  ", ""},
	}
	for _, tc := range tests {
		if got := ResolvePath(tc.from, tc.ref); got != tc.want {
			t.Errorf("ResolvePath(%q, %q) = %q, want %q", tc.from, tc.ref, got, tc.want)
		}
	}
}

func TestGlobMatch(t *testing.T) {
	tests := []struct {
		pattern, name string
		want          bool
	}{
		{"OS::TripleO::*", "OS::TripleO::Compute", true},
		{"OS::TripleO::*", "OS::Other::Compute", false},
		{"*::Server", "My::Server", true},
		{"OS::*::Net*", "OS::A::Network", true},
		{"OS::*::Net*", "OS::A::Port", false},
		{"Exact", "Exact", true},
		{"Exact", "Exactly", false},
	}
	for _, tc := range tests {
		if got := globMatch(tc.pattern, tc.name); got != tc.want {
			t.Errorf("globMatch(%q, %q) = %v, want %v", tc.pattern, tc.name, got, tc.want)
		}
	}
}
