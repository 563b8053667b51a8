// Package schematest loads the embedded Heat schema for tests, failing the
// test when it cannot: the one helper the feature packages' tests share.
package schematest

import (
	"testing"

	"heat-ls/schema"
)

// Load returns the embedded schema of the release heat-ls judges for by
// default, or fails tb.
func Load(tb testing.TB) *schema.Schema {
	tb.Helper()
	s, err := schema.Load()
	if err != nil {
		tb.Fatal(err)
	}
	return s
}
