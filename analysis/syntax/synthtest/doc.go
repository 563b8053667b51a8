// Package synthtest generates realistic Heat templates of any size. The
// benchmarks and stress tests use them, so every package measures against
// the same kind of input.
//
// May use: nothing.
package synthtest
