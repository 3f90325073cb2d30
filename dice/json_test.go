package dice_test

import (
	"encoding/json"
	"testing"

	"github.com/chancery/chancery/dice"
	"github.com/chancery/chancery/dice/bot"
)

// TestJSONSaysEveryFieldItDocuments: the JSON a server sends is explicit.
// Every player of a view carries "die" (0 when the viewer may not know
// it), and every event about one side of a war (surrender, fight on,
// battle) carries "side", the attackers included.
func TestJSONSaysEveryFieldItDocuments(t *testing.T) {
	t.Parallel()
	sides := map[dice.EventType]bool{dice.EventSurrender: true, dice.EventFightOn: true, dice.EventBattle: true}
	seen := map[string]int{}
	for i := range 30 {
		g, bots := seededGame(t, i)
		v := g.View(0)
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var view struct {
			Players []map[string]any `json:"players"`
		}
		if err := json.Unmarshal(b, &view); err != nil {
			t.Fatal(err)
		}
		for _, p := range view.Players {
			if _, ok := p["die"]; !ok {
				t.Fatalf("game %d: a player of the view has no die: %s", i, b)
			}
		}
		if err := bot.Play(g, bots); err != nil {
			t.Fatal(err)
		}
		for _, e := range g.LogFor(0) {
			b, err := json.Marshal(e)
			if err != nil {
				t.Fatal(err)
			}
			var m map[string]any
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatal(err)
			}
			side, ok := m["side"]
			if sides[e.Type] != ok {
				t.Fatalf("game %d: %s event: side present %v: %s", i, e.Type, ok, b)
			}
			if ok {
				seen[e.Type.String()+" "+side.(string)]++
			}
			var back dice.Event
			if err := json.Unmarshal(b, &back); err != nil || back != e {
				t.Fatalf("game %d: %s does not decode to the event (%v): %+v", i, b, err, back)
			}
		}
	}
	if seen["battle attackers"] == 0 || seen["battle defenders"] == 0 {
		t.Errorf("the games never showed both sides winning a battle: %v", seen)
	}
}
