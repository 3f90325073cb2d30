//go:build !noserve

package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chancery/chancery/store"
)

// TestUserResetPassword makes a reset link from the command line, where
// no mail is sent: the link's token is the account's, works once, and
// an unknown name is an error.
func TestUserResetPassword(t *testing.T) {
	db := filepath.Join(t.TempDir(), "users.db")
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Update(ctx, func(tx store.Tx) error {
		return tx.CreateUser(&store.User{ID: "u1", Name: "Alice", PassHash: "x", Created: time.Now()})
	}); err != nil {
		t.Fatal(err)
	}
	st.Close()

	var out, errs bytes.Buffer
	if code := run([]string{"user", "reset-password", "--db", db, "--public-url", "https://chancery.test/", "alice"}, nil, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	link := strings.TrimSpace(out.String())
	token, ok := strings.CutPrefix(link, "https://chancery.test/reset/")
	if !ok || len(token) < 40 {
		t.Fatalf("link %q", link)
	}
	st, err = store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h := sha256.Sum256([]byte(token))
	if err := st.Update(ctx, func(tx store.Tx) error {
		tok, err := tx.UseToken(hex.EncodeToString(h[:]), "reset", time.Now())
		if err == nil && tok.UserID != "u1" {
			t.Errorf("the token is user %s's", tok.UserID)
		}
		return err
	}); err != nil {
		t.Fatalf("the link's token: %v", err)
	}

	errs.Reset()
	if code := run([]string{"user", "reset-password", "--db", db, "bob"}, nil, &out, &errs); code != 1 || !strings.Contains(errs.String(), `no user is called "bob"`) {
		t.Errorf("an unknown name: exit %d, %q", code, errs.String())
	}
}
