package check

func checkReferences(p *Pass) {}
