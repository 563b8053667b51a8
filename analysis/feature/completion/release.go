package completion

// customConstraints proposes the custom constraint names the judged
// release registers (those of retired services are gone from it).
func (c *completer) customConstraints() {
	detail := "custom constraint"
	if r := c.s.Release(); r != nil {
		detail += " (Heat " + r.Name + ")"
	}
	for _, name := range c.s.CustomConstraints() {
		c.add(0, Item{Label: name, Kind: CompleteValue, Detail: detail})
	}
}
