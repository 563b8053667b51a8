package feature

import (
	"errors"
	"fmt"
	"unicode/utf8"
)

// RenameError says why a rename cannot happen; its message is meant for
// the user.
type RenameError struct{ Reason string }

func (e *RenameError) Error() string { return e.Reason }

func refuse(format string, args ...any) error {
	return &RenameError{Reason: fmt.Sprintf(format, args...)}
}

// IsRenameError reports whether err is a refusal (as opposed to a bug).
func IsRenameError(err error) bool {
	var re *RenameError
	return errors.As(err, &re)
}

// Heat's limits a rename keeps to, so that a rename never answers with
// more text than Heat would take, however long the new name and however
// many uses the old one has.
const (
	// HeatMaxTemplateSize is Heat's max_template_size default (bytes): its
	// API refuses a template or environment any longer, so no name longer
	// than this exists in a template Heat takes, and no rename may grow a
	// file past it.
	HeatMaxTemplateSize = 512 << 10
	// HeatMaxResourceName is the longest resource name Heat can create:
	// it stores a resource's name in a 255-character database column
	// (resource.name, event.resource_name), which MySQL, in the strict
	// mode OpenStack configures, and PostgreSQL refuse to overflow, so
	// stack create fails with a longer one.
	HeatMaxResourceName = 255
)

// CheckNameLength refuses, before any other work, a new name longer than
// any Heat accepts for the namespace.
func CheckNameLength(ns Namespace, name string) error {
	n := utf8.RuneCountInString(name)
	switch {
	case ns == NamespaceResource && n > HeatMaxResourceName:
		return refuse("the new name has %d characters; Heat keeps a resource's name in a %d-character database column, so stack create fails with a longer one", n, HeatMaxResourceName)
	case len(name) > HeatMaxTemplateSize:
		return refuse("the new name has %d bytes; Heat refuses any template over %d KiB (its max_template_size), so no name can be that long", len(name), HeatMaxTemplateSize>>10)
	}
	return nil
}

// RenameGrowth refuses a rename that would make a file of size bytes
// larger than Heat takes, where the new name replaces uses names and
// adds grow bytes in all. A file already over the limit may still be
// renamed without growing it.
func RenameGrowth(file string, size, uses, grow int) error {
	if grow <= 0 || size+grow <= HeatMaxTemplateSize {
		return nil
	}
	return refuse("renaming the %d uses in %s would make it %d KiB; Heat refuses a template or environment over %d KiB (its max_template_size): choose a shorter name",
		uses, file, (size+grow+1023)>>10, HeatMaxTemplateSize>>10)
}

// shownName is a name as a refusal quotes it: a long one is cut, so the
// message stays short whatever was typed.
func shownName(name string) string {
	const keep = 40
	if utf8.RuneCountInString(name) <= keep+8 {
		return fmt.Sprintf("%q", name)
	}
	r := []rune(name)
	return fmt.Sprintf("%q… (%d characters)", string(r[:keep]), len(r))
}
