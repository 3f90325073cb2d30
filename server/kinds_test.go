package server

import (
	"github.com/chancery/chancery/table/diceplomacy"
	"github.com/chancery/chancery/table/diplomacy"
)

// The names the tests read games by: each kind's own.
type diceJSON = diceplomacy.View

const kindDiplomacy = diplomacy.Name
