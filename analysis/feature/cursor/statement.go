package cursor

// statementScan is what scanStatement learns from the text between the start
// of the statement line and the token.
type statementScan struct {
	steps    []colStep
	slot     Slot
	flow     bool
	firstCol int // column of the line's first element (or the token)
	tokenCol int
	flowKeys []string // keys already in the innermost flow mapping
}

type colStep struct {
	step Step
	col  int
}

// scanStatement reads the statement starting at line start ls up to the
// token at tok. It returns nil when the cursor is in a comment or the
// brackets do not add up.
func scanStatement(src []byte, ls, tok int) *statementScan {
	st := &statementScan{}
	cols := columnCursor{src: src, pos: ls}
	i := skipBlanks(src, ls, tok)
	st.firstCol = cols.at(i)
	st.tokenCol = displayColumn(src, ls, tok)
	i, ok := st.readItemMarkers(src, i, tok, &cols)
	if !ok {
		return nil
	}
	if i == tok {
		st.slot = SlotKeyOrScalar
		if len(st.steps) == 0 {
			st.firstCol = st.tokenCol
		}
		return st
	}
	if key, after, ok := blockKey(src, i, tok); ok {
		st.steps = append(st.steps, colStep{Step{Key: key, Index: -1}, cols.at(i)})
		i = skipBlanks(src, after, tok)
		if i == tok {
			st.slot = SlotScalar
			return st
		}
	}
	if src[i] != '{' && src[i] != '[' {
		return st.plainTail(src, i, tok)
	}
	frames := scanFlow(src, i, tok)
	if frames == nil {
		return nil
	}
	st.flow = true
	st.addFlowSteps(frames)
	return st
}

// skipBlanks returns the first offset from i on that is not a space or a
// tab, or le.
func skipBlanks(src []byte, i, le int) int {
	for i < le && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i
}

// readItemMarkers takes the "- " markers opening the line as item steps and
// returns the offset after them. It reports false past maxPathDepth.
func (st *statementScan) readItemMarkers(src []byte, i, le int, cols *columnCursor) (int, bool) {
	for i < le && src[i] == '-' && (i+1 == le || src[i+1] == ' ' || src[i+1] == '\t') {
		if len(st.steps) == maxPathDepth {
			return i, false
		}
		st.steps = append(st.steps, colStep{Step{Index: 0}, cols.at(i)})
		i = skipBlanks(src, i+1, le)
	}
	return i, true
}

// plainTail judges text that is neither a key nor a flow start before the
// token: a comment or a multi-word scalar, which is a value only after a key.
func (st *statementScan) plainTail(src []byte, i, le int) *statementScan {
	if len(StripComment(src[i:le])) < le-i {
		return nil // the token is inside a comment
	}
	if len(st.steps) > 0 && !st.steps[len(st.steps)-1].step.IsItem() {
		st.slot = SlotScalar
		return st
	}
	return nil
}

// addFlowSteps appends the steps of the open flow collections, outermost
// first, and sets the slot from the innermost one.
func (st *statementScan) addFlowSteps(frames []*flowFrame) {
	for n, f := range frames {
		last := n == len(frames)-1
		switch f.open {
		case '[':
			st.steps = append(st.steps, colStep{Step{Index: f.index, Prev: f.items}, -1})
			if f.inValue {
				st.steps = append(st.steps, colStep{Step{Key: f.key, Index: -1}, -1})
			}
			if last {
				st.slot = SlotKeyOrScalar
				if f.inValue {
					st.slot = SlotScalar
				}
			}
		case '{':
			if f.inValue {
				st.steps = append(st.steps, colStep{Step{Key: f.key, Index: -1}, -1})
			}
			if last {
				st.slot = SlotKey
				if f.inValue {
					st.slot = SlotScalar
				} else {
					st.flowKeys = f.keys
				}
			}
		}
	}
}
