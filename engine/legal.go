package engine

import (
	"fmt"

	"github.com/chancery/chancery/rules"
)

// LegalOrders lists every order power may give in pos, in the phase pos
// is in, as the rules core lists them (rules.Resolver.LegalOrders): what
// a client offers a player, so that it never guesses a rule. A power that
// does not play is ErrUnknownPower; one with nothing to order gets none.
func (e *Engine) LegalOrders(pos *rules.Position, power string) ([]rules.Order, error) {
	pw, ok := e.Power(power)
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknownPower, power)
	}
	r := e.pool.Get().(*rules.Resolver)
	out, err := r.LegalOrders(pos, pw, nil)
	e.pool.Put(r)
	if err != nil {
		return nil, fmt.Errorf("game position does not fit the map: %w", err)
	}
	return out, nil
}
