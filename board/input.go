package board

import (
	"fmt"
	"io"
	"strings"

	"github.com/chancery/chancery/codec"
	"github.com/chancery/chancery/rules"
)

// DrawStart pictures a variant's starting position.
func (bs *Boards) DrawStart(w io.Writer, v *rules.Variant) error {
	return bs.Draw(w, &Picture{Variant: v, Position: v.Start, Title: PhaseTitle(v, v.Start.Phase)})
}

// PhaseTitle names a phase for people: "Standard Diplomacy, spring 1901, movement".
func PhaseTitle(v *rules.Variant, ph rules.Phase) string {
	f := codec.FormatPhase(ph)
	return fmt.Sprintf("%s, %s %d, %s", v.Title, f.Season, f.Year, strings.ToLower(f.Type))
}
