package main

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
)

// releaseTargets are the platforms .ci/release.sh builds by default.
var releaseTargets = []string{"linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64", "windows/amd64", "windows/arm64"}

// TestRelease checks the artifacts of .ci/release.sh: SHA256SUMS lists
// every archive with its right checksum, each archive holds
// heat-ls_<version>_<os>_<arch>/heat-ls[.exe], README.md and the licence
// (LICENSE and NOTICE, byte for byte the repository's), each binary is
// an executable for its platform, and the one for this machine prints the
// stamped version, commit and date.
//
// With HEAT_LS_RELEASE_DIST set (as .ci/run does after building every
// target), it checks that directory for all six targets. Otherwise it runs
// the script for this machine's platform only, into a temporary directory.
func TestRelease(t *testing.T) {
	dist := os.Getenv("HEAT_LS_RELEASE_DIST")
	targets := releaseTargets
	wantVersion := ""
	if dist == "" {
		if testing.Short() {
			t.Skip("builds a release binary; skipped with -short (run without -short)")
		}
		host := runtime.GOOS + "/" + runtime.GOARCH
		if !contains(releaseTargets, host) {
			t.Skipf("no release target for %s (run on linux, darwin or windows, amd64 or arm64)", host)
		}
		if _, err := exec.LookPath("bash"); err != nil {
			t.Skip("bash is not installed (install bash to run this)")
		}
		dist, targets, wantVersion = t.TempDir(), []string{host}, "9.8.7-test"
		cmd := exec.Command("bash", "../../.ci/release.sh", host)
		// VSIX=0: the .vsix files are editors' to check (TestVSCodeRelease).
		cmd.Env = append(os.Environ(), "DIST="+dist, "VERSION=v"+wantVersion, "VSIX=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf(".ci/release.sh %s: %v\n%s", host, err, out)
		}
	}

	licence := readLicence(t)
	sums := readSums(t, dist)
	version := wantVersion
	for _, target := range targets {
		goos, goarch, _ := strings.Cut(target, "/")
		ext := ".tar.gz"
		if goos == "windows" {
			ext = ".zip"
		}
		var archive string
		for name := range sums {
			if strings.HasSuffix(name, "_"+goos+"_"+goarch+ext) {
				archive = name
			}
		}
		if archive == "" {
			t.Errorf("no %s archive for %s in SHA256SUMS", ext, target)
			continue
		}
		v := strings.TrimSuffix(strings.TrimPrefix(archive, "heat-ls_"), "_"+goos+"_"+goarch+ext)
		if version == "" {
			version = v
		}
		if v != version {
			t.Errorf("%s: version %q, others %q", archive, v, version)
		}
		dir := strings.TrimSuffix(archive, ext)
		exe := "heat-ls"
		if goos == "windows" {
			exe += ".exe"
		}
		files := readArchive(t, filepath.Join(dist, archive))
		want := []string{dir + "/LICENSE", dir + "/NOTICE", dir + "/README.md", dir + "/" + exe}
		sort.Strings(want)
		if got := sortedKeys(files); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s holds %v, want %v", archive, got, want)
		}
		for _, name := range []string{"LICENSE", "NOTICE"} {
			if !bytes.Equal(files[dir+"/"+name], licence[name]) {
				t.Errorf("%s: %s/%s is not the repository's %s", archive, dir, name, name)
			}
		}
		bin := files[dir+"/"+exe]
		if err := checkExecutable(bin, goos, goarch); err != nil {
			t.Errorf("%s: %s: %v", archive, exe, err)
		}
		// The unpacked copy beside the archive is the same binary.
		if unpacked, err := os.ReadFile(filepath.Join(dist, dir, exe)); err != nil || !bytes.Equal(unpacked, bin) {
			t.Errorf("%s/%s is not the archived binary (%v)", dir, exe, err)
		}
		if target == runtime.GOOS+"/"+runtime.GOARCH {
			checkStampedVersion(t, filepath.Join(dist, dir, exe), version)
		}
	}
}

// readLicence returns the repository's LICENSE and NOTICE, checking that
// LICENSE is the Apache License 2.0.
func readLicence(t *testing.T) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	for _, name := range []string{"LICENSE", "NOTICE"} {
		data, err := os.ReadFile(filepath.Join("..", "..", name))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = data
	}
	for _, want := range []string{"Apache License", "Version 2.0, January 2004", "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION", "END OF TERMS AND CONDITIONS"} {
		if !bytes.Contains(files["LICENSE"], []byte(want)) {
			t.Errorf("LICENSE is not the Apache License 2.0: it lacks %q", want)
		}
	}
	return files
}

// readSums reads dist/SHA256SUMS, checking its format (sha256sum's:
// 64 hex digits, two spaces, a file name; sorted by name) and that every
// listed file has that checksum and every archive is listed.
func readSums(t *testing.T, dist string) map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join(dist, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	line := regexp.MustCompile(`^([0-9a-f]{64})  (heat-ls_[^/\s]+\.(?:tar\.gz|zip|vsix))$`)
	sums := map[string]string{}
	var names []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := line.FindStringSubmatch(sc.Text())
		if m == nil {
			t.Fatalf("SHA256SUMS line %q is not \"<sha256>  <archive>\"", sc.Text())
		}
		data, err := os.ReadFile(filepath.Join(dist, m[2]))
		if err != nil {
			t.Fatalf("SHA256SUMS lists %s: %v", m[2], err)
		}
		if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != m[1] {
			t.Errorf("SHA256SUMS has the wrong checksum for %s", m[2])
		}
		sums[m[2]] = m[1]
		names = append(names, m[2])
	}
	if !sort.StringsAreSorted(names) {
		t.Errorf("SHA256SUMS is not sorted by name: %v", names)
	}
	entries, _ := os.ReadDir(dist)
	for _, e := range entries {
		if n := e.Name(); (strings.HasSuffix(n, ".tar.gz") || strings.HasSuffix(n, ".zip") || strings.HasSuffix(n, ".vsix")) && sums[n] == "" {
			t.Errorf("%s is missing from SHA256SUMS", n)
		}
	}
	return sums
}

// readArchive returns the regular files of a .tar.gz or .zip by name.
func readArchive(t *testing.T, path string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	if strings.HasSuffix(path, ".zip") {
		zr, err := zip.OpenReader(path)
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		for _, f := range zr.File {
			if f.FileInfo().IsDir() {
				continue
			}
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			files[f.Name], err = io.ReadAll(rc)
			rc.Close()
			if err != nil {
				t.Fatal(err)
			}
		}
		return files
	}
	raw, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	gz, err := gzip.NewReader(raw)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		if h.Uid != 0 || h.Gid != 0 {
			t.Errorf("%s: %s is owned by %d:%d, want 0:0", filepath.Base(path), h.Name, h.Uid, h.Gid)
		}
		if strings.HasSuffix(h.Name, "/heat-ls") && h.Mode&0o111 == 0 {
			t.Errorf("%s: %s is not executable (mode %o)", filepath.Base(path), h.Name, h.Mode)
		}
		if files[h.Name], err = io.ReadAll(tr); err != nil {
			t.Fatal(err)
		}
	}
}

// checkExecutable tells whether bin is an executable for goos/goarch.
func checkExecutable(bin []byte, goos, goarch string) error {
	r := bytes.NewReader(bin)
	switch goos {
	case "linux":
		f, err := elf.NewFile(r)
		if err != nil {
			return err
		}
		want := map[string]elf.Machine{"amd64": elf.EM_X86_64, "arm64": elf.EM_AARCH64}[goarch]
		if f.Type != elf.ET_EXEC || f.Machine != want {
			return fmt.Errorf("ELF %v %v, want an executable for %v", f.Type, f.Machine, want)
		}
	case "darwin":
		f, err := macho.NewFile(r)
		if err != nil {
			return err
		}
		want := map[string]macho.Cpu{"amd64": macho.CpuAmd64, "arm64": macho.CpuArm64}[goarch]
		if f.Type != macho.TypeExec || f.Cpu != want {
			return fmt.Errorf("Mach-O %v %v, want an executable for %v", f.Type, f.Cpu, want)
		}
	case "windows":
		f, err := pe.NewFile(r)
		if err != nil {
			return err
		}
		want := map[string]uint16{"amd64": pe.IMAGE_FILE_MACHINE_AMD64, "arm64": pe.IMAGE_FILE_MACHINE_ARM64}[goarch]
		if f.Machine != want || f.Characteristics&pe.IMAGE_FILE_EXECUTABLE_IMAGE == 0 {
			return fmt.Errorf("PE machine %#x, want an executable for %#x", f.Machine, want)
		}
	default:
		return fmt.Errorf("unknown OS %s", goos)
	}
	return nil
}

// checkStampedVersion runs "heat-ls version" and checks the stamped lines.
func checkStampedVersion(t *testing.T, bin, version string) {
	t.Helper()
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatalf("%s version: %v", bin, err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 5 || lines[0] != "heat-ls "+version {
		t.Fatalf("version output does not start with %q:\n%s", "heat-ls "+version, out)
	}
	if !regexp.MustCompile(`^commit: [0-9a-f]{40}$`).MatchString(lines[1]) {
		t.Errorf("commit line %q is not a full revision", lines[1])
	}
	if _, err := time.Parse(time.RFC3339, strings.TrimPrefix(lines[2], "date: ")); err != nil {
		t.Errorf("date line %q: %v", lines[2], err)
	}
	if !strings.HasPrefix(lines[3], "go: go1.") || !strings.HasPrefix(lines[4], "heat: Heat ") {
		t.Errorf("go and heat lines: %q %q", lines[3], lines[4])
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
