package main

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"heat-ls/analysis/check"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

// runCheck prints the diagnostics of every HOT template and environment
// file under paths as "file:line:col: severity: message [code]" (line and
// column 1-based, the column counting characters). Files named directly
// are always read; directories are walked for YAML files, and only those
// whose content makes them a template or an environment are reported.
// The status is 0 when clean, 1 when any error was found, 2 when a path
// could not be read.
func runCheck(ctx context.Context, paths []string, sc *schema.Schema, stdout, stderr io.Writer) int {
	status := 0
	fail := func(err error) {
		fmt.Fprintln(stderr, "heat-ls check:", err)
		status = 2
	}
	for _, root := range paths {
		files, err := collect(root)
		if err != nil {
			fail(err)
		}
		for _, file := range files {
			src, err := os.ReadFile(file)
			if err != nil {
				fail(err)
				continue
			}
			if printDiagnostics(ctx, file, src, sc, stdout) && status == 0 {
				status = 1
			}
		}
	}
	return status
}

// collect lists root itself when it is a file, or the YAML files below it.
func collect(root string) ([]string, error) {
	info, err := os.Stat(root)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return []string{root}, nil
	}
	var files []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if isYAMLName(d.Name()) {
			files = append(files, path)
		}
		return nil
	})
	return files, err
}

func isYAMLName(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yaml", ".yml", ".template", ".hot":
		return true
	}
	return false
}

// printDiagnostics checks one file and reports whether it had errors.
func printDiagnostics(ctx context.Context, file string, src []byte, sc *schema.Schema, out io.Writer) bool {
	doc := hot.Parse(src)
	if doc.Kind == hot.KindOther {
		return false
	}
	ds := check.Run(ctx, doc, check.Options{Schema: sc})
	slices.SortStableFunc(ds, func(a, b source.Diagnostic) int { return a.Span.Start - b.Span.Start })
	hasError := false
	for _, d := range ds {
		line, col := doc.Mapper.LineCol(d.Span.Start)
		code := ""
		if d.Code != "" {
			code = " [" + d.Code + "]"
		}
		fmt.Fprintf(out, "%s:%d:%d: %s: %s%s\n", file, line, col, d.Severity, d.Message, code)
		if d.Severity == source.SeverityError {
			hasError = true
		}
	}
	return hasError
}
