package server

import (
	"bytes"
	"context"
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
