//go:build noserve

package main

import (
	"fmt"
	"io"
)

// runServe, in a build without the server (go build -tags noserve), says
// so. Such a build links neither the server nor the store's database
// drivers, whose package initialisation every command would otherwise pay
// for at start: it is the command line for programs that call
// "chancery adjudicate" once a phase.
func runServe(_ []string, _ io.Reader, _, stderr io.Writer) int {
	fmt.Fprintln(stderr, "chancery serve: this chancery was built without the server (go build -tags noserve); build it without the tag to serve games")
	return 2
}

// runUser, in a build without the server, says so: the accounts are the
// server's.
func runUser(_ []string, _, stderr io.Writer) int {
	fmt.Fprintln(stderr, "chancery user: this chancery was built without the server (go build -tags noserve); build it without the tag to manage a server's accounts")
	return 2
}
