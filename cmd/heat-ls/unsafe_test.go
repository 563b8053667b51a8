package main

import "unsafe"

// unsafePointer lets the security tests read inotify events in place.
func unsafePointer(b *byte) unsafe.Pointer { return unsafe.Pointer(b) }
