package server

import (
	"sync"

	"github.com/chancery/chancery/game"
	"github.com/chancery/chancery/rules"
	"github.com/chancery/chancery/store"
)

// decoded is a Diplomacy game decoded from one version of its row. A
// version never changes, so the cache is right whichever process wrote it.
type decoded struct {
	g   *game.Game
	e   *game.Engine
	pos *rules.Position
}

type cacheKey struct {
	id      string
	version int64
}

// gameCache keeps recently decoded games, so that a request reading a game
// that has not changed skips decoding its JSON and building its position.
type gameCache struct {
	mu sync.Mutex
	m  map[cacheKey]*decoded
}

const gameCacheSize = 4096

// readOnly returns the decoded game of row. The result is shared: callers
// must not modify it (decode the row again to change the game).
func (s *Server) readOnly(row *store.Game) (*decoded, error) {
	k := cacheKey{row.ID, row.Version}
	s.cache.mu.Lock()
	d, ok := s.cache.m[k]
	s.cache.mu.Unlock()
	if ok {
		return d, nil
	}
	g, e, err := s.diplomacy(row)
	if err != nil {
		return nil, err
	}
	d = &decoded{g: g, e: e, pos: g.Position}
	s.cache.mu.Lock()
	if s.cache.m == nil {
		s.cache.m = map[cacheKey]*decoded{}
	}
	if len(s.cache.m) >= gameCacheSize {
		for k := range s.cache.m { // map order: a random victim
			delete(s.cache.m, k)
			break
		}
	}
	s.cache.m[k] = d
	s.cache.mu.Unlock()
	return d, nil
}
