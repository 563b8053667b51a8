package hot

// IsFunctionName reports whether name is an intrinsic or condition
// function in at least one HOT version. The model records a one-key
// mapping as a Call only for these names; which of them the declared
// version accepts, and where, is for the check package to decide with the
// schema. The list is a fact of Heat's template versions 2013-05-23 to
// 2021-04-16 and is verified against the schema by a test.
func IsFunctionName(name string) bool {
	switch name {
	case "get_attr", "get_file", "get_param", "get_resource", "list_join",
		"resource_facade", "str_replace", "digest", "repeat", "str_split",
		"map_merge", "map_replace", "yaql", "if", "filter",
		"str_replace_strict", "str_replace_vstrict", "contains",
		"list_concat", "list_concat_unique", "make_url",
		"and", "or", "not", "equals",
		"Fn::Base64", "Fn::GetAZs", "Fn::Join", "Fn::MemberListToMap",
		"Fn::Replace", "Fn::ResourceFacade", "Fn::Select", "Fn::Split", "Ref":
		return true
	}
	return false
}
