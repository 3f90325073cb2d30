package judge

import "github.com/chancery/chancery/rules"

// Picture resolves an input as Resolve does and also returns what a board
// picture needs: the variant and the position the orders were given in,
// as the core's types. The position is a copy; the resolution is owned by
// the judge and valid until its next call.
func (j *Judge) Picture(in *Input) (*rules.Variant, *rules.Position, *rules.Resolution, error) {
	e, err := j.engine(in.Variant)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := e.position(in); err != nil {
		return nil, nil, nil, err
	}
	pos := e.pos.Clone()
	opt, err := ParseOptions(in.Options)
	if err != nil {
		return nil, nil, nil, err
	}
	r := e.resolver(opt)
	if err := e.orders(in.Orders, e.pos.Phase.Type); err != nil {
		return nil, nil, nil, err
	}
	if err := r.AdjudicateInto(&e.pos, e.ords, &e.out); err != nil {
		return nil, nil, nil, &InputError{Msg: err.Error()}
	}
	return e.v, pos, &e.out, nil
}
