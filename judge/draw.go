package judge

import (
	"io"

	"github.com/chancery/chancery/board"
	"github.com/chancery/chancery/rules"
)

// Draw pictures an input of the contract on bs: its position and, if it
// has orders, the orders adjudicated, with their results.
func (j *Judge) Draw(w io.Writer, bs *board.Boards, in *Input) error {
	v, pos, res, err := j.Picture(in)
	if err != nil {
		return err
	}
	pic := &board.Picture{Variant: v, Position: pos, Title: board.PhaseTitle(v, pos.Phase)}
	if len(in.Orders) > 0 {
		pic.Results = res.Results
		if pos.Phase.Type == rules.MovementPhase {
			pic.Dislodged, pic.Destroyed = res.Next.Dislodged, res.Disbanded
		}
	}
	return bs.Draw(w, pic)
}
