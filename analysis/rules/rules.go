package rules

import (
	"slices"
	"sync"

	"heat-ls/analysis/source"
)

// Phase says when Heat refuses what a rule finds.
type Phase string

const (
	// Validate: `openstack orchestration template validate` refuses it.
	Validate Phase = "validate"
	// Create: template validate passes, stack create refuses it before
	// touching the cloud (parameter values, property values, plugins'
	// own validate()).
	Create Phase = "create"
	// None: Heat lets it through; the rule points out a likely mistake.
	None Phase = "none"
	// Cloud: only a live cloud can tell (a service, an image, a flavor).
	Cloud Phase = "cloud"
	// Tool: about heat-ls itself (its settings file, its own limits), not
	// about what Heat does with a template.
	Tool Phase = "tool"
)

// Context is a place where a rule's severity (and Heat's verdict) differs
// from the rule's default.
type Context struct {
	Where    string // in words, e.g. "outputs"
	Severity source.Severity
	Phase    Phase
}

// BoolBound is the context of parameter-constraint-invalid where a bound
// of range, length or modulo is a YAML boolean: Heat's Python reads true
// as 1 and false as 0 and accepts the constraint, so heat-ls only warns.
const BoolBound = "a boolean as a bound of range, length or modulo (Heat reads true as 1, false as 0)"

// UnconvertibleAllowedValue is the context of parameter-constraint-invalid
// for an allowed value that does not read as the type of a number or
// boolean parameter without default: Heat converts the allowed values
// only when it checks a value, the one given at stack create.
const UnconvertibleAllowedValue = "an allowed value not of the type of a parameter without default (Heat converts it when it checks the value given at create)"

// HostDigest is the context of unknown-digest-algorithm for a name
// hashlib takes only where the host's OpenSSL provides it (ripemd160,
// sm3...): Heat's verdict depends on the host it runs on.
const HostDigest = "an algorithm only some hosts' OpenSSL provides"

// NullConditionOperand is the context of bad-function-args where the
// condition of an if, or an operand of and / or, is empty (null): Heat
// reads it as true and accepts the template.
const NullConditionOperand = "an empty (null) condition of if or operand of and / or (Heat reads it as true)"

// ReplacedEntry is the context every rule about what Heat refuses shares
// (except the YAML reader's own): inside a mapping entry that a later
// entry with the same key replaces. The loader keeps only the last entry,
// so Heat never reads the earlier one and accepts whatever it holds; a
// finding there is a warning. It is declared here once, not on each rule.
const ReplacedEntry = "inside an entry a later one of the same name replaces"

// SkippedOperand is the context of bad-function-args and
// undefined-condition for an operand of and / or that comes after one
// deciding the call for every input (or after true, and after false):
// Heat stops there and never judges the rest, so it accepts them.
const SkippedOperand = "an operand of and / or after one that always decides it (Heat never judges it)"

// UnreadPart is, like ReplacedEntry, a context every rule about what Heat
// refuses shares (except the YAML reader's own): inside a part of the
// template Heat never reads because a condition no input can change
// leaves it out. Heat parses only the branch of an if its condition
// takes, and drops an output whose condition is false before it looks at
// what it holds; a finding there is a warning.
const UnreadPart = "inside what a constant condition leaves out (the branch of an if it does not take, an output whose condition is always false)"

// GroupMemberAttribute is the context of an attribute a resource group
// reads from its members: Heat judges it when it builds the group's
// nested stack, at create.
const GroupMemberAttribute = "an attribute read from a resource group's members"

// EmptyGroupMember is the context of the rules that judge a group's
// member definition (its type, its properties, the member type's own
// checks, the template it names, the attributes read from its members)
// when the group has no member with the template's defaults: a resource
// group of count 0, an autoscaling group whose desired_capacity is unset
// or 0 and whose min_size is 0. Heat builds and validates no member then
// (a zero count is how authors switch a feature off), so it accepts the
// template; heat-ls still warns, because the same definition is refused
// as soon as the group grows. Only rules that declare it use it.
const EmptyGroupMember = "a group's member definition while the group has no member (count, or min_size and desired_capacity, 0 with the defaults)"

// LeftOutResource is the context of the rules that judge what a resource
// is (its type, its properties, the type's own checks, what its functions
// refer to) inside a resource whose condition is false for every input.
// Heat parses every resource's definition (its keys, the shapes of their
// values, its functions' arguments) and then leaves such a resource out
// of the stack before it looks up its type or builds it, so the oracle
// accepts an unknown type, an unknown or ill-typed property and a
// reference to nothing there. Only rules that declare it use it.
const LeftOutResource = "inside a resource whose condition is false for every input (Heat parses its definition, then leaves it out)"

// LeftOutResourcePolicy is the context of the rules about a resource's
// keys for what Heat judges only on a resource it keeps (an update_policy
// key or a Snapshot deletion policy its type lacks, an update_policy
// given by a function, depends_on beside an external_id), in a resource
// whose condition is false for every input: Heat never builds or orders
// that resource, so it accepts them. The shape Heat parses (an
// update_policy that is no mapping, a deletion policy no version knows,
// a depends_on that is no name) stays an error there, which is why these
// rules do not declare LeftOutResource itself.
const LeftOutResourcePolicy = "what only a built resource is judged on, in a resource whose condition is false for every input"

// NestedStackName is the context of resource-name-invalid for a resource
// that makes a nested stack (a template resource, a group, a chain...):
// Heat names that stack after the parent stack and the resource and
// refuses a name with characters outside letters, digits, "_", "-" and
// "." (or longer than a stack name may be) at stack create.
const NestedStackName = "a resource that makes a nested stack, whose name no stack name can carry"

// NestedStackNameRepeated is the same finding on a resource whose
// definition another resource repeats exactly: Heat validates only one of
// a set of identical definitions, and which one depends on the process,
// so it refuses the template on some runs only.
const NestedStackNameRepeated = "the same, on a resource whose definition another one repeats (Heat validates only one of them)"

// NestedStackNameUnsure is the same finding on a resource group whose
// size heat-ls cannot work out (a parameter without default, or one an
// environment sets, a function of other values): Heat builds the nested
// stack only when the size is above zero.
const NestedStackNameUnsure = "the same, on a resource group whose size is not known before create (Heat names no nested stack at size zero)"

// LaterGroupMember is the context of a value a resource group's member
// after the first hands its nested template: Heat validates only the
// group's first member before it creates the stack, so a later member's
// fault shows only when the group creates that member, on a cloud.
const LaterGroupMember = "a value a resource group's later member hands its nested template (Heat validates only the first member; a later one fails when the group creates it)"

// YaqlNotComputedAtCreate is the context of yaql-too-deep outside a
// resource's properties (an output's value, for one): Heat evaluates the
// expression only when it resolves that value, after the stack exists,
// so stack create succeeds and the value fails later.
const YaqlNotComputedAtCreate = "outside resource properties (Heat evaluates the expression only when it resolves the value, after the stack exists)"

// Rule is the declaration of one rule id.
type Rule struct {
	ID       string
	Severity source.Severity // default severity
	Phase    Phase           // when Heat refuses it (for the default severity)
	Summary  string          // one line, heat-ls's own words
	Contexts []Context       // where the severity differs from the default
	Group    string          // which part of heat-ls reports it
}

// Severities lists every severity the rule may be reported with: the
// default first, then the contexts' in order.
func (r Rule) Severities() []source.Severity {
	out := []source.Severity{r.Severity}
	for _, c := range r.Contexts {
		if !slices.Contains(out, c.Severity) {
			out = append(out, c.Severity)
		}
	}
	if r.heatRefuses() && !slices.Contains(out, source.SeverityWarning) {
		out = append(out, source.SeverityWarning) // ReplacedEntry, UnreadPart
	}
	return out
}

// heatRefuses tells a rule that is an error because Heat refuses what it
// finds (by default or in a context), outside the YAML reader's rules:
// the rules whose findings ReplacedEntry and UnreadPart turn into warnings.
func (r Rule) heatRefuses() bool {
	if r.Group == "yaml" {
		return false
	}
	refuses := func(sev source.Severity, ph Phase) bool {
		return sev == source.SeverityError && (ph == Validate || ph == Create)
	}
	if refuses(r.Severity, r.Phase) {
		return true
	}
	for _, c := range r.Contexts {
		if refuses(c.Severity, c.Phase) {
			return true
		}
	}
	return false
}

// All returns every declared rule, in table order. Each call builds a
// fresh slice, so callers may keep or change it.
func All() []Rule {
	var out []Rule
	for _, g := range groups() {
		for _, r := range g.rules() {
			r.Group = g.name
			out = append(out, r)
		}
	}
	return out
}

type group struct {
	name  string
	rules func() []Rule
}

func groups() []group {
	return []group{
		{"yaml", syntaxRules},
		{"structure", structureRules},
		{"entries", entryRules},
		{"environment", environmentRules},
		{"workspace", workspaceRules},
		{"release", releaseRules},
		{"heat-ls", toolRules},
	}
}

// byID indexes All once; the map is built on first use and never
// changed afterwards (Lookup hands out copies of its values).
var byID = sync.OnceValue(func() map[string]Rule {
	m := map[string]Rule{}
	for _, r := range All() {
		m[r.ID] = r
	}
	return m
})

// Lookup returns the declaration of id.
func Lookup(id string) (Rule, bool) {
	r, ok := byID()[id]
	return r, ok
}

// Severity is the declared default severity of id. An undeclared id is a
// programming error that TestEveryReportedIDDeclared catches; it reads as
// a warning so that nothing undeclared can fail a CI run.
func Severity(id string) source.Severity {
	if r, ok := Lookup(id); ok {
		return r.Severity
	}
	return source.SeverityWarning
}

// In is the severity of id in the context named where (one of the
// declaration's Contexts), or the default when the rule declares no such
// context.
func In(id, where string) source.Severity {
	r, ok := Lookup(id)
	if !ok {
		return source.SeverityWarning
	}
	if (where == ReplacedEntry || where == UnreadPart) && r.heatRefuses() {
		return source.SeverityWarning
	}
	for _, c := range r.Contexts {
		if c.Where == where {
			return c.Severity
		}
	}
	return r.Severity
}
