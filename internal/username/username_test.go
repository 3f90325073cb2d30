package username

import (
	"errors"
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
	} {
		got, err := Prepare(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("Prepare(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{
		"al", strings.Repeat("a", 33), "\u0430lice", "p\u0430ypal", "Ζωήx", "Иван1x", "ab  c", " abc", "abc ", "-abc",
		"a<b>c", "𝐚lice", "ab\u200bc", "bob১", "한글ひらがな", "\xff\xfeabc",
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
