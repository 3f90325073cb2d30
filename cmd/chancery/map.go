package main

import (
	"fmt"
	"io"
)

// runMap draws a position on its variant's board, or, as "map generate",
// generates a board.
func runMap(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "generate" {
		return runMapGenerate(args[1:], stdout, stderr)
	}
	fmt.Fprintln(stderr, "chancery map: drawing positions is not written yet")
	return 2
}
