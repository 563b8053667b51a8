package check

import (
	"context"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax/synthtest"
)

// pollCounter is a context that counts how often a run asks whether it was
// cancelled, and says so from the poll after the first stopAfter.
type pollCounter struct {
	context.Context
	polls, stopAfter int
}

func (c *pollCounter) Err() error {
	c.polls++
	if c.polls > c.stopAfter {
		return context.Canceled
	}
	return nil
}

// TestRunStopsBetweenEntries checks that a run notices cancellation between
// the entries of a rule, not only between rules: a full run of a template
// with hundreds of resources asks many more times than there are rules,
// and a run cancelled at a given poll asks at most once more per rule
// left.
func TestRunStopsBetweenEntries(t *testing.T) {
	doc := hot.Parse(synthtest.GenerateTemplate(3000))
	opts := Options{Schema: testSchema(t)}
	rules := len(templateRules()) + len(workspaceTemplateRules())
	resources := len(doc.Template.Resources)

	full := &pollCounter{Context: context.Background(), stopAfter: 1 << 30}
	Run(full, doc, opts)
	if full.polls < rules+resources {
		t.Fatalf("a full run polled %d times; want at least one poll per rule (%d) and per resource (%d)", full.polls, rules, resources)
	}

	for _, stopAt := range []int{0, 1, rules, full.polls / 2} {
		cut := &pollCounter{Context: context.Background(), stopAfter: stopAt}
		Run(cut, doc, opts)
		// Each rule still to run may poll once and return; a rule that
		// went on with its entries would poll once per entry.
		if cut.polls > stopAt+rules+1 {
			t.Errorf("cancelled at poll %d: the run went on polling %d times", stopAt, cut.polls)
		}
	}
}
