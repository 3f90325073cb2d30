package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// channel is the PostgreSQL notification channel of game changes; the
// payload is the game's id.
const channel = "chancery_games"

// Notify announces a change of game id to the processes listening on a
// PostgreSQL database (pg_notify; delivered once it commits, here at
// once). On SQLite it does nothing: there, processes poll.
func (d *db) Notify(ctx context.Context, id string) error {
	if d.dialect != "postgres" {
		return nil
	}
	if _, err := d.w.ExecContext(ctx, "SELECT pg_notify($1, $2)", channel, id); err != nil {
		return fmt.Errorf("store: notify: %w", err)
	}
	return nil
}

// Listen receives the announcements of Notify on a connection of its own
// (LISTEN holds a connection for good, so it does not take one from the
// pool), reconnecting with a growing pause when the connection is lost.
func (d *db) Listen(ctx context.Context, changed func(id string), lost func(error)) error {
	if d.dialect != "postgres" {
		return ErrNoListen
	}
	pause := 100 * time.Millisecond
	for {
		connected, err := d.listenOnce(ctx, changed)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		// The connection failed: try again after a pause, growing to at
		// most 10 s while the database stays away.
		if lost != nil {
			lost(err)
		}
		if connected {
			pause = 100 * time.Millisecond
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pause):
		}
		pause = min(2*pause, 10*time.Second)
	}
}

// listenOnce connects, listens, and hands on notifications until the
// connection fails or ctx ends. connected tells whether it got as far as
// listening.
func (d *db) listenOnce(ctx context.Context, changed func(id string)) (connected bool, err error) {
	conn, err := pgx.Connect(ctx, d.dsn)
	if err != nil {
		return false, fmt.Errorf("store: listen: %w", err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+channel); err != nil {
		return false, fmt.Errorf("store: listen: %w", err)
	}
	changed("")
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return true, fmt.Errorf("store: listen: %w", err)
		}
		changed(n.Payload)
	}
}
