package plugins

// allPluginChecks gathers the plugin checks of every service: the common
// ones (pluginChecks), each service's file and the engine's Neutron base
// class, router and Delay checks (engine.go), a type's checks in that order.
func allPluginChecks() map[string][]pluginCheck {
	all := pluginChecks()
	for _, more := range []map[string][]pluginCheck{
		neutronChecks(), novaChecks(), cinderChecks(), octaviaChecks(), heatChecks(),
		awsChecks(), barbicanChecks(), serviceChecks(), containerChecks(), retiredChecks(),
		engineChecks(),
	} {
		for typ, checks := range more {
			all[typ] = append(all[typ], checks...)
		}
	}
	return all
}
