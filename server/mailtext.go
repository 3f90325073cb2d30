package server

import (
	"fmt"
	"html"
	"strings"
	"sync"
	"time"

	"github.com/chancery/chancery/mail"
)

// mailLanguages are the languages mails are written in; a user's
// language is one of them.
var mailLanguages = []string{"en", "fr", "ja"}

// mailWords are the sentences of the mails, by language, built when a
// mail is first written. %s and %d are filled in the order given.
var mailWords = sync.OnceValue(func() map[string]map[string]string {
	return map[string]map[string]string{
		"en": {
			"verify.subject":   "Confirm your e-mail address",
			"verify.body":      "Someone, you we hope, gave this address to the Chancery account %s. Follow the link within a day to confirm it; until then nothing else is sent to it.",
			"verify.link":      "Confirm this address",
			"changed.subject":  "Your e-mail address was changed",
			"changed.body":     "The address of the Chancery account %s is no longer this one: it was changed to %s. If you did not do this, reset your password.",
			"reset.subject":    "Reset your password",
			"reset.body":       "A new password was asked for the Chancery account %s. Follow the link within an hour to choose one; it works once. Every session of the account will be signed out. If you did not ask, ignore this mail.",
			"reset.link":       "Choose a new password",
			"started.subject":  "%s has started",
			"started.body":     "The game %s has started.",
			"played.subject":   "%s: %s played",
			"played.body":      "%s has been played in %s.",
			"due.subject":      "%s: your orders are due",
			"due.body":         "Your orders (or your answer) are due by %s.",
			"vote.subject":     "%s: a draw is proposed",
			"vote.body":        "A draw is proposed in %s: it needs your vote, on the game's page.",
			"over.subject":     "%s is over",
			"over.body":        "The game %s is over.",
			"reminder.subject": "%s: orders due soon",
			"reminder.body":    "You have not marked your orders ready in %s. The deadline is %s.",
			"digest.subject":   "%s: new press",
			"digest.body":      "New messages to %s in %s:",
			"digest.more":      "… and %d more on the site.",
			"report.moved":     "Moved",
			"report.bounced":   "Failed",
			"report.dislodged": "Units dislodged",
			"report.disbanded": "Units disbanded",
			"report.won":       "Centres won",
			"report.lostsc":    "Centres lost",
			"report.centres":   "%s holds %d supply centres.",
			"open":             "Open the game",
			"settings":         "Notification settings",
			"footer":           "You receive this mail because of your Chancery notification settings.",
		},
		"fr": {
			"verify.subject":   "Confirmez votre adresse électronique",
			"verify.body":      "Quelqu’un, vous sans doute, a donné cette adresse au compte Chancery %s. Suivez le lien dans la journée pour la confirmer ; d’ici là, rien d’autre n’y est envoyé.",
			"verify.link":      "Confirmer cette adresse",
			"changed.subject":  "Votre adresse électronique a changé",
			"changed.body":     "L’adresse du compte Chancery %s n’est plus celle-ci : elle est devenue %s. Si ce n’est pas vous, changez votre mot de passe.",
			"reset.subject":    "Nouveau mot de passe",
			"reset.body":       "Un nouveau mot de passe a été demandé pour le compte Chancery %s. Suivez le lien dans l’heure pour le choisir ; il ne sert qu’une fois. Toutes les sessions du compte seront fermées. Si vous n’avez rien demandé, ignorez ce message.",
			"reset.link":       "Choisir un nouveau mot de passe",
			"started.subject":  "%s a commencé",
			"started.body":     "La partie %s a commencé.",
			"played.subject":   "%s : phase %s jouée",
			"played.body":      "La phase %s a été jouée dans %s.",
			"due.subject":      "%s : vos ordres sont attendus",
			"due.body":         "Vos ordres (ou votre réponse) sont attendus avant %s.",
			"vote.subject":     "%s : un match nul est proposé",
			"vote.body":        "Un match nul est proposé dans %s : votre vote est attendu, sur la page de la partie.",
			"over.subject":     "%s est terminée",
			"over.body":        "La partie %s est terminée.",
			"reminder.subject": "%s : ordres attendus bientôt",
			"reminder.body":    "Vous n’avez pas déclaré vos ordres prêts dans %s. L’échéance est %s.",
			"digest.subject":   "%s : nouveaux messages",
			"digest.body":      "Nouveaux messages pour %s dans %s :",
			"digest.more":      "… et %d autres sur le site.",
			"report.moved":     "Mouvements réussis",
			"report.bounced":   "Échecs",
			"report.dislodged": "Unités délogées",
			"report.disbanded": "Unités dissoutes",
			"report.won":       "Centres gagnés",
			"report.lostsc":    "Centres perdus",
			"report.centres":   "%s tient %d centres.",
			"open":             "Ouvrir la partie",
			"settings":         "Réglages des notifications",
			"footer":           "Vous recevez ce message selon vos réglages de notifications Chancery.",
		},
		"ja": {
			"verify.subject":   "メールアドレスの確認",
			"verify.body":      "Chancery のアカウント %s にこのアドレスが登録されました。1日以内にリンクを開いて確認してください。確認されるまで、このアドレスには他のメールを送りません。",
			"verify.link":      "このアドレスを確認する",
			"changed.subject":  "メールアドレスが変更されました",
			"changed.body":     "Chancery のアカウント %s のアドレスは %s に変更されました。心当たりがなければ、パスワードを再設定してください。",
			"reset.subject":    "パスワードの再設定",
			"reset.body":       "Chancery のアカウント %s のパスワード再設定が求められました。1時間以内にリンクを開いて新しいパスワードを決めてください（一度だけ使えます）。アカウントのすべてのセッションがサインアウトされます。心当たりがなければ、このメールは無視してください。",
			"reset.link":       "新しいパスワードを決める",
			"started.subject":  "%s が始まりました",
			"started.body":     "ゲーム %s が始まりました。",
			"played.subject":   "%s：%s が処理されました",
			"played.body":      "%s が %s で処理されました。",
			"due.subject":      "%s：命令の期限です",
			"due.body":         "命令（または回答）の期限は %s です。",
			"vote.subject":     "%s：引き分けの提案",
			"vote.body":        "%s で引き分けが提案されました。ゲームのページで投票してください。",
			"over.subject":     "%s が終わりました",
			"over.body":        "ゲーム %s が終わりました。",
			"reminder.subject": "%s：まもなく命令の期限",
			"reminder.body":    "%s で命令を準備完了にしていません。期限は %s です。",
			"digest.subject":   "%s：新しいプレス",
			"digest.body":      "%s への新しいメッセージ（%s）：",
			"digest.more":      "…ほか %d 件はサイトで。",
			"report.moved":     "成功した移動",
			"report.bounced":   "失敗",
			"report.dislodged": "撃退されたユニット",
			"report.disbanded": "解散したユニット",
			"report.won":       "獲得した補給都市",
			"report.lostsc":    "失った補給都市",
			"report.centres":   "%s の補給都市は %d です。",
			"open":             "ゲームを開く",
			"settings":         "通知の設定",
			"footer":           "Chancery の通知設定により、このメールをお送りしています。",
		},
	}
})

// mailLang returns lang if mails are written in it, else English.
func mailLang(lang string) string {
	if _, ok := mailWords()[lang]; ok {
		return lang
	}
	return "en"
}

// say is a sentence of the mails in lang, filled.
func say(lang, key string, args ...any) string {
	w := mailWords()[mailLang(lang)][key]
	if w == "" {
		w = mailWords()["en"][key]
	}
	if len(args) == 0 {
		return w
	}
	return fmt.Sprintf(w, args...)
}

// colon is ": " in lang's typography (French puts a narrow no-break
// space before it).
func colon(lang string) string {
	if mailLang(lang) == "fr" {
		return "\u202f: "
	}
	if mailLang(lang) == "ja" {
		return "："
	}
	return ": "
}

// phaseWording is one language's words for a phase.
type phaseWording struct {
	words  map[string]string
	layout func(season, year, kind string) string
}

// phaseWords name a phase's season and type, by language, as the web
// client does (web/src/messages: season.*, ptype.*, phase.label), built
// when a mail is first written rather than at every command's start.
var phaseWords = sync.OnceValue(func() map[string]phaseWording {
	return map[string]phaseWording{
		"en": {map[string]string{"spring": "Spring", "fall": "Autumn", "winter": "Winter", "movement": "moves", "retreat": "retreats", "adjustment": "builds"},
			func(s, y, k string) string { return s + " " + y + " (" + k + ")" }},
		"fr": {map[string]string{"spring": "Printemps", "fall": "Automne", "winter": "Hiver", "movement": "mouvements", "retreat": "retraites", "adjustment": "ajustements"},
			func(s, y, k string) string { return s + " " + y + " (" + k + ")" }},
		"ja": {map[string]string{"spring": "春", "fall": "秋", "winter": "冬", "movement": "移動", "retreat": "退却", "adjustment": "増減"},
			func(s, y, k string) string { return y + "年 " + s + "（" + k + "）" }},
	}
})

// phaseName says a phase's stored name ("spring 1901 movement") in lang;
// a name of another shape is left as it is.
func phaseName(lang, name string) string {
	f := strings.Fields(name)
	pw := phaseWords()[mailLang(lang)]
	if len(f) != 3 {
		return name
	}
	season, ok1 := pw.words[strings.ToLower(f[0])]
	kind, ok2 := pw.words[strings.ToLower(f[2])]
	if !ok1 || !ok2 {
		return name
	}
	return pw.layout(season, f[1], kind)
}

// mailTime writes a deadline for a mail: in UTC, which every reader can
// place (a mail does not know the reader's time zone).
func mailTime(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") }

// section is a part of a mail: a paragraph, and lines under a heading.
type section struct {
	Text    string
	Heading string
	Lines   []string
}

// letter is a mail before it is written in text and HTML.
type letter struct {
	Lang     string
	Subject  string
	Sections []section
	// Link is the mail's one action, LinkLabel what it says.
	Link, LinkLabel string
	// Settings links to the notification settings and, with
	// Unsubscribe, offers the one-click unsubscription: every mail but
	// the account's own (verification, reset).
	Settings    string
	Unsubscribe string
}

// message writes the letter as a multipart mail to to.
func (l *letter) message(id, to string, now time.Time) *mail.Message {
	var t, h strings.Builder
	h.WriteString(`<!DOCTYPE html><html lang="` + l.Lang + `"><head><meta charset="utf-8"><title>` + html.EscapeString(l.Subject) + `</title></head><body style="font-family:sans-serif;line-height:1.4">`)
	for _, s := range l.Sections {
		if s.Text != "" {
			t.WriteString(s.Text + "\n\n")
			h.WriteString("<p>" + html.EscapeString(s.Text) + "</p>")
		}
		if len(s.Lines) > 0 {
			if s.Heading != "" {
				t.WriteString(s.Heading + strings.TrimRight(colon(l.Lang), " ") + "\n")
				h.WriteString("<p><strong>" + html.EscapeString(s.Heading) + "</strong></p>")
			}
			h.WriteString("<ul>")
			for _, line := range s.Lines {
				t.WriteString("  - " + line + "\n")
				h.WriteString("<li>" + html.EscapeString(line) + "</li>")
			}
			h.WriteString("</ul>")
			t.WriteString("\n")
		}
	}
	if l.Link != "" {
		t.WriteString(l.LinkLabel + colon(l.Lang) + l.Link + "\n\n")
		h.WriteString(`<p><a href="` + html.EscapeString(l.Link) + `">` + html.EscapeString(l.LinkLabel) + `</a></p>`)
	}
	if l.Settings != "" {
		t.WriteString("-- \n" + say(l.Lang, "footer") + "\n" + say(l.Lang, "settings") + colon(l.Lang) + l.Settings + "\n")
		h.WriteString(`<hr><p style="font-size:small;color:#555">` + html.EscapeString(say(l.Lang, "footer")) +
			` <a href="` + html.EscapeString(l.Settings) + `">` + html.EscapeString(say(l.Lang, "settings")) + `</a></p>`)
	}
	h.WriteString("</body></html>")
	return &mail.Message{ID: id, To: to, Subject: l.Subject, Text: t.String(), HTML: h.String(), Language: l.Lang,
		Unsubscribe: l.Unsubscribe, Date: now}
}
