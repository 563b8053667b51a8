package main

import (
	"fmt"
	"regexp"
	"strings"
)

// skip is one skipped test and the message it skipped with.
type skip struct{ pkg, test, msg string }

// logEntry matches the start of a t.Log or t.Skip line: the indented
// "file_test.go:123: " that testing puts before each message.
var logEntry = regexp.MustCompile(`^\s*[^\s:]+\.go:\d+: `)

// skipMessage returns the skip message out of a skipped test's output:
// its last log entry (continuation lines joined), without testing's
// file:line prefix, its "--- SKIP" line and a leading "SKIP: ".
func skipMessage(lines []string) string {
	var entries []string
	for _, l := range lines {
		l = strings.TrimRight(l, "\n")
		switch {
		case strings.HasPrefix(strings.TrimSpace(l), "--- SKIP:"):
		case logEntry.MatchString(l):
			entries = append(entries, strings.TrimSpace(l[len(logEntry.FindString(l)):]))
		case len(entries) > 0 && strings.TrimSpace(l) != "":
			entries[len(entries)-1] += " " + strings.TrimSpace(l)
		}
	}
	if len(entries) == 0 {
		return "no reason given"
	}
	return strings.TrimPrefix(entries[len(entries)-1], "SKIP: ")
}

// splitReason cuts a skip message into its reason and its detail at the
// first ": " outside brackets and backquotes: "../shared not found (run
// with ...): the corpus is not read" groups under "../shared not found
// (run with ...)". A message without one is all reason.
func splitReason(msg string) (reason, detail string) {
	depth, quoted := 0, false
	for i := 0; i+1 < len(msg); i++ {
		switch c := msg[i]; {
		case c == '`':
			quoted = !quoted
		case quoted:
		case c == '(' || c == '[' || c == '{':
			depth++
		case (c == ')' || c == ']' || c == '}') && depth > 0:
			depth--
		case c == ':' && msg[i+1] == ' ' && depth == 0:
			return msg[:i], strings.TrimSpace(msg[i+2:])
		}
	}
	return msg, ""
}

// group is the skipped tests that share a reason.
type group struct {
	reason  string
	details []string // distinct, in order of first appearance
	tests   []string
}

// groupSkips returns one line per reason, the largest groups first:
//
//	12 tests skipped: REASON: DETAIL; DETAIL; +3 more [TestA, TestB, +10 more]
func groupSkips(skips []skip) []string {
	var groups []*group
	byReason := map[string]*group{}
	for _, s := range skips {
		reason, detail := splitReason(s.msg)
		g := byReason[reason]
		if g == nil {
			g = &group{reason: reason}
			byReason[reason] = g
			groups = append(groups, g)
		}
		if detail != "" && !contains(g.details, detail) {
			g.details = append(g.details, detail)
		}
		g.tests = append(g.tests, s.pkg[strings.LastIndex(s.pkg, "/")+1:]+"."+s.test)
	}
	// Largest first; equal sizes keep the order they were met in.
	for i := 1; i < len(groups); i++ {
		for j := i; j > 0 && len(groups[j].tests) > len(groups[j-1].tests); j-- {
			groups[j], groups[j-1] = groups[j-1], groups[j]
		}
	}
	lines := make([]string, 0, len(groups))
	for _, g := range groups {
		noun := "tests"
		if len(g.tests) == 1 {
			noun = "test"
		}
		line := fmt.Sprintf("%d %s skipped: %s", len(g.tests), noun, g.reason)
		if len(g.details) > 0 {
			line += ": " + firstFew(g.details, 3, "; ")
		}
		lines = append(lines, line+" ["+firstFew(g.tests, 3, ", ")+"]")
	}
	return lines
}

// firstFew joins the first n items and says how many more there are.
func firstFew(items []string, n int, sep string) string {
	if len(items) <= n {
		return strings.Join(items, sep)
	}
	return strings.Join(items[:n], sep) + fmt.Sprintf("%s+%d more", sep, len(items)-n)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
