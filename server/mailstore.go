package server

import (
	"context"

	"github.com/chancery/chancery/store"
)

// mailStore is the server's store where mail is sent: every game saved
// in a write transaction whose status or phase counter changes has its
// players' notifications queued in that same transaction (notifyChange),
// whichever request or scheduler made the change.
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
}

// SaveGame saves the game and, when its status or phase counter changed,
// queues what its players should hear of it.
func (t *mailTx) SaveGame(row *store.GameRow) error {
	_, seq, status, err := t.Tx.GameVersion(row.ID)
	if err != nil {
		return err
	}
	if err := t.Tx.SaveGame(row); err != nil {
		return err
	}
	if seq == row.Seq && status == row.Status {
		return nil
	}
	g, err := t.s.decode(row)
	if err != nil {
		return err
	}
	if t.s.cfg.Mail != nil {
		if err := t.s.notifyChange(t, row, g, status, seq, t.s.now()); err != nil {
			return err
		}
	}
	return t.s.pushChange(t, row, g, status, seq, t.s.now())
}
