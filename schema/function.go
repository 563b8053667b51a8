package schema

import (
	"iter"
	"slices"
	"sort"

	"heat-ls/schema/spell"
)

// Function documents one intrinsic function name, as hover and completion
// show it. Availability per version is the Version's business
// (v.HasFunction); Since and RemovedIn summarise it.
type Function struct {
	Name string
	// Description says in one to three sentences what the function does.
	Description string
	// Forms are the accepted argument shapes, one line each.
	Forms []string
	// ArgKeys are the keys of the function's map argument, if it takes one.
	ArgKeys []string
	// Example is a short YAML use.
	Example string
	// Since is the oldest version that accepts the name (in the body of a
	// template or in conditions); RemovedIn the oldest that rejects it.
	Since, RemovedIn *Version
	// Replacement says what to write instead once it is removed.
	Replacement string
	// Snippet is an LSP snippet for the function's argument, after the
	// "name: " key, e.g. "[${1:resource}, ${2:attribute}]".
	Snippet string
	// ConditionFunction: some version accepts it in the conditions section.
	ConditionFunction bool
	// ConditionOnly: it is a function only inside conditions (and, or, not,
	// equals); elsewhere Heat keeps such a map as plain data.
	ConditionOnly bool
}

func (s *Schema) loadFunctions() {
	docs := functionDocs()
	s.functions = make(map[string]*Function, len(docs))
	for _, d := range docs {
		f := d
		f.Since = s.FirstVersionWithFunction(f.Name)
		inBody := false
		for _, v := range s.versions {
			if v.IsRemovedFunction(f.Name) && f.RemovedIn == nil {
				f.RemovedIn = v
			}
			if v.IsConditionFunction(f.Name) {
				f.ConditionFunction = true
			}
			if v.HasFunction(f.Name) {
				inBody = true
			}
		}
		f.ConditionOnly = f.ConditionFunction && !inBody
		s.functions[f.Name] = &f
		s.functionNames = append(s.functionNames, f.Name)
	}
	sort.Strings(s.functionNames)
}

// Function looks up a function by exact name, whatever the version.
func (s *Schema) Function(name string) (*Function, bool) {
	f, ok := s.functions[name]
	return f, ok
}

// Functions lists every known function name, sorted.
func (s *Schema) Functions() []*Function {
	out := make([]*Function, len(s.functionNames))
	for i, n := range s.functionNames {
		out[i] = s.functions[n]
	}
	return out
}

// FunctionNames yields every function name of every version, sorted,
// without building the Function list (checks ask for it once per file).
func (s *Schema) FunctionNames() iter.Seq[string] { return slices.Values(s.functionNames) }

// NearestFunctions suggests up to n function names close to name by edit
// distance (at most maxDist edits), nearest first, for "did you mean".
func (s *Schema) NearestFunctions(name string, n, maxDist int) []string {
	return spell.Nearest(name, s.functionNames, n, maxDist)
}

// DigestAlgorithms are the algorithm names digest is sure to accept
// (Python's hashlib guarantees them). Heat also passes other names to
// OpenSSL, so an unknown name is worth a warning, not an error.
func DigestAlgorithms() []string {
	return []string{"md5", "sha1", "sha224", "sha256", "sha384", "sha512"}
}

// DigestAlgorithmsPython are the names beyond the spec's list that
// Python 3's hashlib guarantees on every host (algorithms_guaranteed),
// which Heat therefore accepts everywhere. shake_128 and shake_256 are
// guaranteed too but not here: their digest needs a length Heat does not
// give, so computing one fails.
func DigestAlgorithmsPython() []string {
	return []string{"blake2b", "blake2s", "sha3_224", "sha3_256", "sha3_384", "sha3_512"}
}

// DigestAlgorithmsVariableLength are the names hashlib knows whose
// digest needs a length: Heat accepts the name and fails computing it.
func DigestAlgorithmsVariableLength() []string {
	return []string{"shake_128", "shake_256"}
}

// DigestAlgorithmsSomeHosts are names hashlib takes only where the
// host's OpenSSL provides them (algorithms_available beyond the
// guaranteed ones): Heat's verdict on them depends on the host.
func DigestAlgorithmsSomeHosts() []string {
	return []string{"md4", "md5-sha1", "mdc2", "ripemd160", "sha512_224", "sha512_256", "sm3", "whirlpool"}
}

// MakeURLKeys are the keys make_url's map argument may hold; all optional.
func MakeURLKeys() []string {
	return []string{"scheme", "username", "password", "host", "port", "path", "query", "fragment"}
}

// ResourceFacadeKinds are the values resource_facade accepts.
func ResourceFacadeKinds() []string {
	return []string{"metadata", "deletion_policy", "update_policy"}
}
