;;; heat-ls-lint.el --- MELPA's package checks on heat-ls.el  -*- lexical-binding: t; -*-

;;; Commentary:

;; Runs the checks MELPA runs on a submitted package, in batch:
;;
;;   emacs --batch -q -L . -l test/heat-ls-lint.el     (in editors/emacs)
;;
;; byte-compilation without a single warning, `checkdoc' and
;; `package-lint' (Debian: elpa-package-lint).  Prints "ok:", "SKIP:" and
;; "FAIL:" lines and a summary, and exits non-zero when a check failed.
;; The Go test editors/packaging_test.go runs it.

;;; Code:

(require 'package)
(require 'checkdoc)

(defvar heat-ls-lint--passed 0)
(defvar heat-ls-lint--skipped 0)
(defvar heat-ls-lint--failed 0)

(defun heat-ls-lint--report (what problems)
  "Print WHAT as passed when PROBLEMS is empty, else as failed with them."
  (if (null problems)
      (progn (setq heat-ls-lint--passed (1+ heat-ls-lint--passed))
             (princ (format "ok: %s\n" what)))
    (setq heat-ls-lint--failed (1+ heat-ls-lint--failed))
    (princ (format "FAIL: %s: %s\n" what (mapconcat #'identity problems "; ")))))

(defun heat-ls-lint--skip (why)
  "Print WHY as a skipped check."
  (setq heat-ls-lint--skipped (1+ heat-ls-lint--skipped))
  (princ (format "SKIP: %s\n" why)))

(defconst heat-ls-lint--file (expand-file-name "heat-ls.el")
  "The package file under test.")

(defun heat-ls-lint--byte-compile ()
  "Byte-compile the package into a temporary directory; return the warnings."
  (let* ((dir (make-temp-file "heat-ls-elc" t))
         (byte-compile-dest-file-function
          (lambda (f) (expand-file-name (concat (file-name-nondirectory f) "c") dir)))
         (warnings '())
         (byte-compile-log-warning-function
          (lambda (string &optional position _fill level)
            (push (format "%s %s at %s" (or level :warning) string position) warnings)
            t)))
    (unwind-protect
        (unless (byte-compile-file heat-ls-lint--file)
          (push "byte-compile-file failed" warnings))
      (delete-directory dir t))
    (nreverse warnings)))

(defun heat-ls-lint--checkdoc ()
  "Run checkdoc over the package; return its complaints."
  (let ((complaints '()))
    (with-current-buffer (find-file-noselect heat-ls-lint--file)
      (let ((checkdoc-create-error-function
             (lambda (text start _end &optional _unfixable)
               (push (format "line %d: %s" (line-number-at-pos start) text) complaints)
               nil))
            (checkdoc-autofix-flag 'never))
        (checkdoc-current-buffer t)))
    (nreverse complaints)))

(defun heat-ls-lint--package-lint ()
  "Run package-lint over the package; return its complaints.
Dependencies count as installable when installed: the archives cannot be
reached here, so the installed packages stand in for them."
  (require 'package-lint)
  (let ((package-archive-contents (append package-alist package-archive-contents)))
    (with-current-buffer (find-file-noselect heat-ls-lint--file)
      (mapcar (lambda (e) (format "line %d col %d: %s: %s" (nth 0 e) (nth 1 e) (nth 2 e) (nth 3 e)))
              (package-lint-buffer)))))

(let ((byte-compile-error-on-warn nil))
  (heat-ls-lint--report "heat-ls.el byte-compiles without warnings" (heat-ls-lint--byte-compile)))
(heat-ls-lint--report "heat-ls.el passes checkdoc" (heat-ls-lint--checkdoc))
(package-initialize)
(if (not (locate-library "package-lint"))
    (if (or (equal (getenv "CI") "true") (getenv "HEAT_LS_EDITOR_TESTS"))
        (heat-ls-lint--report "package-lint is installed" '("install it with `apt-get install -y elpa-package-lint`"))
      (heat-ls-lint--skip "package-lint is not installed (install it with `apt-get update && apt-get install -y elpa-package-lint`)"))
  (heat-ls-lint--report "heat-ls.el passes package-lint" (heat-ls-lint--package-lint)))

(princ (format "heat-ls packaging test (emacs %s): %d passed, %d skipped, %d failed\n"
               emacs-version heat-ls-lint--passed heat-ls-lint--skipped heat-ls-lint--failed))
(kill-emacs (if (> heat-ls-lint--failed 0) 1 0))

;;; heat-ls-lint.el ends here
