//go:build !linux

package main

// useHugePages does nothing where the kernel has no madvise huge-page
// policy (see heap_huge_linux.go).
func useHugePages(int) {}
