package server

import (
	"context"
	"strings"
	"testing"

	"github.com/chancery/chancery/store"
)

// TestPasswordsAreHashedAtProductionCostByDefault: a server configured as
// `chancery serve` is stores Argon2id hashes at production's cost, and
// checks an unknown name against a hash of the same cost; only a test's
// InsecurePasswordHashing makes them cheap. Both kinds sign in.
func TestPasswordsAreHashedAtProductionCostByDefault(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		insecure bool
		prefix   string
	}{
		{"production", false, "$argon2id$v=19$m=19456,t=2,p=1$"},
		{"tests", true, "$argon2id$v=19$m=8,t=1,p=1$"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := newEnvWith(t, "sqlite", func(c *Config) {
				productionDefaults(c)
				c.InsecurePasswordHashing = tc.insecure
			})
			c := e.user() // registers and signs in
			var u *store.User
			if err := e.st.View(context.Background(), func(tx store.Tx) error {
				var err error
				u, err = tx.UserByName(c.name)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(u.PassHash, tc.prefix) {
				t.Errorf("stored hash %s, want it to start %s", u.PassHash, tc.prefix)
			}
			if !strings.HasPrefix(e.srv.dummyHash, tc.prefix) {
				t.Errorf("unknown names are checked against %s, want the cost %s", e.srv.dummyHash, tc.prefix)
			}
			if !e.srv.checkPassword(u.PassHash, "secret password") || e.srv.checkPassword(u.PassHash, "secret passwort") {
				t.Error("the stored hash does not tell the password from another")
			}
		})
	}
}
