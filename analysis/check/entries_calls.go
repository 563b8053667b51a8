package check

import "heat-ls/analysis/hot"

// eachCallAlone calls judge for every function call of the template (its
// index in Template.Calls and the call): first the calls outside the
// resources, in order, then each resource's calls through
// eachResourceAlone, so a splice of one resource judges that resource's
// calls only. judge must judge a call by the call alone, as
// eachResourceAlone demands of a resource.
//
// The order differs from Template.Calls' only between calls of different
// entries; their findings lie in different entries, and Run sorts by
// position, so the result is the same.
func (p *Pass) eachCallAlone(judge func(i int, c *hot.Call)) {
	calls := p.T.Calls
	index := make(map[*hot.Entry]int, len(p.T.Resources))
	for i, r := range p.T.Resources {
		index[&r.Entry] = i
	}
	// from[i] and to[i] bound resource i's calls, which lie together.
	from := make([]int, len(p.T.Resources))
	to := make([]int, len(p.T.Resources))
	for k, c := range calls {
		if p.stopped() {
			return
		}
		r, ok := resourceIndex(index, c)
		if !ok {
			judge(k, c)
			continue
		}
		if to[r] == 0 {
			from[r] = k
		} else if to[r] != k {
			// Never seen: a resource's calls apart. Judge the rest in order.
			p.judgeCallsFrom(k, judge, index)
			return
		}
		to[r] = k + 1
	}
	p.eachResourceAlone(func(r *hot.Resource) {
		i := index[&r.Entry]
		for k := from[i]; k < to[i]; k++ {
			judge(k, calls[k])
		}
	})
}

// resourceIndex is the index of the resource c belongs to.
func resourceIndex(index map[*hot.Entry]int, c *hot.Call) (int, bool) {
	if c.Context != hot.InResource || c.Owner == nil {
		return 0, false
	}
	i, ok := index[c.Owner]
	return i, ok
}

// judgeCallsFrom is eachCallAlone's way out when the calls of a resource
// do not lie together: every call is judged in order, none alone (the
// calls outside resources before k were judged already).
func (p *Pass) judgeCallsFrom(k int, judge func(i int, c *hot.Call), index map[*hot.Entry]int) {
	for j, c := range p.T.Calls {
		if p.stopped() {
			return
		}
		if _, inResource := resourceIndex(index, c); j >= k || inResource {
			judge(j, c)
		}
	}
}
