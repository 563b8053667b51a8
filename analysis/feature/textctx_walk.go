package feature

// parentWalk collects the block parents of a statement line, walking up. A
// key parent sits left of its children; an item's parent key may sit in the
// same column ("key:" then "- a" unindented), hence two thresholds.
type parentWalk struct {
	keyThr, itemThr int
	parents         []Step
	// pending says parents[0] is the lowest item parent still counting its
	// earlier siblings, whose "- " markers sit in column pendingCol.
	pending    bool
	pendingCol int
}

// blockParents returns the path from the root to the statement's own steps.
// It reports false when the statement is inside a block scalar.
func blockParents(src []byte, lines lineIndex, stmt int, st *statementScan) ([]Step, bool) {
	w := newParentWalk(st)
	// Most lines are deeper than any parent still to find: prevShallow
	// skips them on their indentation alone.
	for ln, n := lines.prevShallow(stmt, w.skipDeeper()), 0; ln >= 0 && w.keyThr > 0 && n < maxContextLines; ln, n = lines.prevShallow(ln, w.skipDeeper()), n+1 {
		ents := lineEntries(src, lines.start(ln), lines.end(ln))
		if w.pending {
			ents = w.countEarlierItem(ents)
		}
		if len(ents) == 0 {
			continue
		}
		if !w.takeParents(ents) {
			return nil, false
		}
	}
	return w.parents, true
}

// newParentWalk starts the walk from the statement's own steps.
func newParentWalk(st *statementScan) *parentWalk {
	w := &parentWalk{keyThr: st.firstCol, itemThr: st.firstCol, pendingCol: -1}
	for _, s := range st.steps {
		w.parents = append(w.parents, s.step)
	}
	if len(st.steps) > 0 && st.steps[0].step.IsItem() {
		w.keyThr = st.firstCol + 1
		w.pending, w.pendingCol = true, st.steps[0].col
	}
	return w
}

// skipDeeper is the indentation above which a line can hold no parent.
func (w *parentWalk) skipDeeper() int { return max(w.keyThr-1, w.pendingCol) }

// countEarlierItem counts an earlier item of the pending sequence, perhaps
// after the markers of enclosing items ("- - x"), and returns the entries
// left of it. A line inside an earlier item gives nothing.
func (w *parentWalk) countEarlierItem(ents []lineEntry) []lineEntry {
	if len(ents) == 0 || ents[0].col > w.pendingCol {
		return nil
	}
	for j, e := range ents {
		if !e.item {
			break
		}
		if e.col == w.pendingCol {
			p := &w.parents[0]
			p.Index++
			scalar := ""
			if j == len(ents)-1 {
				scalar = e.scalar
			}
			p.Prev = append([]string{scalar}, p.Prev...)
			return ents[:j]
		}
	}
	return ents
}

// takeParents prepends the entries of a line that enclose what was found so
// far. It reports false when one of them is a block scalar's key.
func (w *parentWalk) takeParents(ents []lineEntry) bool {
	var found []Step
	newPending := -1
	for i := len(ents) - 1; i >= 0; i-- {
		e := ents[i]
		if e.item && e.col < w.itemThr {
			found = append([]Step{{Index: 0}}, found...)
			w.keyThr, w.itemThr = e.col+1, e.col
			newPending = e.col
		} else if !e.item && e.col < w.keyThr {
			if e.blockScalar {
				return false
			}
			found = append([]Step{{Key: e.key, Index: -1}}, found...)
			w.keyThr, w.itemThr = e.col, e.col
			newPending = -1
		}
	}
	if len(found) > 0 {
		w.parents = append(found, w.parents...)
		w.pending, w.pendingCol = false, -1
		if newPending >= 0 && found[0].IsItem() {
			w.pending, w.pendingCol = true, newPending
		}
	}
	return true
}

// siblingKeys lists the keys written in column col above and below the
// cursor line, as far as the mapping holding them reaches.
func siblingKeys(lines lineIndex, cur, col int) []string {
	var out []string
	// Going up, a "- key:" line left of col still holds a sibling (the
	// first key of the cursor's item); going down it starts another item.
	collect := func(next func(int, int) int, up bool) {
		for ln, n := next(cur, col), 0; ln >= 0 && n < maxContextLines; ln, n = next(ln, col), n+1 {
			ents := lineEntries(lines.src, lines.start(ln), lines.end(ln))
			if len(ents) == 0 {
				continue
			}
			if !up && ents[0].col < col {
				return
			}
			for _, e := range ents {
				if !e.item && e.col == col {
					out = append(out, e.key)
				}
			}
			if ents[0].col < col {
				return
			}
		}
	}
	collect(lines.prevShallow, true)
	collect(lines.nextShallow, false)
	return out
}
