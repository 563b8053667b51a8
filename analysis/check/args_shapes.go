package check

func checkArguments(p *Pass) {}
