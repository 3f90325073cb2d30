package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
)

// The server reads a game's state through its kind (table.Kind) and
// writes it back as the kind writes it; it keeps no game between
// requests, but caches decoded games for readers.

type cacheKey struct {
	id      string
	version int64
}

// gameCache keeps recently decoded games, so that a request reading a game
// that has not changed skips decoding its JSON. A version never changes,
// so the cache is right whichever process wrote it.
type gameCache struct {
	mu sync.Mutex
	m  map[cacheKey]table.Game
}

const gameCacheSize = 4096

// decode reads a game's state, to change it.
func (s *Server) decode(row *store.GameRow) (table.Game, error) {
	k := s.kinds.Kind(row.Kind)
	if k == nil {
		return nil, fmt.Errorf("game %s: no kind of game %q on this server", row.ID, row.Kind)
	}
	g, err := k.Decode(row.Data)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", row.ID, err)
	}
	return g, nil
}

// readOnly returns the decoded game of row. The result is shared: callers
// must not change it (decode the row again to change the game).
func (s *Server) readOnly(row *store.GameRow) (table.Game, error) {
	if g, ok := s.cached(row); ok {
		return g, nil
	}
	g, err := s.decode(row)
	if err != nil {
		return nil, err
	}
	s.keep(row, g)
	return g, nil
}

// cached returns the shared decoded game of row, if the cache has it.
func (s *Server) cached(row *store.GameRow) (table.Game, bool) {
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	g, ok := s.cache.m[cacheKey{row.ID, row.Version}]
	return g, ok
}

// keep shares g, decoded from row and unchanged since, with the readers of
// row's version.
func (s *Server) keep(row *store.GameRow, g table.Game) {
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	if s.cache.m == nil {
		s.cache.m = map[cacheKey]table.Game{}
	}
	if len(s.cache.m) >= gameCacheSize {
		for k := range s.cache.m { // map order: a random victim
			delete(s.cache.m, k)
			break
		}
	}
	s.cache.m[cacheKey{row.ID, row.Version}] = g
}

// save writes a game's state back into its row.
func save(tx store.Tx, row *store.GameRow, g table.Game, now time.Time) error {
	data, err := json.Marshal(g)
	if err != nil {
		return err
	}
	t := g.Table()
	if row.Status == string(table.Active) && t.Status == table.Finished && !t.Sandbox {
		// The game ends: a person whose seat a bot still plays for their
		// missed orders left it (reliability).
		for _, seat := range t.Seats {
			if seat.Away && seat.User != "" {
				if err := tx.AddDeparture(row.ID, seat.User, store.Left, now); err != nil {
					return err
				}
			}
		}
	}
	row.Data, row.Status, row.Seq, row.Deadline, row.Updated = data, string(t.Status), g.Seq(), t.Deadline, now
	row.Wanted = len(t.Wanted())
	return tx.SaveGame(row)
}

// tableRow is row as its kind sees it, with its records in tx.
func tableRow(tx store.Tx, row *store.GameRow) *table.Row {
	return &table.Row{ID: row.ID, Kind: row.Kind, Variant: row.Variant, Name: row.Name, Version: row.Version,
		Secret: row.Secret, Settings: settingsOf(row), Records: records{tx: tx, id: row.ID}}
}

// records are a game's records in the store (table.Records).
type records struct {
	tx store.Tx
	id string
}

func (r records) Orders(seq int) ([]table.SeatOrders, error) {
	list, err := r.tx.Orders(r.id, seq)
	out := make([]table.SeatOrders, len(list))
	for i, o := range list {
		out[i] = table.SeatOrders{Power: o.Power, Seq: o.Seq, Orders: o.Orders, Ready: o.Ready, Updated: o.Updated}
	}
	return out, err
}

func (r records) PutOrders(o table.SeatOrders) error {
	return r.tx.PutOrders(&store.Orders{GameID: r.id, Power: o.Power, Seq: o.Seq, Orders: o.Orders, Ready: o.Ready, Updated: o.Updated})
}

func (r records) Phases() ([]table.Phase, error) {
	list, err := r.tx.Phases(r.id)
	out := make([]table.Phase, len(list))
	for i, p := range list {
		out[i] = table.Phase{Seq: p.Seq, Name: p.Name, Data: p.Data, Created: p.Created}
	}
	return out, err
}

func (r records) Phase(seq int) (table.Phase, bool, error) {
	p, err := r.tx.Phase(r.id, seq)
	if errors.Is(err, store.ErrNotFound) {
		return table.Phase{}, false, nil
	}
	if err != nil {
		return table.Phase{}, false, err
	}
	return table.Phase{Seq: p.Seq, Name: p.Name, Data: p.Data, Created: p.Created}, true, nil
}

func (r records) AddPhase(p table.Phase) error {
	return r.tx.AddPhase(&store.Phase{GameID: r.id, Seq: p.Seq, Name: p.Name, Data: p.Data, Created: p.Created})
}
