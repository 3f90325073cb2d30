package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/variants"
)

func runVariants(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("variants", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print every variant's powers, provinces and borders as JSON")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "chancery variants: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	reg, err := variants.Load()
	if err != nil {
		fmt.Fprintf(stderr, "chancery variants: %v\n", err)
		return 1
	}
	var infos []judge.VariantInfo
	for _, name := range reg.Names() {
		v, _ := reg.Get(name)
		infos = append(infos, judge.Describe(v))
	}
	if *asJSON {
		return writeJSON(stdout, stderr, infos, false)
	}
	for _, v := range infos {
		sc := 0
		for _, p := range v.Provinces {
			if p.SupplyCenter {
				sc++
			}
		}
		fmt.Fprintf(stdout, "%-10s %-28s %d powers, %d provinces, %d centres, from %s %d; victory: %s\n",
			v.Name, v.Title, len(v.Powers), len(v.Provinces), sc, v.Start.Season, v.Start.Year, v.Victory)
	}
	return 0
}
