;;; heat-ls-test.el --- Batch test of heat-ls.el against the real server  -*- lexical-binding: t; -*-

;;; Commentary:

;; HEAT_LS_BIN=/path/heat-ls emacs --batch -q -L editors/emacs -l editors/emacs/test/heat-ls-test.el
;;
;; Opens testdata/editors/template.yaml, checks that `heat-mode' was chosen
;; by content, lets `heat-mode' start eglot, waits for heat-ls's flymake
;; diagnostics and asks for xref definitions, hover and completion; then
;; `heat-ls-preview' on testdata/editors/preview, and the code lenses
;; heat-ls.el draws (and eglot's greying of what a false condition leaves
;; out) on testdata/editors/lenses, whose .heat-ls.yaml makes env.yaml
;; active.  Expected values come from testdata/editors/expectations.json
;; and the tests themselves.  Prints
;; "ok: ...", "SKIP: ..." and "FAIL: ..." lines and a summary on stdout and
;; exits non-zero when anything failed.

;;; Code:

(require 'cl-lib)
(require 'json)
(require 'subr-x)

(defvar heat-ls-test--passed 0)
(defvar heat-ls-test--skipped 0)
(defvar heat-ls-test--failed 0)
(defvar heat-ls-test--server nil "The eglot server under test, for the failure dump.")

(defconst heat-ls-test--dir
  (file-name-directory (or load-file-name buffer-file-name)))

(defconst heat-ls-test--fixture-dir
  (or (getenv "HEAT_LS_FIXTURE_DIR")
      (expand-file-name "../../../testdata/editors" heat-ls-test--dir)))

(defconst heat-ls-test--timeout
  (/ (string-to-number (or (getenv "HEAT_LS_TEST_TIMEOUT_MS") "15000")) 1000.0))

(defun heat-ls-test--out (fmt &rest args)
  (princ (concat (apply #'format fmt args) "\n")))

(defun heat-ls-test--ok (what)
  (cl-incf heat-ls-test--passed)
  (heat-ls-test--out "ok: %s" what))

(defun heat-ls-test--skip (why)
  (cl-incf heat-ls-test--skipped)
  (heat-ls-test--out "SKIP: %s" why))

(defun heat-ls-test--fail (why)
  (cl-incf heat-ls-test--failed)
  (heat-ls-test--out "FAIL: %s" why))

(defun heat-ls-test--check (cond what &optional detail)
  (if cond
      (heat-ls-test--ok what)
    (heat-ls-test--fail (if detail (format "%s: %s" what detail) what)))
  cond)

(defun heat-ls-test--read-json (file)
  (with-temp-buffer
    (insert-file-contents file)
    (let ((json-object-type 'plist)
          (json-array-type 'list)
          (json-key-type 'keyword))
      (json-read))))

(defun heat-ls-test--wait (pred seconds)
  "Process output and timers until PRED holds or SECONDS pass; return PRED's value."
  (let ((deadline (+ (float-time) seconds))
        value)
    (while (and (not (setq value (funcall pred)))
                (< (float-time) deadline))
      (accept-process-output nil 0.05)
      (run-hooks 'post-command-hook)
      (when (fboundp 'timer-event-handler)
        (dolist (timer (copy-sequence timer-list))
          (when (time-less-p (timer--time timer) nil)
            (timer-event-handler timer)))))
    value))

(defun heat-ls-test--goto (pos)
  "Move to the 0-based line and character of POS (ASCII text)."
  (goto-char (point-min))
  (forward-line (plist-get pos :line))
  (forward-char (plist-get pos :character)))

(defun heat-ls-test--position-ok (name pos)
  (let ((text (plist-get pos :text)))
    (or (null text)
        (save-excursion
          (heat-ls-test--goto pos)
          (let ((got (buffer-substring-no-properties
                      (point) (min (point-max) (+ (point) (length text))))))
            (heat-ls-test--check
             (string= got text)
             (format "expectations.json %s position matches the template" name)
             (format "%d:%d should hold %S, the template has %S; update testdata/editors/expectations.json"
                     (plist-get pos :line) (plist-get pos :character) text got)))))))

(defun heat-ls-test--capable (server cap)
  "SERVER's capability CAP from its initialize answer (eglot 1.9 .. Emacs 30)."
  (plist-get (if (fboundp 'eglot--capabilities)
                 (eglot--capabilities server)
               (slot-value server 'capabilities))
             cap))

(defun heat-ls-test--uri (file)
  "FILE as a file:// URI, with whichever eglot function this eglot has."
  (if (fboundp 'eglot-path-to-uri)
      (eglot-path-to-uri file)
    (eglot--path-to-uri file)))

(defun heat-ls-test--lsp-position (pos)
  (list :line (plist-get pos :line) :character (plist-get pos :character)))

(cl-defun heat-ls-test--run ()
  (let* ((exp (heat-ls-test--read-json (expand-file-name "expectations.json" heat-ls-test--fixture-dir)))
         (template (expand-file-name (plist-get exp :template) heat-ls-test--fixture-dir))
         (bin (getenv "HEAT_LS_BIN")))
    (setq heat-ls-command (list (or bin "heat-ls")))
    (setq eglot-sync-connect heat-ls-test--timeout)

    ;; Detection by content: the cases shared by every editor.
    (dolist (c (plist-get (heat-ls-test--read-json (expand-file-name "detection.json" heat-ls-test--fixture-dir)) :cases))
      (let ((got (with-temp-buffer
                   (insert (plist-get c :text))
                   (symbol-name (or (heat-ls-buffer-kind) 'other)))))
        (heat-ls-test--check (string= got (plist-get c :kind))
                             (format "detection.json: %s" (plist-get c :name))
                             (format "want %s, got %s" (plist-get c :kind) got))))
    (let* ((tmp (make-temp-file "heat-ls-test" t))
           (env (expand-file-name "env.yaml" tmp))
           (other (expand-file-name "other.yaml" tmp)))
      (with-temp-file env (insert "resource_registry:\n  My::Server: server.yaml\nparameter_defaults:\n  flavor: m1.small\n"))
      (with-temp-file other (insert "parameters:\n  a: 1\nhosts: all\n"))
      (let ((heat-ls-auto-start nil))
        (with-current-buffer (find-file-noselect env)
          (heat-ls-test--check (eq major-mode 'heat-mode) "environment file opens in heat-mode" (format "got %s" major-mode))
          (heat-ls-test--check (eq heat-ls-kind 'environment) "heat-ls-kind is environment" (format "got %s" heat-ls-kind))
          (kill-buffer))
        (with-current-buffer (find-file-noselect other)
          (heat-ls-test--check (not (eq major-mode 'heat-mode)) "unrelated YAML does not open in heat-mode" (format "got %s" major-mode))
          (kill-buffer)))
      (delete-directory tmp t))
    (heat-ls-test--check (eq (get 'heat-mode 'derived-mode-parent) (if (fboundp 'yaml-mode) 'yaml-mode 'heat-ls-base-mode))
                         (format "heat-mode derives from %s" (get 'heat-mode 'derived-mode-parent)))

    ;; The template: mode, eglot connection, diagnostics.
    (with-current-buffer (find-file-noselect template)
      (heat-ls-test--check (eq major-mode 'heat-mode) "template opens in heat-mode" (format "got %s" major-mode))
      (let ((positions-ok (and (heat-ls-test--position-ok "hover" (plist-get (plist-get exp :hover) :position))
                               (heat-ls-test--position-ok "definition" (plist-get (plist-get exp :definition) :position))
                               (heat-ls-test--position-ok "definition target" (plist-get (plist-get exp :definition) :target))
                               (heat-ls-test--position-ok "completion" (plist-get (plist-get exp :completion) :position))))
            (server (heat-ls-test--wait (lambda () (and (bound-and-true-p eglot--managed-mode) (eglot-current-server)))
                                        heat-ls-test--timeout)))
        (unless (heat-ls-test--check server "eglot connected heat-ls in the heat-mode buffer"
                                     (format "no server within %ss (heat-ls-command %S); see the *EGLOT events* buffer"
                                             heat-ls-test--timeout heat-ls-command))
          (cl-return-from heat-ls-test--run))
        (setq heat-ls-test--server server)
        (heat-ls-test--check (object-of-class-p server 'heat-ls-server) "the server uses the heat-ls-server class" (format "got %s" (type-of server)))
        (heat-ls-test--check (equal (eglot-initialization-options server) heat-ls-settings)
                             "initializationOptions are heat-ls-settings"
                             (format "got %S" (eglot-initialization-options server)))
        (let ((answer (eglot-handle-request server 'workspace/configuration
                                            :items (vector (list :section "heat-ls") (list :section "other")))))
          (heat-ls-test--check (equal answer (vector heat-ls-settings nil))
                               "workspace/configuration answers the heat-ls section"
                               (format "got %S" answer)))
        (heat-ls-test--check (bound-and-true-p flymake-mode) "flymake is on in the eglot buffer")

        (let* ((wanted (plist-get exp :diagnostics))
               (line-of (lambda (d) (1- (line-number-at-pos (flymake-diagnostic-beg d)))))
               (matches (lambda (d want)
                          (and (= (funcall line-of d) (plist-get want :line))
                               (or (null (plist-get want :message_contains))
                                   (string-match-p (regexp-quote (downcase (plist-get want :message_contains)))
                                                   (downcase (flymake-diagnostic-text d)))))))
               (all-present (lambda ()
                              (let ((diags (flymake-diagnostics)))
                                (cl-every (lambda (want) (cl-some (lambda (d) (funcall matches d want)) diags)) wanted))))
               (have (heat-ls-test--wait (lambda () (or (funcall all-present) (progn (flymake-start) nil)))
                                         heat-ls-test--timeout)))
          (heat-ls-test--check
           have "flymake shows heat-ls's expected diagnostics"
           (format "want %S, got %S" wanted
                   (mapcar (lambda (d) (format "%d: %s %s" (funcall line-of d) (flymake-diagnostic-type d) (flymake-diagnostic-text d)))
                           (flymake-diagnostics)))))

        (unless positions-ok
          (heat-ls-test--fail "feature probes not run: expectations.json positions do not match the template")
          (cl-return-from heat-ls-test--run))

        ;; xref definitions through eglot's xref backend.
        (let ((def (plist-get exp :definition)))
          (if (not (heat-ls-test--capable server :definitionProvider))
              (heat-ls-test--skip "server does not advertise definitionProvider")
            (heat-ls-test--goto (plist-get def :position))
            (let* ((backend (xref-find-backend))
                   (id (xref-backend-identifier-at-point backend))
                   (xrefs (condition-case err (xref-backend-definitions backend id)
                            (error (list 'error err))))
                   (want (plist-get def :target))
                   (found (and (not (eq (car-safe xrefs) 'error))
                               (cl-some (lambda (x)
                                          (let ((loc (xref-item-location x)))
                                            (and (equal (file-truename (xref-location-group loc)) (file-truename template))
                                                 (= (xref-location-line loc) (1+ (plist-get want :line)))
                                                 (or (not (fboundp 'xref-file-location-column))
                                                     (= (xref-file-location-column loc) (plist-get want :character))))))
                                        xrefs))))
              (heat-ls-test--check (eq backend 'eglot) "xref uses the eglot backend" (format "got %s" backend))
              (heat-ls-test--check found (format "xref definition leads to %d:%d" (plist-get want :line) (plist-get want :character))
                                   (format "got %S" (if (eq (car-safe xrefs) 'error) xrefs
                                                      (mapcar (lambda (x) (let ((l (xref-item-location x)))
                                                                            (list (xref-location-group l) (xref-location-line l))))
                                                              xrefs)))))))

        ;; Hover and completion, asked the server directly at the expected positions.
        (let ((doc (list :uri (heat-ls-test--uri template))))
          (let ((hover (plist-get exp :hover)))
            (if (not (heat-ls-test--capable server :hoverProvider))
                (heat-ls-test--skip "server does not advertise hoverProvider")
              (let* ((result (jsonrpc-request server :textDocument/hover
                                              (list :textDocument doc :position (heat-ls-test--lsp-position (plist-get hover :position)))))
                     (contents (plist-get result :contents))
                     (text (cond ((stringp contents) contents)
                                 ((plist-get contents :value))
                                 ((vectorp contents) (mapconcat (lambda (c) (if (stringp c) c (or (plist-get c :value) ""))) contents "\n"))
                                 (t ""))))
                (heat-ls-test--check (string-match-p (regexp-quote (downcase (plist-get hover :contains))) (downcase text))
                                     (format "hover mentions %s" (plist-get hover :contains)) (format "got %S" text)))))
          (let ((completion (plist-get exp :completion)))
            (if (not (heat-ls-test--capable server :completionProvider))
                (heat-ls-test--skip "server does not advertise completionProvider")
              (let* ((result (jsonrpc-request server :textDocument/completion
                                              (list :textDocument doc :position (heat-ls-test--lsp-position (plist-get completion :position))
                                                    :context (list :triggerKind 1))))
                     (items (if (vectorp result) result (plist-get result :items)))
                     (labels (mapcar (lambda (i) (plist-get i :label)) items)))
                (dolist (want (plist-get completion :labels))
                  (heat-ls-test--check (member want labels) (format "completion offers %s" want) (format "got %S" labels)))))))

        ;; Signature help (eglot shows it through eldoc): the active
        ;; argument of get_attr.
        (let* ((doc (list :uri (heat-ls-test--uri template)))
               (result (and (heat-ls-test--capable server :signatureHelpProvider)
                            (jsonrpc-request server :textDocument/signatureHelp
                                             (list :textDocument doc :position (list :line 23 :character 34)))))
               (sigs (plist-get result :signatures))
               (sig (and (vectorp sigs) (> (length sigs) 0) (aref sigs (or (plist-get result :activeSignature) 0))))
               (params (plist-get sig :parameters))
               (active (and (vectorp params) (aref params (or (plist-get result :activeParameter) 0))))
               (label (plist-get active :label)))
          (if (not (heat-ls-test--capable server :signatureHelpProvider))
              (heat-ls-test--skip "server does not advertise signatureHelpProvider")
            (heat-ls-test--check (and sig (vectorp label)
                                      (equal (substring (plist-get sig :label) (aref label 0) (aref label 1)) "ATTRIBUTE"))
                                 "signature help: the attribute of get_attr is the active argument" (format "got %S" result))))
        ;; What eglot 1.9 cannot display, it is not offered; code lenses
        ;; heat-ls.el draws itself.
        (heat-ls-test--check (heat-ls-test--capable server :codeLensProvider)
                             ":codeLensProvider is advertised: heat-ls.el asks for code lenses")
        (dolist (cap '(:semanticTokensProvider :inlayHintProvider :foldingRangeProvider))
          (heat-ls-test--check (not (heat-ls-test--capable server cap))
                               (format "%s is not advertised to eglot, which does not ask for it" cap)))

        ;; M-x heat-ls-graph: the graph text in a buffer, drawn by Graphviz.
        (let ((out (heat-ls-graph "mermaid")))
          (heat-ls-test--check (with-current-buffer out (string-match-p "flowchart LR" (buffer-string)))
                               "heat-ls-graph shows the Mermaid graph in a buffer"
                               (with-current-buffer out (buffer-substring-no-properties (point-min) (min (point-max) 300)))))
        (if (not (executable-find "dot"))
            (heat-ls-test--skip "heat-ls-graph rendering: Graphviz (dot) is not installed")
          (let ((out (save-window-excursion (with-current-buffer (find-buffer-visiting template) (heat-ls-graph "dot")))))
            (heat-ls-test--check (let ((svg (with-current-buffer out heat-ls-graph-svg))) (and svg (file-exists-p svg)))
                                 "heat-ls-graph draws the DOT graph with Graphviz")))

        (let ((eglot-autoreconnect nil))
          (ignore-errors (eglot-shutdown server)))))))

(cl-defun heat-ls-test--preview ()
  "M-x heat-ls-preview on a copy of testdata/editors/preview, against the real server."
  (let* ((src (expand-file-name "preview" heat-ls-test--fixture-dir))
         (tmp (file-name-as-directory (make-temp-file "heat-ls-preview" t)))
         (template (expand-file-name "web.yaml" tmp)))
    (make-directory (expand-file-name "env" tmp))
    (dolist (f '("web.yaml" "env/dev.yaml" "env/volume.yaml"))
      (copy-file (expand-file-name f src) (expand-file-name f tmp)))
    (with-current-buffer (find-file-noselect template)
      (let ((server (heat-ls-test--wait (lambda () (and (bound-and-true-p eglot--managed-mode) (eglot-current-server)))
                                        heat-ls-test--timeout))
            (buf (current-buffer)))
        (unless (heat-ls-test--check server "preview: eglot connected heat-ls in web.yaml")
          (cl-return-from heat-ls-test--preview))
        (let* ((preview (save-window-excursion
                          (delete-other-windows)
                          (switch-to-buffer buf)
                          (let ((p (heat-ls-preview)))
                            (heat-ls-test--check (and (get-buffer-window p) (not (eq (get-buffer-window p) (selected-window))))
                                                 "preview: heat-ls-preview shows it in another window")
                            p)))
               (text (lambda () (if (buffer-live-p preview) (with-current-buffer preview (buffer-string)) "")))
               (shows (lambda (want) (heat-ls-test--wait (lambda () (string-match-p (regexp-quote want) (funcall text)))
                                                         heat-ls-test--timeout))))
          (heat-ls-test--check (equal (buffer-name preview) "*heat-ls preview: web.yaml*")
                               "preview: the buffer is *heat-ls preview: web.yaml*" (buffer-name preview))
          (heat-ls-test--check (funcall shows "flavor: m1.small")
                               "preview: without environment files the default flavor shows" (substring (funcall text) 0 (min 400 (length (funcall text)))))
          (heat-ls-test--check (string-prefix-p "# Stack preview of web.yaml (no environment files)\n" (funcall text))
                               "preview: the header says no environment file is merged")
          (with-current-buffer preview
            (heat-ls-test--check buffer-read-only "preview: the buffer is read-only")
            (heat-ls-test--check (eq major-mode (cond ((fboundp 'yaml-mode) 'yaml-mode)
                                                      ((and (fboundp 'yaml-ts-mode) (fboundp 'treesit-ready-p) (treesit-ready-p 'yaml t)) 'yaml-ts-mode)
                                                      (t 'fundamental-mode)))
                                 "preview: in the best YAML mode there is" (format "got %s" major-mode)))
          ;; The files named (what the prefix argument reads), in order.
          (save-window-excursion
            (heat-ls-preview (list (expand-file-name "env/dev.yaml" tmp) (expand-file-name "env/volume.yaml" tmp))))
          (heat-ls-test--check (funcall shows "flavor: m1.xlarge")
                               "preview: with env/dev.yaml the flavor it sets shows" (substring (funcall text) 0 (min 600 (length (funcall text)))))
          (heat-ls-test--check (funcall shows "want_volume: true") "preview: and the condition env/volume.yaml turns on")
          ;; Edits refresh it once Emacs is idle: a burst of edits schedules one refresh.
          (let ((before heat-ls-preview-requests))
            (save-excursion
              (goto-char (point-min))
              (re-search-forward "image: \\(cirros\\)")
              (let ((beg (match-beginning 1)))
                (delete-region beg (match-end 1))
                (goto-char beg)
                (dolist (c (string-to-list "fedora"))
                  (insert c))))
            (let ((timer heat-ls--preview-timer))
              (heat-ls-test--check (and (timerp timer) (memq timer timer-idle-list))
                                   "preview: an edit schedules an idle-time refresh")
              (display-buffer preview)
              ;; Batch Emacs never goes idle: run the timer as idleness would.
              (when (timerp timer) (timer-event-handler timer)))
            (heat-ls-test--check (funcall shows "image: fedora") "preview: typing in the template changes the preview"
                                 (substring (funcall text) 0 (min 900 (length (funcall text)))))
            (heat-ls-test--check (= (- heat-ls-preview-requests before) 1)
                                 "preview: seven edits cost one request" (format "%d" (- heat-ls-preview-requests before))))
          (kill-buffer preview)
          (heat-ls-test--check (not (memq #'heat-ls--preview-after-change after-change-functions))
                               "preview: killing the preview stops following the template"))
        (set-buffer-modified-p nil)
        (let ((eglot-autoreconnect nil))
          (ignore-errors (eglot-shutdown server)))
        (kill-buffer buf)))
    (delete-directory tmp t)))

(defun heat-ls-test--lens-titles (regexp)
  "The titles of the lenses drawn after the first line matching REGEXP."
  (save-excursion
    (goto-char (point-min))
    (when (re-search-forward regexp nil t)
      (mapcar #'heat-ls--lens-title (heat-ls--lenses-on-line)))))

(defun heat-ls-test--all-lenses ()
  "Every lens drawn, as (LINE . TITLE) with 0-based lines, in order."
  (sort (cl-loop for ov in heat-ls--lens-overlays
                 when (overlay-buffer ov)
                 append (let ((line (1- (line-number-at-pos (overlay-start ov)))))
                          (mapcar (lambda (l) (cons line (heat-ls--lens-title l)))
                                  (overlay-get ov 'heat-ls-lenses))))
        (lambda (a b) (< (car a) (car b)))))

(defun heat-ls-test--greyed-p (regexp)
  "Non-nil when group 1 of REGEXP's match is under eglot's unnecessary-code face."
  (save-excursion
    (goto-char (point-min))
    (and (re-search-forward regexp nil t)
         (cl-some (lambda (ov)
                    (memq 'eglot-diagnostic-tag-unnecessary-face
                          (let ((f (overlay-get ov 'face))) (if (listp f) f (list f)))))
                  (overlays-at (match-beginning 1))))))

(defun heat-ls-test--edit (regexp replacement)
  "Replace the first match of REGEXP with REPLACEMENT, as typing would."
  (save-excursion
    (goto-char (point-min))
    (re-search-forward regexp)
    (replace-match replacement t t)))

(defun heat-ls-test--run-lens-timer ()
  "Run the pending lens refresh as idleness would; non-nil if one was pending."
  (let ((timer heat-ls--lens-timer))
    (when (and (timerp timer) (memq timer timer-idle-list))
      (timer-event-handler timer)
      t)))

(cl-defun heat-ls-test--lenses ()
  "Condition lenses and greying on a copy of testdata/editors/lenses."
  (let* ((src (expand-file-name "lenses" heat-ls-test--fixture-dir))
         (tmp (file-name-as-directory (make-temp-file "heat-ls-lenses" t)))
         (template (expand-file-name "stack.yaml" tmp)))
    (dolist (f '("stack.yaml" "parent.yaml" "env.yaml" ".heat-ls.yaml"))
      (copy-file (expand-file-name f src) (expand-file-name f tmp)))
    (with-current-buffer (find-file-noselect template)
      (let ((server (heat-ls-test--wait (lambda () (and (bound-and-true-p eglot--managed-mode) (eglot-current-server)))
                                        heat-ls-test--timeout))
            (buf (current-buffer))
            (want '(("^  want_volume:" "true") ("^  small:" "false")
                    ("^  zoned:" "unknown (parameter zone has no value)")
                    ("condition: want_volume" "true") ("condition: small" "false")
                    ("condition: zoned" "unknown (parameter zone has no value)")
                    ("\\`heat_template_version" "used by parent.yaml (volumes)"))))
        (unless (heat-ls-test--check server "lenses: eglot connected heat-ls in stack.yaml")
          (cl-return-from heat-ls-test--lenses))
        (heat-ls-test--check heat-ls--lens-active "lenses: drawn in the eglot-managed heat-mode buffer")
        (let ((all (lambda () (cl-every (lambda (w) (equal (heat-ls-test--lens-titles (car w)) (cdr w))) want))))
          ;; heat-ls asks for the lenses again (workspace/codeLens/refresh)
          ;; once it has indexed parent.yaml; the refresh waits for idleness.
          (heat-ls-test--check (heat-ls-test--wait (lambda () (or (funcall all) (progn (heat-ls-test--run-lens-timer) nil)))
                                                   heat-ls-test--timeout)
                               "lenses: true, false, unknown (why) and used by, on the right lines under env.yaml"
                               (format "%S" (heat-ls-test--all-lenses))))
        (let* ((ov (car (cl-remove-if-not (lambda (o) (equal (mapcar #'heat-ls--lens-title (overlay-get o 'heat-ls-lenses)) '("false")))
                                          heat-ls--lens-overlays)))
               (text (and ov (overlay-get ov 'after-string))))
          (heat-ls-test--check (and text (equal (string-trim text) "false")
                                    (eq (get-text-property (- (length text) 1) 'face text) 'heat-ls-lens)
                                    (get-text-property 0 'cursor text)
                                    (= (overlay-end ov) (save-excursion (goto-char (overlay-start ov)) (line-end-position))))
                               "lenses: the text follows its line's end in the heat-ls-lens face, the cursor before it" (format "%S" text)))
        ;; The resource a false condition leaves out is greyed, the other not.
        (heat-ls-test--check (heat-ls-test--wait (lambda () (or (heat-ls-test--greyed-p "^  \\(scratch\\):") (progn (flymake-start) nil)))
                                                 heat-ls-test--timeout)
                             "greying: eglot shows the resource a false condition leaves out as unnecessary"
                             (format "%S" (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))
        (heat-ls-test--check (not (heat-ls-test--greyed-p "^  \\(data\\):")) "greying: the resource a true condition keeps is not greyed")

        ;; Running lenses: a condition's only says its truth; "used by" lists its users in xref.
        (save-excursion
          (goto-char (point-min))
          (re-search-forward "^  small:")
          (heat-ls-test--check (equal (heat-ls-lens-run) "heat-ls: false")
                               "lenses: heat-ls-lens-run on a condition only shows its truth"))
        (let* ((ov (cl-find-if (lambda (o) (= (overlay-start o) (point-min))) heat-ls--lens-overlays))
               (text (and ov (overlay-get ov 'after-string)))
               (idx (and text (string-match "used by" text))))
          (heat-ls-test--check (and idx (eq (get-text-property idx 'keymap text) heat-ls-lens-map)
                                    (eq (lookup-key heat-ls-lens-map [mouse-1]) #'heat-ls-lens-mouse-run))
                               "lenses: a lens that runs a command is clickable")
          (when idx
            (ignore-errors (kill-buffer "*xref*"))
            (save-window-excursion
              (heat-ls-lens-mouse-run (list 'mouse-1 (list (selected-window) (overlay-end ov) '(0 . 0) 0
                                                           (cons text idx) (overlay-end ov)))))
            (heat-ls-test--check (and (get-buffer "*xref*")
                                      (with-current-buffer "*xref*"
                                        (and (string-match-p "parent.yaml" (buffer-string))
                                             (string-match-p "type: stack.yaml" (buffer-string)))))
                                 "lenses: clicking \"used by\" lists parent.yaml's use in *xref*"
                                 (if (get-buffer "*xref*") (with-current-buffer "*xref*" (buffer-string)) "no *xref* buffer"))))

        ;; An edit: a burst costs one request, and the lenses and greying follow.
        (let ((before heat-ls-lens-requests))
          (heat-ls-test--edit "m1\\.small\\]" "m1.larg]")
          (heat-ls-test--edit "m1\\.larg\\]" "m1.large]")
          (heat-ls-test--check (and (timerp heat-ls--lens-timer) (memq heat-ls--lens-timer timer-idle-list))
                               "lenses: an edit schedules an idle-time refresh")
          (heat-ls-test--run-lens-timer)
          (heat-ls-test--check (heat-ls-test--wait (lambda () (and (equal (heat-ls-test--lens-titles "^  small:") '("true"))
                                                                    (equal (heat-ls-test--lens-titles "condition: small") '("true"))))
                                                   heat-ls-test--timeout)
                               "lenses: after an edit the condition's lenses say true" (format "%S" (heat-ls-test--all-lenses)))
          (heat-ls-test--check (= (- heat-ls-lens-requests before) 1)
                               "lenses: two quick edits cost one request" (format "%d" (- heat-ls-lens-requests before))))
        (heat-ls-test--check (heat-ls-test--wait (lambda () (or (not (heat-ls-test--greyed-p "^  \\(scratch\\):")) (progn (flymake-start) nil)))
                                                 heat-ls-test--timeout)
                             "greying: gone once the condition holds")

        ;; An answer of an older text or an older request is not drawn.
        (let ((drawn (heat-ls-test--all-lenses))
              (fake (vector (list :range (list :start (list :line 1 :character 0) :end (list :line 1 :character 1))
                                  :command (list :title "stale" :command "")))))
          (heat-ls--lens-answer buf (1- heat-ls--lens-generation) (buffer-chars-modified-tick) fake)
          (heat-ls--lens-answer buf heat-ls--lens-generation (1- (buffer-chars-modified-tick)) fake)
          (heat-ls-test--check (equal (heat-ls-test--all-lenses) drawn) "lenses: an answer of an older request or text is dropped"))

        ;; The condition goes away, and its lenses with it.
        (heat-ls-test--edit "^  zoned: .*\n" "")
        (heat-ls-test--edit "^    condition: zoned\n" "")
        (heat-ls-test--run-lens-timer)
        (heat-ls-test--check (heat-ls-test--wait (lambda () (and (= (length (heat-ls-test--all-lenses)) 5)
                                                                  (not (cl-some (lambda (l) (string-prefix-p "unknown" (cdr l)))
                                                                                (heat-ls-test--all-lenses)))))
                                                 heat-ls-test--timeout)
                             "lenses: a removed condition's lenses vanish" (format "%S" (heat-ls-test--all-lenses)))

        ;; Turned off, none is drawn.
        (let ((heat-ls-condition-lenses nil))
          (heat-ls-lens-refresh)
          (heat-ls-test--check (null heat-ls--lens-overlays) "lenses: heat-ls-condition-lenses nil removes them"))
        (set-buffer-modified-p nil)
        (let ((eglot-autoreconnect nil))
          (ignore-errors (eglot-shutdown server)))
        (heat-ls-test--check (and (not heat-ls--lens-active) (null heat-ls--lens-overlays)
                                  (not (memq #'heat-ls--lens-schedule after-change-functions)))
                             "lenses: gone when eglot stops managing the buffer")
        (kill-buffer buf)))
    (delete-directory tmp t)))

(defun heat-ls-test-main ()
  "Run the test and exit Emacs with its status."
  (condition-case err
      (progn
        (when (member (getenv "HEAT_LS_TEST_WITHOUT_YAML_MODE") (quote ("1" "true" "yes")))
          ;; Exercise the fallback parent mode even where yaml-mode is installed.
          (setq load-path (cl-remove-if (lambda (dir) (string-match-p "yaml-mode" dir)) load-path)))
        (require 'heat-ls)
        (require 'eglot)
        (require 'flymake)
        (require 'xref)
        (heat-ls-test--run)
        (heat-ls-test--preview)
        (heat-ls-test--lenses))
    (error (heat-ls-test--fail (format "test error: %S" err))))
  (heat-ls-test--out "heat-ls emacs test (Emacs %s, %s, %s): %d passed, %d skipped, %d failed"
                     emacs-version
                     (file-name-nondirectory (directory-file-name (file-name-directory (or (locate-library "eglot") "?/"))))
                     (if (fboundp 'yaml-mode) "yaml-mode" "no yaml-mode")
                     heat-ls-test--passed heat-ls-test--skipped heat-ls-test--failed)
  (when (and (> heat-ls-test--failed 0) heat-ls-test--server)
    (ignore-errors
      (with-current-buffer (eglot-events-buffer heat-ls-test--server)
        (heat-ls-test--out "--- tail of %s ---\n%s" (buffer-name)
                           (buffer-substring-no-properties (max (point-min) (- (point-max) 4000)) (point-max))))))
  (kill-emacs (if (> heat-ls-test--failed 0) 1 0)))

(heat-ls-test-main)

;;; heat-ls-test.el ends here
