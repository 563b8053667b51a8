package source

import "slices"

// CopyFor returns the mapper of src, a copy of m's text, with copies of
// the line tables m has built (none when m was never asked: the copy then
// builds them on first use, as m would have). The workspace index copies
// what it keeps of a file into fresh memory once the garbage around it
// has been collected (workspace.Index.Compact); a copy that kept m's
// tables would keep the memory they were built in.
func (m *Mapper) CopyFor(src []byte) *Mapper {
	if !m.indexed.Load() {
		return NewMapper(src)
	}
	starts := m.lines()
	c := NewMapper(src)
	c.once.Do(func() {
		c.lineStarts = slices.Clone(starts)
		c.yamlStarts = slices.Clone(m.yamlStarts)
		c.plain = m.plain
		c.indexed.Store(true)
	})
	return c
}
