//go:build race

package main

// raceEnabled: the race detector multiplies the cost of every memory
// access, so the hostile suite runs smaller inputs under it.
const raceEnabled = true
