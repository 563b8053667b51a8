package workspace

import (
	"os"
	"path/filepath"
	"strings"

	"heat-ls/analysis/limits"
	"heat-ls/analysis/source"
)

// Guard is the one place that decides which files heat-ls may read or
// show. A path is allowed when, after following symbolic links, it lies
// inside one of the workspace folders or inside the directory tree of the
// document that refers to it. Relative references are resolved against the
// referring document's directory; URLs are never allowed (never fetched).
//
// A document's own tree stands for its project only when its directory
// could be one: a document directly in a filesystem root or in a home
// directory (the user's, /root, any directory right under /home or
// /Users, or /home and /Users themselves) reads no other file unless a
// workspace folder holds it, since its tree would be the whole disk or
// everything the user owns. Paths are cleaned (".." resolved, as a
// "%2e%2e" in a URI becomes) and links followed before any of this.
type Guard struct {
	roots []string // cleaned, absolute, symlinks evaluated
	homes []string // home directories and their parents, as roots are
}

// NewGuard builds a guard for the given workspace folders. Folders that do
// not exist are kept as written (cleaned, made absolute).
func NewGuard(roots ...string) Guard {
	g := Guard{}
	for _, r := range roots {
		if r == "" {
			continue
		}
		g.roots = append(g.roots, realPath(r))
	}
	g.homes = []string{"/root", "/home", "/Users"}
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		g.homes = append(g.homes, realPath(home))
	}
	return g
}

// ownTree reports whether a document in dir may read its directory tree:
// not when dir is a filesystem root or a home directory (see Guard).
func (g Guard) ownTree(dir string) bool {
	parent := filepath.Dir(dir)
	if parent == dir {
		return false
	}
	for _, h := range g.homes {
		if dir == h {
			return false
		}
	}
	return parent != "/home" && parent != "/Users"
}

// Roots returns the guarded workspace folders.
func (g Guard) Roots() []string { return append([]string(nil), g.roots...) }

// Allow reports whether path may be read or shown for the document at
// fromPath (which may be empty when there is no referring document).
func (g Guard) Allow(path, fromPath string) bool {
	if path == "" || IsURL(path) {
		return false
	}
	real := realPath(path)
	for _, r := range g.roots {
		if within(real, r) {
			return true
		}
	}
	if fromPath != "" {
		dir := realPath(filepath.Dir(fromPath))
		return g.ownTree(dir) && within(real, dir)
	}
	return false
}

// Resolve turns a reference written in the document at fromPath (a
// relative path, an absolute path or a file:// URL) into an absolute path,
// and says whether the guard allows it. Other URLs give ok=false.
func (g Guard) Resolve(fromPath, ref string) (abs string, ok bool) {
	abs = ResolvePath(fromPath, ref)
	if abs == "" {
		return "", false
	}
	return abs, g.Allow(abs, fromPath)
}

// ReadFile reads path when the guard allows it for fromPath.
func (g Guard) ReadFile(path, fromPath string) ([]byte, error) {
	if !g.Allow(path, fromPath) {
		return nil, &os.PathError{Op: "read", Path: path, Err: os.ErrPermission}
	}
	return source.ReadRegular(path, limits.File)
}

// ResolvePath resolves ref against the directory of fromPath without any
// access check: "" for URLs other than file:// and for empty references.
func ResolvePath(fromPath, ref string) string {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return ""
	}
	if rest, ok := strings.CutPrefix(ref, "file://"); ok {
		ref = rest
		if !filepath.IsAbs(ref) {
			ref = filepath.Join(filepath.Dir(fromPath), ref)
		}
		return filepath.Clean(ref)
	}
	if IsURL(ref) {
		return ""
	}
	if filepath.IsAbs(ref) {
		return filepath.Clean(ref)
	}
	if fromPath == "" {
		return ""
	}
	return filepath.Clean(filepath.Join(filepath.Dir(fromPath), ref))
}

// IsURL reports whether ref has a URL scheme ("http://", "file://", ...).
func IsURL(ref string) bool {
	i := strings.Index(ref, "://")
	if i <= 0 {
		return false
	}
	for _, c := range ref[:i] {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// realPath makes p absolute and follows symbolic links. For a path that
// does not exist it follows links in the longest existing parent, so a
// missing file below a link that leaves the folder is still caught.
func realPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		abs = filepath.Clean(p)
	}
	var rest []string
	cur := abs
	for range 256 {
		if r, err := filepath.EvalSymlinks(cur); err == nil {
			return filepath.Join(append([]string{r}, rest...)...)
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			break
		}
		rest = append([]string{filepath.Base(cur)}, rest...)
		cur = parent
	}
	return abs
}

// within reports whether path is dir or below it (both cleaned, absolute).
// It compares the text only, allocating nothing: the index asks it for
// every file against every folder when folders change.
func within(path, dir string) bool {
	if !strings.HasPrefix(path, dir) {
		return false
	}
	if len(path) == len(dir) {
		return true
	}
	return strings.HasSuffix(dir, string(filepath.Separator)) || path[len(dir)] == filepath.Separator
}
