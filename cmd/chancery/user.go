//go:build !noserve

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/chancery/chancery/server"
	"github.com/chancery/chancery/store"
)

// runUser is "chancery user": what whoever runs a server does to its
// accounts.
func runUser(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "reset-password" {
		fmt.Fprintln(stderr, "usage: chancery user reset-password [--db PATH_OR_URL] [--public-url URL] NAME")
		return 2
	}
	fs := flag.NewFlagSet("user reset-password", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "chancery.db", "the server's database: a SQLite file or a postgres:// URL")
	publicURL := fs.String("public-url", os.Getenv("CHANCERY_PUBLIC_URL"), "where people reach the server (default $CHANCERY_PUBLIC_URL, else http://localhost:8080)")
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: chancery user reset-password [--db PATH_OR_URL] [--public-url URL] NAME

Prints a link that sets a new password for the user called NAME: it works
once, within an hour, and signs every session of the account out. Give it
to the user by a way you trust; it is the way back into an account where
the server sends no mail.

`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args[1:]); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	if *publicURL == "" {
		*publicURL = "http://localhost:8080"
	}
	ctx := context.Background()
	st, err := store.Open(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "chancery user: database: %v\n", err)
		return 1
	}
	defer st.Close()
	link, err := server.ResetLink(ctx, st, *publicURL, fs.Arg(0), time.Now())
	if err != nil {
		fmt.Fprintf(stderr, "chancery user: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, link)
	return 0
}
