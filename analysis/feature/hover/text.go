package hover

import (
	"strings"

	"heat-ls/analysis/source"
)

// Text builds hover text once and renders it as Markdown or as plain
// text, so every hover, in-file or across files, reads the same in both
// formats. The workspace package writes its cross-file hovers with it too.
type Text struct {
	markdown bool
	b        strings.Builder
}

// NewText starts an empty text, Markdown when markdown is set.
func NewText(markdown bool) *Text { return &Text{markdown: markdown} }

// Raw appends text that is already rendered in this text's format (another
// hover's text) as its own paragraph.
func (d *Text) Raw(text string) {
	if text == "" {
		return
	}
	d.sep()
	d.b.WriteString(text)
}

// Len is the length of the text so far; 0 means nothing was written.
func (d *Text) Len() int { return d.b.Len() }

func (d *Text) sep() {
	if d.b.Len() > 0 {
		d.b.WriteString("\n\n")
	}
}

// Title is the first line: a code-formatted name and what it is.
func (d *Text) Title(code, what string) {
	d.sep()
	if d.markdown {
		d.b.WriteString("**" + mdCode(code) + "**")
	} else {
		d.b.WriteString(code)
	}
	if what != "" {
		d.b.WriteString(" — " + d.esc(what))
	}
}

// Para is a paragraph of prose.
func (d *Text) Para(text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	d.sep()
	d.b.WriteString(d.esc(text))
}

// Field is a "label: value" line; value is shown as code when code is set.
func (d *Text) Field(label, value string, code bool) {
	if value == "" {
		return
	}
	d.sep()
	switch {
	case d.markdown && code:
		d.b.WriteString("*" + label + ":* " + mdCode(value))
	case d.markdown:
		d.b.WriteString("*" + label + ":* " + d.esc(value))
	default:
		d.b.WriteString(label + ": " + value)
	}
}

// Label is a line introducing what follows (a code block).
func (d *Text) Label(text string) {
	d.sep()
	if d.markdown {
		d.b.WriteString("*" + text + ":*")
	} else {
		d.b.WriteString(text + ":")
	}
}

// List is a labelled bullet list of code items.
func (d *Text) List(label string, items []string) {
	if len(items) == 0 {
		return
	}
	d.Label(label)
	for _, it := range items {
		if d.markdown {
			d.b.WriteString("\n- " + mdCode(it))
		} else {
			d.b.WriteString("\n  " + it)
		}
	}
}

// ListItem is a bullet of items: a name shown as code and an optional
// note after it shown as text ("`size` (number, required)").
type ListItem struct{ Code, Text string }

// Items is a labelled bullet list whose names are code and notes text.
func (d *Text) Items(label string, items []ListItem) {
	if len(items) == 0 {
		return
	}
	d.Label(label)
	for _, it := range items {
		bullet := "\n  "
		if d.markdown {
			bullet = "\n- "
		}
		d.b.WriteString(bullet)
		switch {
		case it.Code == "":
			d.b.WriteString(it.Text)
			continue
		case d.markdown:
			d.b.WriteString(mdCode(it.Code))
		default:
			d.b.WriteString(it.Code)
		}
		if it.Text != "" {
			d.b.WriteString(" " + d.esc(it.Text))
		}
	}
}

// Code is a YAML block.
func (d *Text) Code(text string) {
	text = strings.TrimRight(text, "\n")
	if text == "" {
		return
	}
	d.sep()
	if d.markdown {
		fence := "```"
		for strings.Contains(text, fence) {
			fence += "`"
		}
		d.b.WriteString(fence + "yaml\n" + text + "\n" + fence)
		return
	}
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			d.b.WriteString("\n")
		}
		d.b.WriteString("    " + line)
	}
}

func (d *Text) String() string { return d.b.String() }

// esc escapes Markdown punctuation in prose that comes from the document.
func (d *Text) esc(s string) string {
	if !d.markdown {
		return s
	}
	r := strings.NewReplacer("\\", "\\\\", "*", "\\*", "_", "\\_", "`", "\\`", "<", "&lt;", "[", "\\[", "]", "\\]", "#", "\\#")
	return r.Replace(s)
}

// mdCode wraps s in a backtick code span long enough for its content.
func mdCode(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// Result is the text to show for the token at an offset and the
// token's span.
type Result struct {
	Span source.Span
	// Text is Markdown when the request asked for it, plain text otherwise.
	Text     string
	Markdown bool
}
