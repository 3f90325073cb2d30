package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/chancery/chancery/board"
	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/variants"
)

// runMap draws a position on its variant's board as SVG, or, as "map
// generate", generates a board (mapgen.go).
//
// PNG output is not offered: the pure-Go SVG rasterisers (oksvg with
// rasterx, tdewolff/canvas) either draw no text, so no labels, or bring a
// large dependency tree; a browser renders the SVG faithfully.
func runMap(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "generate" {
		return runMapGenerate(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("map", flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("variant", "", "the variant's start to draw when standard input is empty (default standard)")
	start := fs.Bool("start", false, "draw the variant's start; do not read standard input")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: chancery map [--variant NAME] [--start] [< position.json] > board.svg")
		fmt.Fprintln(stderr, "       chancery map generate --variant NAME|all")
		fmt.Fprintln(stderr, "Draws a position of the adjudication contract (with orders: adjudicated, each drawn with its result) on its variant's board as SVG; with no input, the variant's start. 'map generate' draws a board anew from its layout and coastlines.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	reg, err := variants.Load()
	if err != nil {
		fmt.Fprintf(stderr, "chancery map: %v\n", err)
		return 1
	}
	var data []byte
	if !*start {
		if data, err = readInput(stdin); err != nil {
			fmt.Fprintf(stderr, "chancery map: %v\n", err)
			return 1
		}
	}
	out := bufio.NewWriter(stdout)
	var boards board.Boards // the one board this command draws on
	if len(bytes.TrimSpace(data)) == 0 {
		vname := *name
		if vname == "" {
			vname = "standard"
		}
		v, err := reg.Get(vname)
		if err != nil {
			fmt.Fprintf(stderr, "chancery map: %v\n", err)
			return 2
		}
		if err := boards.DrawStart(out, v); err != nil {
			fmt.Fprintf(stderr, "chancery map: %v\n", err)
			return 1
		}
		return flush(out, stderr)
	}
	var in judge.Input
	if err := decodeStrict(data, &in); err != nil {
		fmt.Fprintf(stderr, "chancery map: bad input: %v\n", err)
		return 2
	}
	if *name != "" && in.Variant == "" {
		in.Variant = *name
	}
	if err := judge.New(reg).Draw(out, &boards, &in); err != nil {
		var ie *codec.InputError
		if errors.As(err, &ie) {
			fmt.Fprintf(stderr, "chancery map: bad input: %v\n", err)
			return 2
		}
		fmt.Fprintf(stderr, "chancery map: %v\n", err)
		return 1
	}
	return flush(out, stderr)
}

func flush(w *bufio.Writer, stderr io.Writer) int {
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "chancery map: %v\n", err)
		return 1
	}
	return 0
}
