package difftest

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"heat-ls/analysis/hot"
)

// Variant is one generated template.
type Variant struct {
	// File is the variant's path relative to the generated tree's root.
	File string `json:"file"`
	// Source is the path, relative to the same root, of the template it
	// was made from (copied unchanged into the tree).
	Source string `json:"source"`
	// Op is the operator (see the op* constants) and Detail what it did.
	Op     string `json:"op"`
	Detail string `json:"detail"`
	Text   []byte `json:"-"`
}

// Source is one template variants are made of.
type Source struct {
	// Rel is its path relative to the generated tree's root.
	Rel  string
	Text []byte
}

// Variants makes up to perSource variants of each source (the source
// itself first, unchanged), taking turns between the operators and
// choosing within an operator with a generator seeded by seed and the
// source's path, so the same inputs and seed always give the same
// variants. Sources that are not HOT templates are left out.
func Variants(sources []Source, seed uint64, perSource int) []Variant {
	var out []Variant
	for _, s := range sources {
		doc := hot.Parse(s.Text)
		if doc.Template == nil || doc.Syntax.Broken {
			continue
		}
		out = append(out, variantsOf(s, doc, seed, perSource)...)
	}
	return out
}

func variantsOf(s Source, doc *hot.Document, seed uint64, perSource int) []Variant {
	if settled := settle(doc); len(settled) != len(s.Text) {
		s.Text = settled
		doc = hot.Parse(settled)
	}
	h := fnv.New64a()
	h.Write([]byte(s.Rel))
	rng := rand.New(rand.NewPCG(seed, h.Sum64()))
	pools := candidates(doc)
	stem := strings.TrimSuffix(s.Rel, filepath.Ext(s.Rel))
	name := func(i int) string { return fmt.Sprintf("%s.dt%03d.yaml", stem, i) }
	out := []Variant{{File: name(0), Source: s.Rel, Op: opOriginal, Text: s.Text}}
	seen := map[string]bool{string(s.Text): true}
	for len(out) < perSource {
		progress := false
		for _, op := range operators {
			if len(out) >= perSource {
				break
			}
			pool := pools[op]
			for len(pool) > 0 {
				i := rng.IntN(len(pool))
				c := pool[i]
				pool[i] = pool[len(pool)-1]
				pool = pool[:len(pool)-1]
				text := apply(s.Text, c.edits)
				if text == nil || seen[string(text)] || !batchCanLoad(text) {
					continue
				}
				seen[string(text)] = true
				out = append(out, Variant{File: name(len(out)), Source: s.Rel, Op: c.op, Detail: c.detail, Text: text})
				progress = true
				break
			}
			pools[op] = pool
		}
		if !progress {
			break
		}
	}
	return out
}

// LoadSources copies the corpus and the cases from shared (the
// ../shared directory) into root, keeping relative paths so the files the
// templates reference are found, and returns the HOT templates among them
// as sources, in path order.
func LoadSources(shared, root string) ([]Source, error) {
	var out []Source
	for _, top := range []string{"corpus", filepath.Join("heat", "cases")} {
		base := filepath.Join(shared, top)
		dest := filepath.Join(root, filepath.Base(top))
		err := filepath.WalkDir(base, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(base, path)
			target := filepath.Join(dest, rel)
			if d.IsDir() {
				return os.MkdirAll(target, 0o755)
			}
			if !d.Type().IsRegular() {
				return nil
			}
			text, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if err := os.WriteFile(target, text, 0o644); err != nil {
				return err
			}
			if !isTemplateName(path) || filepath.Base(path) == "heat.json" {
				return nil
			}
			if top != "corpus" && filepath.Base(path) != "template.yaml" {
				return nil // a case's env.yaml or nested file
			}
			if !bytes.Contains(text, []byte("heat_template_version")) {
				return nil
			}
			r, _ := filepath.Rel(root, target)
			out = append(out, Source{Rel: filepath.ToSlash(r), Text: text})
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Rel < out[j].Rel })
	return out, nil
}

func isTemplateName(p string) bool {
	switch filepath.Ext(p) {
	case ".yaml", ".yml", ".template":
		return true
	}
	return false
}

// Write puts the variants under root and writes root/variants.list (one
// path a line, batch_both.py's LIST) and root/variants.json (the
// manifest).
func Write(root string, vs []Variant) error {
	var list bytes.Buffer
	for _, v := range vs {
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(v.File)), v.Text, 0o644); err != nil {
			return err
		}
		list.WriteString(v.File + "\n")
	}
	if err := os.WriteFile(filepath.Join(root, "variants.list"), list.Bytes(), 0o644); err != nil {
		return err
	}
	return writeJSON(filepath.Join(root, "variants.json"), vs)
}

// batchCanLoad reports whether the oracle's batch script can read text's
// parameters to fill placeholders: it stops the whole run on a parameters
// section that is neither a mapping nor empty, or on a parameter without
// default whose type is a list or a mapping. Such variants are left out
// (Heat refuses them, and heat-ls reports them: see the cases).
func batchCanLoad(text []byte) bool {
	doc := hot.Parse(text)
	if doc.Template == nil {
		return true
	}
	sec := doc.Template.Section("parameters")
	if sec == nil {
		return true
	}
	v := sec.Value.Resolve()
	if v.IsNull() || (v.IsScalar() && (v.Value == "" || v.Value == "false" || v.Value == "0")) {
		return true
	}
	if !v.IsMapping() {
		return false
	}
	for _, p := range v.Pairs() {
		body := p.Value.Resolve()
		if !body.IsMapping() || body.Lookup("default").Key != nil {
			continue
		}
		if t := body.Get("type").Resolve(); t != nil && !t.IsScalar() {
			return false
		}
	}
	return true
}
