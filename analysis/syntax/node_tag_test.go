package syntax

import (
	"strings"
	"testing"
)

// TestTagCodes: every code stands for one tag and back, so a node keeps
// the tag it was given.
func TestTagCodes(t *testing.T) {
	seen := map[string]bool{}
	for c := noTag; c < numTags; c++ {
		tag := c.text()
		if c != noTag && !strings.HasPrefix(tag, "!") {
			t.Errorf("code %d stands for %q, not a tag", c, tag)
		}
		if seen[tag] {
			t.Errorf("code %d repeats the tag %q", c, tag)
		}
		seen[tag] = true
		if got := codeOf(tag); got != c {
			t.Errorf("codeOf(%q) = %d, want %d", tag, got, c)
		}
	}
}

// TestTagRoundTrip: common tags, custom tags and an alias's target all
// read back as set, and a common tag set after a custom one replaces it.
func TestTagRoundTrip(t *testing.T) {
	for _, tag := range []string{"", "!", "!!str", "!!null", "!!merge", "!!set", "!Ref", "!!python/object:x", "tag:yaml.org,2002:str"} {
		var n Node
		n.SetTag(tag)
		if got := n.Tag(); got != tag {
			t.Errorf("SetTag(%q) then Tag() = %q", tag, got)
		}
		if n.Target() != nil {
			t.Errorf("SetTag(%q) gave the node a target", tag)
		}
	}
	var n Node
	n.SetTag("!custom")
	target := &Node{Kind: ScalarNode}
	n.SetTarget(target)
	n.SetTag("!!int")
	if n.Tag() != "!!int" || n.Target() != target {
		t.Errorf("after a custom tag, a target and a common tag: tag %q, target %p (want !!int, %p)", n.Tag(), n.Target(), target)
	}
	var plain Node
	plain.SetTarget(nil)
	if plain.rareOf() != nil {
		t.Error("clearing the target of a node without one gave it rare fields")
	}
}

// TestParsedTags: a parse keeps yaml.v3's tags, custom ones included, and
// an alias has its anchored node's tag and that node as its target.
func TestParsedTags(t *testing.T) {
	f := Parse([]byte("a: &x 1\nb: *x\nc: !Ref d\ne: [1.5, true, ~]\nf: !m {g: 1, h: [2]}\n"))
	root := f.Root()
	for key, want := range map[string]string{"a": "!!int", "b": "!!int", "c": "!Ref", "e": "!!seq", "f": "!m"} {
		if got := root.Get(key).Tag(); got != want {
			t.Errorf("%s: tag %q, want %q", key, got, want)
		}
	}
	if b := root.Get("b"); b.Kind != AliasNode || b.Target() != root.Get("a") {
		t.Errorf("b: kind %d, target %p, want the alias of a (%p)", b.Kind, b.Target(), root.Get("a"))
	}
	var got []string
	for _, it := range root.Get("e").Items() {
		got = append(got, it.Tag())
	}
	if strings.Join(got, " ") != "!!float !!bool !!null" {
		t.Errorf("e's items: tags %q", got)
	}
	// A custom tag on a collection: its children live beside the tag.
	if m := root.Get("f"); m.NumPairs() != 2 || m.Get("g").Value != "1" || len(m.Get("h").Items()) != 1 {
		t.Errorf("f: %d pairs, want g and h", m.NumPairs())
	}
}
