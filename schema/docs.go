package schema

// Context says where a key or value sits, so KeyDoc can tell apart names
// that mean different things in different places (description, type…).
type Context int

// The documented contexts.
const (
	ContextTopLevel        Context = iota // top-level sections of a template
	ContextParameter                      // keys of a parameter definition
	ContextParameterType                  // values of a parameter's type
	ContextConstraint                     // keys of a parameter constraint entry
	ContextParameterGroup                 // keys of a parameter_groups entry
	ContextResource                       // keys of a resource definition
	ContextOutput                         // keys of an output definition
	ContextDeletionPolicy                 // values of deletion_policy
	ContextPseudoParameter                // parameters Heat always provides
	ContextEnvironment                    // top-level sections of an environment file
)

// KeyDoc returns heat-ls's own explanation of name in context c, or ""
// when there is none. Availability per version is the Version's business.
func KeyDoc(c Context, name string) string {
	switch c {
	case ContextTopLevel:
		return sectionDoc(name)
	case ContextParameter:
		return parameterKeyDoc(name)
	case ContextParameterType:
		return parameterTypeDoc(name)
	case ContextConstraint:
		return constraintDoc(name)
	case ContextParameterGroup:
		return parameterGroupDoc(name)
	case ContextResource:
		return resourceKeyDoc(name)
	case ContextOutput:
		return outputKeyDoc(name)
	case ContextDeletionPolicy:
		return deletionPolicyDoc(name)
	case ContextPseudoParameter:
		return pseudoParameterDoc(name)
	case ContextEnvironment:
		return environmentDoc(name)
	}
	return ""
}

// EnvironmentSections are the top-level keys an environment file may have.
func EnvironmentSections() []string {
	return []string{"parameters", "parameter_defaults", "resource_registry", "encrypted_param_names", "event_sinks", "parameter_merge_strategies"}
}

// ParameterGroupKeys are the keys of one parameter_groups entry.
func ParameterGroupKeys() []string { return []string{"label", "description", "parameters"} }

func sectionDoc(name string) string {
	switch name {
	case "heat_template_version":
		return "Which HOT version the template is written for, as a date (2018-08-31) or a release name (rocky). It decides which functions, sections and keys are valid."
	case "description":
		return "Free text telling readers what the template deploys."
	case "parameter_groups":
		return "Groups parameters into ordered, labelled sets, so user interfaces can lay out the inputs."
	case "parameters":
		return "The template's inputs: each named parameter has a type and may carry a default, constraints and a hidden flag."
	case "resources":
		return "The cloud objects the stack creates; each entry names a resource type and gives its properties."
	case "outputs":
		return "Values the stack reports after it is created, such as addresses or ids, often read with get_attr."
	case "conditions":
		return "Named boolean conditions, computed from parameters, that decide whether resources and outputs exist and which branch if takes."
	}
	return ""
}

func parameterKeyDoc(name string) string {
	switch name {
	case "type":
		return "The kind of value expected: string, number, comma_delimited_list, json or boolean."
	case "description":
		return "Text explaining the parameter to whoever fills it in."
	case "default":
		return "Value used when the user gives none; without it the parameter is mandatory. It must pass the constraints."
	case "schema":
		return "Accepted by Heat's parser for parameters but without effect on validation."
	case "constraints":
		return "List of rules the value must pass (length, range, modulo, allowed_values, allowed_pattern, custom_constraint), each with an optional description."
	case "hidden":
		return "When true, Heat masks the value in stack details and events, as for passwords."
	case "label":
		return "Short human-friendly name for the parameter, for user interfaces."
	case "immutable":
		return "When true, a stack update may not change the value."
	case "tags":
		return "List of strings used to classify the parameter."
	}
	return ""
}

func parameterTypeDoc(name string) string {
	switch name {
	case "string":
		return "A text value."
	case "number":
		return "An integer or floating point value; text that parses as a number is accepted."
	case "comma_delimited_list":
		return "A list of strings, given either as a YAML list or as one comma-separated string."
	case "json":
		return "A map or list, given as YAML or as a JSON-encoded string."
	case "boolean":
		return "True or false; Heat also accepts the strings 'true', 'false', 'yes', 'no', 'on', 'off', '1', '0'."
	}
	return ""
}

func constraintDoc(name string) string {
	switch name {
	case "length":
		return "Bounds (min and/or max) on the length of a string, list or map."
	case "range":
		return "Bounds (min and/or max, inclusive) on a number."
	case "modulo":
		return "Requires a number to leave the given offset when divided by step, e.g. only odd values."
	case "allowed_values":
		return "List of the only values the parameter may take."
	case "allowed_pattern":
		return "Regular expression the whole string value must match."
	case "custom_constraint":
		return "Named check done against the cloud, such as nova.flavor or neutron.network; heat-ls cannot verify it offline."
	case "description":
		return "Message shown when the value breaks this constraint."
	}
	return ""
}

func parameterGroupDoc(name string) string {
	switch name {
	case "label":
		return "Title of the group."
	case "description":
		return "Text explaining what the group's parameters are for."
	case "parameters":
		return "Names of the parameters in the group, in display order; each must be declared in parameters."
	}
	return ""
}

func resourceKeyDoc(name string) string {
	switch name {
	case "type":
		return "The resource type (such as OS::Nova::Server), a type mapped in the environment, or a path or URL to a template used as a nested stack."
	case "properties":
		return "Input values of the resource, checked against its type's property schema."
	case "metadata":
		return "Arbitrary structured data attached to the resource, readable by servers through their metadata service."
	case "depends_on":
		return "Resource name or list of names that must be created before this one, beyond the dependencies that functions already imply."
	case "deletion_policy":
		return "What happens to the cloud object when the resource is removed: Delete (the default), Retain it, or Snapshot it first."
	case "update_policy":
		return "Settings controlling how updates roll out, for types that support them (groups and scaling groups)."
	case "description":
		return "Free text about the resource."
	case "condition":
		return "Name of a condition (or an inline condition); the resource exists only when it is true."
	case "external_id":
		return "Id of an existing cloud object that the resource adopts instead of creating a new one."
	}
	return ""
}

func outputKeyDoc(name string) string {
	switch name {
	case "description":
		return "Free text about the output."
	case "value":
		return "The value reported, usually computed with get_attr, get_resource or get_param."
	case "condition":
		return "Name of a condition (or an inline condition); the output is reported only when it is true."
	}
	return ""
}

func deletionPolicyDoc(name string) string {
	switch name {
	case "Delete", "delete":
		return "Remove the cloud object together with the resource (the default)."
	case "Retain", "retain":
		return "Leave the cloud object in place when the resource goes away."
	case "Snapshot", "snapshot":
		return "Take a snapshot of the object (volumes, servers) before removing it."
	}
	return ""
}

func pseudoParameterDoc(name string) string {
	switch name {
	case "OS::stack_id":
		return "Id of the stack being deployed."
	case "OS::stack_name":
		return "Name of the stack being deployed."
	case "OS::region":
		return "Region the stack is deployed in."
	case "OS::project_id":
		return "Id of the project that owns the stack."
	}
	return ""
}

func environmentDoc(name string) string {
	switch name {
	case "parameters":
		return "Values for the top-level template's parameters; an unknown name here is an error."
	case "parameter_defaults":
		return "Default values applied to any template of the stack, nested ones included, that declares a parameter of that name."
	case "resource_registry":
		return "Maps resource type names onto other types or template files, globally or for named resources, and sets hooks."
	case "encrypted_param_names":
		return "Names of parameters whose values Heat stores encrypted; normally filled in by Heat itself."
	case "event_sinks":
		return "Targets (such as a Zaqar queue) that receive the stack's events."
	case "parameter_merge_strategies":
		return "How values for the same parameter from several environment files combine: overwrite, merge or deep_merge."
	}
	return ""
}

// versionDescriptions says in heat-ls's words what each HOT version added.
func versionDescriptions() map[string]string {
	return map[string]string{
		"2013-05-23": "The first HOT version (Icehouse). It still accepts the CloudFormation-style functions such as Ref and Fn::Join next to get_param, get_attr and the other HOT functions.",
		"2014-10-16": "Juno. Drops the CloudFormation-style functions except Fn::Select, and lets get_attr take a path into the attribute's value.",
		"2015-04-30": "Kilo. Adds repeat for building lists and digest for hashing.",
		"2015-10-15": "Liberty. Adds str_split, removes Fn::Select, allows get_attr with only a resource name, list_join over several lists and non-string values in list_join and str_replace.",
		"2016-04-08": "Mitaka. Adds map_merge.",
		"2016-10-14": "Newton. Adds the conditions section, the condition and external_id keys, if, map_replace, yaql, lower-case deletion policies, and repeat over a map.",
		"2017-02-24": "Ocata. Adds filter, str_replace_strict and the modulo parameter constraint.",
		"2017-09-01": "Pike. Adds make_url, list_concat, list_concat_unique, contains, str_replace_vstrict, yaql and contains in conditions, and repeat's permutations flag.",
		"2018-03-02": "Queens. Adds the tags key for parameters.",
		"2018-08-31": "Rocky. Same functions and keys as Queens.",
		"2021-04-16": "Wallaby. Lets if omit its false branch, which removes the value when the condition is false.",
	}
}
