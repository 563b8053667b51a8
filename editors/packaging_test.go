package editors

import (
	"os"
	"path/filepath"
	"testing"
)

// TestEmacsPackageChecks runs MELPA's checks on editors/emacs/heat-ls.el in
// real Emacs: byte-compilation without warnings, checkdoc and package-lint
// (editors/emacs/test/heat-ls-lint.el). package-lint comes from Debian's
// elpa-package-lint; without it that check skips, except in CI.
func TestEmacsPackageChecks(t *testing.T) {
	em := requireTool(t, emacs)
	root := moduleRoot(t)
	env := isolatedEnv(t, "", filepath.Join(root, "testdata", "editors"))
	// -q, not -Q: Debian's elpa packages (eglot, package-lint) are found
	// through site-start.
	runEditor(t, editorTimeout, filepath.Join(root, "editors", "emacs"), env, em,
		"--batch", "-q", "-L", ".", "-l", "test/heat-ls-lint.el")
	if _, err := os.Stat(filepath.Join(root, "editors", "emacs", "heat-ls.elc")); err == nil {
		t.Error("the check left heat-ls.elc beside the source")
	}
}
