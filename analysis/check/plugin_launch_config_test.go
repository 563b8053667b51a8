package check

import (
	"testing"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// TestLaunchConfigBlockDevices: each BlockDeviceMappings entry of an AWS
// launch configuration needs an Ebs with a SnapshotId Python takes for
// true; an Ebs written empty counts as given; entries made by functions
// are not judged.
func TestLaunchConfigBlockDevices(t *testing.T) {
	const head = "heat_template_version: 2018-08-31\nparameters:\n  e: {type: json, default: {}}\nresources:\n  lc:\n    type: AWS::AutoScaling::LaunchConfiguration\n    properties:\n      ImageId: img\n      InstanceType: m1.small\n      BlockDeviceMappings:\n"
	const E = source.SeverityError
	conflict := rules.ResourcePropertyConflict
	runEntryCases(t, []entryCase{
		{"no Ebs", head + "        - {DeviceName: vdb}\n", conflict, E, "{DeviceName: vdb}", nil},
		{"second entry without Ebs", head + "        - {DeviceName: vdb, Ebs: {SnapshotId: s}}\n        - {DeviceName: vdc}\n", conflict, E, "{DeviceName: vdc}", nil},
		{"Ebs empty", head + "        - {DeviceName: vdb, Ebs: {}}\n", conflict, E, "Ebs", nil},
		{"Ebs null", head + "        - {DeviceName: vdb, Ebs: }\n", conflict, E, "Ebs", nil},
		{"Ebs without SnapshotId", head + "        - {DeviceName: vdb, Ebs: {VolumeSize: '1'}}\n", conflict, E, "Ebs", nil},
		{"SnapshotId empty", head + "        - {DeviceName: vdb, Ebs: {SnapshotId: ''}}\n", conflict, E, "SnapshotId", nil},
		{"SnapshotId given", head + "        - {DeviceName: vdb, Ebs: {SnapshotId: s}}\n", "", E, "", []string{conflict}},
		{"SnapshotId from a parameter", head + "        - {DeviceName: vdb, Ebs: {SnapshotId: {get_param: e}}}\n", "", E, "", []string{conflict}},
		{"Ebs from a function", head + "        - {DeviceName: vdb, Ebs: {get_param: e}}\n", "", E, "", []string{conflict}},
		{"entry from a function", head + "        - {get_param: e}\n", "", E, "", []string{conflict}},
		{"no entries", head + "        []\n", "", E, "", []string{conflict}},
	})
}
