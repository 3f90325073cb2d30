package judge

import "github.com/chancery/chancery/rules"

// Picture resolves an input as Resolve does and also returns what a board
// picture needs: the variant and the position the orders were given in,
// as the core's types. The position is a copy; the resolution is owned by
// the judge and valid until its next call.
func (j *Judge) Picture(in *Input) (*rules.Variant, *rules.Position, *rules.Resolution, error) {
	e, err := j.resolve(in)
	if err != nil {
		return nil, nil, nil, err
	}
	return e.V, e.pos.Clone(), &e.out, nil
}
