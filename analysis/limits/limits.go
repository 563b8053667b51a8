package limits

// Size limits on input, in bytes unless said otherwise.
const (
	// File bounds a template or environment file heat-ls analyses: an open
	// document, a file "heat-ls check" or "heat-ls graph" reads, and a
	// file the workspace index reads (nested templates and environments
	// included). A parse holds about fifteen times the text in memory, so
	// a bigger file (generated data rather than a template someone edits)
	// is not parsed: the editor keeps it as text only and says so, check
	// reports it as not checked, graph refuses it, the index leaves it out.
	File = 16 << 20

	// ProjectFile bounds what is read of a .heat-ls.yaml; a larger one is
	// not used and one problem says so.
	ProjectFile = 1 << 20

	// IndexBytes bounds the bytes of the candidate files one workspace
	// scan reads. The index keeps every template's summary: about 15 times
	// its text live, and the server's peak resident memory while indexing
	// is about 25 times (measured on "/" of a machine holding 18 MiB of
	// templates: 241 MiB live, 487 MiB peak). 16 MiB keeps a folder opened
	// on "/" or a home directory near 400 MiB. Heat projects are far under
	// it.
	IndexBytes = 16 << 20
	// IndexCandidates bounds the candidate files (.yaml, .yml, .template)
	// one scan lists, so a workspace opened on a home directory costs
	// bounded time and memory.
	IndexCandidates = 50_000
	// IndexWalkEntries bounds the directory entries one scan visits, so
	// the walk itself ends on a huge tree holding few templates.
	IndexWalkEntries = 1_000_000

	// Frame bounds the body of one message a client may declare, so a
	// hostile or corrupt Content-Length cannot make the server allocate
	// without limit.
	Frame = 256 << 20

	// Diagnostics is the most problems listed for one document or file,
	// the project file's own problems included; past it the most severe
	// are kept and a last entry says how many were left out.
	Diagnostics = 1000
)
