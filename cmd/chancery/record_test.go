package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chancery/chancery/server"
	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/variants"
)

// TestAServersRecordReplaysWithCheck: a game played on a server, its
// record exported (GET /games/{id}/record) and given to `chancery replay
// --check` as a file, replays with no difference.
func TestAServersRecordReplaysWithCheck(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "chancery.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Store: st, Variants: variants.MustLoad(), Poll: 20 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), MinPhase: time.Second, InsecurePasswordHashing: true})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
		_ = st.Close()
	})
	token := ""
	call := func(method, path string, body any) []byte {
		t.Helper()
		data, _ := json.Marshal(body)
		req, _ := http.NewRequest(method, hs.URL+"/api/v1"+path, bytes.NewReader(data))
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		out, _ := io.ReadAll(resp.Body)
		if resp.StatusCode >= 300 {
			t.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, out)
		}
		return out
	}
	var v struct {
		Token, ID string
		Seq       int
		Status    string
	}
	call("POST", "/users", map[string]string{"name": "recorder", "password": "secret password"})
	_ = json.Unmarshal(call("POST", "/sessions", map[string]string{"name": "recorder", "password": "secret password"}), &v)
	token = v.Token
	_ = json.Unmarshal(call("POST", "/games", map[string]any{"variant": "standard", "power": "England", "bots": true}), &v)
	id := v.ID
	call("POST", "/games/"+id+"/start", nil)
	// Six phases, England holding, the bots playing: each phase is played
	// once England is ready. Each may take up to three minutes (or until
	// shortly before go test's own timeout), far beyond any slowness: not
	// a count of looks, which a slow machine would run out of.
	for seq, end := 0, stepEnd(t); seq < 6; {
		if time.Now().After(end) {
			t.Fatalf("the game is still at phase %d", seq)
		}
		_ = json.Unmarshal(call("GET", "/games/"+id, nil), &v)
		if v.Seq > seq {
			seq, end = v.Seq, stepEnd(t)
			continue
		}
		req, _ := http.NewRequest("PUT", hs.URL+"/api/v1/games/"+id+"/orders", bytes.NewBufferString(`{"orders": [], "ready": true}`))
		req.Header.Set("Authorization", "Bearer "+token)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
		time.Sleep(20 * time.Millisecond)
	}
	file := filepath.Join(t.TempDir(), "record.json")
	record := call("GET", "/games/"+id+"/record", nil)
	if err := os.WriteFile(file, record, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	if code := runReplay([]string{"--check", file}, nil, &out, &errs); code != 0 {
		t.Fatalf("replay --check: exit %d: %s", code, errs.String())
	}
	var res struct{ Phases int }
	if err := json.Unmarshal(out.Bytes(), &res); err != nil || res.Phases < 6 {
		t.Fatalf("replay says %s (%v), want 6 phases or more", out.String(), err)
	}
	// A record changed by one order no longer checks.
	var rec map[string]any
	_ = json.Unmarshal(record, &rec)
	phases := rec["phases"].([]any)
	first := phases[0].(map[string]any)
	first["orders"].(map[string]any)["England"] = []string{"F lon - nth", "F edi - nwg", "A lvp - yor"}
	changed, _ := json.Marshal(rec)
	if err := os.WriteFile(file, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errs.Reset()
	if code := runReplay([]string{"--check", file}, nil, &out, &errs); code == 0 {
		t.Errorf("replay --check of a changed record passes: %s", out.String())
	}
}

// stepEnd is when a step of a test that waits for the server gives up:
// three minutes from now, or shortly before go test's own timeout if that
// comes sooner.
func stepEnd(t *testing.T) time.Time {
	end := time.Now().Add(3 * time.Minute)
	if last, ok := t.Deadline(); ok {
		if soon := last.Add(-time.Until(last) / 10); soon.Before(end) {
			end = soon
		}
	}
	return end
}
