package username

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestPrepare(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"alice", "alice"},
		{"ＡＬＩＣＥ", "ALICE"}, // width mapped
		{"Ana-María", "Ana-María"},
		{"Ana-Mari\u0301a", "Ana-María"}, // NFC
		{"Zoë v.2", "Zoë v.2"},
		{"山田たろう", "山田たろう"},
		{"ヤマダ タロウ", "ヤマダ タロウ"},
		{"Tokyo東京", "Tokyo東京"}, // Latin with Han: Japanese, Chinese or Korean
		{"김민준", "김민준"},
		{"Ζωή", "Ζωή"},
		{"Иван_1", "Иван_1"},
		{"นี้ที่นี่", "นี้ที่นี่"},                         // Thai: a vowel and a tone mark on one letter
		{"कैंसर", "कैंसर"},                                 // Devanagari: two signs on one letter
		{"Ade\u0323\u0300\u0304", "Ad\u1eb9\u0300\u0304"},  // NFC: a letter with a dot below, two marks more
		{"Abc\u0323\u0300\u0304", "Abc\u0323\u0300\u0304"}, // three marks on one letter
	} {
		got, err := Prepare(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("Prepare(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{
		"al", strings.Repeat("a", 33), "\u0430lice", "p\u0430ypal", "Ζωήx", "Иван1x", "ab  c", " abc", "abc ", "-abc",
		"a<b>c", "𝐚lice", "ab\u200bc", "bob১", "한글ひらがな", "\xff\xfeabc",
		"ab" + strings.Repeat("\u0300", 30), "abc" + strings.Repeat("\u0323\u0300", 2), // marks piled on one letter
	} {
		if got, err := Prepare(in); err == nil {
			t.Errorf("Prepare(%q) = %q, want an error", in, got)
		} else if e := (*Error)(nil); !errors.As(err, &e) {
			t.Errorf("Prepare(%q): %v is not an *Error", in, err)
		}
	}
}

func TestKeyComparesWithoutCaseAndWidth(t *testing.T) {
	for _, pair := range [][2]string{{"Alice", "alice"}, {"ＡＬＩＣＥ", "alice"}, {"ΣΑΣ", "σασ"}, {"Ana-Mari\u0301a", "ana-maría"}} {
		a, err1 := Key(pair[0])
		b, err2 := Key(pair[1])
		if err1 != nil || err2 != nil || a != b {
			t.Errorf("Key(%q) = %q, Key(%q) = %q (%v, %v); want equal", pair[0], a, pair[1], b, err1, err2)
		}
	}
	if a, b := Fold("\u0430lice"), Fold("alice"); a == b {
		t.Errorf("Fold makes a Cyrillic look-alike equal to alice")
	}
	if got := Fold("a\u2028b"); got != "a\u2028b" {
		t.Errorf("Fold of a name Key refuses = %q, want it in lower case", got)
	}
}

func TestSkeletonJoinsLookAlikesInOneScript(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"paypal", "\u0440\u0430\u0443\u0440\u0430\u04cf", true}, // раураӏ, all Cyrillic
		{"alice", "\u0430\u04cf\u0456\u0441\u0435", true},        // аӏісе, all Cyrillic
		{"scope", "\u0455\u0441\u043e\u0440\u0435", true},        // ѕсоре
		{"bill", "bi11", true},
		{"tom", "torn", true}, // m and rn: accepted as the table has it
		{"bob", "rob", false},
		{"ivan", "Иван", false},
		{"alice", "alicia", false},
	} {
		ka, _ := Key(tc.a)
		kb, _ := Key(tc.b)
		if got := Skeleton(ka) == Skeleton(kb); got != tc.same {
			t.Errorf("Skeleton(%q) = %q, Skeleton(%q) = %q: equal %v, want %v", ka, Skeleton(ka), kb, Skeleton(kb), got, tc.same)
		}
	}
}

// lookAlike says whether two names share a skeleton.
func lookAlike(a, b string) bool {
	sb := Skeletons(b)
	for _, s := range Skeletons(a) {
		if slices.Contains(sb, s) {
			return true
		}
	}
	return false
}

func TestSkeletonsCompareTheFormsNamesAreShownIn(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"ABE", "\u0391\u0392\u0395", true},                      // ΑΒΕ, Greek capitals
		{"abe", "\u0391\u0392\u0395", true},                      // shown as the upper case of abe
		{"Abe", "\u0391\u0392\u0395", true},                      // Abe is the same name as ABE
		{"PAYPAL", "\u0420\u0410\u0423\u0420\u0410\u04c0", true}, // РАУРАӀ, all Cyrillic
		{"paypal", "\u0420\u0410\u0423\u0420\u0410\u04c0", true},
		{"BOP", "\u0412\u041e\u0420", true},        // ВОР, Cyrillic capitals
		{"Tu", "\u03a4\u03c5", true},               // Τυ: neither its key nor its upper case
		{"KOKO", "\u039a\u039f\u039a\u039f", true}, // ΚΟΚΟ
		{"lll", "III", true},
		{"paypal", "\u0440\u0430\u0443\u0440\u0430\u04cf", true}, // as before: the keys' skeletons
		{"bob", "rob", false},
		{"ivan", "Иван", false},
		{"ИВАН", "IVAN", false},
		{"山田たろう", "山田はなこ", false},
		{"ヤマダ", "ヤマモト", false},
	} {
		if got := lookAlike(tc.a, tc.b); got != tc.same {
			t.Errorf("%q %q, %q %q: look alike %v, want %v", tc.a, Skeletons(tc.a), tc.b, Skeletons(tc.b), got, tc.same)
		}
	}
	if got := Skeletons("alice"); !slices.Equal(got, []string{"ALlCE", "alice"}) {
		t.Errorf(`Skeletons("alice") = %q, want the skeletons of "alice" and "ALICE", once each`, got)
	}
}
