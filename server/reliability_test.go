package server

import (
	"slices"
	"testing"
	"time"
)

// TestReliabilityCountsPhasesOwedAndGiven: a player who gives orders in
// one phase (without saying ready) and misses the next owes two phases
// and gave one, overall and over 90 days; the phases of their sandbox
// count for nothing; 91 days on, the recent figures are empty; a game
// that asks for more reliability refuses them, not a newcomer; the
// profile lists the game with its result, and the lobby the players of
// forming games with theirs.
func TestReliabilityCountsPhasesOwedAndGiven(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b, c := e.user(), e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "standard", "power": "England", "bots": true})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		owes := func() bool {
			var v struct {
				Powers []struct {
					Power string
					Owes  bool
				}
			}
			a.must(200, "GET", "/games/"+id, nil).json(t, &v)
			for _, p := range v.Powers {
				if p.Power == "England" {
					return p.Owes
				}
			}
			return false
		}
		// Phase 0: orders given, not ready; then every phase until the
		// next movement phase missed. Each deadline passes by the clock.
		due, given := 0, 0
		a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"F lon - nth"}, "ready": false})
		due, given = 1, 1
		e.clock.Advance(25 * time.Hour)
		g := a.waitSeq(id, 1)
		for g.Phase.Type != "movement" {
			if owes() {
				due++
			}
			e.clock.Advance(25 * time.Hour)
			g = a.waitSeq(id, g.Seq+1)
		}
		if !owes() {
			t.Fatalf("England owes nothing in a movement phase")
		}
		due++
		e.clock.Advance(25 * time.Hour)
		a.waitSeq(id, g.Seq+1)

		// A sandbox's phases count for nobody.
		var sb struct{ ID string }
		a.must(201, "POST", "/games", map[string]any{"sandbox": map[string]any{"variant": "standard"}}).json(t, &sb)
		for _, p := range []string{"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"} {
			a.must(200, "PUT", "/games/"+sb.ID+"/orders?power="+p, map[string]any{"orders": []string{}, "ready": true})
		}
		a.waitSeq(sb.ID, 1)

		type profile struct {
			Name        string
			Reliability struct {
				Due      int
				Given    int
				Due90d   int `json:"due_90d"`
				Given90d int `json:"given_90d"`
			}
			Games []struct {
				ID, Status, Power, Result string
			}
		}
		var p profile
		b.must(200, "GET", "/users/"+a.name, nil).json(t, &p)
		if r := p.Reliability; r.Due != due || r.Given != given || r.Due90d != due || r.Given90d != given {
			t.Fatalf("reliability %+v, want %d due and %d given, overall and in 90 days", r, due, given)
		}
		if len(p.Games) != 1 || p.Games[0].ID != id || p.Games[0].Power != "England" || p.Games[0].Status != "active" {
			t.Errorf("profile's games: %+v, want the game alone, not the sandbox", p.Games)
		}
		wantCode(t, b.do("GET", "/users/nobody-at-all", nil), 404, "")

		// A game that asks for 75%: a, at 1 of 2 or so, is refused; b,
		// who owed nothing yet, is welcome.
		strict := c.newGame(map[string]any{"variant": "standard", "power": "France", "min_reliability": 75})
		wantCode(t, a.do("POST", "/games/"+strict+"/join", nil), 403, "reliability_too_low")
		b.must(200, "POST", "/games/"+strict+"/join", nil)
		wantCode(t, c.do("POST", "/games", map[string]any{"variant": "standard", "min_reliability": 101}), 422, "reliability_invalid")
		var lobby []struct {
			ID             string
			MinReliability int `json:"min_reliability"`
			Players        []struct {
				Name        string
				Reliability struct{ Due, Given int }
			}
		}
		c.must(200, "GET", "/games?status=forming", nil).json(t, &lobby)
		found := false
		for _, l := range lobby {
			if l.ID == strict {
				found = true
				if len(l.Players) != 2 || l.MinReliability != 75 {
					t.Errorf("the lobby's entry: %+v", l)
				}
			}
		}
		if !found {
			t.Errorf("the forming game is not in the lobby")
		}

		// The game ends: its result is on the profile. 91 days on, the
		// recent figures are empty.
		a.must(200, "PUT", "/games/"+id+"/votes", map[string]any{"draw": true})
		e.clock.Advance(91 * 24 * time.Hour)
		b.signIn() // the session has expired
		b.must(200, "GET", "/users/"+a.name, nil).json(t, &p)
		if r := p.Reliability; r.Due != due || r.Given != given || r.Due90d != 0 || r.Given90d != 0 {
			t.Errorf("reliability 91 days on: %+v", r)
		}
		if len(p.Games) != 1 || p.Games[0].Result != "drawn" {
			t.Errorf("the finished game on the profile: %+v", p.Games)
		}
	})
}

// departures are the games a user left or was replaced in, as their
// profile says.
type departures struct{ Left, Replaced int }

func (c *client) departures(name string) departures {
	c.e.t.Helper()
	var p struct{ Reliability departures }
	c.must(200, "GET", "/users/"+name, nil).json(c.e.t, &p)
	return p.Reliability
}

// TestReliabilityCountsTheGamesLeftAndReplacedIn: in a game that ends,
// the player the master replaced was replaced in it; the player whose
// seat a bot took for missed orders and who never took it back left it;
// the one who took their seat back by ordering did not; the lobby shows
// them beside the player's name.
func TestReliabilityCountsTheGamesLeftAndReplacedIn(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b, c, d := e.user(), e.user(), e.user(), e.user()
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 60, "bots": true, "power": "England",
			"missed_orders": map[string]any{"policy": "bot", "after": 1}})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		c.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "Germany"})
		d.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "Italy"})
		a.must(200, "POST", "/games/"+id+"/start", nil)

		// England orders; France, Germany and Italy miss the first
		// movement phase: bots take their seats.
		a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
		v := a.playPhase(id)
		if !slices.Equal(v.TakenOver, []string{"France", "Germany", "Italy"}) {
			t.Fatalf("taken over: %v", v.TakenOver)
		}
		for _, u := range []*client{a, b, c, d} {
			if got := a.departures(u.name); got != (departures{}) {
				t.Fatalf("%s left or was replaced in a game under way: %+v", u.name, got)
			}
		}
		// The master opens France for a substitute: b was replaced.
		a.must(200, "POST", "/games/"+id+"/replace", map[string]any{"power": "France", "reason": "gone"})
		if got := c.departures(b.name); got != (departures{Replaced: 1}) {
			t.Fatalf("the replaced player's record: %+v", got)
		}
		// On to a movement phase, England ordering and ready (every
		// other seat is a bot's: each phase is played at once); there
		// Italy orders and takes the seat back.
		for {
			g := a.steward(id)
			if g.Phase.Type == "movement" {
				break
			}
			if g.power("England").Owes {
				a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
			}
			a.waitSeq(id, g.Seq+1)
		}
		seq := a.steward(id).Seq
		d.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": false})
		a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
		a.waitSeq(id, seq+1)
		if v := a.steward(id); !slices.Equal(v.TakenOver, []string{"Germany"}) {
			t.Fatalf("after Italy ordered, taken over: %v", v.TakenOver)
		}
		// The game ends in a draw of its people, Germany still the bot's.
		a.must(200, "PUT", "/games/"+id+"/votes", map[string]any{"draw": true})
		d.must(200, "PUT", "/games/"+id+"/votes", map[string]any{"draw": true})
		if s := a.steward(id).Status; s != "finished" {
			t.Fatalf("the game is %s", s)
		}
		for _, tc := range []struct {
			who  *client
			want departures
		}{{a, departures{}}, {b, departures{Replaced: 1}}, {c, departures{Left: 1}}, {d, departures{}}} {
			if got := b.departures(tc.who.name); got != tc.want {
				t.Errorf("%s's record: %+v, want %+v", tc.who.name, got, tc.want)
			}
		}

		// The lobby shows a forming game's players with theirs.
		forming := b.newGame(map[string]any{"variant": "standard", "power": "France"})
		c.must(200, "POST", "/games/"+forming+"/join", map[string]any{"power": "Germany"})
		type entry struct {
			ID      string
			Players []struct {
				Name        string
				Reliability departures
			}
		}
		var lobby []entry
		d.must(200, "GET", "/games?status=forming", nil).json(t, &lobby)
		i := slices.IndexFunc(lobby, func(l entry) bool { return l.ID == forming })
		if i < 0 || len(lobby[i].Players) != 2 || lobby[i].Players[0].Reliability != (departures{Replaced: 1}) ||
			lobby[i].Players[1].Reliability != (departures{Left: 1}) {
			t.Fatalf("the lobby: %+v", lobby)
		}
	})
}
