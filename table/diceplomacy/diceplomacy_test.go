package diceplomacy

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/chancery/chancery/table"
)

func TestASeatIsNamedByItsNumber(t *testing.T) {
	g, err := Kind{}.New(Name, table.Player{ID: "u1", Name: "Ann"}, table.Options{PhaseSeconds: 60, Power: "seat3", Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		user, seat string
		want       error
	}{
		{"u2", "Seat 3", table.ErrState},
		{"u2", "Seat 5", table.ErrInvalid},
		{"u2", "two", table.ErrInvalid},
		{"u2", "2", nil},
	} {
		if err := g.Join(table.Player{ID: c.user}, c.seat); !errors.Is(err, c.want) || (c.want == nil && err != nil) {
			t.Errorf("%s joins %q: %v, want %v", c.user, c.seat, err, c.want)
		}
	}
	if a, b := g.Table().PowerOf("u1"), g.Table().PowerOf("u2"); a != "Seat 3" || b != "Seat 2" {
		t.Fatalf("u1 at %q, u2 at %q", a, b)
	}
}

func TestAStartedGameReadsBackFromItsLog(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	g, _ := Kind{}.New(Name, table.Player{ID: "u1", Name: "Ann"}, table.Options{PhaseSeconds: 60, Power: "0", Bots: true})
	if err := g.Start("u1", t0); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Kind{}.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	v1, _ := g.View(&table.Row{ID: "g"}, "u1")
	v2, _ := back.View(&table.Row{ID: "g"}, "u1")
	j1, _ := json.Marshal(v1)
	j2, _ := json.Marshal(v2)
	if string(j1) != string(j2) || back.Seq() != g.Seq() || back.Table().Seats[1].Name != "Bot 1" {
		t.Fatalf("read back:\n%s\nwas:\n%s", j2, j1)
	}
}
