// Package plugins judges what Heat's code for some resource types checks
// beyond their property schema: scaling group sizes, launch
// configurations, keystone roles, mistral workflows, group members.
//
// May use: analysis/check/pass, analysis/check/resources, analysis/check/values, analysis/hot, analysis/rules, analysis/syntax, schema.
package plugins
