package source

import (
	"fmt"
	"sync"
	"testing"
)

var encodings = []Encoding{UTF16, UTF8, UTF32}

func TestPosition(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		offset int
		want   [3]Position // UTF16, UTF8, UTF32
	}{
		{"ascii", "ab\ncd", 4, [3]Position{{1, 1}, {1, 1}, {1, 1}}},
		{"after emoji", "a😀b\n", 5, [3]Position{{0, 3}, {0, 5}, {0, 2}}},
		{"inside emoji moves back", "a😀b\n", 3, [3]Position{{0, 1}, {0, 1}, {0, 1}}},
		{"cjk", "中文: 值\n", 6, [3]Position{{0, 2}, {0, 6}, {0, 2}}},
		{"after cjk value", "中文: 值\n", 11, [3]Position{{0, 5}, {0, 11}, {0, 5}}},
		{"combining mark", "e\u0301x", 3, [3]Position{{0, 2}, {0, 3}, {0, 2}}},
		{"crlf next line", "a\r\nb", 4, [3]Position{{1, 1}, {1, 1}, {1, 1}}},
		{"inside crlf clamps to line end", "a\r\nb", 2, [3]Position{{0, 1}, {0, 1}, {0, 1}}},
		{"lone cr breaks", "a\rb", 2, [3]Position{{1, 0}, {1, 0}, {1, 0}}},
		{"tab is one unit", "\tx", 1, [3]Position{{0, 1}, {0, 1}, {0, 1}}},
		{"bom counts for the client", "\ufeffa: 1", 3, [3]Position{{0, 1}, {0, 3}, {0, 1}}},
		{"invalid utf-8 byte is one unit", "a\xffb", 2, [3]Position{{0, 2}, {0, 2}, {0, 2}}},
		{"past the end clamps", "ab\ncd", 99, [3]Position{{1, 2}, {1, 2}, {1, 2}}},
		{"negative clamps", "ab", -5, [3]Position{{0, 0}, {0, 0}, {0, 0}}},
		{"empty text", "", 0, [3]Position{{0, 0}, {0, 0}, {0, 0}}},
		{"after final newline", "a\n", 2, [3]Position{{1, 0}, {1, 0}, {1, 0}}},
		{"NEL is not an LSP break", "a\u0085b", 3, [3]Position{{0, 2}, {0, 3}, {0, 2}}},
	}
	for _, tt := range tests {
		m := NewMapper([]byte(tt.text))
		for i, enc := range encodings {
			if got := m.Position(tt.offset, enc); got != tt.want[i] {
				t.Errorf("%s: Position(%d, enc %d) = %v, want %v", tt.name, tt.offset, enc, got, tt.want[i])
			}
		}
	}
}

func TestOffset(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		pos    Position
		enc    Encoding
		want   int
		wantOK bool
	}{
		{"after emoji utf16", "a😀b", Position{0, 3}, UTF16, 5, true},
		{"inside surrogate pair", "a😀b", Position{0, 2}, UTF16, 1, false},
		{"inside utf8 sequence", "a😀b", Position{0, 3}, UTF8, 1, false},
		{"emoji utf32", "a😀b", Position{0, 2}, UTF32, 5, true},
		{"cjk utf16", "中文x", Position{0, 2}, UTF16, 6, true},
		{"end of line exact", "ab\ncd", Position{0, 2}, UTF16, 2, true},
		{"past end of line", "ab\ncd", Position{0, 9}, UTF16, 2, false},
		{"past end of line crlf", "ab\r\ncd", Position{0, 9}, UTF16, 2, false},
		{"line past end", "ab\ncd", Position{5, 0}, UTF16, 5, false},
		{"negative line", "ab\ncd", Position{-1, 0}, UTF16, 0, false},
		{"negative character", "ab\ncd", Position{1, -3}, UTF16, 3, false},
		{"lone cr", "a\rb", Position{1, 1}, UTF16, 3, true},
		{"empty line at end", "a\n", Position{1, 0}, UTF16, 2, true},
		{"bom is a unit", "\ufeffa", Position{0, 1}, UTF16, 3, true},
		{"invalid utf-8", "a\xff\xfeb", Position{0, 3}, UTF16, 3, true},
	}
	for _, tt := range tests {
		m := NewMapper([]byte(tt.text))
		got, ok := m.Offset(tt.pos, tt.enc)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("%s: Offset(%v) = %d, %v; want %d, %v", tt.name, tt.pos, got, ok, tt.want, tt.wantOK)
		}
	}
}

func TestLineCol(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		offset    int
		line, col int
	}{
		{"start", "a: 1", 0, 1, 1},
		{"columns count characters", "é: 😀x", 8, 1, 5},
		{"bom not counted", "\ufeffa: 1", 6, 1, 4},
		{"bom start", "\ufeffa: 1", 3, 1, 1},
		{"second line", "a: 1\nb: 2", 8, 2, 4},
		{"crlf", "a\r\nb: 2", 6, 2, 4},
		{"lone cr", "a\rb", 2, 2, 1},
		{"tab is one column", "\t- x", 3, 1, 4},
		{"NEL breaks yaml lines", "a\u0085b", 3, 2, 1},
		{"LS breaks yaml lines", "a\u2028b: c", 7, 2, 4},
	}
	for _, tt := range tests {
		m := NewMapper([]byte(tt.text))
		if l, c := m.LineCol(tt.offset); l != tt.line || c != tt.col {
			t.Errorf("%s: LineCol(%d) = %d:%d, want %d:%d", tt.name, tt.offset, l, c, tt.line, tt.col)
		}
		if off := m.OffsetOfLineCol(tt.line, tt.col); off != tt.offset {
			t.Errorf("%s: OffsetOfLineCol(%d, %d) = %d, want %d", tt.name, tt.line, tt.col, off, tt.offset)
		}
	}
	m := NewMapper([]byte("ab\ncd"))
	for _, tt := range []struct{ line, col, want int }{{0, 1, 0}, {1, 99, 2}, {7, 1, 5}, {2, 0, 3}} {
		if got := m.OffsetOfLineCol(tt.line, tt.col); got != tt.want {
			t.Errorf("clamp: OffsetOfLineCol(%d, %d) = %d, want %d", tt.line, tt.col, got, tt.want)
		}
	}
}

func TestLineSpanAndCount(t *testing.T) {
	m := NewMapper([]byte("a\r\n\rbc\n"))
	if got := m.LineCount(); got != 4 {
		t.Fatalf("LineCount = %d, want 4", got)
	}
	want := []Span{{0, 1}, {3, 3}, {4, 6}, {7, 7}}
	for i, w := range want {
		if got := m.LineSpan(i); got != w {
			t.Errorf("LineSpan(%d) = %v, want %v", i, got, w)
		}
	}
	if got := m.LineSpan(99); got != want[3] {
		t.Errorf("LineSpan(99) = %v, want clamped %v", got, want[3])
	}
}

var roundTripTexts = []string{
	"", "a", "a😀b\n中文\r\nx\ry\te\u0301\n", "\ufeffkey: 値 # 🎉\r\n", "a\xff\xc3\n\xe2\x82", "\n\n\r\r\n",
	"x\u0085y\u2028z",
}

func TestRoundTrip(t *testing.T) {
	for _, text := range roundTripTexts {
		checkRoundTrip(t, []byte(text))
	}
}

// checkRoundTrip checks, for every offset, that offset → Position → offset
// and offset → line/col → offset land on the character start.
func checkRoundTrip(t *testing.T, src []byte) {
	t.Helper()
	m := NewMapper(src)
	for off := -1; off <= len(src)+1; off++ {
		want := m.CharStart(off)
		if want < 0 || want > len(src) {
			t.Fatalf("%q: CharStart(%d) = %d out of range", src, off, want)
		}
		for _, enc := range encodings {
			p := m.Position(off, enc)
			back, ok := m.Offset(p, enc)
			if back != want || !ok {
				t.Fatalf("%q enc %d: offset %d → %v → %d (ok %v), want %d", src, enc, off, p, back, ok, want)
			}
		}
		if want < m.bom {
			continue
		}
		l, c := m.LineCol(off)
		if back := m.OffsetOfLineCol(l, c); back != want {
			t.Fatalf("%q: offset %d → %d:%d → %d, want %d", src, off, l, c, back, want)
		}
	}
}

func FuzzMapper(f *testing.F) {
	for _, text := range roundTripTexts {
		f.Add([]byte(text), 3, 1)
	}
	f.Fuzz(func(t *testing.T, src []byte, line, char int) {
		if len(src) > 512 {
			src = src[:512] // checkRoundTrip is quadratic
		}
		checkRoundTrip(t, src)
		m := NewMapper(src)
		for _, enc := range encodings {
			off, _ := m.Offset(Position{line, char}, enc)
			if off < 0 || off > len(src) {
				t.Fatalf("Offset(%d, %d) = %d outside [0, %d]", line, char, off, len(src))
			}
		}
		if off := m.OffsetOfLineCol(line, char); off < 0 || off > len(src) {
			t.Fatalf("OffsetOfLineCol(%d, %d) = %d outside the text", line, char, off)
		}
	})
}

func ExampleMapper_Position() {
	m := NewMapper([]byte("name: 😀 ok"))
	fmt.Println(m.Position(10, UTF16), m.Position(10, UTF8), m.Position(10, UTF32))
	// Output: {0 8} {0 10} {0 7}
}

// TestMapperFirstUseConcurrent: the line tables are built on first use,
// which may come from several goroutines at once (run it with -race).
func TestMapperFirstUseConcurrent(t *testing.T) {
	src := []byte("a: 1\r\nb: 2\u2028c\nd: é\n")
	want := NewMapper(src).Position(len(src)-1, UTF16)
	m := NewMapper(src)
	var wg sync.WaitGroup
	got := make([]Position, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = m.Position(len(src)-1, UTF16)
		}()
	}
	wg.Wait()
	for i, p := range got {
		if p != want {
			t.Errorf("goroutine %d: %+v, want %+v", i, p, want)
		}
	}
	if _, col := m.LineCol(len(src) - 1); col < 1 {
		t.Errorf("LineCol column %d", col)
	}
}
