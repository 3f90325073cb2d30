// Package username says which account names Chancery accepts and when two
// names are the same, so that a name cannot be registered beside a
// look-alike of another (the Cyrillic "а" of "аlice" beside "alice").
//
// Names are prepared and compared with the PRECIS framework for usernames
// (RFC 8265, golang.org/x/text/secure/precis): a name is a sequence of
// words ("userparts") separated by single spaces, each word enforced with
// the UsernameCasePreserved profile for display (width mapping, so
// "ＡＬＩＣＥ" is "ALICE"; Unicode normalisation NFC; no compatibility
// characters such as "𝐚") and with UsernameCaseMapped for comparison
// (case mapped to lower). Chancery then narrows what PRECIS allows:
// letters, digits and the separators '-', '_', '.' and space, starting
// with a letter or digit, 3 to 32 characters, in one script (the
// "highly restrictive" level of Unicode's security mechanisms, UTS #39:
// one script, or Latin with the scripts that Japanese, Chinese or Korean
// are written in together).
//
// One script is not enough: a name written wholly in Cyrillic letters can
// look Latin ("раураӏ" beside "paypal"), one in Greek capitals can look
// like Latin capitals ("ΑΒΕ" beside "ABE"). Such names are caught by
// [Skeletons], Unicode's confusable detection (UTS #39 §4) applied to each
// form a name is compared or shown in: two names look alike when any
// skeleton of one is a skeleton of the other, and only the first
// registered may keep it.
package username

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.mau.fi/util/confusable"
	"golang.org/x/text/secure/precis"
)

// Length bounds, in characters of the prepared name.
const (
	MinLength = 3
	MaxLength = 32
)

// separators may stand between letters and digits (not first).
const separators = " -_."

// Error is a name that is refused, with the reason in words a user reads.
type Error struct {
	Name   string
	Reason string
}

func (e *Error) Error() string { return "name: " + e.Reason }

// Prepare returns name as Chancery stores and shows it (PRECIS
// UsernameCasePreserved, word by word), or an *Error saying why it is
// refused. Only names that Prepare accepts may be registered.
func Prepare(name string) (string, error) {
	shown, err := eachWord(precis.UsernameCasePreserved, name)
	if err != nil {
		return "", err
	}
	if n := utf8.RuneCountInString(shown); n < MinLength || n > MaxLength {
		return "", &Error{name, fmt.Sprintf("%d to %d characters", MinLength, MaxLength)}
	}
	if err := checkCharacters(shown); err != nil {
		return "", err
	}
	if err := checkScripts(shown); err != nil {
		return "", err
	}
	return shown, nil
}

// Key returns the form in which two names are compared: two names are the
// same name when their keys are equal (PRECIS UsernameCaseMapped, word by
// word). It accepts some names that Prepare refuses (names registered
// before these rules, which must still be found); an error means that no
// account can have this name.
func Key(name string) (string, error) {
	return eachWord(precis.UsernameCaseMapped, name)
}

// Fold returns Key(name), or for a name that Key refuses the name in
// lower case, as names were compared before these rules: the form in
// which accounts are stored and looked up, and sign-in attempts counted.
func Fold(name string) string {
	if k, err := Key(name); err == nil {
		return k
	}
	return strings.ToLower(name)
}

// Skeleton returns the UTS #39 skeleton of a name's key (see [Key] and
// [Fold]): each character replaced by its prototype in Unicode's
// confusables table, so that names which look alike have equal skeletons
// ("аӏісе" in Cyrillic and "alice" both give "alice"). A skeleton is for
// comparing, never for showing.
//
// The table is made for safety, not for spelling, and it also joins some
// ordinary Latin names: "m" looks like "rn" ("tom" and "torn"), "1" like
// "l". Chancery accepts that: the second of two such names is refused,
// which costs its owner a choice, while a look-alike that passes for
// another player costs that player their identity.
//
// Keys are in lower case, so the skeleton of a key does not compare the
// upper-case letters a name may be shown with ("ΑΒΕ" in Greek capitals
// and "ABE" have the keys "αβε" and "abe", whose skeletons differ):
// [Skeletons] compares those too.
func Skeleton(key string) string {
	return confusable.Skeleton(key)
}

// Skeletons returns the skeletons (see [Skeleton]) of the forms in which
// a name is compared or shown, without repeats and sorted: of its key
// ([Fold]), of the name as given (as it is stored and shown, case
// preserved) and of the name in upper case. Two names look alike when
// the sets share a skeleton: "ΑΒΕ" in Greek capitals shows as the Latin
// "ABE" (shown skeletons "ABE"), and as the upper case of "abe" (upper-case
// skeletons "ABE"); the Greek "Τυ" shows as the Latin "Tu" although
// neither its key nor its upper case ("ΤΥ") looks like theirs. The name is
// compared in these three forms only, not in every mixture of cases.
//
// Skeletons of capitals join some ordinary names as [Skeleton] does: "I"
// looks like "l", so "III" (the upper case of "iii") and "lll" look
// alike.
func Skeletons(name string) []string {
	s := []string{
		confusable.Skeleton(Fold(name)),
		confusable.Skeleton(name),
		confusable.Skeleton(strings.ToUpper(name)),
	}
	slices.Sort(s)
	return slices.Compact(s)
}

// eachWord applies a PRECIS profile to each space-separated word of name,
// as RFC 8265 §3.1 allows for usernames with spaces.
func eachWord(p *precis.Profile, name string) (string, error) {
	if !utf8.ValidString(name) {
		return "", &Error{name, "not valid UTF-8"}
	}
	if name == "" {
		return "", &Error{name, fmt.Sprintf("%d to %d characters", MinLength, MaxLength)}
	}
	words := strings.Split(name, " ")
	for i, w := range words {
		if w == "" {
			return "", &Error{name, "one space between words, none at the start or end"}
		}
		out, err := p.String(w)
		if err != nil {
			return "", &Error{name, fmt.Sprintf("%q is not allowed in a name (letters, digits, '-', '_' and '.' only)", w)}
		}
		words[i] = out
	}
	return strings.Join(words, " "), nil
}

// MaxMarks is the most combining marks one letter may carry: enough for
// the scripts whose letters take several (a Thai vowel and tone mark, a
// Devanagari vowel sign and nasal, a Vietnamese or Yoruba letter without
// a precomposed form), and too few to pile marks above and below the
// names beside it.
const MaxMarks = 3

// checkCharacters allows letters, digits, combining marks after a letter
// (MaxMarks at most on one), and the separators after the first
// character.
func checkCharacters(name string) error {
	marks := 0
	for i, c := range name {
		switch {
		case unicode.IsLetter(c) || unicode.IsDigit(c):
			marks = 0
		case i > 0 && (unicode.Is(unicode.Mn, c) || unicode.Is(unicode.Mc, c)):
			if marks++; marks > MaxMarks {
				return &Error{name, fmt.Sprintf("at most %d accents or other combining marks on one letter", MaxMarks)}
			}
		case i > 0 && strings.ContainsRune(separators, c):
			marks = MaxMarks // no mark on a separator
		default:
			return &Error{name, "letters, digits, spaces, '-', '_' and '.' only, starting with a letter or digit"}
		}
	}
	return nil
}

// scriptSets are the sets of scripts a name may mix (UTS #39 §5.2,
// "highly restrictive"): besides any single script, Latin with the
// scripts of Japanese, of Chinese or of Korean.
var scriptSets = [][]string{
	{"Latin", "Han", "Hiragana", "Katakana"},
	{"Latin", "Han", "Bopomofo"},
	{"Latin", "Han", "Hangul"},
}

// checkScripts refuses a name whose letters and digits come from scripts
// that are not written together. Characters common to all scripts (ASCII
// digits, the separators, the Japanese long-vowel mark) and combining
// marks belong to none. A digit other than 0-9 must be of the name's
// script: a Latin name with Bengali digits is refused, since some look
// like Latin letters.
func checkScripts(name string) error {
	var scripts []string
	for _, c := range name {
		s := script(c)
		if s == "" || s == "Common" || s == "Inherited" {
			if unicode.IsDigit(c) && (c < '0' || c > '9') {
				return &Error{name, "digits 0 to 9, or those of the name's script"}
			}
			continue
		}
		if !slices.Contains(scripts, s) {
			scripts = append(scripts, s)
		}
	}
	if len(scripts) <= 1 {
		return nil
	}
	for _, set := range scriptSets {
		if containsAll(set, scripts) {
			return nil
		}
	}
	return &Error{name, fmt.Sprintf("%q mixes the %s scripts: a name is written in one script (Latin, Cyrillic, Greek, …, or the scripts of Japanese, Chinese or Korean together), so that it cannot pass for another", name, strings.Join(scripts, " and "))}
}

// script returns the name of the Unicode script of c ("" if none).
func script(c rune) string {
	for name, table := range unicode.Scripts {
		if unicode.Is(table, c) {
			return name
		}
	}
	return ""
}

func containsAll(set, scripts []string) bool {
	for _, s := range scripts {
		if !slices.Contains(set, s) {
			return false
		}
	}
	return true
}
