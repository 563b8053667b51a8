package config

import (
	"bytes"
	"strings"

	"heat-ls/analysis/source"
)

// directive is the text that starts a suppression comment.
const directive = "heat-ls:"

// Apply filters diags of the document src through the inline suppression
// comments of src and the project settings of cfg (nil: no project file):
// disabled and suppressed problems are dropped and severity overrides are
// applied. The order of diags is kept; the input slice is not modified.
func Apply(diags []source.Diagnostic, src []byte, cfg *Config) []source.Diagnostic {
	if len(diags) == 0 {
		return diags
	}
	var sup suppressions
	if bytes.Contains(src, []byte(directive)) {
		sup = findSuppressions(src)
	}
	if sup == nil && (cfg == nil || len(cfg.Disable) == 0 && len(cfg.Severity) == 0) {
		return diags
	}
	var mapper *source.Mapper
	if sup != nil {
		mapper = source.NewMapper(src)
	}
	out := make([]source.Diagnostic, 0, len(diags))
	for _, d := range diags {
		if cfg != nil && cfg.Disable[d.Code] {
			continue
		}
		if sup != nil && sup.silences(mapper.LineOf(d.Span.Start), d.Code) {
			continue
		}
		if cfg != nil {
			if sev, ok := cfg.Severity[d.Code]; ok {
				d.Severity = sev
			}
		}
		out = append(out, d)
	}
	return out
}

// suppressions maps a zero-based line to the rules silenced on it; an
// empty (non-nil) list silences everything.
type suppressions map[int][]string

func (s suppressions) silences(line int, code string) bool {
	rules, ok := s[line]
	if !ok {
		return false
	}
	if len(rules) == 0 {
		return true
	}
	for _, r := range rules {
		if r == code {
			return true
		}
	}
	return false
}

// Suppression is one ignore comment: the zero-based line it is on, the
// rule ids it names (none: all), and the byte span of each id.
type Suppression struct {
	Line  int
	Rules []string
	Spans []source.Span
}

// Suppressions lists the ignore comments of src in order.
func Suppressions(src []byte) []Suppression {
	var out []Suppression
	line, start := 0, 0
	for start <= len(src) {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		if s, ok := parseLine(src, start, end); ok {
			s.Line = line
			out = append(out, s)
		}
		line++
		start = end + 1
	}
	return out
}

func findSuppressions(src []byte) suppressions {
	list := Suppressions(src)
	if len(list) == 0 {
		return nil
	}
	sup := make(suppressions, 2*len(list))
	for _, s := range list {
		for _, line := range [2]int{s.Line, s.Line + 1} {
			if len(s.Rules) == 0 {
				sup[line] = []string{}
			} else if prev, ok := sup[line]; !ok || len(prev) > 0 {
				sup[line] = append(prev, s.Rules...)
			}
		}
	}
	return sup
}

// parseLine finds "# heat-ls: ignore ..." in src[start:end]. The "#" must
// begin the line or follow white space, as a YAML comment does.
func parseLine(src []byte, start, end int) (Suppression, bool) {
	text := src[start:end]
	i := bytes.Index(text, []byte(directive))
	if i < 0 {
		return Suppression{}, false
	}
	hash := bytes.LastIndexByte(text[:i], '#')
	if hash < 0 || strings.TrimSpace(string(text[hash+1:i])) != "" {
		return Suppression{}, false
	}
	if hash > 0 && text[hash-1] != ' ' && text[hash-1] != '\t' {
		return Suppression{}, false
	}
	rest := i + len(directive)
	word := bytes.TrimLeft(text[rest:], " \t")
	rest = len(text) - len(word)
	if !bytes.HasPrefix(word, []byte("ignore")) || len(word) > 6 && word[6] != ' ' && word[6] != '\t' && word[6] != '\r' {
		return Suppression{}, false
	}
	rest += len("ignore")
	var s Suppression
	for rest < len(text) {
		for rest < len(text) && (text[rest] == ' ' || text[rest] == '\t' || text[rest] == ',' || text[rest] == '\r') {
			rest++
		}
		if rest < len(text) && text[rest] == '#' {
			break // a further comment ends the list
		}
		j := rest
		for j < len(text) && text[j] != ' ' && text[j] != '\t' && text[j] != ',' && text[j] != '\r' {
			j++
		}
		if j > rest {
			s.Rules = append(s.Rules, string(text[rest:j]))
			s.Spans = append(s.Spans, source.Span{Start: start + rest, End: start + j})
		}
		rest = j
	}
	return s, true
}
