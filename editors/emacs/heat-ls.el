;;; heat-ls.el --- OpenStack Heat templates with the heat-ls language server  -*- lexical-binding: t; -*-

;; Copyright (C) 2026 The heat-ls authors

;; Author: The heat-ls authors
;; Maintainer: The heat-ls authors
;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1") (eglot "1.9"))
;; Keywords: languages, tools
;; URL: https://docs.openstack.org/heat/latest/template_guide/hot_guide.html
;; SPDX-License-Identifier: Apache-2.0

;; This file is not part of GNU Emacs.

;;; License:

;; Licensed under the Apache License, Version 2.0 (the "License");
;; you may not use this file except in compliance with the License.
;; You may obtain a copy of the License at
;;
;;     http://www.apache.org/licenses/LICENSE-2.0
;;
;; Unless required by applicable law or agreed to in writing, software
;; distributed under the License is distributed on an "AS IS" BASIS,
;; WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
;; See the License for the specific language governing permissions and
;; limitations under the License.

;;; Commentary:

;; `heat-mode' for OpenStack Heat Orchestration Templates (HOT) and Heat
;; environment files, selected by content, and the glue that runs the
;; heat-ls language server in those buffers through eglot (built into
;; Emacs 29+, the `elpa-eglot' package on Debian's Emacs 28).
;;
;;   (add-to-list 'load-path "/path/to/heat-ls/editors/emacs")
;;   (require 'heat-ls)
;;
;; or with use-package:
;;
;;   (use-package heat-ls
;;     :load-path "/path/to/heat-ls/editors/emacs"
;;     :custom (heat-ls-command '("heat-ls" "--log-level" "info")))
;;
;; `heat-mode' derives from `yaml-mode' when that package is installed and
;; from a small built-in YAML-ish mode otherwise.  A buffer is a HOT
;; template when a top-level `heat_template_version' key appears, and an
;; environment file when all its top-level keys are environment sections
;; (a lone `parameters' section is not claimed: too much YAML looks so).
;;
;; `M-x heat-ls-graph' shows the resource graph; `M-x heat-ls-preview'
;; the stack the template becomes with its environment files, kept up to
;; date as you edit (`C-u M-x heat-ls-preview' names the files).
;;
;; Eglot draws no code lens; heat-ls.el draws heat-ls's at the end of their
;; lines: whether each condition holds under the template's environment
;; files (true, false, or unknown and why) and which templates use a
;; nested one (click it, or `M-x heat-ls-lens-run', to list them).  Turn
;; them off with `heat-ls-condition-lenses'.  Eglot greys a resource that
;; a false condition leaves out of the stack.

;;; Code:

(require 'cl-lib)
(require 'yaml-mode nil t)
(require 'eieio)
(require 'eglot)
(require 'jsonrpc)
(require 'url-util)
(require 'subr-x)
(require 'seq)
(require 'xref)

(defgroup heat-ls nil
  "OpenStack Heat templates with the heat-ls language server."
  :group 'languages
  :prefix "heat-ls-")

(defcustom heat-ls-command '("heat-ls")
  "Command line that starts heat-ls, program first.
Add \"--log-file\" \"/tmp/heat-ls.log\" or \"--log-level\" \"debug\" to
see more of what the server does."
  :type '(repeat string))

(defcustom heat-ls-auto-start t
  "Whether `heat-mode' buffers start heat-ls through `eglot-ensure'.
Set it to nil to start the server by hand with \\[eglot]."
  :type 'boolean)

(defcustom heat-ls-settings '(:schemaPaths [] :logLevel "info")
  "Settings heat-ls reads, as a plist.
Sent as initializationOptions and as the \"heat-ls\" section of
workspace/configuration (unless `eglot-workspace-configuration' has a
:heat-ls section, which wins).  After changing it, run
\\[heat-ls-send-settings] to apply it without a restart."
  :type 'plist)

(defconst heat-ls-environment-sections
  '("parameters" "parameter_defaults" "resource_registry"
    "encrypted_param_names" "event_sinks" "parameter_merge_strategies")
  "Sections a Heat environment file may hold at its top level.")

(defconst heat-ls-template-sections
  '("description" "parameter_groups" "parameters" "resources" "outputs" "conditions")
  "Top-level sections of a HOT template besides its version.")

(defconst heat-ls-near-miss-distance 2
  "Edits a top-level key may be from a section name to count as it misspelt.
The same bound as heat-ls (analysis/hot/detect.go).")

(defun heat-ls--distance (a b)
  "Edit distance between A and B, an adjacent swap counting as one edit."
  (let* ((la (length a)) (lb (length b))
         (d (make-vector (1+ la) nil)))
    (dotimes (i (1+ la))
      (aset d i (make-vector (1+ lb) 0))
      (aset (aref d i) 0 i))
    (dotimes (j (1+ lb))
      (aset (aref d 0) j j))
    (dotimes (i0 la)
      (dotimes (j0 lb)
        (let* ((i (1+ i0)) (j (1+ j0))
               (cost (if (eq (aref a i0) (aref b j0)) 0 1))
               (v (min (1+ (aref (aref d (1- i)) j))
                       (1+ (aref (aref d i) (1- j)))
                       (+ (aref (aref d (1- i)) (1- j)) cost))))
          (when (and (> i 1) (> j 1)
                     (eq (aref a i0) (aref b (1- j0)))
                     (eq (aref a (1- i0)) (aref b j0)))
            (setq v (min v (1+ (aref (aref d (- i 2)) (- j 2))))))
          (aset (aref d i) j v))))
    (aref (aref d la) lb)))

(defun heat-ls--near-miss-p (key names)
  "Non-nil when KEY is a misspelling of one of NAMES (not one of them)."
  (cl-some (lambda (n)
             (let ((dist (heat-ls--distance key n)))
               (and (> dist 0) (<= dist heat-ls-near-miss-distance))))
           names))

(defconst heat-ls-detection-limit (* 64 1024)
  "Characters of a buffer looked at when detecting its kind.")

(defconst heat-ls--top-level-key-regexp
  "^\\(?:\"\\([^\"\n]+\\)\"\\|'\\([^'\n]+\\)'\\|\\([^-#[:space:]:\n][^:#\n]*?\\)\\)[ \t]*:\\(?:[ \t\r]\\|$\\)"
  "Matches an unindented `key:' line; the key is group 1, 2 or 3.")

(defun heat-ls-buffer-kind ()
  "Return `template', `environment' or nil for the current buffer."
  (save-excursion
    (save-restriction
      (widen)
      (goto-char (point-min))
      (let ((limit (min (point-max) (+ (point-min) heat-ls-detection-limit)))
            (case-fold-search nil)
            keys kind stop)
        (while (and (not kind) (not stop) (< (point) limit))
          (cond ((looking-at "---")
                 (setq stop keys))      ; only the first YAML document counts
                ((looking-at heat-ls--top-level-key-regexp)
                 (let ((key (or (match-string-no-properties 1) (match-string-no-properties 2)
                                (match-string-no-properties 3))))
                   (if (string= key "heat_template_version")
                       (setq kind 'template)
                     (push key keys)))))
          (forward-line 1))
        ;; A key a typo away from a Heat name counts for that name, so the
        ;; file is claimed and heat-ls reports the typo.
        (cond (kind kind)
              ((and (cl-some (lambda (k) (heat-ls--near-miss-p k '("heat_template_version"))) keys)
                    (cl-some (lambda (k) (member k heat-ls-template-sections)) keys))
               'template)
              ((and keys
                    (cl-some (lambda (k) (member k heat-ls-environment-sections)) keys)
                    (cl-every (lambda (k) (or (member k heat-ls-environment-sections)
                                              (heat-ls--near-miss-p k heat-ls-environment-sections)))
                              keys)
                    (cl-some (lambda (k) (not (string= k "parameters"))) keys))
               'environment))))))

(defun heat-ls--yamlish-file-p ()
  "Return non-nil for a file named like YAML, or for a buffer without a file."
  (or (null buffer-file-name)
      (string-match-p "\\.\\(?:ya?ml\\|template\\|hot\\|env\\)\\'" buffer-file-name)))

(defun heat-ls-magic-p ()
  "For `magic-mode-alist': non-nil when the buffer is a Heat file.
Templates are recognised whatever the file name; environment files only
in files named like YAML."
  (let ((kind (heat-ls-buffer-kind)))
    (or (eq kind 'template)
        (and (eq kind 'environment) (heat-ls--yamlish-file-p)))))

;;;; The mode

(defvar heat-ls-base-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?# "<" table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?' "\"" table)
    (modify-syntax-entry ?_ "_" table)
    (modify-syntax-entry ?- "_" table)
    table)
  "Syntax table of `heat-ls-base-mode'.")

(define-derived-mode heat-ls-base-mode prog-mode "YAML"
  "Minimal YAML editing, the parent of `heat-mode' without `yaml-mode'."
  :syntax-table heat-ls-base-mode-syntax-table
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "#+[ \t]*")
  (setq-local indent-line-function #'indent-relative)
  (setq-local indent-tabs-mode nil)
  (setq-local font-lock-defaults
              '((("^[ \t-]*\\([^#:\n]+?\\)[ \t]*:\\(?:[ \t]\\|$\\)" 1 font-lock-variable-name-face)
                 ("\\_<\\(get_[a-z_]+\\|list_join\\|str_replace\\(?:_strict\\|_vstrict\\)?\\|str_split\\|repeat\\|digest\\|resource_facade\\|map_merge\\|map_replace\\|yaql\\|equals\\|if\\|not\\|and\\|or\\|filter\\|make_url\\|list_concat\\(?:_unique\\)?\\|contains\\)\\_>:" 1 font-lock-builtin-face)))))

(defmacro heat-ls--define-heat-mode (parent)
  "Define `heat-mode' derived from PARENT."
  `(define-derived-mode heat-mode ,parent "HOT"
     "Major mode for OpenStack Heat templates and environment files.
heat-ls provides diagnostics, completion, hover and navigation through
eglot; see `heat-ls-auto-start'."
     (setq-local heat-ls-kind (heat-ls-buffer-kind))))

(defvar-local heat-ls-kind nil
  "What the buffer held when `heat-mode' started: `template' or `environment'.")

(if (fboundp 'yaml-mode)
    (heat-ls--define-heat-mode yaml-mode)
  (heat-ls--define-heat-mode heat-ls-base-mode))

;;;###autoload
(add-to-list 'magic-mode-alist '(heat-ls-magic-p . heat-mode))
;;;###autoload
(add-to-list 'auto-mode-alist '("\\.hot\\'" . heat-mode))

;;;; eglot

(defun heat-ls--missing-command-message ()
  "Explain how to get the heat-ls executable."
  (format "heat-ls: `%s' is not executable.  Install it with `go install ./cmd/heat-ls' \
in a heat-ls checkout (or build it with `go build -o DIR/heat-ls ./cmd/heat-ls') \
and put it on `exec-path', or set `heat-ls-command'"
          (car heat-ls-command)))

(defclass heat-ls-server (eglot-lsp-server) ()
  :documentation "The heat-ls language server.")

(cl-defmethod eglot-handle-request
  ((_server heat-ls-server) (_method (eql workspace/configuration)) &key items)
  "Answer the \"heat-ls\" section among ITEMS from `heat-ls-settings'.
A section the user configured through `eglot-workspace-configuration' wins."
  (let ((answers (cl-call-next-method)))
    (cl-loop for item across items
             for i from 0
             when (and (equal (plist-get item :section) "heat-ls")
                       (null (aref answers i)))
             do (aset answers i heat-ls-settings))
    answers))

(cl-defmethod eglot-client-capabilities :around ((_server heat-ls-server))
  "Add the code lenses and their refresh, which heat-ls.el draws for eglot.
Eglot draws no code lens; `heat-ls-condition-lenses' does it in heat-mode."
  (let* ((caps (cl-call-next-method))
         (text (plist-get caps :textDocument))
         (workspace (plist-get caps :workspace)))
    (unless (plist-member text :codeLens)
      (setq caps (plist-put caps :textDocument
                            (append text (list :codeLens '(:dynamicRegistration :json-false))))))
    (unless (plist-member workspace :codeLens)
      (setq caps (plist-put caps :workspace
                            (append workspace (list :codeLens '(:refreshSupport t))))))
    caps))

(add-to-list 'eglot-server-programs '(heat-mode . heat-ls-eglot-contact))

(defun heat-ls-eglot-contact (&optional _interactive)
  "The eglot contact for heat-ls: server class, command and options."
  `(heat-ls-server ,@heat-ls-command :initializationOptions ,heat-ls-settings))

(defun heat-ls-send-settings ()
  "Send `heat-ls-settings' to the running heat-ls of the current buffer."
  (interactive)
  (let ((server (eglot-current-server)))
    (unless server
      (user-error "No heat-ls server manages this buffer"))
    (jsonrpc-notify server :workspace/didChangeConfiguration
                    (list :settings (list :heat-ls heat-ls-settings)))))

(defun heat-ls-maybe-start ()
  "Start heat-ls in this buffer if `heat-ls-auto-start' is non-nil."
  (when heat-ls-auto-start
    (if (executable-find (car heat-ls-command))
        (eglot-ensure)
      (display-warning 'heat-ls (heat-ls--missing-command-message) :error))))

(add-hook 'heat-mode-hook #'heat-ls-maybe-start)

;;;; Code lenses

(defcustom heat-ls-condition-lenses t
  "Whether templates show heat-ls's code lenses at the end of their lines.
Eglot draws no code lens, so heat-ls.el draws those that come with their
text: on each condition (in `conditions:' and at the `condition:' key of
a resource or output) whether it holds, \"true\", \"false\" or \"unknown
\(why)\", decided on the template's active environment set; on a nested
template, the templates and environment files that use it.  Click a lens
or use \\[heat-ls-lens-run] to run its command.  Takes effect at the next
edit or \\[heat-ls-lens-refresh]."
  :type 'boolean)

(defcustom heat-ls-lens-idle-delay 0.3
  "Seconds of idle time after an edit before the lenses are asked for again."
  :type 'number)

(defface heat-ls-lens '((t :inherit shadow))
  "Face of the code lens text heat-ls.el draws after a line.")

(defvar heat-ls-lens-map
  (let ((map (make-sparse-keymap)))
    (define-key map [mouse-1] #'heat-ls-lens-mouse-run)
    (define-key map [mouse-2] #'heat-ls-lens-mouse-run)
    map)
  "Keymap of a code lens's text: a click runs its command.")

(defvar-local heat-ls--lens-active nil
  "Non-nil in a heat-mode buffer whose lenses heat-ls.el keeps up to date.")

(defvar-local heat-ls--lens-overlays nil
  "The overlays showing the buffer's code lenses.")

(defvar-local heat-ls--lens-timer nil
  "The idle timer of the next lens request.")

(defvar-local heat-ls--lens-generation 0
  "Counts the lens requests; only the newest one's answer is drawn.")

(defvar-local heat-ls-lens-requests 0
  "How many code lens requests this buffer sent.")

(defun heat-ls--server-capable-p (capability)
  "Non-nil when the current buffer's server advertised CAPABILITY."
  (if (fboundp 'eglot-server-capable)
      (eglot-server-capable capability)
    (eglot--server-capable capability)))

(defun heat-ls--lens-clear ()
  "Remove the lens overlays of the current buffer."
  (mapc #'delete-overlay heat-ls--lens-overlays)
  (setq heat-ls--lens-overlays nil))

(defun heat-ls--lens-command (lens)
  "Return the command of LENS, a plist, or nil when it has none."
  (let ((command (plist-get lens :command)))
    (and command (not (string-empty-p (or (plist-get command :command) ""))) command)))

(defun heat-ls--lens-string (lenses)
  "Return the text drawn after a line for its LENSES.
Each lens with a command is clickable."
  (concat
   ;; The cursor at the end of the line stays before the lens.
   (propertize " " 'cursor t) " "
   (mapconcat
    (lambda (lens)
      (let ((title (plist-get (plist-get lens :command) :title)))
        (if (heat-ls--lens-command lens)
            (propertize title 'face 'heat-ls-lens 'mouse-face 'highlight
                        'keymap heat-ls-lens-map 'heat-ls-lens lens
                        'help-echo "mouse-1: run this lens (or M-x heat-ls-lens-run on its line)")
          (propertize title 'face 'heat-ls-lens 'heat-ls-lens lens))))
    lenses
    (propertize " | " 'face 'heat-ls-lens))))

(defun heat-ls--lens-draw (lenses)
  "Show LENSES, heat-ls's answer to textDocument/codeLens, after their lines.
Lenses without a title (those that are resolved on demand) are left out."
  (heat-ls--lens-clear)
  (let ((by-line (make-hash-table)))
    (seq-doseq (lens lenses)
      (let ((title (plist-get (plist-get lens :command) :title)))
        (when (and (stringp title) (not (string-empty-p title)))
          (push lens (gethash (plist-get (plist-get (plist-get lens :range) :start) :line) by-line)))))
    (save-excursion
      (save-restriction
        (widen)
        (maphash
         (lambda (line lenses)
           (goto-char (point-min))
           (when (and (natnump line) (zerop (forward-line line)))
             (let ((ov (make-overlay (line-beginning-position) (line-end-position)))
                   (lenses (nreverse lenses)))
               (overlay-put ov 'heat-ls-lenses lenses)
               (overlay-put ov 'after-string (heat-ls--lens-string lenses))
               (overlay-put ov 'evaporate t)
               (push ov heat-ls--lens-overlays))))
         by-line)))))

(defun heat-ls--lens-answer (buffer generation tick lenses)
  "Draw LENSES in BUFFER if they answer its newest request, of its text now.
GENERATION numbers the request, TICK is the text's modification tick
when it was sent; an older answer is dropped (an edit asks again)."
  (when (buffer-live-p buffer)
    (with-current-buffer buffer
      (when (and heat-ls--lens-active
                 (= generation heat-ls--lens-generation)
                 (= tick (buffer-chars-modified-tick)))
        (heat-ls--lens-draw lenses)))))

(defun heat-ls-lens-refresh ()
  "Ask heat-ls for the current template's code lenses now and draw them."
  (interactive)
  (let ((server (eglot-current-server))
        (buffer (current-buffer)))
    (cond
     ((not (and heat-ls-condition-lenses server (heat-ls--server-capable-p :codeLensProvider)))
      (heat-ls--lens-clear))
     (t
      ;; Send the edits eglot has not sent yet, so the lenses are of this text.
      (when (fboundp 'eglot--signal-textDocument/didChange)
        (eglot--signal-textDocument/didChange))
      (let ((generation (setq heat-ls--lens-generation (1+ heat-ls--lens-generation)))
            (tick (buffer-chars-modified-tick)))
        (setq heat-ls-lens-requests (1+ heat-ls-lens-requests))
        (jsonrpc-async-request
         server :textDocument/codeLens (list :textDocument (eglot--TextDocumentIdentifier))
         :success-fn (lambda (lenses) (heat-ls--lens-answer buffer generation tick lenses))
         :error-fn #'ignore
         :timeout-fn #'ignore))))))

(defun heat-ls--idle-call (timer-variable delay function)
  "Call FUNCTION in this buffer once Emacs has been idle DELAY seconds.
TIMER-VARIABLE, a buffer-local variable, holds the timer; a call that
comes before the timer ran replaces it, so a burst of edits costs one call."
  (let ((buffer (current-buffer)))
    (when (timerp (symbol-value timer-variable))
      (cancel-timer (symbol-value timer-variable)))
    (set timer-variable
         (run-with-idle-timer delay nil
                              (lambda ()
                                (when (buffer-live-p buffer)
                                  (with-current-buffer buffer
                                    (set timer-variable nil)
                                    (funcall function))))))))

(defun heat-ls--lens-schedule (&rest _)
  "Ask for the lenses again once Emacs has been idle `heat-ls-lens-idle-delay'."
  (heat-ls--idle-call 'heat-ls--lens-timer heat-ls-lens-idle-delay
                      (lambda ()
                        (when heat-ls--lens-active
                          (heat-ls-lens-refresh)))))

(defun heat-ls--lens-stop ()
  "Stop drawing lenses in the current buffer and remove them."
  (setq heat-ls--lens-active nil)
  (remove-hook 'after-change-functions #'heat-ls--lens-schedule t)
  (when (timerp heat-ls--lens-timer)
    (cancel-timer heat-ls--lens-timer))
  (setq heat-ls--lens-timer nil)
  (heat-ls--lens-clear))

(defun heat-ls--lens-managed ()
  "Start or stop the lenses with eglot's management of the buffer."
  (if (and (derived-mode-p 'heat-mode) (eglot-managed-p)
           (object-of-class-p (eglot-current-server) 'heat-ls-server))
      (unless heat-ls--lens-active
        (setq heat-ls--lens-active t)
        (add-hook 'after-change-functions #'heat-ls--lens-schedule nil t)
        (heat-ls-lens-refresh))
    (when heat-ls--lens-active
      (heat-ls--lens-stop))))

(add-hook 'eglot-managed-mode-hook #'heat-ls--lens-managed)

(cl-defmethod eglot-handle-request
  ((server heat-ls-server) (_method (eql workspace/codeLens/refresh)) &rest _)
  "Ask SERVER for the lenses of its heat-mode buffers again.
heat-ls sends this when something besides a buffer's text changed them:
an environment file, a nested template, the settings."
  (dolist (buffer (buffer-list))
    (with-current-buffer buffer
      (when (and heat-ls--lens-active (eq (eglot-current-server) server))
        (heat-ls--lens-schedule))))
  nil)

(defun heat-ls--lenses-on-line ()
  "The code lenses drawn after the current line."
  (cl-loop for ov in (overlays-in (line-beginning-position) (1+ (line-end-position)))
           when (and (memq ov heat-ls--lens-overlays)
                     (= (overlay-start ov) (line-beginning-position)))
           append (overlay-get ov 'heat-ls-lenses)))

(defun heat-ls--lens-title (lens)
  "Return the title of LENS."
  (plist-get (plist-get lens :command) :title))

(defun heat-ls-lens-run (&optional lens)
  "Run the command of the code lens on the current line, or of LENS.
With several lenses that run a command, ask which.  A lens that runs no
command (a condition's truth) is only shown in the echo area."
  (interactive)
  (let* ((lenses (if lens (list lens) (heat-ls--lenses-on-line)))
         (runnable (cl-remove-if-not #'heat-ls--lens-command lenses)))
    (cond
     ((null lenses) (user-error "No heat-ls lens on this line"))
     ((null runnable)
      (message "heat-ls: %s" (mapconcat #'heat-ls--lens-title lenses " | ")))
     ((cdr runnable)
      (let ((title (completing-read "Lens: " (mapcar #'heat-ls--lens-title runnable) nil t)))
        (heat-ls--lens-execute (cl-find title runnable :key #'heat-ls--lens-title :test #'equal))))
     (t (heat-ls--lens-execute (car runnable))))))

(defun heat-ls-lens-mouse-run (event)
  "Run the command of the code lens clicked in EVENT."
  (interactive "e")
  (let* ((posn (event-start event))
         (string (posn-string posn))
         (lens (and string (get-text-property (cdr string) 'heat-ls-lens (car string)))))
    (with-current-buffer (window-buffer (posn-window posn))
      (save-excursion
        (when (posn-point posn)
          (goto-char (posn-point posn)))
        (heat-ls-lens-run lens)))))

(defun heat-ls--lens-execute (lens)
  "Run the command of LENS."
  (let* ((command (heat-ls--lens-command lens))
         (name (plist-get command :command))
         (arguments (plist-get command :arguments)))
    (if (equal name "heat-ls.showReferences")
        (heat-ls-show-references (plist-get command :title) arguments)
      (jsonrpc-request (eglot-current-server) :workspace/executeCommand
                       (append (list :command name) (and arguments (list :arguments arguments)))))))

(defun heat-ls--uri-file (uri)
  "The local file name of the file:// URI."
  (url-unhex-string (replace-regexp-in-string "\\`file://" "" uri)))

(defun heat-ls--location-xref (location)
  "An xref item for the LSP LOCATION, its line's text as the summary."
  (let* ((file (heat-ls--uri-file (plist-get location :uri)))
         (start (plist-get (plist-get location :range) :start))
         (line (plist-get start :line))
         (buffer (find-buffer-visiting file))
         (summary (with-temp-buffer
                    (if buffer
                        (insert-buffer-substring buffer)
                      (ignore-errors (insert-file-contents file)))
                    (goto-char (point-min))
                    (forward-line line)
                    (buffer-substring (line-beginning-position) (line-end-position)))))
    (xref-make summary (xref-make-file-location file (1+ line) (plist-get start :character)))))

(defun heat-ls-show-references (title arguments)
  "Show the locations of a lens's heat-ls.showReferences command in xref.
TITLE is the lens's text; ARGUMENTS are [URI POSITION LOCATIONS]."
  (let ((xrefs (mapcar #'heat-ls--location-xref
                       (append (and (> (length arguments) 2) (aref arguments 2)) nil))))
    (if (null xrefs)
        (message "heat-ls: %s: no locations" title)
      (xref-show-xrefs (lambda () xrefs) nil))))

;;;; Stack preview

(defcustom heat-ls-preview-idle-delay 0.2
  "Seconds of idle time after an edit before the stack preview is refreshed."
  :type 'number)

(defvar-local heat-ls--preview-buffer nil
  "In a template: the buffer showing its stack preview.")

(defvar-local heat-ls--preview-environments nil
  "In a template: the environment files its preview merges.
nil: the template's active set.")

(defvar-local heat-ls--preview-timer nil
  "In a template: the idle timer of the next preview refresh.")

(defvar-local heat-ls--preview-in-flight nil
  "In a template: non-nil while a preview request awaits its answer.")

(defvar-local heat-ls--preview-again nil
  "In a template: non-nil when the preview is due again.
Set while a request is in flight; one more follows it.")

(defvar-local heat-ls-preview-template nil
  "In a preview buffer: the template buffer it shows.")

(defvar-local heat-ls-preview-result nil
  "In a preview buffer: heat-ls's last answer, a plist.")

(defvar-local heat-ls-preview-requests 0
  "In a template: how many preview requests were sent.")

(defconst heat-ls--preview-max-stale-retries 3
  "How many times one refresh asks again when the answer is of an older text.")

(defun heat-ls--preview-lines (name result)
  "The preview buffer's text for template NAME from heat-ls's RESULT.
A header naming the environment files merged, one comment line per
problem, then the preview as heat-ls prints it."
  (let* ((envs (append (plist-get result :environments) nil))
         (head (format "# Stack preview of %s%s\n" name
                       (if envs
                           (concat " with " (mapconcat #'file-relative-name envs ", "))
                         " (no environment files)")))
         (problems
          (mapconcat
           (lambda (p)
             (let* ((uri (plist-get p :uri))
                    (line (plist-get p :line))
                    (where (if uri
                               (format "%s%s: "
                                       (file-relative-name (url-unhex-string (replace-regexp-in-string "\\`file://" "" uri)))
                                       (if (numberp line) (format ":%d" (1+ line)) ""))
                             "")))
               (format "# %s: %s%s\n" (or (plist-get p :severity) "error") where
                       (replace-regexp-in-string "[ \t]*\n[ \t]*" " " (or (plist-get p :message) "")))))
           (append (plist-get result :problems) nil) ""))
         (text (or (plist-get result :text) "")))
    (concat head problems text (if (or (string-empty-p text) (string-suffix-p "\n" text)) "" "\n"))))

(defun heat-ls--preview-set-text (preview text)
  "Replace the text of the PREVIEW buffer with TEXT, keeping its point."
  (when (buffer-live-p preview)
    (with-current-buffer preview
      (let ((inhibit-read-only t)
            (point (point)))
        (erase-buffer)
        (insert text)
        (goto-char (min point (point-max)))
        (set-buffer-modified-p nil)))))

(defun heat-ls--preview-answer (template result tries)
  "Show RESULT in TEMPLATE's preview; ask again if it is of an older text.
TRIES counts the requests this refresh made."
  (when (buffer-live-p template)
    (with-current-buffer template
      (setq heat-ls--preview-in-flight nil)
      (let ((preview heat-ls--preview-buffer)
            (version (plist-get result :version))
            (current (bound-and-true-p eglot--versioned-identifier)))
        (when (buffer-live-p preview)
          (heat-ls--preview-set-text preview (heat-ls--preview-lines (buffer-name template) result))
          (with-current-buffer preview (setq heat-ls-preview-result result))
          (when (and (numberp version) (> version 0) (numberp current) (< version current)
                     (< tries heat-ls--preview-max-stale-retries))
            (setq heat-ls--preview-again t)))
        (when heat-ls--preview-again
          (setq heat-ls--preview-again nil)
          (heat-ls--preview-refresh template (1+ tries)))))))

(defun heat-ls--preview-failed (template error)
  "Show heat-ls's ERROR (a JSON-RPC error plist) in TEMPLATE's preview."
  (when (buffer-live-p template)
    (with-current-buffer template
      (setq heat-ls--preview-in-flight nil)
      (heat-ls--preview-set-text
       heat-ls--preview-buffer
       (concat (format "# heat-ls could not preview %s:\n" (buffer-name template))
               (mapconcat (lambda (l) (concat "#   " l "\n"))
                          (split-string (format "%s" (or (plist-get error :message) error)) "\n") "")))
      (when heat-ls--preview-again
        (setq heat-ls--preview-again nil)
        (heat-ls--preview-refresh template)))))

(defun heat-ls--preview-refresh (template &optional tries)
  "Ask heat-ls for TEMPLATE's stack preview, unless a request is in flight.
Then one more request follows it.  TRIES counts the requests this
refresh made."
  (when (buffer-live-p template)
    (with-current-buffer template
      (cond
       ((not (buffer-live-p heat-ls--preview-buffer)) (heat-ls--preview-stop template))
       (heat-ls--preview-in-flight (setq heat-ls--preview-again t))
       (t
        (let ((server (eglot-current-server))
              (args (list :uri (plist-get (eglot--TextDocumentIdentifier) :uri) :format "yaml")))
          (if (not server)
              (heat-ls--preview-set-text heat-ls--preview-buffer
                                         (format "# heat-ls could not preview %s:\n#   no heat-ls server manages it\n"
                                                 (buffer-name template)))
            (when heat-ls--preview-environments
              (setq args (plist-put args :environments (vconcat heat-ls--preview-environments))))
            ;; Send the edits eglot has not sent yet, so heat-ls previews this text.
            (when (fboundp 'eglot--signal-textDocument/didChange)
              (eglot--signal-textDocument/didChange))
            (setq heat-ls--preview-in-flight t)
            (setq heat-ls-preview-requests (1+ heat-ls-preview-requests))
            (jsonrpc-async-request
             server :workspace/executeCommand
             (list :command "heat-ls.preview" :arguments (vector args))
             :success-fn (lambda (result) (heat-ls--preview-answer template result (or tries 0)))
             :error-fn (lambda (error) (heat-ls--preview-failed template error))
             :timeout-fn (lambda () (heat-ls--preview-failed template "heat-ls did not answer in time"))))))))))

(defun heat-ls--preview-after-change (&rest _)
  "Refresh the preview once Emacs has been idle for `heat-ls-preview-idle-delay'."
  (let ((template (current-buffer)))
    (heat-ls--idle-call 'heat-ls--preview-timer heat-ls-preview-idle-delay
                        (lambda ()
                          ;; Only while the preview is shown somewhere.
                          (when (get-buffer-window heat-ls--preview-buffer t)
                            (heat-ls--preview-refresh template))))))

(defun heat-ls--preview-stop (template)
  "Stop following TEMPLATE's edits: its preview buffer is gone."
  (when (buffer-live-p template)
    (with-current-buffer template
      (remove-hook 'after-change-functions #'heat-ls--preview-after-change t)
      (when (timerp heat-ls--preview-timer)
        (cancel-timer heat-ls--preview-timer))
      (setq heat-ls--preview-timer nil
            heat-ls--preview-buffer nil))))

(defun heat-ls--read-environments ()
  "Read environment files, one per prompt, until an empty answer."
  (let (files file)
    (while (not (string-empty-p
                 (setq file (read-file-name (format "Environment file %d (empty to finish): " (1+ (length files)))
                                            nil "" t))))
      (push (expand-file-name file) files))
    (nreverse files)))

(defun heat-ls--preview-mode ()
  "Turn on the best YAML mode there is in the current buffer."
  (cond ((fboundp 'yaml-mode) (yaml-mode))
        ((and (fboundp 'yaml-ts-mode) (fboundp 'treesit-ready-p) (treesit-ready-p 'yaml t)) (yaml-ts-mode))
        (t (fundamental-mode))))

(defun heat-ls-preview (&optional environments)
  "Show the stack the current template becomes, in another window.
heat-ls merges the template's active environment set (the
\"environments\" setting, else `.heat-ls.yaml'); with a prefix argument,
read the ENVIRONMENTS to merge instead, in order (later ones win).  The
read-only buffer `*heat-ls preview: FILE*' follows the template's edits
while it is shown."
  (interactive (list (when current-prefix-arg (heat-ls--read-environments))))
  (unless (eglot-current-server)
    (user-error "No heat-ls server manages this buffer"))
  (let* ((template (current-buffer))
         (preview (if (buffer-live-p heat-ls--preview-buffer)
                      heat-ls--preview-buffer
                    (get-buffer-create (format "*heat-ls preview: %s*"
                                               (if buffer-file-name
                                                   (file-name-nondirectory buffer-file-name)
                                                 (buffer-name template)))))))
    (when environments
      (setq heat-ls--preview-environments environments))
    (unless (eq heat-ls--preview-buffer preview)
      (setq heat-ls--preview-buffer preview)
      (with-current-buffer preview
        (heat-ls--preview-mode)
        (setq buffer-read-only t)
        (setq heat-ls-preview-template template)
        (add-hook 'kill-buffer-hook (lambda () (heat-ls--preview-stop template)) nil t))
      (heat-ls--preview-set-text preview "# Loading the stack preview...\n")
      (add-hook 'after-change-functions #'heat-ls--preview-after-change nil t))
    (display-buffer preview t)
    (heat-ls--preview-refresh template)
    preview))

;;;; Resource graph

(defvar-local heat-ls-graph-svg nil
  "In a graph buffer: the SVG Graphviz drew from it, if any.")

(defun heat-ls-graph (&optional format)
  "Show the resource graph of the current template's file in a buffer.
FORMAT is \"dot\" (default), \"mermaid\" or \"json\"; interactively, a
prefix argument asks for it.  With DOT and Graphviz's `dot' installed, the
graph is also drawn to an SVG file, shown when Emacs can display images.
The graph is of the file as saved."
  (interactive (list (if current-prefix-arg
                         (completing-read "Format: " '("dot" "mermaid" "json") nil t nil nil "dot")
                       "dot")))
  (let ((format (or format "dot"))
        (file (buffer-file-name)))
    (unless file
      (user-error "Save the template first: the graph is drawn from the file"))
    (when (buffer-modified-p)
      (message "heat-ls: the graph shows %s as saved" (file-name-nondirectory file)))
    (let ((out (get-buffer-create (format "*heat-ls graph: %s*" (file-name-nondirectory file)))))
      (with-current-buffer out
        (let ((inhibit-read-only t))
          (erase-buffer)
          (unless (zerop (call-process (car heat-ls-command) nil t nil
                                       "graph" "--format" format "--params" "--outputs" file))
            (error "The heat-ls graph command failed: %s" (buffer-string))))
        (setq heat-ls-graph-svg nil)
        (when (and (equal format "dot") (executable-find "dot"))
          (let ((svg (make-temp-file "heat-ls-graph" nil ".svg")))
            (when (zerop (call-process-region (point-min) (point-max) "dot" nil nil nil "-Tsvg" "-o" svg))
              (setq heat-ls-graph-svg svg))))
        (goto-char (point-min)))
      (if (and (with-current-buffer out heat-ls-graph-svg) (display-images-p))
          (find-file-other-window (with-current-buffer out heat-ls-graph-svg))
        (display-buffer out))
      out)))

(provide 'heat-ls)
;;; heat-ls.el ends here
