// Package blake2 computes the BLAKE2b and BLAKE2s hashes of RFC 7693 for
// the evaluator's `digest`.
//
// Python's hashlib provides both on every host, so Heat's `digest`
// accepts them beyond the SHA families Go's standard library has; the
// evaluator needs them to give such a `digest` the value Heat gives, and
// the module takes no dependency for them. Only what hashlib.blake2b()
// and hashlib.blake2s() do by default and with a key is here: no salt,
// personalisation or tree hashing.
//
// May use: nothing.
package blake2
