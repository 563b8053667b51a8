package syntax

// Parse parses src. It never fails and never panics: problems are reported
// in File.Problems.
func Parse(src []byte) *File {
	return &File{Src: src}
}
