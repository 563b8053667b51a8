package main

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// soakWorld is the session's state as the client knows it: the files on
// disk (as first written, and now), the open documents and the folders.
type soakWorld struct {
	rnd      *rand.Rand
	a, b     string            // the folders: a always, b added and removed
	original map[string]string // path → text first written
	disk     map[string]string // path → text now ("" : deleted)
	open     map[string]*soakDoc
	bAdded   bool
	created  int
}

type soakDoc struct {
	path    string
	text    string
	version int
}

// soakTemplate is a template of the project: parameters, resources of
// several kinds, a nested template through the environment's registry,
// intrinsic functions, conditions and outputs.
func soakTemplate(name string, i int) string {
	return fmt.Sprintf(`heat_template_version: 2021-04-16
description: %[1]s template %[2]d
parameters:
  image:
    type: string
    default: cirros
  flavor:
    type: string
    default: m1.small
  count:
    type: number
    default: %[2]d
conditions:
  many: {equals: [{get_param: count}, 3]}
resources:
  net:
    type: OS::Neutron::Net
  subnet:
    type: OS::Neutron::Subnet
    properties:
      network: {get_resource: net}
      cidr: 10.0.%[2]d.0/24
  server:
    type: My::Server
    properties:
      image: {get_param: image}
      flavor: {get_param: flavor}
      network: {get_resource: net}
  volume:
    type: OS::Cinder::Volume
    condition: many
    properties:
      size: {get_param: count}
      name: {list_join: ['-', [{get_param: image}, {get_attr: [server, name]}]]}
outputs:
  address:
    value: {get_attr: [server, first_address]}
  volume:
    value: {get_resource: volume}
    condition: many
`, name, i)
}

const soakNested = `heat_template_version: 2021-04-16
parameters:
  image: {type: string}
  flavor: {type: string}
  network: {type: string}
resources:
  port:
    type: OS::Neutron::Port
    properties:
      network: {get_param: network}
  vm:
    type: OS::Nova::Server
    properties:
      image: {get_param: image}
      flavor: {get_param: flavor}
      networks: [{port: {get_resource: port}}]
outputs:
  name:
    value: {get_attr: [vm, name]}
  first_address:
    value: {get_attr: [vm, first_address]}
`

const soakEnv = `resource_registry:
  My::Server: server.yaml
parameter_defaults:
  flavor: m1.tiny
`

// newSoakWorld writes the two folders' files.
func newSoakWorld(t testing.TB, seed int64) *soakWorld {
	t.Helper()
	root := t.TempDir()
	w := &soakWorld{rnd: rand.New(rand.NewSource(seed)), a: filepath.Join(root, "a"), b: filepath.Join(root, "b"),
		original: map[string]string{}, disk: map[string]string{}, open: map[string]*soakDoc{}}
	for _, dir := range []string{w.a, w.b} {
		w.put(t, filepath.Join(dir, "server.yaml"), soakNested)
		w.put(t, filepath.Join(dir, "env.yaml"), soakEnv)
		for i := range 8 {
			w.put(t, filepath.Join(dir, fmt.Sprintf("stack%d.yaml", i)), soakTemplate(filepath.Base(dir), i))
		}
	}
	for p, text := range w.disk {
		w.original[p] = text
	}
	return w
}

func (w *soakWorld) put(t testing.TB, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if text == "" {
		if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	} else if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	w.disk[path] = text
}

// folders are the workspace folders now, a first.
func (w *soakWorld) folders() []string {
	if w.bAdded {
		return []string{w.a, w.b}
	}
	return []string{w.a}
}

// paths lists the files ever written, sorted (the mix must be seeded).
func (w *soakWorld) paths() []string {
	out := make([]string, 0, len(w.disk))
	for p := range w.disk {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

func (w *soakWorld) openPaths() []string {
	out := make([]string, 0, len(w.open))
	for p := range w.open {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// state describes the world for a failure message: the folders, then each
// file that other files refer to (the nested templates and environments),
// as it is on disk and whether it is open.
func (w *soakWorld) state() string {
	var b strings.Builder
	fmt.Fprintf(&b, "folders %q\n", w.folders())
	for _, p := range w.paths() {
		if base := filepath.Base(p); base != "server.yaml" && base != "env.yaml" {
			continue
		}
		disk := "deleted"
		switch text := w.disk[p]; {
		case text == w.original[p] && text != "":
			disk = "as first written"
		case text != "":
			disk = "rewritten: " + strings.SplitN(strings.SplitN(text, "\n", 3)[1], ":", 2)[1]
		}
		open := "closed"
		if d := w.open[p]; d != nil {
			open = fmt.Sprintf("open at version %d, same text as the disk: %v", d.version, d.text == w.disk[p])
		}
		fmt.Fprintf(&b, "%s: %s; %s\n", p, disk, open)
	}
	return b.String()
}
