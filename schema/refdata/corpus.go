package refdata

import (
	"io/fs"
	"os"
	"path/filepath"
)

// CorpusYAML returns the texts of the corpus's .yaml files (../shared/
// corpus), in the order a walk of the folder meets them; ok is false when
// ../shared is not there.
func CorpusYAML() (texts [][]byte, ok bool) {
	dir, ok := Dir()
	if !ok {
		return nil, false
	}
	filepath.WalkDir(filepath.Join(dir, "corpus"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".yaml" {
			return err
		}
		if src, err := os.ReadFile(path); err == nil {
			texts = append(texts, src)
		}
		return nil
	})
	return texts, true
}
