package table

import (
	"slices"
	"strings"
	"time"
)

// Games outlive their players: a seat whose person stops giving orders
// is handed to a bot (MissedOrders), and a game master keeps the game
// going (pause, resume, extend, replace a player). What they do is kept
// in the game's state, beside the seats, and written to its public
// journal.

// The policies for missed orders.
const (
	// PolicyHold: units of a person who gives no orders hold (retreats
	// disband, civil disorder): the rules' defaults, and nothing more.
	PolicyHold = "hold"
	// PolicyBot: a bot takes the seat after After consecutive movement
	// phases its person missed.
	PolicyBot = "bot"
	// PolicyExtend: the deadline is extended once per phase, by
	// ExtendSeconds, when a person has given no orders; then missed
	// orders count as with PolicyBot (or, with After 0, as with
	// PolicyHold).
	PolicyExtend = "extend"
)

// MissedOrders is a game's policy for the orders its people do not give,
// chosen when it is made.
type MissedOrders struct {
	Policy string `json:"policy"`
	// After is how many consecutive movement phases a person may miss
	// before a bot plays their seat (PolicyBot, PolicyExtend).
	After int `json:"after"`
	// Level is how well the bot that takes a seat plays: easy, normal or
	// hard.
	Level string `json:"level"`
	// ExtendSeconds is the extension of PolicyExtend.
	ExtendSeconds int `json:"extend_seconds"`
}

// DefaultMissedOrders is the policy of a new game whose creator chose
// none: a bot of normal level after two missed movement phases.
func DefaultMissedOrders() MissedOrders {
	return MissedOrders{Policy: PolicyBot, After: 2, Level: "normal", ExtendSeconds: 24 * 3600}
}

// HoldMissedOrders is the policy of games made before there were
// policies, and of kinds that hand no seat to a bot: the rules' defaults.
func HoldMissedOrders() MissedOrders {
	return MissedOrders{Policy: PolicyHold, Level: "normal", ExtendSeconds: 24 * 3600}
}

// Check refuses a policy that is not one (ErrInvalid).
func (m MissedOrders) Check() error {
	switch m.Policy {
	case PolicyHold, PolicyBot, PolicyExtend:
	default:
		return Codedf(ErrInvalid, CodeMissedOrders, "missed_orders.policy: hold, bot or extend, not %q", m.Policy)
	}
	lowest := 0
	if m.Policy == PolicyBot {
		lowest = 1
	}
	if m.After < lowest || m.After > 10 {
		return Codedf(ErrInvalid, CodeMissedOrders, "missed_orders.after: %d to 10 missed movement phases", lowest)
	}
	switch m.Level {
	case "easy", "normal", "hard":
	default:
		return Codedf(ErrInvalid, CodeMissedOrders, "missed_orders.level: easy, normal or hard, not %q", m.Level)
	}
	if m.ExtendSeconds < MinPhaseSeconds || m.ExtendSeconds > 7*24*3600 {
		return Codedf(ErrInvalid, CodeMissedOrders, "missed_orders.extend_seconds: %d to %d", MinPhaseSeconds, 7*24*3600)
	}
	return nil
}

// BotTakesOver reports whether a bot takes a seat after missed orders.
func (m MissedOrders) BotTakesOver() bool {
	return m.Policy == PolicyBot || m.Policy == PolicyExtend && m.After > 0
}

// The codes of the refusals of game masters and their players.
const (
	CodeNotMaster    = "not_master"        // a game master's action by anyone else
	CodeNotPaused    = "not_paused"        // resuming a game that is not paused
	CodePaused       = "game_paused"       // pausing a paused game; moves while it is paused
	CodeNoSeatHolder = "no_seat_holder"    // replacing a seat nobody holds
	CodeRemoved      = "removed_from_game" // joining a game one was removed from
	CodeNoUser       = "no_such_user"      // appointing a master who has no account
	CodeNoReplace    = "no_replacements"   // replacing a player in a kind that cannot
	CodeReason       = "reason_invalid"    // a reason that is too long or shows nothing
	CodeSeconds      = "seconds_invalid"   // an extension, or a resumed phase's time, out of range
)

// The codes of a policy for missed orders refused, and of a master's
// action on a power the game has not.
const (
	CodeMissedOrders = "missed_orders_invalid" // a policy that is not one, or not the game's kind's
	CodeNoSuchPower  = "no_such_power"         // replacing or removing the player of a power the game has not
)

// The actions of a game's journal.
const (
	ActPause       = "pause"       // the master paused the game
	ActPauseVote   = "pause_vote"  // a player voted to pause a game without a master
	ActPauseVoted  = "pause_voted" // every player voted: the game is paused
	ActResume      = "resume"      // the game goes on
	ActExtend      = "extend"      // the master extended the deadline
	ActAutoExtend  = "auto_extend" // the policy extended the deadline for missing orders
	ActReplace     = "replace"     // the master opened a seat for a substitute
	ActRemove      = "remove"      // the master removed a player who broke the rules
	ActMaster      = "master"      // a new game master was appointed
	ActBot         = "bot"         // a bot took a seat over from its absent person
	ActBack        = "back"        // the person took their seat back from the bot
	ActSubstitute  = "substitute"  // a substitute took an open seat
	ActLengths     = "lengths"     // the master changed the phases' lengths
	maxJournalText = 200           // characters of a reason
)

// Entry is one line of a game's public journal: what was done, by whom,
// when and why.
type Entry struct {
	At time.Time `json:"at"`
	// Seq is the phase (move) the game was at.
	Seq    int    `json:"seq"`
	Action string `json:"action"`
	// Who is the name of the person who acted; "" for the server
	// applying the game's policy.
	Who    string `json:"who,omitempty"`
	Power  string `json:"power,omitempty"`
	Reason string `json:"reason,omitempty"`
	// User is the name of the person acted on (the master appointed, the
	// player replaced or removed, the substitute).
	User    string `json:"user,omitempty"`
	Seconds int    `json:"seconds,omitempty"`
	// Missed is how many movement phases a seat handed to a bot missed.
	Missed int `json:"missed,omitempty"`
	// RetreatSeconds, AdjustmentSeconds and DeadlineAt are, with
	// Seconds (the phase length), the schedule the master set
	// (ActLengths).
	RetreatSeconds    int      `json:"retreat_seconds,omitempty"`
	AdjustmentSeconds int      `json:"adjustment_seconds,omitempty"`
	DeadlineAt        *DailyAt `json:"deadline_at,omitempty"`
}

// Stewardship is the part of a game's table that keeps it going when its
// people do not: the policy for missed orders, the game master and what
// they did. Table embeds it, so that every kind stores it alike.
type Stewardship struct {
	// MissedOrders is nil in games made before there were policies: they
	// hold.
	MissedOrders *MissedOrders `json:"missed_orders,omitempty"`
	// Master is the game master's account ("" with NoMaster unset: the
	// creator), MasterName their name.
	Master     string `json:"master,omitempty"`
	MasterName string `json:"master_name,omitempty"`
	// NoMaster: the game has no master; its players may pause it by a
	// unanimous vote.
	NoMaster bool `json:"no_master,omitempty"`
	// Paused: the deadline is frozen; PausedLeft is what was left of it.
	Paused     bool          `json:"paused,omitempty"`
	PausedLeft time.Duration `json:"paused_left,omitempty"`
	// PauseVotes are the powers whose players voted to pause.
	PauseVotes []string `json:"pause_votes,omitempty"`
	// Extended is one more than the phase the policy last extended.
	Extended int `json:"extended,omitempty"`
	// Removed are the accounts removed for breaking the game's rules:
	// they may not take a seat again.
	Removed []string `json:"removed,omitempty"`
	Journal []Entry  `json:"journal,omitempty"`
}

// Policy returns the game's policy for missed orders.
func (s *Stewardship) Policy() MissedOrders {
	if s.MissedOrders == nil {
		return HoldMissedOrders()
	}
	return *s.MissedOrders
}

// MasterOf returns the account of t's game master, "" for none.
func (t *Table) MasterOf() string {
	switch {
	case t.NoMaster:
		return ""
	case t.Master != "":
		return t.Master
	}
	return t.Creator
}

// Note writes e to the journal.
func (t *Table) Note(e Entry) { t.Journal = append(t.Journal, e) }

// CheckReason refuses a reason that is too long or not text a person can
// read.
func CheckReason(reason string) error {
	if n := len([]rune(reason)); n > maxJournalText {
		return Codedf(ErrInvalid, CodeReason, "reason: at most %d characters", maxJournalText)
	}
	if strings.ContainsAny(reason, "\x00\r\n") {
		return Codedf(ErrInvalid, CodeReason, "reason: one line of text")
	}
	return nil
}

// Mastered checks that user is t's master and that t is being played.
func (t *Table) Mastered(user string) error {
	if m := t.MasterOf(); user == "" || user != m {
		return Codedf(ErrForbidden, CodeNotMaster, "only the game master may do this")
	}
	if t.Status != Active {
		return Codedf(ErrState, CodeNotInPlay, "the game is %s: only a game being played can be", t.Status)
	}
	return nil
}

// Pause freezes the deadline of the game at its master's word: it keeps
// the time left, and no phase is played until Resume.
func (t *Table) Pause(by Player, reason string, seq int, now time.Time) error {
	if err := t.Mastered(by.ID); err != nil {
		return err
	}
	if t.Paused {
		return Codedf(ErrState, CodePaused, "the game is already paused")
	}
	t.pause(now)
	t.Note(Entry{At: now.UTC(), Seq: seq, Action: ActPause, Who: by.Name, Reason: reason})
	return nil
}

func (t *Table) pause(now time.Time) {
	t.PausedLeft = max(0, t.Deadline.Sub(now))
	t.Paused, t.Deadline, t.PauseVotes = true, time.Time{}, nil
}

// Resume ends a pause: the deadline is the time that was left from now,
// or seconds from now when seconds > 0. The master resumes a game; in a
// game without one, any player who may vote to pause it.
func (t *Table) Resume(by Player, reason string, seconds, seq int, now time.Time) error {
	if t.NoMaster {
		if err := t.voter(by.ID, nil); err != nil {
			return err
		}
	} else if err := t.Mastered(by.ID); err != nil {
		return err
	}
	if t.Status != Active {
		return Codedf(ErrState, CodeNotInPlay, "the game is %s: only a game being played can be", t.Status)
	}
	if !t.Paused {
		return Codedf(ErrState, CodeNotPaused, "the game is not paused")
	}
	left := t.PausedLeft
	if seconds > 0 {
		left = time.Duration(seconds) * time.Second
	}
	t.Paused, t.PausedLeft, t.Deadline = false, 0, now.Add(left)
	t.Note(Entry{At: now.UTC(), Seq: seq, Action: ActResume, Who: by.Name, Reason: reason, Seconds: int(left / time.Second)})
	return nil
}

// Extend gives the phase being played seconds more, at the master's
// word (a paused game keeps them for when it resumes).
func (t *Table) Extend(by Player, reason string, seconds, seq int, now time.Time) error {
	if err := t.Mastered(by.ID); err != nil {
		return err
	}
	d := time.Duration(seconds) * time.Second
	if t.Paused {
		t.PausedLeft += d
	} else {
		t.Deadline = t.Deadline.Add(d)
		if t.Deadline.Before(now) {
			t.Deadline = now.Add(d)
		}
	}
	t.Note(Entry{At: now.UTC(), Seq: seq, Action: ActExtend, Who: by.Name, Reason: reason, Seconds: seconds})
	return nil
}

// ChangeLengths gives the game the schedule s at its master's word, once
// s.Check has passed it. The phase being played keeps its deadline (the
// master extends it, if need be): the new lengths count from the next
// phase, whose deadline is reckoned when it begins (NextDeadline).
func (t *Table) ChangeLengths(by Player, s Schedule, reason string, seq int, now time.Time) error {
	if err := t.Mastered(by.ID); err != nil {
		return err
	}
	if err := t.SetSchedule(s); err != nil {
		return err
	}
	t.Note(Entry{At: now.UTC(), Seq: seq, Action: ActLengths, Who: by.Name, Reason: reason, Seconds: t.PhaseSeconds,
		RetreatSeconds: t.RetreatSeconds, AdjustmentSeconds: t.AdjustmentSeconds, DeadlineAt: t.DeadlineAt})
	return nil
}

// Replace opens the seat of power for a substitute at the master's word:
// its player leaves it (remove: for good, having broken the game's
// rules), and until a substitute takes it a bot plays it, or nobody
// when the game's policy is to hold. It returns the player who left.
func (t *Table) Replace(by Player, power, reason string, remove bool, seq int, now time.Time) (left Player, err error) {
	if err := t.Mastered(by.ID); err != nil {
		return Player{}, err
	}
	i := slices.IndexFunc(t.Seats, func(s Seat) bool { return strings.EqualFold(s.Power, power) })
	if i < 0 {
		return Player{}, Codedf(ErrInvalid, CodeNoSuchPower, "power: no power %q (powers: %s)", power, strings.Join(t.Powers(), ", "))
	}
	s := &t.Seats[i]
	if s.User == "" {
		return Player{}, Codedf(ErrState, CodeNoSeatHolder, "nobody holds %s", s.Power)
	}
	left = Player{ID: s.User, Name: s.Name}
	if remove {
		t.Removed = append(t.Removed, s.User)
	}
	*s = Seat{Power: s.Power, Bot: t.Policy().Policy != PolicyHold, Wanted: true, Left: s.User}
	t.PauseVotes = slices.DeleteFunc(t.PauseVotes, func(p string) bool { return p == s.Power })
	act := ActReplace
	if remove {
		act = ActRemove
	}
	t.Note(Entry{At: now.UTC(), Seq: seq, Action: act, Who: by.Name, Power: s.Power, Reason: reason, User: left.Name})
	return left, nil
}

// Appoint makes p the game master at the master's word; p need not play.
func (t *Table) Appoint(by, p Player, reason string, seq int, now time.Time) error {
	if m := t.MasterOf(); by.ID == "" || by.ID != m {
		return Codedf(ErrForbidden, CodeNotMaster, "only the game master may do this")
	}
	if t.Status == Finished {
		return Codedf(ErrState, CodeNotInPlay, "the game is finished")
	}
	t.Master, t.MasterName, t.NoMaster = p.ID, p.Name, false
	t.Note(Entry{At: now.UTC(), Seq: seq, Action: ActMaster, Who: by.Name, User: p.Name, Reason: reason})
	return nil
}

// voter checks that user may vote to pause t: a person playing a seat
// that is still in the game (alive, when not nil, says which are) in a
// game without a master.
func (t *Table) voter(user string, alive func(power string) bool) error {
	i := t.SeatOf(user)
	if i < 0 || t.Seats[i].Away {
		return Codedf(ErrForbidden, CodeNotPlayer, "you play no seat in this game")
	}
	if alive != nil && !alive(t.Seats[i].Power) {
		return Codedf(ErrState, "power_out", "%s is out of the game", t.Seats[i].Power)
	}
	return nil
}

// VotePause records user's vote to pause a game without a master; the
// game pauses when every person whose power is still in the game
// (alive) has voted. It reports whether the game is now paused.
func (t *Table) VotePause(by Player, alive func(power string) bool, seq int, now time.Time) (bool, error) {
	if !t.NoMaster {
		return false, Codedf(ErrForbidden, CodeNotMaster, "only the game master may pause this game")
	}
	if t.Status != Active {
		return false, Codedf(ErrState, CodeNotInPlay, "the game is %s: only a game being played can be paused", t.Status)
	}
	if err := t.voter(by.ID, alive); err != nil {
		return false, err
	}
	if t.Paused {
		return true, Codedf(ErrState, CodePaused, "the game is already paused")
	}
	power := t.Seats[t.SeatOf(by.ID)].Power
	if !slices.Contains(t.PauseVotes, power) {
		t.PauseVotes = append(t.PauseVotes, power)
		t.Note(Entry{At: now.UTC(), Seq: seq, Action: ActPauseVote, Who: by.Name, Power: power})
	}
	for _, s := range t.Seats {
		if s.User != "" && !s.Away && !s.Bot && (alive == nil || alive(s.Power)) && !slices.Contains(t.PauseVotes, s.Power) {
			return false, nil
		}
	}
	t.pause(now)
	t.Note(Entry{At: now.UTC(), Seq: seq, Action: ActPauseVoted})
	return true, nil
}

// removed reports whether user was removed from the game.
func (t *Table) removed(user string) bool { return slices.Contains(t.Removed, user) }

// takeWanted seats p at a seat open for a substitute in a game under
// way: power's, or the first when power is "".
func (t *Table) takeWanted(p Player, power string, find func(string) (int, error)) error {
	if t.removed(p.ID) {
		return Codedf(ErrForbidden, CodeRemoved, "you were removed from this game")
	}
	i := -1
	if power == "" {
		i = slices.IndexFunc(t.Seats, func(s Seat) bool { return s.Wanted })
	} else {
		var err error
		if i, err = find(power); err != nil {
			return err
		}
	}
	if i < 0 || !t.Seats[i].Wanted {
		return Codedf(ErrState, CodeGameStarted, "the game has started; only a seat whose player was replaced can be taken")
	}
	t.Seats[i] = Seat{Power: t.Seats[i].Power, User: p.ID, Name: p.Name, Left: t.Seats[i].Left}
	return nil
}

// Wanted returns the powers whose seats wait for a substitute.
func (t *Table) Wanted() []string {
	var out []string
	for _, s := range t.Seats {
		if s.Wanted {
			out = append(out, s.Power)
		}
	}
	return out
}

// TakenOver returns the powers a bot plays in place of their absent
// person.
func (t *Table) TakenOver() []string {
	var out []string
	for _, s := range t.Seats {
		if s.Away {
			out = append(out, s.Power)
		}
	}
	return out
}
