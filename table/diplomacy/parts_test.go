package diplomacy

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/chancery/chancery/codec"

	"github.com/chancery/chancery/variants"
)

// withoutParts is a stored record as it was written before results had
// their orders' parts, and with every order's text replaced by text that
// no reader reads when unread is set.
func withoutParts(t *testing.T, data []byte, unread bool) []byte {
	t.Helper()
	var rec map[string]json.RawMessage
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	var results []map[string]any
	if err := json.Unmarshal(rec["results"], &results); err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if unread {
			r["order"] = "(an order)"
			continue
		}
		for _, k := range []string{"kind", "unit", "at", "target", "target_unit", "dest", "via_convoy"} {
			delete(r, k)
		}
	}
	var err error
	if rec["results"], err = json.Marshal(results); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRecordsKeepTheirOrdersParts: a phase's record keeps each result's
// order by its parts, and the history serves them; a record stored before
// they were kept is served with them, read once from the text, and with
// every other field as stored (issue 25).
func TestRecordsKeepTheirOrdersParts(t *testing.T) {
	k := New(variants.MustLoad())
	d, r, recs := playedGame(t, k, "standard", 40)
	p := recordWith(t, recs, `"kind":"support"`)
	var want phaseRecord
	if err := json.Unmarshal(p.Data, &want); err != nil {
		t.Fatal(err)
	}
	for _, res := range want.Results {
		if res.Type == "" || res.At == "" && res.Type != "waive" {
			t.Fatalf("a result stored without its order's parts: %+v", res)
		}
	}
	old := withoutParts(t, p.Data, false)
	if bytes.Contains(old, []byte(`"kind"`)) {
		t.Fatal("the parts were not taken out")
	}
	p.Data = old
	h, err := d.History(r, "u1", p.Seq)
	if err != nil {
		t.Fatal(err)
	}
	served := h.(map[string]any)["phases"].([]json.RawMessage)[0]
	var got phaseRecord
	if err := json.Unmarshal(served, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Results) != len(want.Results) {
		t.Fatalf("%d results served, want %d", len(got.Results), len(want.Results))
	}
	for i := range got.Results {
		if got.Results[i] != want.Results[i] {
			t.Errorf("result %d of an old record served as %+v, want %+v", i, got.Results[i], want.Results[i])
		}
	}
	// The rest is as stored: a record without dislodged units still has none.
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(old, &fields); err != nil {
		t.Fatal(err)
	}
	delete(fields, "dislodged")
	p.Data, _ = json.Marshal(fields)
	h, err = d.History(r, "u1", p.Seq)
	if err != nil {
		t.Fatal(err)
	}
	served = h.(map[string]any)["phases"].([]json.RawMessage)[0]
	fields = nil
	if err := json.Unmarshal(served, &fields); err != nil {
		t.Fatal(err)
	}
	if _, ok := fields["dislodged"]; ok || !bytes.Contains(fields["results"], []byte(`"kind":"support"`)) {
		t.Errorf("an old record without dislodged units is served with some, or without parts: %s", served)
	}
}

// TestAPhasePictureDrawsTheOrdersParts: a phase's picture draws each
// result's order from its parts, not its text: a record whose texts no
// reader reads is drawn byte for byte as it was; and a record stored
// before results had parts is drawn from its texts, as before.
func TestAPhasePictureDrawsTheOrdersParts(t *testing.T) {
	k := New(variants.MustLoad())
	d, r, recs := playedGame(t, k, "standard", 6)
	for i := range recs.phases {
		p := &recs.phases[i]
		var want bytes.Buffer
		if err := d.Board(&want, r, p.Seq); err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(`"kind":"(move|support)"`).Match(p.Data) {
			continue
		}
		stored := p.Data
		for _, unread := range []bool{true, false} {
			p.Data = withoutParts(t, stored, unread)
			var buf bytes.Buffer
			if err := d.Board(&buf, r, p.Seq); err != nil {
				t.Fatalf("%s (unread texts %v): %v", p.Name, unread, err)
			}
			if !bytes.Equal(buf.Bytes(), want.Bytes()) {
				t.Errorf("%s (unread texts %v) is drawn differently:\n got  %s\n want %s", p.Name, unread, buf.Bytes(), want.Bytes())
			}
		}
		p.Data = stored
	}
}

// TestTheLastPhaseIsServedWithItsOrdersParts: a game whose row keeps a
// last phase played before results had their orders' parts serves that
// phase with them, read from the text, and leaves the game as it was.
func TestTheLastPhaseIsServedWithItsOrdersParts(t *testing.T) {
	k := New(variants.MustLoad())
	d, r, _ := playedGame(t, k, "standard", 2)
	want := slices.Clone(d.g.Last.Results)
	for i := range d.g.Last.Results {
		if d.g.Last.Results[i].Type == "" {
			t.Fatalf("a result kept without its order's parts: %+v", d.g.Last.Results[i])
		}
		d.g.Last.Results[i].OrderParts = codec.OrderParts{}
	}
	v, err := d.View(r, "u1")
	if err != nil {
		t.Fatal(err)
	}
	got := v.(*View).Last.Results
	if !slices.Equal(got, want) {
		t.Errorf("the last phase's results served as %+v, want %+v", got, want)
	}
	if d.g.Last.Results[0].Type != "" {
		t.Error("serving the game changed it")
	}
}

// TestGivenOrdersArePlayedFromTheirParts: orders given are kept by their
// parts beside their text, and the deadline plays them from the parts,
// without reading the text again (issue 25); orders kept as texts alone,
// as they were before, are still played.
func TestGivenOrdersArePlayedFromTheirParts(t *testing.T) {
	k := New(variants.MustLoad())
	now := time.Unix(1_800_000_000, 0)
	for _, tc := range []struct {
		name   string
		stored func(t *testing.T, data []byte) []byte
	}{
		{"parts, the text unreadable", func(t *testing.T, data []byte) []byte {
			var given []map[string]any
			if err := json.Unmarshal(data, &given); err != nil {
				t.Fatal(err)
			}
			if len(given) != 1 || given[0]["kind"] != "move" || given[0]["at"] != "vie" || given[0]["target"] != "gal" {
				t.Fatalf("the order is kept as %s, without its parts", data)
			}
			given[0]["order"] = "(an order)"
			out, _ := json.Marshal(given)
			return out
		}},
		{"a text alone, as kept before", func(t *testing.T, data []byte) []byte { return []byte(`["A VIE - GAL"]`) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, r, recs := playedGame(t, k, "standard", 0)
			if p := d.g.PowerOf("u1"); p != "Austria" {
				t.Fatalf("u1 plays %s", p)
			}
			taken, err := d.TakeOrders(r, "u1", json.RawMessage(`{"orders": ["a vie-gal"]}`), now)
			if err != nil {
				t.Fatal(err)
			}
			if p := taken.Reply.(*Taken).Parts; len(p) != 1 || p[0].Order != "A VIE - GAL" || p[0].Type != "move" || p[0].At != "vie" || p[0].Target != "gal" {
				t.Errorf("the answer's orders by their parts: %+v", p)
			}
			if len(recs.orders) != 1 {
				t.Fatalf("%d orders kept", len(recs.orders))
			}
			recs.orders[0].Orders = tc.stored(t, recs.orders[0].Orders)
			v, err := d.View(r, "u1")
			if err != nil {
				t.Fatal(err)
			}
			if mine := v.(*View).MyOrders.Orders; len(mine) != 1 {
				t.Errorf("my orders read back as %q", mine)
			}
			// The user's own orders come with their parts, as kept or
			// read once from a text kept alone: the client draws them
			// without reading the text.
			if p := v.(*View).MyOrders.Parts; len(p) != 1 || p[0].Type != "move" || p[0].Unit != "A" || p[0].At != "vie" || p[0].Target != "gal" {
				t.Errorf("my orders by their parts: %+v", p)
			}
			if err := thinkAndAdvance(d, r, now); err != nil {
				t.Fatal(err)
			}
			var rec phaseRecord
			if err := json.Unmarshal(recs.phases[0].Data, &rec); err != nil {
				t.Fatal(err)
			}
			found := false
			for _, res := range rec.Results {
				found = found || res.Power == "Austria" && res.Order == "A VIE - GAL" && res.Type == "move" && res.Target == "gal"
			}
			if !found {
				t.Errorf("Austria's move is not played: %+v", rec.Results)
			}
		})
	}
}
