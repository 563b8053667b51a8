package pyre

import (
	"fmt"
	"strings"
)

// Kind names a fault the way heat-ls explains it; several of Python's
// messages may share one.
type Kind uint8

const (
	KindTrailingBackslash     Kind = iota + 1 // a backslash ends the pattern
	KindMissingName                           // (?P<>, (?P=), \N{} or a name cut off by the end
	KindUnterminatedName                      // a name whose closing character never comes
	KindBadGroupName                          // a group name that is not an identifier (or number)
	KindIncompleteEscape                      // \x, \u, \U with too few hex digits
	KindBadEscape                             // a backslash and an ASCII letter (or digit) with no meaning
	KindMissingBrace                          // \N not followed by {
	KindUnknownCharName                       // \N{...} naming no character
	KindOctalRange                            // an octal escape above \377
	KindOpenGroupRef                          // a reference to a group not closed yet
	KindLookbehindOwnGroup                    // a reference inside a look-behind to its own group
	KindBadGroupRef                           // a reference to a group that does not exist
	KindUnterminatedSet                       // [ without its ]
	KindBadRange                              // a range whose ends are reversed or a class
	KindRepeatTooLarge                        // a repeat bound at or above 4294967295
	KindMinOverMax                            // {m,n} with m > n
	KindNothingToRepeat                       // a repeat after nothing or after an anchor
	KindMultipleRepeat                        // a repeat right after a repeat
	KindUnexpectedEnd                         // the pattern ends inside "(?"
	KindUnknownGroupName                      // (?P=name) or (?(name)...) for no such group
	KindUnknownExtension                      // "(?" followed by a character it does not take
	KindUnterminatedComment                   // (?# without )
	KindUnterminatedGroup                     // ( without )
	KindBadGroupNumber                        // (?(0)...)
	KindConditionalBranches                   // (?(id)a|b|c)
	KindGlobalFlagsNotAtStart                 // (?i) after the start
	KindGroupRedefined                        // two groups with one name
	KindTooManyGroups                         // more groups than Python counts
	KindBadFlags                              // inline flags that contradict each other or the pattern
	KindUnknownFlag                           // a letter that is no flag
	KindMissingFlagEnd                        // flags not closed by -, : or )
	KindIncompatibleFlags                     // (?a) and (?u) together
	KindUnbalancedParen                       // ) without (
	KindLookbehindWidth                       // a look-behind that may match different lengths
	KindLookbehindTooLong                     // a look-behind longer than 2**31-1 characters
	KindTemplateRepeat                        // a repeat under the (?t) flag
	KindCodePointRange                        // \U beyond 2**31-1
	KindRecursion                             // groups nested past MaxPythonNesting
)

// Describe says in heat-ls's words what is wrong, naming the piece of
// the pattern when there is one.
func (e *Error) Describe() string {
	if text, ok := fixedDescription(e.Kind); ok {
		return text
	}
	d := "`" + strings.ReplaceAll(e.Detail, "`", "'") + "`"
	switch e.Kind {
	case KindMissingName:
		return "a " + e.Detail + " is empty or missing"
	case KindUnterminatedName:
		return "a name is never closed by " + d
	case KindBadGroupName:
		return d + " cannot name a group (a name must be a Python identifier, a reference a group number)"
	case KindIncompleteEscape:
		return "the escape " + d + " lacks hex digits"
	case KindBadEscape:
		return "the escape " + d + " means nothing to Python"
	case KindUnknownCharName:
		return "no character is named " + d
	case KindOctalRange:
		return "the octal escape " + d + " is above \\377"
	case KindBadGroupRef:
		return "it refers to group " + strings.TrimLeft(e.Detail, "\\") + ", which does not exist"
	case KindBadRange:
		return "the range " + d + " is not a range of characters"
	case KindRepeatTooLarge:
		return "the repeat count " + short(e.Detail) + " is too large"
	case KindUnknownGroupName:
		return "no group is named " + d
	case KindUnknownExtension:
		return "`(" + strings.ReplaceAll(e.Detail, "`", "'") + "` is no group syntax Python knows"
	case KindGroupRedefined:
		return "two groups are named " + d
	case KindBadFlags:
		return "its inline flags " + badFlags(e.Msg)
	case KindUnknownFlag:
		return d + " is not an inline flag"
	case KindRecursion:
		return fmt.Sprintf("its groups nest deeper than Python's parser can recurse (RecursionError past %d levels)", MaxPythonNesting)
	case KindCodePointRange:
		return "the escape " + d + " is far beyond the last Unicode character"
	}
	return fmt.Sprintf("Python's re refuses it (%s)", e.Msg)
}

// fixedDescription says what is wrong for the kinds whose text names no
// piece of the pattern.
func fixedDescription(k Kind) (string, bool) {
	switch k {
	case KindTrailingBackslash:
		return "it ends with a lone backslash", true
	case KindMissingBrace:
		return "`\\N` must be followed by a character name in braces", true
	case KindOpenGroupRef:
		return "it refers to a group before that group is closed", true
	case KindLookbehindOwnGroup:
		return "a look-behind refers to a group it holds itself", true
	case KindUnterminatedSet:
		return "a `[` is never closed by `]`", true
	case KindMinOverMax:
		return "a repeat's minimum is above its maximum", true
	case KindNothingToRepeat:
		return "a repeat follows nothing it could repeat", true
	case KindMultipleRepeat:
		return "a repeat follows another repeat", true
	case KindUnexpectedEnd:
		return "it ends in the middle of a `(?` group", true
	case KindUnterminatedComment:
		return "a `(?#` comment is never closed by `)`", true
	case KindUnterminatedGroup:
		return "a `(` is never closed by `)`", true
	case KindBadGroupNumber:
		return "group 0 cannot be tested", true
	case KindConditionalBranches:
		return "a conditional group has more than two branches", true
	case KindGlobalFlagsNotAtStart:
		return "flags for the whole pattern appear after its start", true
	case KindTooManyGroups:
		return "it has too many groups", true
	case KindMissingFlagEnd:
		return "inline flags are not followed by `-`, `:` or `)`", true
	case KindIncompatibleFlags:
		return "the flags `a` and `u` cannot both apply", true
	case KindUnbalancedParen:
		return "a `)` closes no group", true
	case KindLookbehindWidth:
		return "a look-behind may match texts of different lengths", true
	case KindLookbehindTooLong:
		return "a look-behind is longer than Python's matcher takes", true
	case KindTemplateRepeat:
		return "nothing may repeat under the `t` flag", true
	}
	return "", false
}

// badFlags explains the "bad inline flags" messages.
func badFlags(msg string) string {
	switch {
	case strings.Contains(msg, "'L'"):
		return "use `L`, which a text pattern cannot"
	case strings.Contains(msg, "incompatible"):
		return "combine `a`, `u` or `L`, which exclude one another"
	case strings.Contains(msg, "turn off flags"):
		return "turn off `a`, `u` or `L`, which can only be turned on"
	case strings.Contains(msg, "global"):
		return "scope `t`, which only applies to a whole pattern"
	}
	return "turn one flag both on and off"
}

// short cuts a long piece of pattern for a message.
func short(s string) string {
	if len(s) > 24 {
		s = s[:20] + "…"
	}
	return "`" + s + "`"
}
