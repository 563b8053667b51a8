package difftest

import (
	"slices"
	"strings"
)

// Known is a class of disagreement this project has looked at and
// decided, with who is right and why heat-ls does not follow Heat.
type Known struct {
	ID string
	// Verdict is one of:
	//   oracle      the offline oracle differs from a real stack create
	//               (a value it invented, its own way of reading files)
	//   corpus      the variant's tree lacks a file the real project has
	//   client      the openstack client's own check, which heat-ls makes
	//               a warning on purpose
	//   cloud       only a live cloud, its settings or the day of the
	//               create decide
	//   environment Heat judges the file without the environment it is
	//               meant for; heat-ls leaves that to --env
	//   scope       a file heat-ls deliberately does not take for a
	//               template
	//   defaults    Heat judged the template with its parameter defaults
	//               only; other values the stack may be given make Heat
	//               refuse it as heat-ls says
	//   item-4      a false error of heat-ls's own, being fixed with the
	//               rule table (issue 12, item 4); left to that work
	Verdict string
	Reason  string
	Match   func(j *Judged) bool
}

// KnownClasses lists the documented classes, most specific first.
func KnownClasses() []Known {
	return slices.Concat(artifactClasses(), environmentClasses(), droppedPartClasses())
}

// artifactClasses are the disagreements that come from the tools around Heat rather than
// from the template: the oracle's own artifacts, files the corpus lacks,
// the openstack client's checks and what only a live cloud decides.
func artifactClasses() []Known {
	return []Known{
		{
			ID: "create-masked", Verdict: "oracle",
			Reason: "Heat's create stopped at an artifact of the oracle (a value it invented for a parameter without default that the parameter's constraints refuse, get_file contents handed over as bytes, which the openstack client sends as text), so the create checks behind it never ran; heat-ls's create-time error cannot be confirmed (where the oracle gave up for want of a cloud the pair is not counted at all: uncounted.go)",
			Match: func(j *Judged) bool {
				return j.Masked && !j.HeatSays() && j.LSSays()
			},
		},
		{
			ID: "file-outside-corpus", Verdict: "corpus",
			Reason: "get_file names a file of another repository (heat-agents) that the corpus does not copy; upstream it exists",
			Match: func(j *Judged) bool {
				e := j.HeatFirst()
				return !j.LSSays() && e.Mode == "client" && strings.Contains(e.Message, "/heat-agents/")
			},
		},
		{
			ID: "get-file-not-found", Verdict: "client",
			Reason: "the openstack client refuses a template whose get_file it cannot read; heat-ls warns that the file was not found (build steps often produce such files before the stack is created) and only an empty path or one that is no text is an error",
			Match: func(j *Judged) bool {
				e := j.HeatFirst()
				return !j.LSSays() && e.Mode == "client" && strings.HasPrefix(e.Message, "Could not fetch contents for ") && !strings.HasSuffix(e.Message, "/")
			},
		},
		{
			ID: "expiration-in-the-past", Verdict: "cloud",
			Reason: "Barbican's order plugin compares expiration with the clock at create; the corpus date has since passed. heat-ls does not make a template's validity depend on the day it is checked",
			Match: func(j *Judged) bool {
				return !j.LSSays() && strings.Contains(j.HeatFirst().Message, "Expiration time is out of date")
			},
		},
		{
			ID: "live-cloud", Verdict: "cloud",
			Reason: "the check needs a running cloud or its operator's settings: a nested stack the oracle tries to reach through Heat's endpoint, the per-stack resource limit",
			Match: func(j *Judged) bool {
				m := j.HeatFirst().Message
				return !j.LSSays() && (strings.HasPrefix(m, "Cannot establish connection to Heat endpoint") || strings.HasPrefix(m, "Request limit exceeded"))
			},
		},
	}
}

// environmentClasses are the files Heat judges without what they are
// meant to be given: an environment, parameter values, or (for YAML that
// names no Heat type) any sign of being a template.
func environmentClasses() []Known {
	return []Known{
		{
			ID: "type-from-environment", Verdict: "environment",
			Reason: "a type outside Heat's namespaces (My::Child, the OS::Test:: types of Heat's integration tests, any OS:: or AWS:: name in a namespace Heat does not own that is no near miss of a built-in type) exists only once an environment maps it; the case or test carries that environment, the batch run does not apply it. heat-ls reports resource-type-custom (info) alone and checks the mapping under --env",
			Match: func(j *Judged) bool {
				m := j.HeatFirst().Message
				custom := !strings.HasPrefix(m, "The Resource Type (OS::") && !strings.HasPrefix(m, "The Resource Type (AWS::")
				// heat-ls's own verdict that the type is left to an
				// environment (a namespace Heat does not own, not a near
				// miss of a built-in type) puts the rest in the class too
				return !j.LSSays() && strings.HasPrefix(m, "The Resource Type (") &&
					(custom || strings.HasPrefix(m, "The Resource Type (OS::Test::") || j.LSReports("resource-type-custom"))
			},
		},
		{
			ID: "versionless-untyped", Verdict: "scope",
			Reason: "without heat_template_version and without a resource naming a Heat type, nothing tells the file from other YAML; heat-ls stays silent on it (a file that names a Heat type is taken for a template and told the version is missing)",
			Match: func(j *Judged) bool {
				return !j.LSSays() && j.HeatFirst().Message == "Template format version not found."
			},
		},
		{
			ID: "nested-value-from-environment", Verdict: "environment",
			Reason: "a nested or provider template's parameter without default is given no value by its parent; Heat refuses the stack unless an environment's parameter_defaults sets it, which deployments often generate. heat-ls warns (nested-missing-property) and makes it an error when the environments are given (check --env)",
			Match: func(j *Judged) bool {
				m := j.HeatFirst().Message
				unset := strings.HasPrefix(m, "The Parameter (") && strings.HasSuffix(m, ") was not provided.") ||
					strings.HasPrefix(m, "Property ") && strings.HasSuffix(m, " not assigned")
				return !j.LSSays() && unset && j.LSReports("nested-missing-property")
			},
		},
		{
			ID: "validate-without-values", Verdict: "defaults",
			Reason: "the batch run validates with no parameter values, and Heat's template validate reads some parameters without default (an external_id taken from get_param, a get_param in a get_attr path); given values, as at stack create, Heat accepts the template, whose create checks include validate's",
			Match: func(j *Judged) bool {
				e := j.HeatFirst()
				// a parameter without default that validate asks for
				// (conditions read it) is the class itself when create
				// stopped only at the placeholder given for it
				counted := slices.ContainsFunc(j.HeatErrors, func(h HeatError) bool { return h.Mode == "create" })
				return !j.LSSays() && e.Mode == "validate" && !counted &&
					(len(j.Heat.Create) == 0 && !j.Heat.StoppedShort("create") || (e.Kind == "UserParameterMissing" || strings.HasSuffix(e.Message, ") was not provided.")) && j.Masked)
			},
		},
	}
}

// droppedPartClasses are heat-ls's errors in parts Heat leaves out or
// judges only in part offline (false conditions, untaken branches, group
// members), and the false errors left to the rule table.
func droppedPartClasses() []Known {
	return []Known{
		{
			ID: "condition-false-by-default", Verdict: "defaults",
			Reason: "heat-ls's errors lie in resources whose condition is false for the parameter defaults the oracle uses, or in the branch of an `if` those defaults do not take, or in an operand of and / or after one that decides it for those defaults, so Heat drops them before checking them, but given values that make the condition true (take the branch, reach the operand) Heat refuses the template (checked with the oracle); or they are references to a resource whose condition leaves it out under an input heat-ls names, not the defaults, where Heat reads them. heat-ls judges the template for every input, not for its defaults",
			Match: func(j *Judged) bool {
				return !j.HeatSays() && j.LSErrorsOnlyInConditional()
			},
		},
		{
			ID: "group-member-values", Verdict: "oracle",
			Reason: "heat-ls's errors lie in a group's member definition; offline, Heat validates the member in a test stack that does not judge property values (only the type's own validate() runs), while at a real create the member's nested stack is validated in full and refuses them",
			Match: func(j *Judged) bool {
				return !j.HeatSays() && j.LSErrorsOnlyInMembers()
			},
		},
		{
			ID: "group-later-member-attribute", Verdict: "oracle",
			Reason: "heat-ls's errors are attributes read from a group member after the first (resource.4.name) that the member type lacks; offline, Heat validates the group with its first member only, so only member 0's attributes are judged there (the same read from member 0 is refused: hc/rg-member-attribute-unknown), while a real create builds every member and the nested stack's outputs refuse the read",
			Match: func(j *Judged) bool {
				return !j.HeatSays() && j.LSErrorsOnlyInLaterMemberReads()
			},
		},
		{
			ID: "hidden-type", Verdict: "item-4",
			Reason: "a type Heat keeps hidden is still accepted by Heat 19; heat-ls's error is one of issue 12's item-4 false errors, handled with the rule table",
			Match: func(j *Judged) bool {
				return !j.HeatSays() && j.LSRulesWithin("resource-type-hidden")
			},
		},
	}
}
