package feature

// The test helpers and fixtures that tests of package feature_test share
// with the package's own tests.
var (
	CorpusFiles    = corpusFiles
	LocateTemplate = locateTemplate
)
