package eval

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"encoding/hex"
	"hash"
	"slices"
	"strconv"
	"strings"

	"heat-ls/analysis/blake2"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
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
	h, unknown, why := newHash(items[0].S)
	if unknown {
		return UnknownValue("<digest " + items[0].S + ": only where the host's OpenSSL has it>")
	}
	if h == nil {
		return e.fail(m, why)
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

// newHash finds an algorithm as Heat does: it checks the name lower-cased
// against hashlib's algorithms, then asks hashlib for the name as
// written. hashlib takes the spec's six names and OpenSSL's in any case,
// the ones it builds itself (blake2, sha3) only in lower case. A name only
// some hosts' OpenSSL provides is unknown (Heat's verdict depends on the
// host), unless Go computes it.
func newHash(name string) (h hash.Hash, unknown bool, why string) {
	lower := strings.ToLower(name)
	if slices.Contains(schema.DigestAlgorithms(), lower) {
		return byName(lower), false, ""
	}
	// computed is Go's hash for the name (blake2, sha3, sha512_224...).
	// A host-only name Go lacks is left to the host's OpenSSL, whose
	// names take any case.
	computed := byName(lower)
	hostOnly := slices.Contains(schema.DigestAlgorithmsSomeHosts(), lower)
	switch {
	case slices.Contains(schema.DigestAlgorithmsVariableLength(), lower):
		return nil, false, "`digest` cannot compute " + name + ": its digest needs a length Heat does not give"
	case hostOnly && computed == nil:
		return nil, true, ""
	case slices.Contains(schema.DigestAlgorithmsPython(), lower) && name != lower:
		return nil, false, "`digest` knows " + lower + " only written in lower case, not " + name
	case computed != nil:
		return computed, false, ""
	}
	return nil, false, "`digest` knows no algorithm " + name
}

// byName is the hash Go computes for a lower-case name, or nil.
func byName(name string) hash.Hash {
	switch name {
	case "blake2b":
		h, _ := blake2.NewB(blake2.SizeB, nil)
		return h
	case "blake2s":
		h, _ := blake2.NewS(blake2.SizeS, nil)
		return h
	}
	return stdHash(name)
}

func stdHash(name string) hash.Hash {
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
	for _, k := range a.Keys {
		switch k {
		case "scheme", "username", "password", "host", "port", "path", "query", "fragment":
		default:
			return e.fail(m, "`make_url` takes no "+k)
		}
	}
	u, bad := e.urlParts(m, a)
	if bad.Kind != Null {
		if bad.Kind == Unknown {
			return UnknownValue("<make_url with " + bad.S + ">")
		}
		return bad
	}
	if strings.Contains(u.scheme, ":") {
		return e.fail(m, "the scheme of `make_url` must not hold ':'")
	}
	return StringValue(urlUnsplit(u.scheme, u.netloc(), pyQuoteURL(u.path, "/"), u.query, pyQuoteURL(u.fragment, "/")))
}

// urlParts are make_url's arguments as texts.
type urlParts struct {
	scheme, username, password, host, port, path, query, fragment string
}

// urlParts reads make_url's arguments; bad is an Unknown or Invalid value
// that stops it (Null when none does).
func (e *Evaluator) urlParts(m *syntax.Node, a Value) (urlParts, Value) {
	var u urlParts
	for _, f := range []struct {
		key string
		to  *string
	}{{"scheme", &u.scheme}, {"username", &u.username}, {"password", &u.password}, {"host", &u.host}, {"path", &u.path}, {"fragment", &u.fragment}} {
		v, ok := a.Get(f.key)
		switch {
		case !ok:
		case v.Kind == String:
			*f.to = v.S
		case v.Kind == Unknown || v.Kind == Invalid:
			return u, v
		default:
			return u, e.fail(m, "the "+f.key+" of `make_url` must be text")
		}
	}
	if pv, ok := a.Get("port"); ok {
		if pv.Kind == Unknown || pv.Kind == Invalid {
			return u, pv
		}
		// Heat checks the port with Python's int() (a boolean is 1, a
		// float is cut) and writes it as given.
		n, ok := toInt(pv)
		if !ok {
			return u, e.fail(m, "the port of `make_url` must be a whole number")
		}
		if n < 1 || n > 65535 {
			return u, e.fail(m, "the port of `make_url` must be between 1 and 65535")
		}
		if pv.Truthy() {
			u.port = PyStr(pv)
		}
	}
	if qv, ok := a.Get("query"); ok {
		switch qv.Kind {
		case Unknown, Invalid:
			return u, qv
		case Map:
		default:
			return u, e.fail(m, "the query of `make_url` must be a mapping")
		}
		var pairs []string
		for i, k := range qv.Keys {
			if !qv.Vals[i].IsKnown() {
				return u, UnknownValue(PyStr(qv.Vals[i]))
			}
			pairs = append(pairs, quotePlus(k)+"="+quotePlus(PyStr(qv.Vals[i])))
		}
		u.query = strings.ReplaceAll(strings.Join(pairs, "&"), "%2F", "/")
	}
	return u, NullValue()
}

// netloc is the URL's user, host and port part, as make_url writes it.
func (u urlParts) netloc() string {
	var b strings.Builder
	user, pass := pyQuoteURL(u.username, ""), pyQuoteURL(u.password, "")
	if user != "" || pass != "" {
		b.WriteString(user)
		if pass != "" {
			b.WriteString(":" + pass)
		}
		b.WriteString("@")
	}
	host := u.host
	if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		host = host[1 : len(host)-1]
	}
	host = pyQuoteURL(host, ":")
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	b.WriteString(host)
	if u.port != "" {
		b.WriteString(":" + u.port)
	}
	return b.String()
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
