package server

import (
	"context"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
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
	if t.s.cfg.Mail != nil {
		if err := t.s.notifyChange(t, row, g, status, seq, now); err != nil {
			return err
		}
	}
	return t.s.pushChange(t, row, g, status, seq, now)
}
