package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"slices"
	"strconv"
	"testing"
	"time"

	"heat-ls/analysis/bench"
	"heat-ls/analysis/syntax/synthtest"
)

// The benchmarks in this file measure what a user of an editor feels: they
// build the real binary, speak LSP to it over pipes, and time the round
// trips on generated templates (analysis/syntax/synthtest) of about 150,
// 1,700 and 12,000 lines. Run them with
//
//	go test -run '^$' -bench E2E -benchtime 200x ./cmd/heat-ls
//
// Reported per size: change→publishDiagnostics, completion sent right
// after a change (while typing) and hover at rest, each as p50/p99 in
// milliseconds; the server's resident memory (VmRSS) and its peak (VmHWM)
// in MiB at the end; and parse-ms, the bare yaml.v3 parse of the same text
// in this process, for scale. The server traces its collections, so the
// change is also reported split by whether one overlapped the edit
// (gc-overlap-%, change-gc-p50-ms, change-nogc-p99-ms:
// bench_gc_overlap_test.go). Beside each size, the same edits are timed
// on yaml-language-server when it is installed (bench_yamlls_test.go):
// its change→publishDiagnostics p50/p99 and x-heat-ls-p50, how many times
// heat-ls's median it takes.

// e2eSizes are the line counts asked of the generator; the sub-benchmark
// names give the lines produced.
var e2eSizes = []int{200, 1700, 12000}

// BenchmarkE2E: one iteration types one character into a resource in the
// middle of the template (or deletes it again), sends a completion request
// at once, waits for both the answer and the diagnostics of the new
// version, then asks for a hover.
func BenchmarkE2E(b *testing.B) {
	for _, size := range e2eSizes {
		src := synthtest.GenerateTemplate(size)
		runBeside(b, fmt.Sprintf("lines=%d", bytes.Count(src, []byte("\n"))), src)
	}
}

// BenchmarkE2EDeep is BenchmarkE2E on templates shaped like the large ones
// of real deployments, whose bulk is one deep value: a 12,000-line output
// (synthtest.GenerateDeepOutput) or parameter default
// (GenerateDeepDefault). The character is typed deep inside that value;
// completion is asked after a get_param (inside the output's value, in a
// resource for the default), hover on a resource type.
//
//	go test -run '^$' -bench E2EDeep -benchtime 200x ./cmd/heat-ls
func BenchmarkE2EDeep(b *testing.B) {
	for _, shape := range []struct {
		name string
		gen  func(int) []byte
	}{{"output", synthtest.GenerateDeepOutput}, {"default", synthtest.GenerateDeepDefault}} {
		b.Run("shape="+shape.name, func(b *testing.B) {
			for _, size := range []int{1700, 12000} {
				src := shape.gen(size)
				runBeside(b, fmt.Sprintf("lines=%d", bytes.Count(src, []byte("\n"))), src)
			}
		})
	}
}

// e2ePoints are the places in a generated template the benchmark uses:
// each the first one from the middle of the template on (in the middle
// group of resources of GenerateTemplate), or from its start when none
// follows the middle.
type e2ePoints struct {
	edit       [2]int // line, character: where a character is typed
	completion [2]int // after "get_param: " (parameter names)
	hover      [2]int // on a resource type name
}

func findPoints(b *testing.B, src []byte) e2ePoints {
	lines := bytes.Split(src, []byte("\n"))
	find := func(needle string, from int) (int, int) {
		for k := range lines {
			i := (from + k) % len(lines)
			if c := bytes.Index(lines[i], []byte(needle)); c >= 0 {
				return i, c
			}
		}
		b.Fatalf("%q not in the generated template", needle)
		return 0, 0
	}
	mid := len(lines) / 2
	var p e2ePoints
	l, c := find("mountpoint: /dev/vd", mid)
	p.edit = [2]int{l, c + len("mountpoint: /dev/vd")}
	l, c = find("network: {get_param: ", mid)
	p.completion = [2]int{l, c + len("network: {get_param: ")}
	l, c = find("type: OS::Nova::Server", mid)
	p.hover = [2]int{l, c + len("type: OS::")}
	return p
}

// e2eTyping runs the typing benchmark on src and returns the change's
// p50 in milliseconds.
func e2eTyping(b *testing.B, src []byte) float64 {
	const uri = "file:///tmp/e2e-bench/big.yaml"
	cmd := exec.Command(binary(b))
	cmd.Env = gctraceEnv()
	var stderr bytes.Buffer
	gc := &gcTracer{keep: &stderr}
	cmd.Stderr = gc
	s := startCommand(b, cmd, nil)
	s.call(1, "initialize", `{"processId":null,"rootUri":null,"capabilities":{}}`)
	s.notify("initialized", `{}`)
	s.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, uri, mustJSON(string(src))))
	s.diagnostics(1)
	pt := findPoints(b, src)

	version, id := 1, 100
	var change, completion, hover bench.Latencies
	var starts []time.Time
	step := func(record bool) {
		version++
		ch := edit(pt.edit[0], pt.edit[1], pt.edit[1], "x")
		if version%2 == 1 {
			ch = edit(pt.edit[0], pt.edit[1], pt.edit[1]+1, "")
		}
		start := time.Now()
		s.notify("textDocument/didChange", fmt.Sprintf(`{"textDocument":{"uri":%q,"version":%d},"contentChanges":[%s]}`, uri, version, ch))
		id++
		s.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"textDocument/completion","params":{"textDocument":{"uri":%q},"position":{"line":%d,"character":%d}}}`,
			id, uri, pt.completion[0], pt.completion[1]))
		var published, answered time.Duration
		for published == 0 || answered == 0 {
			m := s.next()
			switch {
			case m.Method == "textDocument/publishDiagnostics":
				var p published_
				json.Unmarshal(m.Params, &p)
				if p.Version != nil && *p.Version == version {
					published = time.Since(start)
				}
			case m.Method == "" && string(m.ID) == strconv.Itoa(id):
				if m.Error != nil || len(m.Result) < 10 {
					b.Fatalf("completion: %+v %s", m.Error, m.Result)
				}
				answered = time.Since(start)
			}
		}
		id++
		hoverStart := time.Now()
		h := s.call(id, "textDocument/hover", fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":%d,"character":%d}}`, uri, pt.hover[0], pt.hover[1]))
		took := time.Since(hoverStart)
		if string(h.Result) == "null" {
			b.Fatal("no hover on the resource type")
		}
		if record {
			starts = append(starts, start)
			change = append(change, published)
			completion = append(completion, answered)
			hover = append(hover, took)
		}
	}
	for range 4 { // warm up: the schema decodes resource types on first use
		step(false)
	}
	pid := s.cmd.Process.Pid
	cpu0 := procCPU(b, pid)
	edits := 0
	for b.Loop() {
		step(true)
		edits++
	}
	// The server's processor time an edit (its change, completion and
	// hover), which the machine's load moves less than the latencies.
	b.ReportMetric(float64(procCPU(b, pid)-cpu0)/float64(max(edits, 1))/float64(time.Millisecond), "server-cpu-ms/edit")
	reportPercentiles(b, "change", change)
	reportGCOverlap(b, gc, starts, change)
	reportPercentiles(b, "completion", completion)
	reportPercentiles(b, "hover", hover)
	b.ReportMetric(float64(procBytes(b, pid, "VmRSS"))/(1<<20), "rss-MiB")
	b.ReportMetric(float64(procBytes(b, pid, "VmHWM"))/(1<<20), "hwm-MiB")
	// Once typing stops the server gives memory back after a second
	// (lsp/idle_memory.go): what stays resident then.
	time.Sleep(2 * time.Second)
	b.ReportMetric(float64(procBytes(b, pid, "VmRSS"))/(1<<20), "idle-rss-MiB")
	b.ReportMetric(parseMillis(b, src), "parse-ms")
	return percentile(change, 50)
}

// reportGCOverlap adds gc-overlap-% and the change's p50 of the edits a
// server collection overlapped and p99 of the others
// (bench_gc_overlap_test.go). The last collections' lines may come a
// moment after the last edit: they are waited for briefly.
func reportGCOverlap(b *testing.B, gc *gcTracer, starts []time.Time, change bench.Latencies) {
	if len(change) == 0 {
		return
	}
	time.Sleep(50 * time.Millisecond)
	with, without := splitByOverlap(change, gc.overlapped(starts, change))
	b.ReportMetric(100*float64(len(with))/float64(len(change)), "gc-overlap-%")
	if len(with) > 0 {
		b.ReportMetric(percentile(with, 50), "change-gc-p50-ms")
	}
	if len(without) > 0 {
		b.ReportMetric(percentile(without, 99), "change-nogc-p99-ms")
	}
}

// published_ is the part of a publishDiagnostics the benchmark reads.
type published_ struct {
	Version *int `json:"version"`
}

// reportPercentiles adds name-p50-ms and name-p99-ms.
func reportPercentiles(b *testing.B, name string, l bench.Latencies) {
	if len(l) == 0 {
		return
	}
	b.ReportMetric(percentile(l, 50), name+"-p50-ms")
	b.ReportMetric(percentile(l, 99), name+"-p99-ms")
}

// percentile is the q-th percentile of l in milliseconds (0 when l is empty).
func percentile(l bench.Latencies, q int) float64 {
	if len(l) == 0 {
		return 0
	}
	s := slices.Clone(l)
	slices.Sort(s)
	return float64(s[min(len(s)-1, len(s)*q/100)]) / float64(time.Millisecond)
}

// parseMillis is the median of a few bare yaml.v3 parses of src.
func parseMillis(b *testing.B, src []byte) float64 {
	var runs []time.Duration
	for range 5 {
		start := time.Now()
		bench.ParseFloorOnce(b, src)
		runs = append(runs, time.Since(start))
	}
	slices.Sort(runs)
	return float64(runs[len(runs)/2]) / float64(time.Millisecond)
}
