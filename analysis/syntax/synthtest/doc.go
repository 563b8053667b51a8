// Package synthtest generates realistic Heat templates of any size for
// benchmarks and stress tests, so every package measures against the same
// kind of input.
package synthtest
