package config

import (
	"os"
	"sync"
	"time"
)

// Cache keeps parsed project files for a long-running caller (the
// language server checks every document on every change, and each check
// reads the project file governing it). An entry is used again while the
// file's size and modification time are unchanged, so an edit to the file
// still takes effect at the next check. The zero value is ready to use and
// safe for concurrent use.
type Cache struct {
	mu      sync.Mutex
	entries map[string]cachedConfig
}

type cachedConfig struct {
	size     int64
	mod      time.Time
	cfg      *Config
	problems []Problem
}

// maxCachedConfigs bounds the cache; it is cleared when full.
const maxCachedConfigs = 256

// Load is the package's Load through the cache. The result is shared:
// callers must not change it.
func (c *Cache) Load(file string) (*Config, []Problem) {
	info, err := os.Stat(file)
	if err != nil || !info.Mode().IsRegular() {
		return Load(file) // says what is wrong with it
	}
	c.mu.Lock()
	e, ok := c.entries[file]
	c.mu.Unlock()
	if ok && e.size == info.Size() && e.mod.Equal(info.ModTime()) {
		return e.cfg, e.problems
	}
	cfg, problems := Load(file)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil || len(c.entries) >= maxCachedConfigs {
		c.entries = map[string]cachedConfig{}
	}
	c.entries[file] = cachedConfig{size: info.Size(), mod: info.ModTime(), cfg: cfg, problems: problems}
	return cfg, problems
}
