package rules_test

import (
	"testing"

	"github.com/chancery/chancery/internal/phasetest"
	"github.com/chancery/chancery/rules"
)

// TestWrongUnitType: DATC 4.C.2. The project's rules (rules/standard.md:
// wrong unit types "never silently turn into something else") make an
// order naming the wrong unit type illegal (choice a: the unit holds and
// may receive hold support); Options.IgnoreUnitType is the DATC's
// preference (choice b: the type is ignored).
func TestWrongUnitType(t *testing.T) {
	ignore := rules.Options{IgnoreUnitType: true}
	phasetest.Run(t, []phasetest.Case{
		{ID: "4.C.2/movement", Title: "a fleet ordered where an army stands is illegal; the army holds with support",
			Units: `
				France: A Paris
				France: A Picardy
				Germany: A Burgundy
				Germany: A Gascony`,
			Orders: `
				France: F Paris - Burgundy => wrong_unit_type
				France: A Picardy Supports A Paris => succeeds
				Germany: A Burgundy - Paris => bounced
				Germany: A Gascony Supports A Burgundy - Paris => succeeds`,
			WantDislodged: ``,
			WantUnits: `
				France: A Paris
				France: A Picardy
				Germany: A Burgundy
				Germany: A Gascony`},
		{ID: "4.C.2/movement/ignore", Title: "with the type ignored, the army moves",
			Units:         `France: A Paris`,
			Orders:        `France: F Paris - Burgundy => succeeds`,
			WantDislodged: ``,
			WantUnits:     `France: A Burgundy`,
			Options:       ignore},
		{ID: "4.C.2/retreat", Title: "a retreat naming the wrong type is illegal: the unit disbands",
			Phase:     "spring 1901 retreat",
			Units:     `Germany: A Burgundy`,
			Dislodged: `France: A Picardy <- Burgundy`,
			Orders:    `France: F Picardy - Paris => wrong_unit_type`,
			WantUnits: `Germany: A Burgundy`},
		{ID: "4.C.2/retreat/ignore", Title: "with the type ignored, the army retreats",
			Phase:     "spring 1901 retreat",
			Units:     `Germany: A Burgundy`,
			Dislodged: `France: A Picardy <- Burgundy`,
			Orders:    `France: F Picardy - Paris => succeeds`,
			WantUnits: `
				Germany: A Burgundy
				France: A Paris`,
			Options: ignore},
		{ID: "4.C.2/removal", Title: "a removal naming the wrong type is illegal; civil disorder removes a unit",
			Phase: "winter 1901 adjustment",
			Units: `
				England: A Wales
				England: F London`,
			Owns:      `England: lon`,
			Orders:    `England: REMOVE F Wales => wrong_unit_type`,
			WantUnits: `England: F London`},
		{ID: "4.C.2/removal/ignore", Title: "with the type ignored, the army in Wales is removed",
			Phase: "winter 1901 adjustment",
			Units: `
				England: A Wales
				England: F London`,
			Owns:      `England: lon`,
			Orders:    `England: REMOVE F Wales => succeeds`,
			WantUnits: `England: F London`,
			Options:   ignore},
	})
}
