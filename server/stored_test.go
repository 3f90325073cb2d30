package server

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/chancery/chancery/store"
)

// TestDamagedStoredGameIsAServerError: a stored position the strict codec
// refuses (here a fleet in Paris, which the old lax reader took) is
// damaged data: the server answers 500 and logs the error naming the game,
// the field and the province, never 422 as if the request were at fault.
func TestDamagedStoredGameIsAServerError(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a := e.user()
		id := a.newGame(map[string]any{"variant": "standard", "power": "France", "bots": true})
		a.must(200, "GET", "/games/"+id, nil)
		from := []byte(`"power":"France","type":"army","province":"par"`)
		err := e.st.Update(context.Background(), func(tx store.Tx) error {
			row, err := tx.Game(id, true)
			if err != nil {
				return err
			}
			if !bytes.Contains(row.Data, from) {
				t.Fatalf("no French army in Paris in %s", row.Data)
			}
			row.Data = bytes.Replace(row.Data, from, []byte(`"power":"France","type":"fleet","province":"par"`), 1)
			return tx.SaveGame(row)
		})
		if err != nil {
			t.Fatal(err)
		}
		a.must(500, "GET", "/games/"+id, nil)
		a.must(500, "PUT", "/games/"+id+"/votes", map[string]bool{"draw": true})
	})
}

// TestARowKeptWithThePositionTwiceLoads: rows written before the game's
// row kept its position once repeat it in the last phase, as "next". Such
// a row still loads, shows its last phase and its board, plays on, and is
// written back without the copy.
func TestARowKeptWithThePositionTwiceLoads(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a := e.user()
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 3600, "bots": true, "power": "Germany"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{"A mun - ruh"}, "ready": true})
		a.waitSeq(id, 1)
		row := func(change func(data []byte) []byte) []byte {
			var out []byte
			err := e.st.Update(context.Background(), func(tx store.Tx) error {
				r, err := tx.Game(id, true)
				if err != nil {
					return err
				}
				out = r.Data
				if change == nil {
					return nil
				}
				r.Data = change(r.Data)
				return tx.SaveGame(r)
			})
			if err != nil {
				t.Fatal(err)
			}
			return out
		}
		row(func(data []byte) []byte {
			var g map[string]json.RawMessage
			var last map[string]json.RawMessage
			if err := json.Unmarshal(data, &g); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(g["last"], &last); err != nil || last == nil {
				t.Fatalf("no last phase in %s", data)
			}
			if _, ok := last["next"]; ok {
				t.Fatalf("the row keeps the position twice: %s", data)
			}
			last["next"] = g["position"]
			g["last"], _ = json.Marshal(last)
			old, _ := json.Marshal(g)
			return old
		})
		var view struct {
			Last struct {
				Results []json.RawMessage `json:"results"`
			} `json:"last"`
		}
		if err := json.Unmarshal(a.must(200, "GET", "/games/"+id, nil).Body, &view); err != nil || len(view.Last.Results) == 0 {
			t.Fatalf("the old row's last phase: %v %+v", err, view)
		}
		a.must(200, "GET", "/games/"+id+"/phases/0/map.svg", nil)
		a.must(200, "GET", "/games/"+id+"/phases/1/map.svg", nil)
		a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
		a.waitSeq(id, 2)
		if data := row(nil); bytes.Contains(data, []byte(`"next":`)) {
			t.Errorf("written back with the copy: %s", data)
		}
	})
}
