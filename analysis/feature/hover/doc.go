// Package hover explains what is under the cursor in a HOT template or an
// environment file's own sections, in Markdown or plain text.
//
// Hover reads what the position names from analysis/feature's Locate and
// writes the explanation with Text, the builder every hover-like answer
// shares (environment files through analysis/feature/envfile, other files
// through analysis/workspace, values under an environment through
// analysis/effective). release.go adds a type's and a property's history
// across the Heat releases; environment.go the sections of an environment.
//
// May use: analysis/feature, analysis/hot, analysis/source, analysis/syntax, schema.
package hover
