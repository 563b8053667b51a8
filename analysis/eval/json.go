package eval

import (
	"encoding/json"
	"errors"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// ParseJSON reads a JSON text into a Value, keeping the order of keys.
// Like Python's json module it also reads NaN, Infinity and -Infinity.
func ParseJSON(s string) (Value, error) {
	s, marked := markNonFinite(s)
	v, err := parseJSON(s)
	if err != nil || !marked {
		return v, err
	}
	return unmarkNonFinite(v, 0), nil
}

// nonFinite marks NaN and the infinities, as texts no JSON holds.
const nonFinite = "\x00nonfinite:"

// markNonFinite writes Python's NaN, Infinity and -Infinity, outside
// strings, as marked strings encoding/json reads.
func markNonFinite(s string) (string, bool) {
	if !strings.Contains(s, "NaN") && !strings.Contains(s, "Infinity") {
		return s, false
	}
	var b strings.Builder
	inString, marked := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if inString {
			b.WriteByte(c)
			if c == '\\' && i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			} else if c == '"' {
				inString = false
			}
			continue
		}
		rest := s[i:]
		switch {
		case c == '"':
			inString = true
			b.WriteByte(c)
		case strings.HasPrefix(rest, "NaN"):
			b.WriteString(`"\u0000nonfinite:nan"`)
			i += 2
			marked = true
		case strings.HasPrefix(rest, "-Infinity"):
			b.WriteString(`"\u0000nonfinite:-inf"`)
			i += 8
			marked = true
		case strings.HasPrefix(rest, "Infinity"):
			b.WriteString(`"\u0000nonfinite:inf"`)
			i += 7
			marked = true
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), marked
}

func unmarkNonFinite(v Value, depth int) Value {
	if depth > MaxDepth {
		return v
	}
	switch v.Kind {
	case String:
		switch v.S {
		case nonFinite + "nan":
			return FloatValue(math.NaN())
		case nonFinite + "inf":
			return FloatValue(math.Inf(1))
		case nonFinite + "-inf":
			return FloatValue(math.Inf(-1))
		}
	case List:
		for i, it := range v.Items {
			v.Items[i] = unmarkNonFinite(it, depth+1)
		}
	case Map:
		for i, it := range v.Vals {
			v.Vals[i] = unmarkNonFinite(it, depth+1)
		}
	}
	return v
}

func parseJSON(s string) (Value, error) {
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	v, err := readJSON(d, 0)
	if err != nil {
		return Value{}, err
	}
	if d.More() {
		return Value{}, errors.New("extra data after the value")
	}
	return v, nil
}

func readJSON(d *json.Decoder, depth int) (Value, error) {
	if depth > MaxDepth {
		// Python reads deeper (to about 994 levels, which the checks
		// judge): the rest of this value is read, not kept.
		return skipJSON(d)
	}
	tok, err := d.Token()
	if err != nil {
		return Value{}, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '[':
			var items []Value
			for d.More() {
				v, err := readJSON(d, depth+1)
				if err != nil {
					return Value{}, err
				}
				items = append(items, v)
			}
			_, err := d.Token()
			return ListValue(items), err
		case '{':
			var b mapBuilder
			for d.More() {
				kt, err := d.Token()
				if err != nil {
					return Value{}, err
				}
				v, err := readJSON(d, depth+1)
				if err != nil {
					return Value{}, err
				}
				b.set(kt.(string), v)
			}
			_, err := d.Token()
			v := b.value()
			if v.Keys == nil {
				v.Keys, v.Vals = []string{}, []Value{}
			}
			return v, err
		}
	case string:
		return StringValue(t), nil
	case bool:
		return BoolValue(t), nil
	case nil:
		return NullValue(), nil
	case json.Number:
		if i, err := strconv.ParseInt(string(t), 10, 64); err == nil {
			return IntValue(i), nil
		}
		f, _ := strconv.ParseFloat(string(t), 64)
		return FloatValue(f), nil
	}
	return Value{}, errors.New("unexpected JSON token")
}

// compilePython compiles a Python regular expression as far as Go's
// syntax shares it.
func compilePython(p string) (*regexp.Regexp, error) {
	// Python reads "{,n}" as "{0,n}"; Go reads it as text.
	p = pythonUpTo().ReplaceAllString(p, "{0,$1}")
	return regexp.Compile(p)
}

// pythonUpTo matches Python's "{,n}" repetition; compiled on first use,
// as few templates hold a pattern.
var pythonUpTo = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\{,(\d+)\}`) })

// skipJSON reads one value of d without recursion and gives it as
// unknown.
func skipJSON(d *json.Decoder) (Value, error) {
	open := 0
	for {
		tok, err := d.Token()
		if err != nil {
			return Value{}, err
		}
		if t, ok := tok.(json.Delim); ok {
			if t == '[' || t == '{' {
				open++
			} else {
				open--
			}
		}
		if open == 0 {
			return UnknownValue("<nested deeper than heat-ls evaluates>"), nil
		}
	}
}
