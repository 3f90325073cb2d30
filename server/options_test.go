package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/chancery/chancery/store"
)

// optionsView is GET /games/{id}/options as the tests read it.
type optionsView struct {
	Phase struct {
		Season, Type string
		Year         int
	}
	Power      string
	Adjustment int
	Orders     []struct {
		Text, Kind, Unit, At, Target, Dest string
		TargetUnit                         string `json:"target_unit"`
	}
}

func (o optionsView) texts() []string {
	out := make([]string, len(o.Orders))
	for i, x := range o.Orders {
		out[i] = x.Text
	}
	return out
}

func (c *client) options(id string) optionsView {
	c.e.t.Helper()
	var o optionsView
	c.must(200, "GET", "/games/"+id+"/options", nil).json(c.e.t, &o)
	return o
}

// startedGame creates a game of variant with bots in which c plays power,
// and starts it.
func (c *client) startedGame(variant, power string) string {
	c.e.t.Helper()
	id := c.newGame(map[string]any{"variant": variant, "phase_deadline_seconds": 3600, "bots": true, "power": power})
	c.must(200, "POST", "/games/"+id+"/start", nil)
	return id
}

// setPosition rewrites the stored position of game id, as an operator
// would, to reach a phase that bots make hard to reach on purpose.
func setPosition(t *testing.T, e *env, id string, pos map[string]any) {
	t.Helper()
	err := e.st.Update(context.Background(), func(tx store.Tx) error {
		row, err := tx.Game(id, true)
		if err != nil {
			return err
		}
		var data map[string]any
		if err := json.Unmarshal(row.Data, &data); err != nil {
			return err
		}
		pos["variant"] = data["variant"]
		data["position"] = pos
		if row.Data, err = json.Marshal(data); err != nil {
			return err
		}
		return tx.SaveGame(row)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestOptionsListTheLegalOrders: the options of a standard game's first
// phase are France's and only France's, include the obvious ones, and
// every one of them is accepted by PUT /orders as it is written.
func TestOptionsListTheLegalOrders(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b := e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 3600, "bots": true, "power": "France"})
		a.must(409, "GET", "/games/"+id+"/options", nil) // forming: no orders yet
		a.must(200, "POST", "/games/"+id+"/start", nil)
		o := a.options(id)
		if o.Power != "France" || o.Phase.Season != "spring" || o.Phase.Year != 1901 || o.Phase.Type != "movement" || o.Adjustment != 0 {
			t.Fatalf("options of %s in %+v, adjustment %d", o.Power, o.Phase, o.Adjustment)
		}
		texts := o.texts()
		for _, want := range []string{"A PAR - BUR", "F BRE - MAO", "A MAR S A PAR - BUR", "A PAR H", "F BRE S A PAR - PIC", "A MAR - SPA"} {
			if !slices.Contains(texts, want) {
				t.Errorf("no %q among %d options", want, len(texts))
			}
		}
		for _, x := range o.Orders {
			if x.At != "par" && x.At != "mar" && x.At != "bre" {
				t.Errorf("%q orders a unit that is not France's", x.Text)
			}
			if x.Text == "A MAR S A PAR - BUR" && (x.Kind != "support" || x.Unit != "A" || x.Target != "par" || x.TargetUnit != "A" || x.Dest != "bur") {
				t.Errorf("the parts of %q: %+v", x.Text, x)
			}
		}
		// Every option is accepted, and stored as it is written.
		for _, text := range texts {
			var put struct{ Orders []string }
			a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{text}}).json(t, &put)
			if len(put.Orders) != 1 || put.Orders[0] != text {
				t.Fatalf("PUT %q stored %q", text, put.Orders)
			}
		}
		b.must(403, "GET", "/games/"+id+"/options", nil) // not a player
		a.must(404, "GET", "/games/nosuchgame/options", nil)
		(&client{e: e}).must(401, "GET", "/games/"+id+"/options", nil)
	})
}

// TestOptionsOfRetreatsAndAdjustments: a retreat phase lists retreats and
// disbands; an adjustment phase lists builds and a waive, or removals.
func TestOptionsOfRetreatsAndAdjustments(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a := e.user()
	id := a.startedGame("standard", "France")
	units := func(list ...string) []map[string]string {
		var out []map[string]string
		for _, u := range list {
			f := strings.Fields(u) // "France army par"
			out = append(out, map[string]string{"power": f[0], "type": f[1], "province": f[2]})
		}
		return out
	}
	centres := map[string]string{"par": "France", "mar": "France", "bre": "France", "mun": "Germany", "ber": "Germany", "kie": "Germany"}

	setPosition(t, e, id, map[string]any{
		"phase":          map[string]any{"season": "spring", "year": 1901, "type": "retreat"},
		"units":          units("France army par", "Germany army bur", "Germany army mun", "France fleet mao"),
		"dislodged":      []map[string]string{{"power": "France", "type": "army", "province": "bur", "attacker_from": "mun"}},
		"supply_centers": centres,
	})
	o := a.options(id)
	if o.Phase.Type != "retreat" {
		t.Fatalf("phase %+v", o.Phase)
	}
	texts := o.texts()
	for _, want := range []string{"A BUR R PIC", "A BUR R GAS", "A BUR D"} {
		if !slices.Contains(texts, want) {
			t.Errorf("retreat: no %q in %q", want, texts)
		}
	}
	for _, x := range o.Orders {
		if (x.Kind != "retreat" && x.Kind != "disband") || x.At != "bur" || x.Target == "mun" || x.Target == "par" {
			t.Errorf("retreat: %q (%s)", x.Text, x.Kind)
		}
	}
	a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"A BUR R PIC"}})

	// Five centres, three units, Paris and Marseilles free: two builds.
	centres["spa"], centres["por"] = "France", "France"
	setPosition(t, e, id, map[string]any{
		"phase":          map[string]any{"season": "winter", "year": 1901, "type": "adjustment"},
		"units":          units("France army bur", "France fleet bre", "France army spa", "Germany army mun"),
		"dislodged":      []any{},
		"supply_centers": centres,
	})
	o = a.options(id)
	if o.Adjustment != 2 {
		t.Errorf("adjustment %d, want 2", o.Adjustment)
	}
	texts = o.texts()
	for _, want := range []string{"BUILD A PAR", "BUILD A MAR", "BUILD F MAR", "WAIVE"} {
		if !slices.Contains(texts, want) {
			t.Errorf("builds: no %q in %q", want, texts)
		}
	}
	for _, x := range o.Orders {
		if x.Kind != "build" && x.Kind != "waive" || x.At == "bre" || x.At == "spa" {
			t.Errorf("builds: %q (%s)", x.Text, x.Kind)
		}
		if x.Kind == "waive" && (x.At != "" || x.Unit != "") {
			t.Errorf("waive: %+v", x)
		}
	}
	a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"BUILD F MAR", "WAIVE"}})

	// One centre, three units: two removals.
	setPosition(t, e, id, map[string]any{
		"phase":          map[string]any{"season": "winter", "year": 1901, "type": "adjustment"},
		"units":          units("France army bur", "France fleet bre", "France army spa", "Germany army mun"),
		"dislodged":      []any{},
		"supply_centers": map[string]string{"par": "France", "mar": "Germany", "bre": "Germany"},
	})
	o = a.options(id)
	if o.Adjustment != -2 || len(o.Orders) != 3 {
		t.Errorf("removals: adjustment %d, %q", o.Adjustment, o.texts())
	}
	for _, x := range o.Orders {
		if x.Kind != "remove" {
			t.Errorf("removals: %q (%s)", x.Text, x.Kind)
		}
	}
}

// TestOptionsOfColonialRussiaIncludeTheRailway: a Russian army on the
// Trans-Siberian Railroad may travel it.
func TestOptionsOfColonialRussiaIncludeTheRailway(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a := e.user()
	id := a.startedGame("colonial", "Russia")
	o := a.options(id)
	var rail []string
	for _, x := range o.Orders {
		if x.Kind == "railway" {
			rail = append(rail, x.Text)
			if x.Unit != "A" || x.At == "" || x.Target == "" {
				t.Errorf("railway option %+v", x)
			}
		}
	}
	if !slices.Contains(rail, "A MOS - TSR - VLA") {
		t.Fatalf("no A MOS - TSR - VLA among the railway moves %q", rail)
	}
	a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"A MOS - TSR - VLA"}})
}

// TestOptionsOfDiceplomacyPointToTheView: a Diceplomacy game has no
// orders; the answer says where its legal moves are.
func TestOptionsOfDiceplomacyPointToTheView(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a := e.user()
	id := a.newGame(map[string]any{"variant": "diceplomacy", "bots": true, "power": "Seat 1"})
	r := a.must(409, "GET", "/games/"+id+"/options", nil)
	if !strings.Contains(string(r.Body), "the game's view") {
		t.Errorf("the refusal does not say where the moves are: %s", r.Body)
	}
}

// BenchmarkOptionsRequest measures GET /options end to end on loopback,
// SQLite, the game's decoding cached as for any repeated read.
func BenchmarkOptionsRequest(b *testing.B) {
	e := newEnv(b, "sqlite")
	a := e.user()
	id := a.startedGame("standard", "Russia")
	req, _ := http.NewRequest("GET", e.URL+"/games/"+id+"/options", nil)
	req.Header.Set("Authorization", "Bearer "+a.token)
	for b.Loop() {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			b.Fatalf("status %d", resp.StatusCode)
		}
	}
}
