package check

// Test-only exports for the external test package (heatcases_test.go),
// which also needs analysis/workspace and so cannot live in package check.

type (
	HeatCaseForTest  = heatCase
	HeatErrorForTest = heatError
)

var (
	ResolveHeatPathForTest = resolveHeatPath
	OverlapsForTest        = overlaps
	NeedsLiveCloudForTest  = needsLiveCloud
	DescribeForTest        = describe
	ErrorsOnlyForTest      = errorsOnly
)
