// Package preview computes what a template becomes as a stack for given
// environments and parameters, offline, as Heat's stack preview gives it:
// every resource that exists once conditions are decided, with its type
// (and the template or type the registry maps it to), its properties,
// metadata and policies with every function worked out, what it depends
// on and what depends on it; nested stacks (template resources, and the
// members of resource groups with their index substituted) expanded to a
// depth; outputs resolved where they can be. What only a live stack knows
// stays a readable placeholder naming its source. What Heat would refuse
// (a parameter nothing sets, a value a constraint rejects, a registry
// entry naming a missing file, a function that fails) is a Problem.
//
// Preview is protocol-free and reads files only through Options.Load and
// Options.ReadFile, so the command line and the language server (over its
// workspace view) ask the same question.
//
// May use: analysis/environ, analysis/eval, analysis/hot, analysis/limits, analysis/source, analysis/syntax, schema.
package preview
