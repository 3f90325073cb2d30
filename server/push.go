package server

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	webpush "github.com/SherClockHolmes/webpush-go"

	"github.com/chancery/chancery/store"
	"github.com/chancery/chancery/table"
)

// Web Push (RFC 8030, 8291, 8292). A browser that subscribed gave its push
// service's endpoint and its keys (POST /me/push-subscriptions); what a
// user should hear goes into the outbox on channel "push", one item per
// subscription, in the transaction of the change that causes it, as mail
// does. This process's push sender claims what is due, encrypts it for
// the subscription (aes128gcm, through webpush-go), signs the request
// with the server's VAPID key, made at the first start and kept in the
// settings table, and posts it. A push service that answers 404 or 410
// has forgotten the subscription: it is deleted. A 429, a 5xx or no
// answer is tried again after a pause that doubles, as a mail is.

const channelPush = "push"

// vapidSetting is the name of the server's VAPID private key (base64url
// of the P-256 scalar) in the settings table.
const vapidSetting = "vapid_private"

// maxPushSubscriptions bounds the browsers of one user.
const maxPushSubscriptions = 20

// pushTTL is how long a push service keeps a message for a browser that
// is away.
const pushTTL = 24 * time.Hour

// vapidKeys is the server's VAPID key pair, base64url.
type vapidKeys struct{ private, public string }

// loadVAPID reads the server's VAPID key pair, making it if no process
// made it before.
func loadVAPID(ctx context.Context, st store.Store) (vapidKeys, error) {
	fresh, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return vapidKeys{}, err
	}
	var encoded string
	err = st.Update(ctx, func(tx store.Tx) error {
		if err := tx.InitSetting(vapidSetting, base64.RawURLEncoding.EncodeToString(fresh.Bytes())); err != nil {
			return err
		}
		encoded, err = tx.Setting(vapidSetting)
		return err
	})
	if err != nil {
		return vapidKeys{}, fmt.Errorf("the VAPID key: %w", err)
	}
	raw, err := base64.RawURLEncoding.DecodeString(encoded)
	if err != nil {
		return vapidKeys{}, errors.New("the VAPID key in the settings table is malformed")
	}
	key, err := ecdh.P256().NewPrivateKey(raw)
	if err != nil {
		return vapidKeys{}, fmt.Errorf("the VAPID key in the settings table: %w", err)
	}
	return vapidKeys{private: encoded, public: base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes())}, nil
}

// publicPushClient posts to push services, and refuses to reach
// loopback, private or link-local addresses: the endpoint of a
// subscription is a URL a user gave, which must not let them make the
// server post into its own network. It follows no redirect.
func publicPushClient() *http.Client {
	d := &net.Dialer{Timeout: 10 * time.Second, Control: func(network, address string, _ syscall.RawConn) error {
		host, _, err := net.SplitHostPort(address)
		if err != nil {
			return err
		}
		ip := net.ParseIP(host)
		if ip == nil || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
			ip.IsUnspecified() || ip.IsMulticast() {
			return fmt.Errorf("push: %s is not a public address", host)
		}
		return nil
	}}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = d.DialContext
	tr.Proxy = nil
	return &http.Client{Transport: tr, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// pushToggles are which notifications a user's browsers are pushed,
// beside the same toggles of e-mail (notifySettings).
type pushToggles struct {
	OrdersDue   bool `json:"orders_due"`
	Reminder    bool `json:"reminder"`
	PhasePlayed bool `json:"phase_played"`
	Press       bool `json:"press"`
	GameEvents  bool `json:"game_events"`
}

// defaultPush: a user who subscribed a browser is pushed everything.
var defaultPush = pushToggles{OrdersDue: true, Reminder: true, PhasePlayed: true, Press: true, GameEvents: true}

// pushMessage is what a push carries, encrypted, to the service worker,
// which shows it as a notification (web/src/sw.ts).
type pushMessage struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	// URL is the page that a click on the notification opens (a path).
	URL string `json:"url"`
	// Tag groups a game's notifications: a newer one replaces the older.
	Tag string `json:"tag"`
	// Urgent: orders due (the push service is asked to deliver it at
	// once, Urgency: high).
	Urgent bool `json:"urgent,omitempty"`
}

// maxPushBody bounds the characters of a push's body.
const maxPushBody = 400

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// pushItem is the payload of a push in the outbox: the message itself
// (kind "game"), or what to render when it falls due (a reminder's
// phase, the time after which a digest's messages are news).
type pushItem struct {
	Message *pushMessage `json:"message,omitempty"`
	Seq     int          `json:"seq,omitempty"`
	Since   int64        `json:"since,omitempty"`
}

// queuePush queues an item for each of u's subscriptions; dedup is
// suffixed with the subscription's id.
func (s *Server) queuePush(tx store.Tx, subs []*store.PushSubscription, kind, dedup, userID, gameID string, p pushItem, due, now time.Time) error {
	data, err := json.Marshal(p)
	if err != nil {
		return err
	}
	for _, sub := range subs {
		err := tx.Enqueue(&store.OutboxItem{ID: newID(), Channel: channelPush, Kind: kind, Dedup: dedup + ":" + sub.ID,
			UserID: userID, Recipient: sub.Endpoint, GameID: gameID, Payload: data, Due: due, Created: now})
		if err != nil {
			return err
		}
	}
	if len(subs) > 0 {
		s.push.poke()
	}
	return nil
}

// pushTargets returns u's subscriptions and settings when something about
// game may be pushed to u.
func pushTargets(tx store.Tx, userID, game string) (*store.User, notifySettings, []*store.PushSubscription, error) {
	subs, err := tx.PushSubscriptions(userID)
	if err != nil || len(subs) == 0 {
		return nil, notifySettings{}, nil, err
	}
	u, err := tx.UserByID(userID)
	if err != nil {
		return nil, notifySettings{}, nil, err
	}
	n := notifyOf(u)
	if slices.Contains(n.MutedGames, game) {
		return nil, notifySettings{}, nil, nil
	}
	return u, n, subs, nil
}

// pushChange queues the pushes of game row's change c, in the
// transaction of the change: the same news as notifyChange's mails, to
// the players who subscribed a browser.
func (s *Server) pushChange(tx store.Tx, row *store.GameRow, g table.Game, c *change, now time.Time) error {
	t := g.Table()
	for _, id := range c.people {
		u, n, subs, err := pushTargets(tx, id, row.ID)
		if err != nil {
			return err
		}
		if len(subs) == 0 {
			continue
		}
		lang, p := u.Language, n.Push
		var title string
		var body []string
		if c.started && p.GameEvents {
			title = say(lang, "started.subject", row.Name)
			body = append(body, say(lang, "started.body", row.Name))
		}
		if p.PhasePlayed {
			report, ok, err := c.report(u.ID)
			if err != nil {
				return err
			}
			if ok {
				if title == "" {
					title = say(lang, "played.subject", row.Name, report.Phase)
				}
				body = append(body, reportLine(lang, report))
			}
		}
		if c.over && p.GameEvents {
			title = say(lang, "over.subject", row.Name)
			body = append(body, say(lang, "over.body", row.Name))
		}
		due, err := c.due(u.ID)
		if err != nil {
			return err
		}
		urgent := false
		if due && p.OrdersDue {
			urgent = true
			if title == "" {
				title = say(lang, "due.subject", row.Name)
			}
			body = append(body, say(lang, "due.body", mailTime(t.Deadline)))
		}
		if due && p.Reminder {
			at := t.Deadline.Add(-time.Duration(n.ReminderMinutes) * time.Minute)
			if !at.After(now) {
				at = now.Add(t.Deadline.Sub(now) / 2)
			}
			err := s.queuePush(tx, subs, "reminder", fmt.Sprintf("push:reminder:%s:%d", row.ID, g.Seq()), u.ID, row.ID,
				pushItem{Seq: g.Seq()}, at, now)
			if err != nil {
				return err
			}
		}
		if len(body) == 0 {
			continue
		}
		m := &pushMessage{Title: title, Body: clip(strings.Join(body, " "), maxPushBody), URL: "/games/" + row.ID,
			Tag: "game-" + row.ID, Urgent: urgent}
		err = s.queuePush(tx, subs, "game", fmt.Sprintf("push:game:%s:%d:%s", row.ID, g.Seq(), t.Status), u.ID, row.ID,
			pushItem{Message: m}, now, now)
		if err != nil {
			return err
		}
	}
	return nil
}

// reportLine writes a phase's report for one power in a line.
func reportLine(lang string, rep table.Report) string {
	var parts []string
	for _, l := range reportLists(rep) {
		parts = append(parts, say(lang, l.key)+colon(lang)+strings.Join(l.lines, ", "))
	}
	parts = append(parts, say(lang, "report.centres", rep.Power, rep.Centres))
	return strings.Join(parts, ". ")
}

// pushDigests queues, in the transaction of message m, a push of game
// row's press to each of its readers who want one: at most one pending
// per browser and game, due PressMinutes from now, sent only if it then
// has messages not seen on the site.
func (s *Server) pushDigests(tx store.Tx, row *store.GameRow, m *store.Message, now time.Time) error {
	for _, id := range m.Readers {
		if id == "" || id == m.Sender {
			continue
		}
		_, n, subs, err := pushTargets(tx, id, row.ID)
		if err != nil {
			return err
		}
		if len(subs) == 0 || !n.Push.Press {
			continue
		}
		due := now.Add(time.Duration(n.PressMinutes) * time.Minute)
		if err := s.queuePush(tx, subs, "digest", "push:digest:"+row.ID, id, row.ID, pushItem{Since: m.Created - 1}, due, now); err != nil {
			return err
		}
	}
	return nil
}

// sendPush renders, encrypts and posts one claimed push.
func (s *Server) sendPush(it *store.OutboxItem) outcome {
	m, sub, reason, err := s.renderPush(it)
	if err != nil {
		return retry(fmt.Errorf("rendering: %w", err))
	}
	if m == nil {
		return dropped(reason)
	}
	data, err := json.Marshal(m)
	if err != nil {
		return failed(err)
	}
	urgency := webpush.UrgencyNormal
	if m.Urgent {
		urgency = webpush.UrgencyHigh
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.cfg.MailLease/2)
	defer cancel()
	res, err := webpush.SendNotificationWithContext(ctx, data,
		&webpush.Subscription{Endpoint: sub.Endpoint, Keys: webpush.Keys{P256dh: sub.P256DH, Auth: sub.Auth}},
		&webpush.Options{HTTPClient: s.pushClient, Subscriber: s.pushSubscriber(), TTL: int(pushTTL.Seconds()),
			Urgency: urgency, VAPIDPublicKey: s.vapid.public, VAPIDPrivateKey: s.vapid.private, RecordSize: 2048})
	if err != nil {
		return retry(err)
	}
	res.Body.Close()
	switch code := res.StatusCode; {
	case code >= 200 && code < 300:
		return sent(nil)
	case code == http.StatusNotFound || code == http.StatusGone:
		// The browser unsubscribed, or the push service forgot it.
		o := dropped(res.Status)
		o.after = func(tx store.Tx) error { return tx.DropPushSubscription(it.Recipient) }
		return o
	case code == http.StatusTooManyRequests || code >= 500:
		return retry(fmt.Errorf("the push service answered %s", res.Status))
	default:
		s.log.Warn("the push service refused a push; it is not sent", "kind", it.Kind, "status", res.Status)
		return failed(errors.New(res.Status))
	}
}

// pushSubscriber is the contact the VAPID token gives push services: the
// server's public URL when it is https, else an address at its host.
func (s *Server) pushSubscriber() string {
	if strings.HasPrefix(s.cfg.PublicURL, "https:") {
		return s.cfg.PublicURL
	}
	host := "localhost"
	if u, err := url.Parse(s.cfg.PublicURL); err == nil && u.Hostname() != "" {
		host = u.Hostname()
	}
	return "webmaster@" + host
}

// renderPush makes a claimed item's message, or says why it is no longer
// to be sent (nil and a reason).
func (s *Server) renderPush(it *store.OutboxItem) (m *pushMessage, sub *store.PushSubscription, reason string, err error) {
	err = s.st.View(context.Background(), func(tx store.Tx) error {
		sub, err = tx.PushSubscriptionByEndpoint(it.Recipient)
		if errors.Is(err, store.ErrNotFound) || (err == nil && sub.UserID != it.UserID) {
			reason = "the browser unsubscribed"
			return nil
		}
		if err != nil {
			return err
		}
		u, err := tx.UserByID(it.UserID)
		if err != nil {
			return err
		}
		n := notifyOf(u)
		if slices.Contains(n.MutedGames, it.GameID) {
			reason = "the game is muted"
			return nil
		}
		var p pushItem
		if err := json.Unmarshal(it.Payload, &p); err != nil {
			return fmt.Errorf("outbox item %s: %w", it.ID, err)
		}
		switch it.Kind {
		case "reminder":
			if !n.Push.Reminder {
				reason = "the user turned reminders off"
				return nil
			}
			m, reason, err = s.renderPushReminder(tx, u, it, p.Seq)
			return err
		case "digest":
			if !n.Push.Press {
				reason = "the user turned press pushes off"
				return nil
			}
			m, reason, err = s.renderPushDigest(tx, u, it, p.Since)
			return err
		}
		if p.Message == nil {
			return fmt.Errorf("outbox item %s holds no message", it.ID)
		}
		m = p.Message
		return nil
	})
	return m, sub, reason, err
}

// renderPushReminder writes a reminder that fell due, if the game is at
// the same phase and still waits for the user.
func (s *Server) renderPushReminder(tx store.Tx, u *store.User, it *store.OutboxItem, seq int) (*pushMessage, string, error) {
	row, deadline, reason, err := s.stillWaits(tx, it, u.ID, seq)
	if err != nil || reason != "" {
		return nil, reason, err
	}
	return &pushMessage{Title: say(u.Language, "reminder.subject", row.Name),
		Body: say(u.Language, "reminder.body", row.Name, mailTime(deadline)),
		URL:  "/games/" + row.ID, Tag: "game-" + row.ID, Urgent: true}, "", nil
}

// renderPushDigest tells u who wrote to them in a game since since, of
// what they have not seen on the site: the senders, not the messages.
func (s *Server) renderPushDigest(tx store.Tx, u *store.User, it *store.OutboxItem, since int64) (*pushMessage, string, error) {
	row, g, err := s.gameOf(tx, it)
	if err != nil {
		return nil, "", err
	}
	power := g.Table().PowerOf(u.ID)
	if power == "" {
		return nil, "the user left the game", nil
	}
	seen, _, err := tx.PressMarks(u.ID, row.ID)
	if err != nil {
		return nil, "", err
	}
	msgs, err := tx.Messages(row.ID, power, u.ID, max(seen, since), 1000)
	if err != nil {
		return nil, "", err
	}
	var from []string
	for _, m := range msgs {
		if m.Sender != u.ID && !slices.Contains(from, m.From) {
			from = append(from, m.From)
		}
	}
	if len(from) == 0 {
		return nil, "every message was read on the site", nil
	}
	return &pushMessage{Title: say(u.Language, "digest.subject", row.Name),
		Body: clip(say(u.Language, "digest.body", power, row.Name)+" "+strings.Join(from, ", "), maxPushBody),
		URL:  "/games/" + row.ID, Tag: "press-" + row.ID}, "", nil
}

// pushSubscriptionJSON is a subscription as the API shows it: its id,
// when it was made, and its push service (the endpoint's origin; the
// rest of the endpoint is the browser's secret).
type pushSubscriptionJSON struct {
	ID      string    `json:"id"`
	Service string    `json:"service"`
	Created time.Time `json:"created"`
}

func pushJSON(p *store.PushSubscription) pushSubscriptionJSON {
	service := ""
	if u, err := url.Parse(p.Endpoint); err == nil {
		service = u.Scheme + "://" + u.Host
	}
	return pushSubscriptionJSON{ID: p.ID, Service: service, Created: p.Created}
}

// getPushSubscriptions answers the server's VAPID public key, which a
// browser subscribes with (applicationServerKey), and the user's
// subscriptions.
func (s *Server) getPushSubscriptions(w http.ResponseWriter, r *http.Request) error {
	var subs []*store.PushSubscription
	if err := s.st.View(r.Context(), func(tx store.Tx) error {
		var err error
		subs, err = tx.PushSubscriptions(user(r).ID)
		return err
	}); err != nil {
		return err
	}
	out := []pushSubscriptionJSON{}
	for _, p := range subs {
		out = append(out, pushJSON(p))
	}
	return writeJSON(w, http.StatusOK, map[string]any{"key": s.vapid.public, "subscriptions": out})
}

// postPushSubscription stores what PushSubscription.toJSON gave.
func (s *Server) postPushSubscription(w http.ResponseWriter, r *http.Request) error {
	body, err := readBody(w, r)
	if err != nil {
		return err
	}
	var req struct {
		Endpoint       string   `json:"endpoint"`
		ExpirationTime *float64 `json:"expirationTime"`
		Keys           struct {
			P256DH string `json:"p256dh"`
			Auth   string `json:"auth"`
		} `json:"keys"`
	}
	if err := table.Decode(body, &req); err != nil {
		return err
	}
	if err := checkPushSubscription(req.Endpoint, req.Keys.P256DH, req.Keys.Auth); err != nil {
		return err
	}
	p := &store.PushSubscription{UserID: user(r).ID, Endpoint: req.Endpoint, P256DH: req.Keys.P256DH, Auth: req.Keys.Auth,
		Created: s.now()}
	err = s.st.Update(r.Context(), func(tx store.Tx) error {
		subs, err := tx.PushSubscriptions(p.UserID)
		if err != nil {
			return err
		}
		if len(subs) >= maxPushSubscriptions && !slices.ContainsFunc(subs, func(o *store.PushSubscription) bool { return o.Endpoint == p.Endpoint }) {
			return codedf(http.StatusConflict, "push_subscriptions_full",
				"at most %d browsers may be subscribed to push notifications; unsubscribe one first", maxPushSubscriptions)
		}
		return tx.SavePushSubscription(p)
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, pushJSON(p))
}

// checkPushSubscription says what is wrong with a subscription a browser
// sent: an endpoint that is not an https URL, keys that are not a P-256
// point and a 16-byte secret (RFC 8291).
func checkPushSubscription(endpoint, p256dh, auth string) error {
	bad := func(format string, args ...any) error {
		return codedf(http.StatusUnprocessableEntity, "push_subscription_invalid", format, args...)
	}
	u, err := url.Parse(endpoint)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil || len(endpoint) > 2048 {
		return bad("endpoint: an https URL of at most 2048 characters, as PushSubscription gives it")
	}
	key, err := decodeKey(p256dh)
	if err == nil {
		_, err = ecdh.P256().NewPublicKey(key)
	}
	if err != nil {
		return bad("keys.p256dh: an uncompressed P-256 public key in base64url")
	}
	if secret, err := decodeKey(auth); err != nil || len(secret) != 16 {
		return bad("keys.auth: 16 bytes in base64url")
	}
	return nil
}

// decodeKey decodes base64url, with or without padding.
func decodeKey(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
}

func (s *Server) deletePushSubscription(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	err := s.st.Update(r.Context(), func(tx store.Tx) error { return tx.DeletePushSubscription(user(r).ID, id) })
	if errors.Is(err, store.ErrNotFound) {
		return codedf(http.StatusNotFound, "push_subscription_not_found", "you have no push subscription %q", id)
	}
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
