package server

import (
	"fmt"
	"testing"
	"time"
)

// wantCode fails the test unless r has status and names its error code.
func wantCode(t *testing.T, r response, status int, code string) {
	t.Helper()
	if r.Status != status {
		t.Errorf("status %d, want %d (%s): %s", r.Status, status, code, r.Body)
		return
	}
	if got, _ := r.m(t)["code"].(string); got != code {
		t.Errorf("code %q, want %q: %s", got, code, r.Body)
	}
}

// TestRefusalsNameThemselves: the refusals a player commonly meets in
// the lobby and in a game carry a code, for a client to explain them in
// its reader's language; a refusal without one carries none.
func TestRefusalsNameThemselves(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b, c := e.user(), e.user(), e.user()

		// Joining and starting a game without bots.
		id := a.newGame(map[string]any{"variant": "standard", "power": "England"})
		b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "France"})
		wantCode(t, c.do("POST", "/games/"+id+"/join", map[string]any{"power": "France"}), 409, "seat_taken")
		wantCode(t, b.do("POST", "/games/"+id+"/join", map[string]any{"power": "Italy"}), 409, "already_seated")
		wantCode(t, b.do("POST", "/games/"+id+"/start", nil), 403, "not_creator")
		wantCode(t, a.do("POST", "/games/"+id+"/start", nil), 409, "seats_empty")
		wantCode(t, c.do("POST", "/games/"+id+"/join", map[string]any{"power": "Kent"}), 422, "")

		// A private game, then a game under way.
		private := a.newGame(map[string]any{"variant": "standard", "power": "England", "private": true})
		wantCode(t, c.do("POST", "/games/"+private+"/join", nil), 403, "invitation_needed")
		wantCode(t, c.do("POST", "/games/"+private+"/join", map[string]any{"invitation": "not-the-code"}), 403, "invitation_needed")
		started := a.newGame(map[string]any{"variant": "standard", "power": "England", "bots": true, "press": "none"})
		a.must(200, "POST", "/games/"+started+"/start", nil)
		wantCode(t, c.do("POST", "/games/"+started+"/join", nil), 409, "game_started")

		// Orders for a phase the game is not at, a vote from outside,
		// press in a game without.
		wantCode(t, a.do("PUT", "/games/"+started+"/orders", map[string]any{
			"orders": []string{}, "phase": map[string]any{"season": "spring", "year": 1900, "type": "movement"}}), 409, "phase_played")
		wantCode(t, c.do("PUT", "/games/"+started+"/votes", map[string]any{"draw": true}), 403, "not_player")
		wantCode(t, a.do("POST", "/games/"+started+"/messages", map[string]any{"body": "hello"}), 403, "no_press")

		// Sengoku has no draws.
		sengoku := a.newGame(map[string]any{"variant": "sengoku", "power": "Oda", "bots": true})
		a.must(200, "POST", "/games/"+sengoku+"/start", nil)
		wantCode(t, a.do("PUT", "/games/"+sengoku+"/votes", map[string]any{"draw": true}), 422, "no_draws")
	})
}

// TestDiceplomacyRefusalsNameThemselves: a Diceplomacy move the rules
// refuse carries a code, and its words speak of the game, not of the
// engine's seats.
func TestDiceplomacyRefusalsNameThemselves(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a, b := e.user(), e.user()
		// wantMessage fails the test unless r's error reads want.
		wantMessage := func(r response, want string) {
			t.Helper()
			if got, _ := r.m(t)["error"].(string); got != want {
				t.Errorf("error %q, want %q", got, want)
			}
		}
		// Seat 0 is asked to act on its turn, which comes round unless it
		// is put out of the game first (then another game is played).
		for game := 0; game < 5; game++ {
			id := a.newGame(map[string]any{"variant": "diceplomacy", "players": 5, "phase_deadline_seconds": 60, "bots": true, "power": "Seat 0"})
			b.must(200, "POST", "/games/"+id+"/join", map[string]any{"power": "Seat 1"})
			a.must(200, "POST", "/games/"+id+"/start", nil)
			move := func(c *client, kind string, target int) response {
				return c.do("POST", "/games/"+id+"/moves", map[string]any{"kind": kind, "target": target})
			}
			for step := 0; step < 200; step++ {
				g := a.diceAnswered(id)
				if g.Status == "finished" || g.View.Players[0].Out {
					break
				}
				switch g.View.Request.Type.String() {
				case "action":
					r := move(a, "declare_war", 0)
					wantCode(t, r, 422, "target_self")
					wantMessage(r, "you cannot name yourself: choose another player")
					r = move(a, "propose_alliance", 7) // a seat of a bigger game
					wantCode(t, r, 422, "target_not_seat")
					wantMessage(r, "there is no seat 7 in this game")
					wantCode(t, move(a, "invite", 40), 422, "target_not_seat")
					r = a.do("POST", "/games/"+id+"/moves", map[string]any{"kind": "answer_join", "yes": true})
					wantCode(t, r, 422, "not_asked")
					wantMessage(r, "that move does not answer what is asked of you now")
					// Whom the game puts out and allies with is left to the
					// dice: these are asked when it comes to pass.
					name := func(seat int) string {
						if seat == 1 {
							return b.name
						}
						return fmt.Sprintf("Bot %d", seat)
					}
					for _, p := range g.View.Players {
						if p.Out {
							r = move(a, "declare_war", int(p.Seat))
							wantCode(t, r, 422, "target_out")
							wantMessage(r, name(int(p.Seat))+" is out of the game")
						}
					}
					if ally := g.View.Players[0].Ally; ally >= 0 {
						r = move(a, "propose_alliance", int(ally))
						wantCode(t, r, 422, "already_ally")
						wantMessage(r, name(int(ally))+" is already your ally")
					}
					if after := a.game(id); after.Seq != g.Seq {
						t.Errorf("refused moves played: seq %d, was %d", after.Seq, g.Seq)
					}
					return
				case "none":
					r := move(a, "declare_war", 1)
					wantCode(t, r, 422, "not_asked")
					wantMessage(r, "nothing is asked of you now")
					e.clock.Advance(61 * time.Second) // seat 1's deadline passes
					e.srv.poke()
					a.waitSeq(id, g.Seq+1)
				default:
					legal := g.View.Legal
					m := legal[len(legal)-1]
					body := map[string]any{"kind": m.Type.String(), "yes": m.Yes}
					if m.Target >= 0 {
						body["target"] = int(m.Target)
					}
					a.must(200, "POST", "/games/"+id+"/moves", body)
				}
			}
		}
		t.Fatal("seat 0 was never asked to act")
	})
}
