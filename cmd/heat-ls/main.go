// Command heat-ls is the language server for OpenStack Heat Orchestration
// Templates. It only wires flags, the logger and stdio together; the server
// lives in heat-ls/lsp and the analysis in heat-ls/analysis.
//
//	heat-ls [flags] [serve]        speak LSP over stdin/stdout
//	heat-ls [flags] check PATH...  print the diagnostics of templates
//	heat-ls graph FILE...          draw the resources of templates (DOT, Mermaid, JSON)
//	heat-ls preview TEMPLATE       show the stack a template becomes for given
//	                               environments and parameters, offline
//	heat-ls version                print the version, commit, build date,
//	                               Go version and the Heat release of the data
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"heat-ls/lsp"
	"heat-ls/schema"
)

func main() {
	setHeapSampling() // heap_sampling.go
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the process: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("heat-ls", flag.ContinueOnError)
	fs.SetOutput(stderr)
	logFile := fs.String("log-file", "", "write logs to this file instead of stderr")
	logLevel := fs.String("log-level", "info", "log level: debug, info, warn, error")
	logFormat := fs.String("log-format", "", "log line format: console (readable lines) or json; default console on stderr, json in --log-file")
	// Generic LSP clients (vscode-languageclient among them) name the
	// transport and their own process on the command line. stdio is the only
	// transport, so --stdio is accepted and changes nothing; the client's
	// process id is accepted too (the server ends when its pipes close).
	fs.Bool("stdio", false, "speak LSP over stdin/stdout (the only transport; accepted for clients that pass it)")
	fs.Int("clientProcessId", 0, "the editor's process id (accepted for clients that pass it; unused)")
	showVersion := fs.Bool("version", false, "print the version and exit (as the version command)")
	nodeIPC := fs.Bool("node-ipc", false, "refused: heat-ls speaks LSP over stdio only")
	socket := fs.String("socket", "", "refused: heat-ls speaks LSP over stdio only")
	pipe := fs.String("pipe", "", "refused: heat-ls speaks LSP over stdio only")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage:\n  heat-ls [flags] [serve]\n  heat-ls [flags] check PATH...\n  heat-ls graph [--format dot|mermaid|json] [--env FILE]... [--params] [--outputs] FILE...\n  heat-ls preview [-e ENV]... [-P NAME=VALUE]... [--parameter-file NAME=FILE]... [--format yaml|json] [--depth N] TEMPLATE\n  heat-ls rules [--format text|json]\n  heat-ls version\nflags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cmd, rest := "serve", fs.Args()
	if len(rest) > 0 {
		cmd, rest = rest[0], rest[1:]
	}
	if cmd == "graph" {
		return runGraph(rest, stdout, stderr) // graph.go
	}
	if cmd == "rules" {
		return runRules(rest, stdout, stderr) // rules.go
	}
	if cmd == "preview" {
		return runPreview(rest, stdout, stderr) // preview.go
	}
	// Flags may also follow the command ("heat-ls serve --log-level debug");
	// check parses its own, which include these.
	if cmd != "check" {
		if err := fs.Parse(rest); err != nil {
			return 2
		}
		rest = fs.Args()
	}

	if *showVersion && cmd == "serve" {
		cmd = "version"
	}
	if *nodeIPC || *socket != "" || *pipe != "" {
		fmt.Fprintln(stderr, "heat-ls: only the stdio transport is supported; configure the client to start heat-ls with stdio (--stdio)")
		return 2
	}

	switch cmd {
	case "version":
		if len(rest) > 0 {
			fmt.Fprintf(stderr, "heat-ls version: unexpected arguments %q\n", rest)
			return 2
		}
		writeVersion(stdout, currentBuild())
		return 0
	case "serve", "check":
	default:
		fmt.Fprintf(stderr, "heat-ls: unknown command %q\n", cmd)
		fs.Usage()
		return 2
	}

	log, level, closeLog, err := newLogger(*logFile, *logLevel, *logFormat, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "heat-ls:", err)
		return 2
	}
	defer closeLog()

	sc, err := schema.Load()
	if err != nil {
		fmt.Fprintln(stderr, "heat-ls: loading the schema:", err)
		return 2
	}

	if cmd == "check" {
		return runCheck(context.Background(), rest, sc, stdout, stderr)
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "heat-ls serve: unexpected arguments %q\n", rest)
		return 2
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	opts := []lsp.Option{
		lsp.WithLogger(log),
		lsp.WithLogLevel(&level),
		lsp.WithSchema(sc),
		lsp.WithVersion(version()),
		// One server in this process: it may set the collector's percent.
		lsp.WithGCHeadroom(),
		// And it may empty the runtime's per-processor caches when it
		// gives memory back.
		lsp.WithProcessorFlush(),
	}
	// Tests that hunt a leak in the built server ask it for heap profiles
	// (heat-ls/debug); only this variable, set by whoever starts the
	// process, lets it write them, and only into that directory (main
	// has set the sampling they need: heap_sampling.go).
	if dir := os.Getenv(profileDirEnv); dir != "" {
		opts = append(opts, lsp.WithProfileDir(dir))
	}
	srv := lsp.New(opts...)
	return srv.Serve(ctx, stdin, stdout)
}
