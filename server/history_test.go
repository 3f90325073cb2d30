package server

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestHistorySinceSendsOnlyTheNewPhases: a page that holds the first n
// phases of a game asks for the rest alone (GET history?since=n), and
// gets the same records as the whole history has there; a bad since is
// refused.
func TestHistorySinceSendsOnlyTheNewPhases(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a := e.user()
		id := a.newGame(map[string]any{"variant": "standard", "phase_deadline_seconds": 3600, "bots": true, "power": "England"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		for g := a.game(id); g.Seq < 3; {
			a.must(200, "PUT", "/games/"+id+"/orders", map[string]any{"orders": []string{}, "ready": true})
			g = a.waitSeq(id, g.Seq+1)
		}
		type history struct {
			Phases []json.RawMessage
		}
		// A phase in which England owes nothing (a winter without
		// builds) is played at once, maybe between two requests: the
		// whole history is read before and after the tail, until both
		// agree.
		var all, tail, none history
		for again := (history{}); len(all.Phases) == 0 || len(again.Phases) != len(all.Phases); {
			a.must(200, "GET", "/games/"+id+"/history", nil).json(t, &all)
			a.must(200, "GET", "/games/"+id+"/history?since=2", nil).json(t, &tail)
			a.must(200, "GET", "/games/"+id+"/history", nil).json(t, &again)
		}
		if len(all.Phases) < 3 {
			t.Fatalf("%d phases in the history, want 3 or more", len(all.Phases))
		}
		if len(tail.Phases) != len(all.Phases)-2 {
			t.Fatalf("since=2 sent %d phases of %d, want %d", len(tail.Phases), len(all.Phases), len(all.Phases)-2)
		}
		for i, p := range tail.Phases {
			if !bytes.Equal(p, all.Phases[i+2]) {
				t.Errorf("since=2: phase %d differs from the whole history's", i+2)
			}
		}
		a.must(200, "GET", "/games/"+id+"/history?since=99", nil).json(t, &none)
		if none.Phases == nil || len(none.Phases) != 0 {
			t.Errorf("since past the end: %d phases, want an empty list", len(none.Phases))
		}
		a.must(400, "GET", "/games/"+id+"/history?since=-1", nil)
		a.must(400, "GET", "/games/"+id+"/history?since=two", nil)
	})
}

// TestDiceHistorySince: a Diceplomacy page asks only for the events it
// has not seen.
func TestDiceHistorySince(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, e *env) {
		a := e.user()
		id := a.newGame(map[string]any{"variant": "diceplomacy", "players": 5, "phase_deadline_seconds": 60, "bots": true, "power": "Seat 0"})
		a.must(200, "POST", "/games/"+id+"/start", nil)
		a.diceAnswered(id) // the log grows no more until a moves
		type log struct{ Events []json.RawMessage }
		var all, tail log
		a.must(200, "GET", "/games/"+id+"/history", nil).json(t, &all)
		if len(all.Events) < 2 {
			t.Fatalf("%d events after the start", len(all.Events))
		}
		a.must(200, "GET", "/games/"+id+"/history?since=1", nil).json(t, &tail)
		if len(tail.Events) != len(all.Events)-1 || !bytes.Equal(tail.Events[0], all.Events[1]) {
			t.Fatalf("since=1 sent %d events of %d, or others", len(tail.Events), len(all.Events))
		}
	})
}

// TestJSONAnswersAreGzipped: every JSON answer, errors too, is gzipped
// for a client that takes gzip, and plain for one that does not.
func TestJSONAnswersAreGzipped(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	a := e.user()
	id := a.newGame(map[string]any{"variant": "standard", "bots": true, "power": "England"})
	a.must(200, "POST", "/games/"+id+"/start", nil)
	get := func(path string, gz bool) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest("GET", e.URL+path, nil)
		req.Header.Set("Authorization", "Bearer "+a.token)
		if gz {
			req.Header.Set("Accept-Encoding", "gzip")
		} else {
			req.Header.Set("Accept-Encoding", "identity")
		}
		resp, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp, body
	}
	for _, path := range []string{"/games/" + id, "/games/" + id + "/history", "/games", "/variants/standard", "/games/nosuchgame0000"} {
		resp, body := get(path, true)
		if resp.Header.Get("Content-Encoding") != "gzip" {
			t.Errorf("GET %s: Content-Encoding %q, want gzip", path, resp.Header.Get("Content-Encoding"))
			continue
		}
		if !strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("GET %s: no Vary: Accept-Encoding", path)
		}
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		plain, err := io.ReadAll(zr)
		if err != nil || !json.Valid(plain) {
			t.Errorf("GET %s: the gzipped body is not JSON: %v", path, err)
		}
		resp, body = get(path, false)
		if resp.Header.Get("Content-Encoding") != "" || !json.Valid(body) {
			t.Errorf("GET %s without gzip: Content-Encoding %q", path, resp.Header.Get("Content-Encoding"))
		}
	}
}
