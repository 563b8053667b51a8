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

;;; Code:

(require 'cl-lib)
(require 'yaml-mode nil t)
(require 'eieio)
(require 'eglot)

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
