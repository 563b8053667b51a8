package editors

import (
	"os"
	"path/filepath"
	"testing"
)

// TestNeovimHealth runs :checkhealth heat-ls in real Neovim with a heat-ls
// built from this checkout: the report finds the binary and shows its
// version, says filetype detection is on and lists the attached client;
// a missing binary, another program in its place and missing ftdetect
// autocommands are reported as such (editors/nvim/test/health.lua).
func TestNeovimHealth(t *testing.T) {
	nvim := requireTool(t, neovim)
	root := moduleRoot(t)
	bin := os.Getenv("HEAT_LS_BIN")
	if bin == "" {
		var err error
		if bin, err = buildServer(root, t.TempDir()); err != nil {
			t.Fatal(err)
		}
	}
	env := isolatedEnv(t, bin, filepath.Join(root, "testdata", "editors"))
	runEditor(t, editorTimeout, filepath.Join(root, "editors", "nvim"), env, nvim,
		"--headless", "-n", "-i", "NONE", "-u", "test/init.lua", "-c", "luafile test/health.lua")
}
