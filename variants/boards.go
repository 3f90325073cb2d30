package variants

import (
	"embed"
	"fmt"
	"strings"
)

// boards are the variants' generated board SVGs (see package maps and
// docs/maps.md): variants/NAME.svg, generated from variants/NAME.layout.
//
//go:embed *.svg
var boards embed.FS

// Board returns the SVG of a variant's board, or an error when the variant
// has none yet.
func Board(name string) ([]byte, error) {
	b, err := boards.ReadFile(strings.ToLower(name) + ".svg")
	if err != nil {
		return nil, fmt.Errorf("variant %q has no board drawn yet", name)
	}
	return b, nil
}
