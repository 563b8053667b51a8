package feature

import "strings"

// argumentDocs explains each argument of the function forms, in heat-ls's
// own words. Keys are "function/LABEL" for meanings that depend on the
// function, or the bare label shared by several. A function, so the table
// stays out of reach of any caller's changes.
func argumentDocs() map[string]string {
	return map[string]string{
		"NAME":                      "The parameter to read: a name from the parameters section, or a pseudo parameter such as OS::stack_name.",
		"get_param/KEY_OR_INDEX...": "Optional steps into a list or map value: an index for a list, a key for a map, one per level.",
		"RESOURCE":                  "The name of a resource of this template.",
		"ATTRIBUTE":                 "An attribute the resource's type (or nested template's outputs) offers.",
		"get_attr/KEY_OR_INDEX...":  "Optional steps into the attribute's value: a key for a map, an index for a list, one per level.",
		"PATH_OR_URL":               "A file path relative to this template, or a URL; written literally, since the client reads it before sending the template.",
		"SEPARATOR":                 "The text put between the joined items.",
		"LIST":                      "A list whose items are joined.",
		"LIST...":                   "More lists; their items follow the first list's.",
		"template":                  "The text in which the params keys are looked for and substituted.",
		"params":                    "A map from each text to find to the value that replaces it.",
		"repeat/template":           "What is produced for each combination of the loop variables; the variables' names are replaced by their values.",
		"for_each":                  "A map from each loop variable's name to the list (or map, whose keys are used) it runs over.",
		"permutations":              "true (default) to produce every combination of the lists; false to walk them in step, which needs lists of equal length.",
		"DELIMITER":                 "The text at which the string is cut (Fn::Join: put between the items).",
		"STRING":                    "The string to cut.",
		"INDEX":                     "Optional: the index of the one piece to return.",
		"ALGORITHM":                 "The hash algorithm, e.g. sha256, sha512 or md5.",
		"VALUE":                     "The value to hash, compare or look for.",
		"MAP":                       "A map to merge; later maps win on repeated keys.",
		"MAP...":                    "More maps to merge.",
		"map_replace/MAP":           "The map whose keys or values are renamed.",
		"expression":                "The YAQL expression; the data is reachable as $.data.",
		"data":                      "The input the expression reads.",
		"CONDITION":                 "A condition name from the conditions section, or a condition written in place.",
		"CONDITION...":              "More conditions.",
		"VALUE_IF_TRUE":             "The value used when the condition holds.",
		"VALUE_IF_FALSE":            "The value used otherwise.",
		"VALUES_TO_DROP":            "A list of values removed from the list wherever they occur.",
		"SEQUENCE":                  "The list (or string) searched.",
		"INDEX_OR_KEY":              "The list index or map key to pick.",
		"LIST_OR_MAP":               "The list or map picked from.",
		"KEY_NAME":                  "The member key that becomes the map key.",
		"VALUE_NAME":                "The member key that becomes the map value.",
		"PARAMETER_OR_RESOURCE":     "A parameter (its value) or a resource (its reference id).",
		"scheme":                    "The URL scheme, such as https.",
		"host":                      "The host name or address.",
		"port":                      "The port number.",
		"path":                      "The path after the host.",
		"query":                     "A map of query arguments, encoded for the URL.",
		"fragment":                  "The part after #.",
		"username":                  "The user name written before the host.",
		"password":                  "The password written with the user name.",
	}
}

// argumentDoc documents one argument label of fn's form; map_replace's
// second argument and other inline maps get the bracketed text itself.
func argumentDoc(fn, label string) string {
	docs := argumentDocs()
	if d, ok := docs[fn+"/"+label]; ok {
		return d
	}
	if d, ok := docs[label]; ok {
		return d
	}
	if strings.HasPrefix(label, "{keys") {
		return "Optional renamings: keys maps old keys to new ones, values old values to new ones."
	}
	return ""
}
