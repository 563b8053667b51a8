// Package cursor works out where a cursor stands in a HOT template or
// environment file: the path of keys and items to it, what the token
// being typed can be, and the keys beside it, even while the text is
// broken YAML. Where the tolerant parse has a tree it answers from the
// tree; only the lines the parse had to blank are read as text.
//
// May use: analysis/hot, analysis/source, analysis/syntax.
package cursor
