package cursor

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
// It reports false when the statement is inside a block scalar. Lines
// above the statement are read as text only as far as the tree does not
// hold them (textTop); above that, the tree's open members stand in for
// the lines.
func blockParents(t contextTree, lines lineIndex, stmt int, st *statementScan) ([]Step, bool) {
	w := newParentWalk(st)
	top := t.textTop(lines, stmt)
	// Most lines are deeper than any parent still to find: prevShallow
	// skips them on their indentation alone.
	for ln, n := lines.prevShallow(stmt, w.skipDeeper(), top), 0; ln >= 0 && w.keyThr > 0 && n < maxContextLines; ln, n = lines.prevShallow(ln, w.skipDeeper(), top), n+1 {
		ents := lineEntries(t.src, lines.start(ln), lines.end(ln))
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
	if t.root == nil {
		return w.parents, true
	}
	ents, _ := t.openEntries(top)
	for i := len(ents) - 1; i >= 0 && w.keyThr > 0; i-- {
		if !w.takeOpen(ents[i]) {
			return nil, false
		}
	}
	return w.parents, true
}

// takeOpen is what countEarlierItem and takeParents do for a line, for one
// open member of the tree, whose collection tells an item's index and the
// items before it at once. It reports false when the member is a block
// scalar's key.
func (w *parentWalk) takeOpen(e openEntry) bool {
	if w.pending && e.col > w.pendingCol {
		return true // inside an earlier item
	}
	if w.pending && e.item && e.col == w.pendingCol {
		p := &w.parents[0]
		p.Index += e.index + 1
		p.Prev = append(itemScalars(e.coll, e.index+1), p.Prev...)
		return true
	}
	n := len(w.parents)
	if !w.takeParents([]lineEntry{e.lineEntry}) {
		return false
	}
	if len(w.parents) > n && e.item {
		p := &w.parents[0]
		p.Index, p.Prev = e.index, itemScalars(e.coll, e.index)
		w.pending, w.pendingCol = false, -1
	}
	return true
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
// cursor line, as far as the mapping holding them reaches: from the text
// next to the cursor line that the tree does not hold, then from the
// tree's mapping at that column. A key the parse put back where the text
// holds only its half-typed word (syntax.ParseAfter) is not one yet.
func siblingKeys(t contextTree, lines lineIndex, cur, col int) []string {
	top, bottom := t.textTop(lines, cur), t.textBottom(lines, cur)
	up := func(ln, limit int) int { return lines.prevShallow(ln, limit, top) }
	down := func(ln, limit int) int { return lines.nextShallow(ln, limit, bottom) }
	out, ended := siblingLines(lines, cur, col, up, true, nil)
	if t.root == nil {
		out, _ = siblingLines(lines, cur, col, down, false, out)
		return out
	}
	sm, ok := t.mappingAt(lines, top, col)
	if !ended && ok {
		out = append(out, t.keysAbove(lines, sm, top, col)...)
	}
	out, ended = siblingLines(lines, cur, col, down, false, out)
	if !ended && ok {
		out = append(out, t.keysBelow(lines, sm, bottom, col)...)
	}
	return out
}

// siblingLines adds to out the keys in column col on the lines next
// returns from cur on, going up or down. Going up, a "- key:" line left
// of col still holds a sibling (the first key of the cursor's item);
// going down it starts another item. ended reports that a line left of
// col ended the mapping.
func siblingLines(lines lineIndex, cur, col int, next func(int, int) int, up bool, out []string) ([]string, bool) {
	for ln, n := next(cur, col), 0; ln >= 0 && n < maxContextLines; ln, n = next(ln, col), n+1 {
		ents := lineEntries(lines.src, lines.start(ln), lines.end(ln))
		if len(ents) == 0 {
			continue
		}
		if !up && ents[0].col < col {
			return out, true
		}
		for _, e := range ents {
			if !e.item && e.col == col {
				out = append(out, e.key)
			}
		}
		if ents[0].col < col {
			return out, true
		}
	}
	return out, false
}
