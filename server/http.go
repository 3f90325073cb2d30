package server

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
)

// maxBody bounds a request's body; maxGameBody that of a new game, which
// may carry a game's record to import into a sandbox.
const (
	maxBody     = 64 << 10
	maxGameBody = 1 << 20
)

// handlerFunc is an API handler: an error becomes the JSON error answer.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// apiError is an error answer: a status, a message, and extra fields.
type apiError struct {
	Status  int
	Message string
	// Code, when set, names the error for a client that explains it in its
	// reader's language (api/openapi.yaml lists the codes): only the few
	// errors a person commonly meets have one.
	Code   string
	Orders []table.OrderError
	// Extra holds more fields of the answer (a challenge to answer).
	Extra map[string]any
}

func (e *apiError) Error() string { return e.Message }

func errorf(status int, format string, args ...any) error {
	return &apiError{Status: status, Message: fmt.Sprintf(format, args...)}
}

// codedf is errorf for an error with a code.
func codedf(status int, code, format string, args ...any) error {
	return &apiError{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

type ctxKey int

const userKey ctxKey = 0

// user returns the authenticated user of a request.
func user(r *http.Request) *store.User {
	u, _ := r.Context().Value(userKey).(*store.User)
	return u
}

// wrap turns a handlerFunc into an http.Handler: authentication when
// needed, JSON errors, and no panic ever reaching the connection.
func (s *Server) wrap(fn handlerFunc, needAuth bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.log.Error("panic", "method", r.Method, "path", r.URL.Path, "panic", p)
				s.writeError(w, r, errorf(http.StatusInternalServerError, "internal error"))
			}
		}()
		w = &apiWriter{ResponseWriter: w, gzip: acceptsGzip(r), zippers: &s.zippers}
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if needAuth {
			u, c, err := s.authenticate(w, r)
			if err == nil {
				err = s.checkCSRF(r, c)
			}
			if err != nil {
				s.writeError(w, r, err)
				return
			}
			r = withUser(r, u, c)
		}
		if err := fn(w, r); err != nil {
			s.writeError(w, r, err)
		}
	})
}

// writeError answers with the status an error calls for.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var ae *apiError
	var oe *table.OrdersError
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &ae):
	case errors.As(err, &oe):
		ae = &apiError{Status: http.StatusUnprocessableEntity, Message: "invalid orders: nothing was stored", Orders: oe.Orders}
	case errors.As(err, &mbe):
		ae = &apiError{Status: http.StatusRequestEntityTooLarge, Message: fmt.Sprintf("request body larger than %d bytes", mbe.Limit)}
	case errors.Is(err, store.ErrNotFound):
		ae = &apiError{Status: http.StatusNotFound, Message: "not found"}
	case errors.Is(err, table.ErrForbidden):
		ae = &apiError{Status: http.StatusForbidden, Message: err.Error()}
	case errors.Is(err, table.ErrState):
		ae = &apiError{Status: http.StatusConflict, Message: err.Error()}
	case errors.Is(err, table.ErrInvalid):
		ae = &apiError{Status: http.StatusUnprocessableEntity, Message: err.Error()}
	case errors.Is(err, table.ErrNotFound):
		ae = &apiError{Status: http.StatusNotFound, Message: err.Error()}
	case errors.Is(err, table.ErrMalformed):
		ae = &apiError{Status: http.StatusBadRequest, Message: err.Error()}
	case errors.Is(err, context.Canceled):
		return // the client went away
	default:
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		ae = &apiError{Status: http.StatusInternalServerError, Message: "internal error"}
	}
	// A game's refusal names itself where it is made.
	var te *table.Error
	if ae.Code == "" && errors.As(err, &te) {
		ae.Code = te.Code
	}
	if ae.Status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="chancery"`)
	}
	body := map[string]any{"error": ae.Message, "status": ae.Status}
	if ae.Code != "" {
		body["code"] = ae.Code
	}
	if ae.Orders != nil {
		body["orders"] = ae.Orders
	}
	for k, v := range ae.Extra {
		body[k] = v
	}
	_ = writeJSON(w, ae.Status, body)
}

// apiWriter is the ResponseWriter every API handler writes to: it
// remembers whether the client takes gzip, for writeJSON. It flushes (an
// event stream) and unwraps as the writer it holds.
type apiWriter struct {
	http.ResponseWriter
	gzip    bool
	zippers *sync.Pool // of *gzip.Writer
}

func (w *apiWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *apiWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// writeJSON answers with v as JSON, gzipped when the client takes gzip:
// a game's history is a tenth of its size compressed.
func writeJSON(w http.ResponseWriter, status int, v any) error {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Add("Vary", "Accept-Encoding")
	aw, ok := w.(*apiWriter)
	if !ok || !aw.gzip {
		w.WriteHeader(status)
		return json.NewEncoder(w).Encode(v)
	}
	h.Set("Content-Encoding", "gzip")
	h.Del("Content-Length")
	w.WriteHeader(status)
	zw, _ := aw.zippers.Get().(*gzip.Writer)
	if zw == nil {
		zw = gzip.NewWriter(w)
	} else {
		zw.Reset(w)
	}
	defer aw.zippers.Put(zw)
	if err := json.NewEncoder(zw).Encode(v); err != nil {
		return err
	}
	return zw.Close()
}

// decode reads a JSON request body into v as strictly as api/openapi.yaml
// says (table.Decode): at most maxBody bytes holding one object and
// nothing after it, field names exactly as documented (case counts), each
// key once, no unknown fields, in the body and in every object inside it.
func decode(w http.ResponseWriter, r *http.Request, v any) error {
	body, err := readBody(w, r)
	if err != nil {
		return err
	}
	return table.Decode(body, v)
}

// readBody reads a JSON request body of at most maxBody bytes, for a kind
// to read (table.Decode) or for decode.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	return readBodyUpTo(w, r, maxBody)
}

// readBodyUpTo is readBody with a limit of its own.
func readBodyUpTo(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	// The Content-Type is not checked: the body is JSON whatever it says
	// (curl -d sends a form type). A cross-site form cannot act for a
	// user: it sends no bearer token, and a request signed in by the
	// session cookie must carry the X-CSRF-Token header (csrf.go).
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, err
		}
		return nil, fmt.Errorf("reading the request body: %w", err)
	}
	return body, nil
}

// payload reads a request body that a game's kind reads itself (orders,
// a move): one JSON object, each key once; its fields are the kind's to
// check.
func payload(w http.ResponseWriter, r *http.Request) (json.RawMessage, error) {
	body, err := readBody(w, r)
	if err != nil {
		return nil, err
	}
	var raw json.RawMessage
	if err := table.Decode(body, &raw); err != nil {
		return nil, err
	}
	if len(raw) == 0 || raw[0] != '{' {
		return nil, errorf(http.StatusBadRequest, "the body: expected an object")
	}
	return raw, nil
}
