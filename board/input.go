package board

import (
	"fmt"
	"io"
	"strings"

	"github.com/chancery/chancery/judge"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/variants"
)

// DrawInput pictures an input of the adjudication contract: its position
// and, if it has orders, the orders adjudicated, with their results.
func (bs *Boards) DrawInput(w io.Writer, reg *variants.Registry, in *judge.Input) error {
	j := judge.New(reg)
	v, pos, res, err := j.Picture(in)
	if err != nil {
		return err
	}
	pic := &Picture{Variant: v, Position: pos, Title: PhaseTitle(v, pos.Phase)}
	if len(in.Orders) > 0 {
		pic.Results = res.Results
		if pos.Phase.Type == rules.MovementPhase {
			pic.Dislodged, pic.Destroyed = res.Next.Dislodged, res.Disbanded
		}
	}
	return bs.Draw(w, pic)
}

// DrawStart pictures a variant's starting position.
func (bs *Boards) DrawStart(w io.Writer, v *rules.Variant) error {
	return bs.Draw(w, &Picture{Variant: v, Position: v.Start, Title: PhaseTitle(v, v.Start.Phase)})
}

// PhaseTitle names a phase for people: "Standard Diplomacy, spring 1901, movement".
func PhaseTitle(v *rules.Variant, ph rules.Phase) string {
	f := judge.FormatPhase(ph)
	return fmt.Sprintf("%s, %s %d, %s", v.Title, f.Season, f.Year, strings.ToLower(f.Type))
}
