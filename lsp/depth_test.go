package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/pyjson"
	"heat-ls/analysis/pyre"
	"heat-ls/analysis/yaql"
	"heat-ls/schema"
)

// yamlDepthBound is the syntax tree's own bound (analysis/syntax maxDepth);
// yaml.v3 stops at 10,000 levels before it.
const yamlDepthBound = 25000

// yamlV3Limit is the deepest block or flow nesting yaml.v3 reads; the two
// add up, and the syntax tree then nests about twice as deep.
const yamlV3Limit = 9999

const depthHeader = "heat_template_version: 2018-08-31\n"

// deepDocs are documents nesting ten times past each depth bound of the
// analysis (docs/limits.md, "Depth bounds"), each with the diagnostic the
// bound gives ("" when the bound only stops a walk). deep is a text the
// deepest point of the document begins with.
func deepDocs(scale float64) []struct{ name, text, deep, code string } {
	k := func(x int) int { return max(1, int(float64(x)*scale)) }
	n := k(10 * yamlDepthBound)
	v3 := k(yamlV3Limit)
	conds := func(k int) string {
		var b strings.Builder
		b.WriteString(depthHeader + "conditions:\n")
		for i := range k {
			fmt.Fprintf(&b, "  c%d: {not: c%d}\n", i, i+1)
		}
		fmt.Fprintf(&b, "  c%d: true\nresources:\n  r: {type: OS::Heat::None, condition: c0}\n", k)
		return b.String()
	}
	fanOut := func(k, width int) string {
		var b strings.Builder
		b.WriteString(depthHeader + "conditions:\n")
		for i := range k {
			fmt.Fprintf(&b, "  c%d: {and: [%s]}\n", i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("c%d, ", i+1), width), ", "))
		}
		fmt.Fprintf(&b, "  c%d: true\nresources:\n  r: {type: OS::Heat::None, condition: c0}\noutputs:\n  o: {value: {if: [c0, 1, 2]}}\n", k)
		return b.String()
	}
	return []struct{ name, text, deep, code string }{
		{"flow lists", depthHeader + "resources: " + strings.Repeat("[", n) + strings.Repeat("]", n) + "\n", "[[[[", ""},
		{"block lists", depthHeader + "resources:\n" + strings.Repeat("- ", n) + "x\n", "- - -", ""},
		{"flow maps", depthHeader + "outputs: " + strings.Repeat("{a: ", n/4) + "1" + strings.Repeat("}", n/4) + "\n", "{a: {a:", ""},
		{"flow lists at yaml.v3's limit", depthHeader + "resources: " + strings.Repeat("[", v3) + strings.Repeat("]", v3) + "\n", "[[[[", ""},
		{"block then flow lists at yaml.v3's limits", depthHeader + "resources:\n" + strings.Repeat("- ", v3) + strings.Repeat("[", v3) + strings.Repeat("]", v3) + "\n", "- [[[", ""},
		{"calls", depthHeader + "outputs:\n  o:\n    value: " + strings.Repeat("{get_param: [", n/10) + "p" + strings.Repeat("]}", n/10) + "\n", "{get_param: [{", ""},
		{"conditions", depthHeader + "conditions:\n  c: " + strings.Repeat("{not: ", k(320)) + "true" + strings.Repeat("}", k(320)) + "\nresources:\n  r: {type: OS::Heat::None, condition: c}\n", "{not: {not:", ""},
		{"if values", depthHeader + "conditions: {c: true}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: " + strings.Repeat("{if: [c, ", k(320)) + "1" + strings.Repeat(", 2]}", k(320)) + "\n", "{if: [c, {if:", ""},
		{"condition fan-out", fanOut(k(320), 10), "c" + fmt.Sprint(k(160)) + ":", ""},
		{"condition chain", conds(k(2560)), "c" + fmt.Sprint(k(1280)) + ":", ""},
		{"yaql", depthHeader + "outputs:\n  o:\n    value:\n      yaql:\n        expression: '" + strings.Repeat("f(", k(10*yaql.MaxDepth)) + "1" + strings.Repeat(")", k(10*yaql.MaxDepth)) + "'\n        data: {}\n", "f(f(f(", "yaql-too-deep"},
		{"pattern", depthHeader + "parameters:\n  p:\n    type: string\n    constraints:\n      - allowed_pattern: '" + strings.Repeat("(", k(10*pyre.MaxPythonNesting)) + "a" + strings.Repeat(")", k(10*pyre.MaxPythonNesting)) + "'\n", "(((", "parameter-constraint-invalid"},
		{"json default", depthHeader + "parameters:\n  p:\n    type: json\n    default: '" + strings.Repeat("[", k(10*pyjson.MaxDepth)) + strings.Repeat("]", k(10*pyjson.MaxDepth)) + "'\n", "[[[[", "parameter-default-type"},
		{"merge keys", depthHeader + "x0: &a0 {k: 1}\n" + mergeChain(k(160)) + "resources: {}\n", "<<: *a" + fmt.Sprint(k(80)), ""},
		{"group size text", depthHeader + "resources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: " + strings.Repeat("{list_join: ['', [", k(80)) + "'1'" + strings.Repeat("]]}", k(80)) + "\n      resource_def: {type: OS::Heat::None}\n", "{list_join: ['', [{", ""},
	}
}

// mergeChain is k mappings, each merging the one before.
func mergeChain(k int) string {
	var b strings.Builder
	for i := 1; i <= k; i++ {
		fmt.Fprintf(&b, "x%d: &a%d {<<: *a%d, k%d: 1}\n", i, i, i-1, i)
	}
	return b.String()
}

// position is the LSP position of byte offset off in an ASCII text.
func position(text string, off int) string {
	line := strings.Count(text[:off], "\n")
	col := off - (strings.LastIndexByte(text[:off], '\n') + 1)
	return fmt.Sprintf(`{"line":%d,"character":%d}`, line, col)
}

// TestDepthBoundsOverTheServer opens each deep document and asks every
// request at its start, its deepest point and its end: each is answered
// (a rename may be refused, never fail), the bound's diagnostic is
// published, and selection chains stay within their bound.
func TestDepthBoundsOverTheServer(t *testing.T) {
	for _, d := range deepDocs(1) {
		t.Run(d.name, func(t *testing.T) {
			c := startServer(t)
			c.initialize(`{}`)
			uri := "file:///deep/" + strings.NewReplacer(" ", "-", "'", "").Replace(d.name) + ".yaml"
			openDoc(c, uri, 1, d.text)
			var codes []string
			for _, p := range publishes(c, uri, 1) {
				for _, raw := range p.Diagnostics {
					var diag struct{ Code string }
					json.Unmarshal(raw, &diag)
					codes = append(codes, diag.Code)
				}
			}
			t.Logf("%d bytes, diagnostics %v", len(d.text), codes)
			if d.code != "" && !strings.Contains(strings.Join(codes, " "), d.code) {
				t.Fatalf("no %s among the diagnostics %v", d.code, codes)
			}
			doc := `{"uri":` + quote(uri) + `}`
			deep := strings.Index(d.text, d.deep)
			if deep < 0 {
				t.Fatalf("%q not in the document", d.deep)
			}
			deep += len(d.deep) / 2
			for i, off := range []int{0, deep, len(d.text) - 1} {
				pos := position(d.text, off)
				at := `{"textDocument":` + doc + `,"position":` + pos + `}`
				requests := []struct{ method, params string }{
					{"textDocument/hover", at},
					{"textDocument/completion", at},
					{"textDocument/definition", at},
					{"textDocument/references", `{"textDocument":` + doc + `,"position":` + pos + `,"context":{"includeDeclaration":true}}`},
					{"textDocument/documentHighlight", at},
					{"textDocument/signatureHelp", at},
					{"textDocument/prepareRename", at},
					{"textDocument/rename", `{"textDocument":` + doc + `,"position":` + pos + `,"newName":"renamed"}`},
					{"textDocument/selectionRange", `{"textDocument":` + doc + `,"positions":[` + pos + `]}`},
					{"textDocument/codeAction", `{"textDocument":` + doc + `,"range":{"start":` + pos + `,"end":` + pos + `},"context":{"diagnostics":[]}}`},
				}
				if i == 0 {
					requests = append(requests, []struct{ method, params string }{
						{"textDocument/documentSymbol", `{"textDocument":` + doc + `}`},
						{"textDocument/foldingRange", `{"textDocument":` + doc + `}`},
						{"textDocument/semanticTokens/full", `{"textDocument":` + doc + `}`},
						{"textDocument/inlayHint", `{"textDocument":` + doc + `,"range":{"start":{"line":0,"character":0},"end":` + position(d.text, len(d.text)) + `}}`},
						{"textDocument/codeLens", `{"textDocument":` + doc + `}`},
						{"textDocument/documentLink", `{"textDocument":` + doc + `}`},
						{"workspace/symbol", `{"query":"a"}`},
					}...)
				}
				for j, r := range requests {
					m := c.call(fmt.Sprintf(`"%d-%d"`, i, j), r.method, r.params)
					if m.Error != nil && !strings.Contains(r.method, "ename") {
						t.Fatalf("%s at %s: %+v", r.method, pos, m.Error)
					}
					if r.method == "textDocument/selectionRange" {
						if steps := strings.Count(string(m.Result), `"range"`); steps > feature.MaxSelectionSteps {
							t.Fatalf("selection at %s has %d steps", pos, steps)
						}
					}
				}
			}
		})
	}
}

// BenchmarkDeepDocuments parses and checks each deep document at a
// quarter, half and all of the test's depth and computes the
// whole-document answers (folding, symbols, semantic tokens): ns/op grows
// in step with the size.
func BenchmarkDeepDocuments(b *testing.B) {
	sc, err := schema.Load()
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for _, scale := range []float64{0.25, 0.5, 1} {
		for _, d := range deepDocs(scale) {
			b.Run(fmt.Sprintf("%s/x%.2f", strings.NewReplacer(" ", "-", "'", "").Replace(d.name), scale), func(b *testing.B) {
				b.SetBytes(int64(len(d.text)))
				u := uri.File("/deep/bench.yaml")
				doc := protocol.TextDocumentIdentifier{URI: u}
				for n := 0; b.Loop(); n++ {
					s := New(WithSchema(sc), WithLogger(zap.NewNop()))
					s.Store().Open(string(u), 1, []byte(d.text))
					s.checkDocument(ctx, s.Store().Get(string(u)))
					s.foldingRange(ctx, &protocol.FoldingRangeParams{TextDocument: doc})
					s.documentSymbol(ctx, &protocol.DocumentSymbolParams{TextDocument: doc})
					s.semanticTokens(u, nil)
				}
			})
		}
	}
}
