package pass

import "heat-ls/analysis/hot"

// EachCallAlone calls judge for every function call of the template (its
// index in Template.Calls and the call): first the calls outside the
// resources, in order, then each resource's calls through
// EachResourceAlone, so a splice of one resource judges that resource's
// calls only. judge must judge a call by the call alone, as
// EachResourceAlone demands of a resource.
//
// The order differs from Template.Calls' only between calls of different
// entries; their findings lie in different entries, and Run sorts by
// position, so the result is the same.
func (p *Pass) EachCallAlone(judge func(i int, c *hot.Call)) { p.eachCallAlone("", judge) }

// EachCallOfAlone is EachCallAlone over the calls of the function name
// only, for a rule that judges nothing else: the other calls, thousands
// in a large template, then cost it nothing, not even the bookkeeping of
// taking their findings over.
func (p *Pass) EachCallOfAlone(name string, judge func(i int, c *hot.Call)) {
	p.eachCallAlone(name, judge)
}

// eachCallAlone is EachCallAlone over the calls named name, or all calls
// when name is "".
func (p *Pass) eachCallAlone(name string, judge func(i int, c *hot.Call)) {
	calls := p.T.Calls
	skip := func(c *hot.Call) bool { return name != "" && c.Name != name }
	rc := p.resourceCalls()
	if rc == nil {
		// Never seen: a resource's calls apart. Judge all in order.
		for i, c := range calls {
			if p.Stopped() {
				return
			}
			if !skip(c) {
				judge(i, c)
			}
		}
		return
	}
	l, prev := p.startCallLoop()
	defer p.endCallLoop(l)
	for _, i := range rc.outside {
		if p.Stopped() {
			return
		}
		if !skip(calls[i]) {
			p.judgeOutsideResources(l, prev, i, calls[i], judge)
		}
	}
	p.eachResourceAlone(func(i int, _ *hot.Resource) {
		for k := rc.from[i]; k < rc.to[i]; k++ {
			if !skip(calls[k]) {
				judge(k, calls[k])
			}
		}
	})
}

// resourceCalls works callsByResource out once per run (each rule that
// walks with EachCallAlone then passes over the resources' calls without
// looking them up); nil when some resource's calls do not lie together.
// Calls and resources are both in text order, so the owner of the next
// resource call is the current resource or one after it.
func (p *Pass) resourceCalls() *callsByResource {
	if p.callRanges != nil {
		return p.callRanges
	}
	rs := p.T.Resources
	rc := &callsByResource{from: make([]int, len(rs)), to: make([]int, len(rs))}
	r := 0
	for k, c := range p.T.Calls {
		if c.Context != hot.InResource {
			rc.outside = append(rc.outside, k)
			continue
		}
		for r < len(rs) && &rs[r].Entry != c.Owner {
			r++
		}
		if r == len(rs) {
			return nil // an owner out of order, or of no resource listed
		}
		if rc.to[r] == 0 {
			rc.from[r] = k
		} else if rc.to[r] != k {
			return nil
		}
		rc.to[r] = k + 1
	}
	p.callRanges = rc
	return rc
}
