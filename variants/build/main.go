// Command build writes the compact binary form of each variant file in
// the current folder (standard.map → standard.bin: see
// rules.Variant.AppendBinary), which package variants embeds and reads
// instead of parsing the map file. Run it with "go generate ./variants"
// after changing a map file; TestCompiledIsFresh checks that every .bin
// is the one its .map gives.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/chancery/chancery/mapfile"
)

func main() {
	if err := build(); err != nil {
		fmt.Fprintln(os.Stderr, "variants/build:", err)
		os.Exit(1)
	}
}

func build() error {
	maps, err := filepath.Glob("*.map")
	if err != nil {
		return err
	}
	bins, err := filepath.Glob("*.bin")
	if err != nil {
		return err
	}
	for _, bin := range bins {
		if err := os.Remove(bin); err != nil {
			return err
		}
	}
	for _, name := range maps {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		v, err := mapfile.Parse(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		data, err := v.AppendBinary(nil)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := os.WriteFile(strings.TrimSuffix(name, ".map")+".bin", data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
