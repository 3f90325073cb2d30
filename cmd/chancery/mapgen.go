package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/chancery/chancery/maps"
	"github.com/chancery/chancery/variants"
)

// runMapGenerate draws a variant's board from its layout file and the
// coastlines fetched by maps/fetch.sh, writes the SVG beside the layout and
// prints the proof's findings for whoever tunes the anchors.
func runMapGenerate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("map generate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("variant", "standard", "the variant to draw (all: every variant with a layout file)")
	dir := fs.String("dir", "variants", "the folder of the layout files, where the SVGs are written")
	geo := fs.String("geo", ".cache/geo/world-atlas-2.0.2", "the folder of world-atlas (maps/fetch.sh prints it)")
	out := fs.String("out", "", "write the SVG here instead of DIR/VARIANT.svg")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	reg, err := variants.Load()
	if err != nil {
		fmt.Fprintf(stderr, "chancery map generate: %v\n", err)
		return 1
	}
	names := []string{*name}
	if *name == "all" {
		names = nil
		for _, n := range reg.Names() {
			if _, err := os.Stat(filepath.Join(*dir, n+".layout")); err == nil {
				names = append(names, n)
			}
		}
	}
	land := map[string][][]maps.LonLat{}
	status := 0
	for _, n := range names {
		start := time.Now()
		f, err := os.Open(filepath.Join(*dir, n+".layout"))
		if err != nil {
			fmt.Fprintf(stderr, "chancery map generate: %v\n", err)
			return 1
		}
		l, err := maps.ParseLayout(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "chancery map generate: %s.layout: %v\n", n, err)
			return 2
		}
		v, err := reg.Get(l.Variant)
		if err != nil {
			fmt.Fprintf(stderr, "chancery map generate: %s.layout: %v\n", n, err)
			return 2
		}
		rings, ok := land[l.Source]
		if !ok {
			src := filepath.Join(*geo, l.Source+".json")
			g, err := os.Open(src)
			if err != nil {
				fmt.Fprintf(stderr, "chancery map generate: %v (run maps/fetch.sh first)\n", err)
				return 1
			}
			rings, err = maps.ReadLand(g)
			g.Close()
			if err != nil {
				fmt.Fprintf(stderr, "chancery map generate: %s: %v\n", src, err)
				return 1
			}
			land[l.Source] = rings
		}
		gen, err := maps.Generate(l, v, rings)
		if err != nil {
			fmt.Fprintf(stderr, "chancery map generate: %v\n", err)
			return 1
		}
		path := *out
		if path == "" {
			path = filepath.Join(*dir, n+".svg")
		}
		if err := os.WriteFile(path, gen.SVG, 0o644); err != nil {
			fmt.Fprintf(stderr, "chancery map generate: %v\n", err)
			return 1
		}
		for _, note := range gen.Notes {
			fmt.Fprintf(stdout, "%s: note: %s\n", n, note)
		}
		problems, err := maps.ProveSVG(bytes.NewReader(gen.SVG), v.Map, l.Islands)
		if err != nil {
			fmt.Fprintf(stderr, "chancery map generate: reading back %s: %v\n", path, err)
			return 1
		}
		for _, p := range problems {
			fmt.Fprintf(stdout, "%s: %s\n", n, p)
		}
		fmt.Fprintf(stdout, "%s: wrote %s (%d bytes) in %v; %d problems\n", n, path, len(gen.SVG), time.Since(start).Round(time.Millisecond), len(problems))
		if len(problems) > 0 {
			status = 1
		}
	}
	return status
}
