package synthtest

import (
	"bytes"
	"testing"

	"gopkg.in/yaml.v3"
)

func TestGenerateTemplateIsValidYAMLOfRoughlyTheRequestedSize(t *testing.T) {
	for _, lines := range []int{10, 500, 12000} {
		src := GenerateTemplate(lines)
		var root yaml.Node
		if err := yaml.Unmarshal(src, &root); err != nil {
			t.Fatalf("GenerateTemplate(%d) is not valid YAML: %v", lines, err)
		}
		got := bytes.Count(src, []byte("\n"))
		if lines >= 500 && (got < lines*9/10 || got > lines*11/10) {
			t.Errorf("GenerateTemplate(%d) has %d lines", lines, got)
		}
	}
}

func TestDeepTemplatesAreValidYAMLOfRoughlyTheRequestedSize(t *testing.T) {
	for name, gen := range map[string]func(int) []byte{"output": GenerateDeepOutput, "default": GenerateDeepDefault} {
		for _, lines := range []int{500, 12000} {
			src := gen(lines)
			var root yaml.Node
			if err := yaml.Unmarshal(src, &root); err != nil {
				t.Fatalf("deep %s (%d) is not valid YAML: %v", name, lines, err)
			}
			got := bytes.Count(src, []byte("\n"))
			if got < lines*9/10 || got > lines*11/10 {
				t.Errorf("deep %s (%d) has %d lines", name, lines, got)
			}
		}
	}
}
