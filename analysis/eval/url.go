package eval

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"encoding/hex"
	"hash"
	"strconv"
	"strings"

	"heat-ls/analysis/syntax"
)

// digest is digest: [algorithm, text], the text's hash in hex, the text
// read as Latin-1 as Heat encodes it.
func (e *Evaluator) digest(m, args *syntax.Node, inCond bool, depth int) Value {
	usage := "the arguments of `digest` must be [algorithm, text]"
	items, bad, ok := e.listArgs(m, args, 0, usage, inCond, depth)
	if !ok {
		return bad
	}
	if u, ok := firstUnsettled(items...); ok {
		return UnknownValue("<digest of " + u.S + ">")
	}
	for _, it := range items {
		if it.Kind != String {
			return e.fail(m, "the arguments of `digest` must be texts")
		}
	}
	if len(items) != 2 {
		return e.fail(m, usage)
	}
	h := newHash(strings.ToLower(items[0].S))
	if h == nil {
		return e.fail(m, "`digest` knows no algorithm "+items[0].S)
	}
	buf := make([]byte, 0, len(items[1].S))
	for _, r := range items[1].S {
		if r > 0xff {
			return e.fail(m, "`digest` hashes Latin-1 text; this text has "+string(r))
		}
		buf = append(buf, byte(r))
	}
	h.Write(buf)
	return StringValue(hex.EncodeToString(h.Sum(nil)))
}

func newHash(name string) hash.Hash {
	switch name {
	case "md5":
		return md5.New()
	case "sha1":
		return sha1.New()
	case "sha224":
		return sha256.New224()
	case "sha256":
		return sha256.New()
	case "sha384":
		return sha512.New384()
	case "sha512":
		return sha512.New()
	case "sha512_224":
		return sha512.New512_224()
	case "sha512_256":
		return sha512.New512_256()
	case "sha3_224":
		return sha3.New224()
	case "sha3_256":
		return sha3.New256()
	case "sha3_384":
		return sha3.New384()
	case "sha3_512":
		return sha3.New512()
	}
	return nil
}

// makeURL is make_url: a URL from its parts, each escaped as Python's
// urllib escapes it.
func (e *Evaluator) makeURL(m, args *syntax.Node, inCond bool, depth int) Value {
	a := e.eval(args, inCond, depth)
	if u, ok := firstUnsettled(a); ok {
		return u
	}
	if a.Kind != Map {
		return e.fail(m, "the arguments of `make_url` must be a mapping")
	}
	part := func(k string) (string, Value, bool) {
		v, ok := a.Get(k)
		if !ok {
			return "", Value{}, true
		}
		switch v.Kind {
		case String:
			return v.S, Value{}, true
		case Unknown, Invalid:
			return "", v, false
		}
		return "", e.fail(m, "the "+k+" of `make_url` must be text"), false
	}
	for _, k := range a.Keys {
		switch k {
		case "scheme", "username", "password", "host", "port", "path", "query", "fragment":
		default:
			return e.fail(m, "`make_url` takes no "+k)
		}
	}
	var texts [6]string
	for i, k := range []string{"scheme", "username", "password", "host", "path", "fragment"} {
		s, v, ok := part(k)
		if !ok {
			if v.Kind == Unknown {
				return UnknownValue("<make_url with " + v.S + ">")
			}
			return v
		}
		texts[i] = s
	}
	scheme, user, pass, host, path, frag := texts[0], texts[1], texts[2], texts[3], texts[4], texts[5]
	if strings.Contains(scheme, ":") {
		return e.fail(m, "the scheme of `make_url` must not hold ':'")
	}
	port := ""
	if pv, ok := a.Get("port"); ok {
		switch pv.Kind {
		case Unknown, Invalid:
			return UnknownValue("<make_url with " + pv.S + ">")
		}
		n, ok := toInt(pv)
		if !ok || pv.Kind == Float && pv.F != float64(int64(pv.F)) {
			return e.fail(m, "the port of `make_url` must be a whole number")
		}
		if n < 1 || n > 65535 {
			return e.fail(m, "the port of `make_url` must be between 1 and 65535")
		}
		if pv.Truthy() {
			port = PyStr(pv)
		}
	}
	query := ""
	if qv, ok := a.Get("query"); ok {
		switch qv.Kind {
		case Unknown, Invalid:
			return UnknownValue("<make_url with " + qv.S + ">")
		case Map:
		default:
			return e.fail(m, "the query of `make_url` must be a mapping")
		}
		var pairs []string
		for i, k := range qv.Keys {
			if !qv.Vals[i].IsKnown() {
				return UnknownValue("<make_url with " + qv.Vals[i].S + ">")
			}
			pairs = append(pairs, quotePlus(k)+"="+quotePlus(PyStr(qv.Vals[i])))
		}
		query = strings.ReplaceAll(strings.Join(pairs, "&"), "%2F", "/")
	}
	var netloc strings.Builder
	u, p := pyQuoteURL(user, ""), pyQuoteURL(pass, "")
	if u != "" || p != "" {
		netloc.WriteString(u)
		if p != "" {
			netloc.WriteString(":" + p)
		}
		netloc.WriteString("@")
	}
	if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		host = host[1 : len(host)-1]
	}
	host = pyQuoteURL(host, ":")
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	netloc.WriteString(host)
	if port != "" {
		netloc.WriteString(":" + port)
	}
	return StringValue(urlUnsplit(scheme, netloc.String(), pyQuoteURL(path, "/"), query, pyQuoteURL(frag, "/")))
}

// pyQuoteURL is urllib.parse.quote(s, safe): every byte but letters,
// digits, "_.-~" and safe is %-escaped.
func pyQuoteURL(s, safe string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("_.-~", c) >= 0 || strings.IndexByte(safe, c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteString("%" + strings.ToUpper(strconv.FormatInt(int64(c)|0x100, 16)[1:]))
	}
	return b.String()
}

// quotePlus is urllib.parse.quote_plus: quote with spaces as "+".
func quotePlus(s string) string {
	return strings.ReplaceAll(pyQuoteURL(s, " "), " ", "+")
}

// usesNetloc are the schemes urlunsplit writes "//" for even without a
// host.
var usesNetloc = func() map[string]bool {
	m := map[string]bool{}
	for _, s := range []string{"ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https", "shttp", "snews", "prospero", "rtsp", "rtspu", "rsync", "svn", "svn+ssh", "sftp", "nfs", "git", "git+ssh", "ws", "wss"} {
		m[s] = true
	}
	return m
}()

// urlUnsplit is urllib.parse.urlunsplit.
func urlUnsplit(scheme, netloc, path, query, frag string) string {
	u := path
	if netloc != "" || (scheme != "" && usesNetloc[scheme] && !strings.HasPrefix(u, "//")) {
		if u != "" && !strings.HasPrefix(u, "/") {
			u = "/" + u
		}
		u = "//" + netloc + u
	}
	if scheme != "" {
		u = scheme + ":" + u
	}
	if query != "" {
		u += "?" + query
	}
	if frag != "" {
		u += "#" + frag
	}
	return u
}
