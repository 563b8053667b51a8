package feature

// The test helpers that tests of package feature_test share with the
// package's own tests.
var (
	CorpusFiles = corpusFiles
	LoadSchema  = loadSchema

	LocateTemplate = locateTemplate
)
