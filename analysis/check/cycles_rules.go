package check

func checkCycles(p *Pass) {}
