package main

import (
	"fmt"
	"io"
)

// runDice is a placeholder until the Diceplomacy front end lands.
func runDice(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "chancery dice: not implemented yet")
	return 1
}
