package server

import (
	"context"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
)

// mailStore is the server's store: every game saved in a write
// transaction whose status or phase counter changes has its players'
// notifications, by mail and push, queued in that same transaction
// (notifyChange, pushChange), whichever request or scheduler made the
// change. Every server may push, so every server wraps its store; what
// a save changes from is known from the game's read in the same
// transaction, so that a save reads nothing more unless it tells
// someone something.
type mailStore struct {
	store.Store
	s *Server
}

func (m mailStore) Update(ctx context.Context, fn func(store.Tx) error) error {
	return m.Store.Update(ctx, func(tx store.Tx) error { return fn(&mailTx{Tx: tx, s: m.s}) })
}

// mailTx is a write transaction of a mailStore.
type mailTx struct {
	store.Tx
	s *Server
	// read is the state of each game as this transaction read or saved
	// it: what its next save changes from.
	read []gameState
}

// gameState is a game's phase counter and status at one version.
type gameState struct {
	id      string
	version int64
	seq     int
	status  string
}

// Game reads a game and remembers what its save will change from.
func (t *mailTx) Game(id string, lock bool) (*store.GameRow, error) {
	row, err := t.Tx.Game(id, lock)
	if err == nil {
		t.remember(row)
	}
	return row, err
}

func (t *mailTx) remember(row *store.GameRow) {
	st := gameState{id: row.ID, version: row.Version, seq: row.Seq, status: row.Status}
	for i := range t.read {
		if t.read[i].id == row.ID {
			t.read[i] = st
			return
		}
	}
	t.read = append(t.read, st)
}

// was returns the phase counter and status row's save changes from: as
// this transaction read them at row's version (which the save requires),
// else as the store has them.
func (t *mailTx) was(row *store.GameRow) (seq int, status string, err error) {
	for _, g := range t.read {
		if g.id == row.ID && g.version == row.Version {
			return g.seq, g.status, nil
		}
	}
	_, seq, status, err = t.Tx.GameVersion(row.ID)
	return seq, status, err
}

// SaveGame saves the game and, when its status or phase counter changed,
// queues what its players should hear of it.
func (t *mailTx) SaveGame(row *store.GameRow) error {
	seq, status, err := t.was(row)
	if err != nil {
		return err
	}
	if err := t.Tx.SaveGame(row); err != nil {
		return err
	}
	t.remember(row)
	// A save that changes neither the status nor the phase counter may
	// still ask for a vote (mail only): nothing else to tell.
	same := seq == row.Seq && status == row.Status
	if same && (row.Status != string(table.Active) || t.s.cfg.Mail == nil) {
		return nil
	}
	g, err := t.s.decode(row)
	if err != nil {
		return err
	}
	now := t.s.now()
	if same {
		return t.s.notifyVote(t, row, g, now)
	}
	c, ok := changeOf(t, row, g, status, seq)
	if !ok {
		return nil
	}
	if t.s.cfg.Mail != nil {
		if err := t.s.notifyChange(t, row, g, c, now); err != nil {
			return err
		}
	}
	return t.s.pushChange(t, row, g, c, now)
}
