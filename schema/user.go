package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"heat-ls/schema/internal/wire"
)

// LoadProblem is one thing wrong with a user's schema file. The file's
// other types, and all other files, still load.
type LoadProblem struct {
	File    string // path of the file (or directory) concerned
	Message string // what is wrong, in words for the user
}

func (p LoadProblem) Error() string { return p.File + ": " + p.Message }

// maxUserSchemaFile bounds what is read from one user file.
const maxUserSchemaFile = 16 << 20

// WithUserSchemas returns a new Schema in which the resource types found in
// the *.json files of dirs override or extend the embedded ones; s itself
// is unchanged. Each file holds one object, or a JSON list of objects, in
// the shape `openstack orchestration resource type show TYPE -f json`
// prints. Only files directly inside each directory are read, and symbolic
// links leading outside it are skipped. Later directories and files (in
// name order) win over earlier ones.
func (s *Schema) WithUserSchemas(dirs []string) (*Schema, []LoadProblem) {
	var problems []LoadProblem
	user := make(map[string]*ResourceType, len(s.user))
	for n, t := range s.user {
		user[n] = t
	}
	for _, dir := range dirs {
		for _, file := range listSchemaFiles(dir, &problems) {
			for _, t := range s.loadUserFile(file, &problems) {
				if prev, ok := user[t.Name]; ok && prev.UserFile != "" && prev.UserFile != file {
					problems = append(problems, LoadProblem{File: file, Message: fmt.Sprintf("%s is also defined in %s; this file wins", t.Name, prev.UserFile)})
				}
				user[t.Name] = t
			}
		}
	}
	out := *s
	out.user = user
	out.typeNames = make([]string, 0, len(s.types)+len(user))
	for n := range s.types {
		out.typeNames = append(out.typeNames, n)
	}
	for n := range user {
		if _, embedded := s.types[n]; !embedded {
			out.typeNames = append(out.typeNames, n)
		}
	}
	sort.Strings(out.typeNames)
	out.indexNamespaces()
	return &out, problems
}

// listSchemaFiles returns the *.json regular files directly in dir, sorted,
// leaving out symlinks whose target lies outside dir.
func listSchemaFiles(dir string, problems *[]LoadProblem) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		*problems = append(*problems, LoadProblem{File: dir, Message: "cannot read schema directory: " + plainError(err)})
		return nil
	}
	realDir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		realDir = dir
	}
	realDir, _ = filepath.Abs(realDir)
	var files []string
	for _, e := range entries {
		if !strings.EqualFold(filepath.Ext(e.Name()), ".json") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if e.Type()&fs.ModeSymlink != 0 {
			target, err := filepath.EvalSymlinks(path)
			if err != nil {
				*problems = append(*problems, LoadProblem{File: path, Message: "broken symbolic link"})
				continue
			}
			target, _ = filepath.Abs(target)
			if rel, err := filepath.Rel(realDir, target); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				*problems = append(*problems, LoadProblem{File: path, Message: "skipped: symbolic link points outside the schema directory"})
				continue
			}
		}
		info, err := os.Stat(path)
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		files = append(files, path)
	}
	sort.Strings(files)
	return files
}

// loadUserFile decodes one file into types, reporting what is wrong.
func (s *Schema) loadUserFile(path string, problems *[]LoadProblem) []*ResourceType {
	report := func(format string, args ...any) {
		*problems = append(*problems, LoadProblem{File: path, Message: fmt.Sprintf(format, args...)})
	}
	f, err := os.Open(path)
	if err != nil {
		report("cannot read: %s", plainError(err))
		return nil
	}
	defer f.Close()
	data, err := readLimited(f, maxUserSchemaFile)
	if err != nil {
		report("%s", err)
		return nil
	}
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		report("file is empty; expected a resource type schema object or a list of them")
		return nil
	}
	var raws []json.RawMessage
	switch data[0] {
	case '[':
		if err := json.Unmarshal(data, &raws); err != nil {
			report("not a valid JSON list: %s", jsonError(data, err))
			return nil
		}
	case '{':
		raws = []json.RawMessage{data}
	default:
		report("expected a JSON object or list, as printed by `openstack orchestration resource type show TYPE -f json`")
		return nil
	}
	var out []*ResourceType
	for i, raw := range raws {
		where := ""
		if data[0] == '[' {
			where = fmt.Sprintf("item %d: ", i+1)
		}
		var w wire.Body
		if err := json.Unmarshal(raw, &w); err != nil {
			report("%s%s", where, jsonError(raw, err))
			continue
		}
		if w.ResourceType == "" {
			report("%smissing \"resource_type\" (the type's name, e.g. \"My::Custom::Server\")", where)
			continue
		}
		for _, msg := range checkUserBody(&w) {
			report("%s%s: %s", where, w.ResourceType, msg)
		}
		out = append(out, s.userType(path, &w))
	}
	return out
}

// checkUserBody finds suspicious but decodable content.
func checkUserBody(w *wire.Body) []string {
	var msgs []string
	var walk func(prefix string, props map[string]*wire.Property, depth int)
	walk = func(prefix string, props map[string]*wire.Property, depth int) {
		if depth > maxNesting {
			msgs = append(msgs, "property schemas nested too deeply; the rest is ignored")
			return
		}
		names := make([]string, 0, len(props))
		for n := range props {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			p := props[n]
			if p == nil {
				msgs = append(msgs, fmt.Sprintf("property %s%s is null", prefix, n))
				continue
			}
			switch p.Type {
			case "string", "number", "integer", "boolean", "map", "list", "any", "json":
			case "":
				msgs = append(msgs, fmt.Sprintf("property %s%s has no type", prefix, n))
			default:
				msgs = append(msgs, fmt.Sprintf("property %s%s has unknown type %q", prefix, n, p.Type))
			}
			walk(prefix+n+".", p.Schema, depth+1)
		}
	}
	walk("", w.Properties, 0)
	return msgs
}

// userType builds a ResourceType from a user's schema. Where the user's file
// lacks a description, heat-ls's own one for the same type is kept.
func (s *Schema) userType(path string, w *wire.Body) *ResourceType {
	t := &ResourceType{
		Name:        w.ResourceType,
		Description: strings.TrimSpace(w.Description),
		Support:     convertSupport(w.SupportStatus),
		APIVisible:  true,
		UserFile:    path,
	}
	if base, ok := s.types[t.Name]; ok {
		if t.Description == "" {
			t.Description = base.Description
		}
		t.RegistryKind = base.RegistryKind
		t.TemplateURL = base.TemplateURL
		t.SnapshotDeletion = base.SnapshotDeletion
		t.RequiredServiceExtension = base.RequiredServiceExtension
		t.DynamicAttributes = base.DynamicAttributes
		t.AcceptsAnyProperties = base.AcceptsAnyProperties
	}
	if t.Support != nil && t.Support.Status == StatusHidden {
		t.APIVisible = false
	}
	t.once.Do(func() { t.decoded = buildBody(w, &typeBody{}) })
	return t
}

func readLimited(f *os.File, limit int64) ([]byte, error) {
	var buf bytes.Buffer
	n, err := buf.ReadFrom(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read: %s", plainError(err))
	}
	if n > limit {
		return nil, fmt.Errorf("file is larger than %d MiB; not a resource type schema", limit>>20)
	}
	return buf.Bytes(), nil
}

// plainError drops Go's "open /path:" prefix that would repeat the file name.
func plainError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// jsonError words a JSON decoding error with a line number where it can.
func jsonError(data []byte, err error) string {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return fmt.Sprintf("invalid JSON at line %d: %s", lineOf(data, syn.Offset), syn.Error())
	}
	var ute *json.UnmarshalTypeError
	if errors.As(err, &ute) {
		field := ute.Field
		if field == "" {
			field = "the document"
		}
		return fmt.Sprintf("wrong kind of value at line %d: %s should not be a JSON %s", lineOf(data, ute.Offset), field, ute.Value)
	}
	return "invalid JSON: " + err.Error()
}

func lineOf(data []byte, offset int64) int {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	return bytes.Count(data[:offset], []byte("\n")) + 1
}
