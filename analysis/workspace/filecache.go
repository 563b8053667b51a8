package workspace

import (
	"os"
	"sync"
	"time"
)

// fileCache keeps the parse of files read on demand (referred to, not
// indexed) across snapshots, keyed by path and checked against the file's
// size and modification time, so a diagnostics run per keystroke does not
// parse the same nested template again.
type fileCache struct {
	mu      sync.Mutex
	entries map[string]cachedFile
}

type cachedFile struct {
	size int64
	mod  time.Time
	file *File // nil: not a template or environment
}

// maxCachedFiles bounds the cache; it is simply cleared when full.
const maxCachedFiles = 4096

// load returns the parse of path, reading it when it changed.
func (c *fileCache) load(path string) *File {
	info, err := os.Stat(path)
	if err != nil || !info.Mode().IsRegular() {
		return nil
	}
	c.mu.Lock()
	e, ok := c.entries[path]
	c.mu.Unlock()
	if ok && e.size == info.Size() && e.mod.Equal(info.ModTime()) {
		return e.file
	}
	f := loadFile(path)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil || len(c.entries) >= maxCachedFiles {
		c.entries = map[string]cachedFile{}
	}
	c.entries[path] = cachedFile{size: info.Size(), mod: info.ModTime(), file: f}
	return f
}

// dropIndexed drops the parses of files disk holds: a snapshot reads an
// indexed file from the index, never from here, so such an entry (a file
// read while its folder was out of the workspace) would only keep a full
// parse alive until the cache fills.
func (c *fileCache) dropIndexed(disk map[string]*File) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for path := range c.entries {
		if disk[path] != nil {
			delete(c.entries, path)
		}
	}
}
