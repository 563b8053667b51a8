package cursor

import "strings"

// flowFrame is one open flow collection.
type flowFrame struct {
	open    byte
	key     string // map: the key whose value is being read
	inValue bool   // map: after "key:"; seq: inside a "k: v" item
	index   int
	items   []string
	keys    []string
	cur     strings.Builder
}

// flowScan reads flow collections ("{...}", "[...]") from their first
// bracket up to the token, keeping the collections still open.
type flowScan struct {
	src    []byte
	le     int
	frames []*flowFrame
}

// scanFlow returns the collections open at le, outermost first, or nil when
// the cursor is in a comment, the brackets do not add up or every
// collection closed before the token.
func scanFlow(src []byte, i, le int) []*flowFrame {
	fs := &flowScan{src: src, le: le}
	for i < le {
		next, ok := fs.step(i)
		if !ok {
			return nil
		}
		i = next
	}
	if len(fs.frames) == 0 {
		return nil
	}
	return fs.frames
}

// top is the innermost open collection, nil outside any.
func (fs *flowScan) top() *flowFrame {
	if len(fs.frames) == 0 {
		return nil
	}
	return fs.frames[len(fs.frames)-1]
}

// step reads the byte at i (a whole quoted string when one starts there)
// and returns the offset to read next. It reports false when the scan
// cannot give a context.
func (fs *flowScan) step(i int) (int, bool) {
	src, le, top := fs.src, fs.le, fs.top()
	c := src[i]
	switch {
	case c == '"' || c == '\'':
		j := i + 1
		for j < le && src[j] != c {
			j++
		}
		if top != nil {
			top.cur.Write(src[i+1 : min(j, le)])
		}
		return j + 1, true
	case c == '#' && i > 0 && (src[i-1] == ' ' || src[i-1] == '\t'):
		return i, false // a comment: nothing to complete
	case c == '{' || c == '[':
		if len(fs.frames) == maxPathDepth {
			return i, false
		}
		fs.frames = append(fs.frames, &flowFrame{open: c})
	case c == '}' || c == ']':
		if !fs.close() {
			return i, false
		}
	case c == ',':
		if top == nil {
			return i, false
		}
		top.endEntry()
	case c == ':' && top != nil && !top.inValue && (i+1 >= le || strings.IndexByte(" \t\r\n,]}", src[i+1]) >= 0):
		top.startValue()
	case c == '\n' || c == '\r' || c == '\t':
		if top != nil {
			top.cur.WriteByte(' ')
		}
	default:
		if top != nil {
			top.cur.WriteByte(c)
		}
	}
	return i + 1, true
}

// close ends the innermost collection, which the enclosing one reads as an
// opaque value. It reports false when nothing was open or nothing stays
// open: the token is then outside the collection.
func (fs *flowScan) close() bool {
	if len(fs.frames) == 0 {
		return false
	}
	fs.frames = fs.frames[:len(fs.frames)-1]
	if len(fs.frames) == 0 {
		return false
	}
	fs.top().cur.WriteString("…")
	return true
}

// endEntry closes an item or a key/value pair at a ",".
func (f *flowFrame) endEntry() {
	if f.open == '[' {
		f.items = append(f.items, strings.TrimSpace(f.cur.String()))
		f.index++
	} else if !f.inValue {
		f.keys = append(f.keys, strings.TrimSpace(f.cur.String()))
	}
	f.inValue, f.key = false, ""
	f.cur.Reset()
}

// startValue takes the text read so far as a key at its ":".
func (f *flowFrame) startValue() {
	f.key = strings.TrimSpace(f.cur.String())
	if f.open == '{' {
		f.keys = append(f.keys, f.key)
	}
	f.inValue = true
	f.cur.Reset()
}
