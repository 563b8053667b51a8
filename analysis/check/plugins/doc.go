// Package plugins judges what Heat's code for resource types checks in
// their own validate(), beyond their property schema: properties that go
// (or do not go) together, values a plugin refuses (bounds set by another
// property, formats, repeated entries), scaling group sizes, launch
// configurations, group members. One file per service or check family
// (neutron.go, nova.go, barbican.go, retired.go for the types later
// releases keep as stubs...), gathered by registry.go; scalar.go and
// reading.go read a property as Heat's property layer hands it over.
//
// May use: analysis/check/pass, analysis/check/resources, analysis/check/values, analysis/hot, analysis/rules, analysis/syntax, schema.
package plugins
