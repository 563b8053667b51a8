package main

import (
	"fmt"
	"math/rand"
	"strings"

	"heat-ls/analysis/syntax/synthtest"
)

// The hostile-input generator: every class of input an attacker (or a
// careless generator) may hand heat-ls, built from a seed at a chosen
// size, so the suite in hostile_test.go can run each through "check" and
// through the server and hold the cost to the size. Same seed, same
// inputs.

// hostileInput is one generated attack.
type hostileInput struct {
	class string
	// doc is the template opened in the editor and named to check.
	doc string
	// files are other files beside it (a chain of nested templates), by
	// name relative to the document's directory.
	files map[string]string
	// frames, for the server only, are sent raw after the document is
	// open; changes is the didChange contentChanges JSON sent after them,
	// and want the text the document must then hold ("" : doc unchanged).
	frames  []string
	changes string
	want    string
}

// size is the input's size, what the bounds are multiples of.
func (in hostileInput) size() int {
	n := len(in.doc) + len(in.changes)
	for _, f := range in.files {
		n += len(f)
	}
	for _, f := range in.frames {
		n += len(f)
	}
	return n
}

const hostileHeader = "heat_template_version: 2018-08-31\n"

// generateHostile returns one input of each class, each about size bytes.
func generateHostile(seed int64, size int) []hostileInput {
	rnd := rand.New(rand.NewSource(seed))
	var out []hostileInput
	add := func(class, doc string) { out = append(out, hostileInput{class: class, doc: doc}) }

	base := string(synthtest.GenerateTemplate(max(40, size/36)))
	add("many-resources", base)
	add("mangled", mangle(rnd, base, 1+size/2000))
	add("tiny-resources", tinyResources(size))

	depth := min(size/2, 9000) // under and, below, over yaml.v3's nesting limit
	add("deep-block", hostileHeader+"resources:\n"+strings.Repeat("- ", depth)+"x\n")
	add("deep-flow-lists", hostileHeader+"resources: "+strings.Repeat("[", depth)+strings.Repeat("]", depth)+"\n")
	add("deep-flow-maps", hostileHeader+"outputs: "+strings.Repeat("{a: ", depth/2)+"1"+strings.Repeat("}", depth/2)+"\n")
	add("too-deep", hostileHeader+"resources: "+strings.Repeat("[", 12000)+strings.Repeat("]", 12000)+"\n")
	add("deep-calls", hostileHeader+"outputs:\n  o:\n    value: "+strings.Repeat("{get_param: [", depth/8)+"p"+strings.Repeat("]}", depth/8)+"\n")

	add("alias-bomb", aliasBomb(rnd, 9+rnd.Intn(4)))
	add("many-anchors", manyAnchors(size))
	add("long-line", hostileHeader+"description: "+strings.Repeat("a", size)+"\nresources: {}\n")
	add("long-flow-line", hostileHeader+"resources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: ["+strings.Repeat("{get_param: p}, ", size/16)+"x]\n")
	add("fan-out", fanOut(size))
	add("undefined-names", undefinedNames(size))
	add("cycle", cycle(size))
	add("condition-chain", conditionChain(size))

	add("yaql-deep-list", yaqlOutput(strings.Repeat("[", size)))
	add("yaql-deep-call", yaqlOutput(strings.Repeat("f(", size/2)+"1"+strings.Repeat(")", size/2)))
	add("yaql-deep-paren", yaqlOutput(strings.Repeat("(", size)))
	add("pattern-deep-groups", hostileHeader+"parameters:\n  p:\n    type: string\n    constraints:\n      - allowed_pattern: '"+strings.Repeat("(", size)+"'\n")
	add("json-deep-default", hostileHeader+"parameters:\n  p:\n    type: json\n    default: '"+strings.Repeat("[", size)+"'\n")
	add("condition-fan-out", conditionFanOut(size))
	out = append(out, renameLongName(size))

	chain := nestedChain(size)
	out = append(out, chain)
	out = append(out, brokenRanges(), malformedFrames(rnd, size), changeBatch(size))
	return out
}

// tinyResources declares as many resources as fit, one line each, with
// outputs reading some of them.
func tinyResources(size int) string {
	var b strings.Builder
	n := max(10, size/40)
	b.WriteString(hostileHeader + "resources:\n")
	for i := range n {
		fmt.Fprintf(&b, "  r%d: {type: OS::Heat::None}\n", i)
	}
	b.WriteString("outputs:\n")
	for i := 0; i < n; i += 100 {
		fmt.Fprintf(&b, "  o%d: {value: {get_resource: r%d}}\n", i, i)
	}
	return b.String()
}

// mangle flips n random bytes of text to characters YAML cares about.
func mangle(rnd *rand.Rand, text string, n int) string {
	b := []byte(text)
	const specials = ":-{}[]&*!|>'\"#%@`\t\n "
	for range n {
		b[rnd.Intn(len(b))] = specials[rnd.Intn(len(specials))]
	}
	return string(b)
}

// aliasBomb is "billion laughs": each anchor a list naming the previous
// one ten times, used where the rules look (properties, outputs,
// conditions).
func aliasBomb(rnd *rand.Rand, levels int) string {
	var b strings.Builder
	b.WriteString(hostileHeader + "parameters:\n  p: {type: json, default: &a0 [{get_param: p}, x, x, x, x, x, x, x, x, x]}\n")
	b.WriteString("conditions:\n  c0: &c0 {equals: [1, 1]}\n")
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "  c%d: &c%d {and: [%s]}\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*c%d, ", i-1), 10), ", "))
	}
	b.WriteString("resources:\n")
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "  r%d:\n    type: OS::Nova::Server\n    properties:\n      networks: &a%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d, ", i-1), 10), ", "))
	}
	fmt.Fprintf(&b, "outputs:\n  o:\n    value: {str_replace: {template: x, params: {x: *a%d}}}\n    condition: c%d\n", levels, rnd.Intn(levels)+1)
	return b.String()
}

// manyAnchors declares anchors by the thousand and uses each a few times.
func manyAnchors(size int) string {
	var b strings.Builder
	b.WriteString(hostileHeader + "parameters:\n")
	n := max(10, size/60)
	for i := range n {
		fmt.Fprintf(&b, "  p%d: &p%d {type: string, default: v%d}\n", i, i, i)
	}
	b.WriteString("resources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value:\n")
	for i := range n {
		fmt.Fprintf(&b, "        - [*p%d, *p%d]\n", i, (i*7)%n)
	}
	return b.String()
}

// fanOut has one resource depending on every other one, and every other
// one reading an attribute of the first.
func fanOut(size int) string {
	var b strings.Builder
	n := max(10, size/80)
	b.WriteString(hostileHeader + "resources:\n  hub:\n    type: OS::Heat::Value\n    properties: {value: 1}\n    depends_on: [")
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "r%d", i)
	}
	b.WriteString("]\n")
	for i := range n {
		fmt.Fprintf(&b, "  r%d:\n    type: OS::Heat::Value\n    properties: {value: {get_attr: [hub, value]}}\n", i)
	}
	return b.String()
}

// undefinedNames refers, from every resource, to a resource, a parameter
// and a condition that do not exist, each name different: thousands of
// misspellings among thousands of names.
func undefinedNames(size int) string {
	var b strings.Builder
	n := max(10, size/150)
	b.WriteString(hostileHeader + "parameters:\n")
	for i := range n / 4 {
		fmt.Fprintf(&b, "  param_%d: {type: string}\n", i)
	}
	b.WriteString("resources:\n")
	for i := range n {
		fmt.Fprintf(&b, "  res_%d:\n    type: OS::Heat::Value\n    condition: cond_%d\n    properties: {value: [{get_resource: res%d}, {get_param: param%d}]}\n", i, i, i, i)
	}
	return b.String()
}

// conditionChain is a chain of conditions, each the negation of the
// next, ending in one that is not defined, used by every resource.
func conditionChain(size int) string {
	var b strings.Builder
	n := max(10, size/60)
	b.WriteString(hostileHeader + "conditions:\n")
	for i := range n {
		fmt.Fprintf(&b, "  c%d: {not: c%d}\n", i, i+1)
	}
	b.WriteString("resources:\n")
	for i := 0; i < n; i += 3 {
		fmt.Fprintf(&b, "  r%d: {type: OS::Heat::None, condition: c%d}\n", i, i)
	}
	return b.String()
}

// cycle is one depends_on loop through every resource.
func cycle(size int) string {
	var b strings.Builder
	n := max(3, size/60)
	b.WriteString(hostileHeader + "resources:\n")
	for i := range n {
		fmt.Fprintf(&b, "  r%d:\n    type: OS::Heat::None\n    depends_on: r%d\n", i, (i+1)%n)
	}
	return b.String()
}

// nestedChain is a template using a nested template using another, deep,
// ending in a template that nests the first again.
func nestedChain(size int) hostileInput {
	depth := max(5, min(200, size/300))
	files := map[string]string{}
	layer := func(i int) string {
		next := fmt.Sprintf("layer%d.yaml", (i+1)%depth)
		return fmt.Sprintf("%sparameters:\n  p: {type: string, default: x}\nresources:\n  inner:\n    type: %s\n    properties: {p: {get_param: p}}\noutputs:\n  o: {value: {get_attr: [inner, o]}}\n", hostileHeader, next)
	}
	for i := 1; i < depth; i++ {
		files[fmt.Sprintf("layer%d.yaml", i)] = layer(i)
	}
	return hostileInput{class: "nested-chain", doc: layer(0), files: files}
}

// brokenRanges sends changes whose ranges are not ranges or fall outside
// the text; each must be refused and leave the document as it was.
func brokenRanges() hostileInput {
	doc := hostileHeader + "resources:\n  r:\n    type: OS::Heat::None\n"
	var frames []string
	for i, rng := range []string{
		`{"start":{"line":-1,"character":0},"end":{"line":0,"character":0}}`,
		`{"start":{"line":4294967296,"character":0},"end":{"line":0,"character":0}}`,
		`{"start":{"line":0.5,"character":0},"end":{"line":1,"character":0}}`,
		`7`, `null`, `{}`, `{"start":{"line":0},"end":{"line":1,"character":0}}`,
		`{"start":{"line":99,"character":0},"end":{"line":99,"character":0}}`,
		`{"start":{"line":0,"character":99},"end":{"line":0,"character":99}}`,
		`{"start":{"line":2,"character":0},"end":{"line":0,"character":0}}`,
	} {
		frames = append(frames, frame(fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"%%URI%%","version":%d},"contentChanges":[{"range":%s,"text":"LOST"}]}}`, 2+i, rng)))
	}
	frames = append(frames, frame(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"%URI%","version":50},"contentChanges":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"rangeLength":-1,"text":"LOST"}]}}`))
	return hostileInput{class: "broken-ranges", doc: doc, frames: frames}
}

// malformedFrames sends what is not a message: bad and endless headers,
// bodies that are not JSON or not JSON-RPC, a method that is not UTF-8.
func malformedFrames(rnd *rand.Rand, size int) hostileInput {
	junk := make([]byte, 200)
	rnd.Read(junk)
	frames := []string{
		strings.Repeat("X", size) + "\r\n\r\n",
		"Content-Length: -5\r\n\r\n",
		"Content-Length: 99999999999999999999\r\n\r\n",
		"Content-Type: nothing\r\n\r\n",
		"0\xff\xfeContent-Length: 2\r\n\r\n{}",
		frame(`{"jsonrpc":"2.0","id":`),
		frame(string(junk)),
		frame(`{"jsonrpc":"2.0","id":7,"method":"bad` + "\xff\xfe" + `"}`),
		frame(`{"jsonrpc":"2.0","id":8,"method":"` + strings.Repeat("m", size/4) + `"}`),
		frame(`{"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":"no"}`),
		frame(`{"jsonrpc":"2.0","id":[1],"method":"textDocument/hover"}`),
		frame(`[` + strings.Repeat(`{"jsonrpc":"2.0"},`, size/40) + `{}]`),
	}
	return hostileInput{class: "malformed-frames", doc: hostileHeader + "resources: {}\n", frames: frames}
}

// changeBatch sends one didChange of many single-character insertions,
// typed forwards, which must be applied in one pass.
func changeBatch(size int) hostileInput {
	doc := hostileHeader + "description: x\nresources: {}\n"
	n := max(10, size/100)
	var b strings.Builder
	b.WriteString("[")
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"range":{"start":{"line":1,"character":%d},"end":{"line":1,"character":%d}},"text":"y"}`, 14+i, 14+i)
	}
	b.WriteString("]")
	want := hostileHeader + "description: x" + strings.Repeat("y", n) + "\nresources: {}\n" // after the x
	return hostileInput{class: "change-batch", doc: doc, changes: b.String(), want: want}
}

// yaqlOutput is a template whose output is the yaql expression expr.
func yaqlOutput(expr string) string {
	return hostileHeader + "outputs:\n  o:\n    value:\n      yaql:\n        expression: '" + expr + "'\n        data: {}\n"
}

// renameLongName asks to rename a parameter used size/100 times (10,000 at
// 1 MiB) to a name of size/10 bytes (100 KiB): name times uses would be a
// gigabyte of edits; Heat's template size limit refuses it.
func renameLongName(size int) hostileInput {
	uses := max(100, size/100)
	var b strings.Builder
	b.WriteString(hostileHeader + "parameters:\n  p: {type: string}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value:\n")
	for range uses {
		b.WriteString("        - {get_param: p}\n")
	}
	// The first use: line 8, after "        - {get_param: ".
	req := fmt.Sprintf(`{"jsonrpc":"2.0","id":77,"method":"textDocument/rename","params":{"textDocument":{"uri":"%%URI%%"},"position":{"line":8,"character":22},"newName":%q}}`, strings.Repeat("b", size/10))
	return hostileInput{class: "rename-long-name", doc: b.String(), frames: []string{frame(req)}}
}

// conditionFanOut is a chain of conditions, each an and using the next
// many times, ending in true: deciding it name by name without
// remembering would cost the product of the uses.
func conditionFanOut(size int) string {
	const k = 64
	width := max(2, size/(k*6))
	var b strings.Builder
	b.WriteString(hostileHeader + "conditions:\n")
	for i := range k {
		fmt.Fprintf(&b, "  c%d: {and: [%s]}\n", i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("c%d, ", i+1), width), ", "))
	}
	fmt.Fprintf(&b, "  c%d: true\nresources:\n  r: {type: OS::Heat::None, condition: c0}\noutputs:\n  o: {value: {if: [c0, 1, 2]}}\n", k)
	return b.String()
}
