package maps

import (
	"regexp"
	"strings"
	"testing"

	"github.com/chancery/chancery/rules"
)

// TestLabelsNameProvincesWhereTheyFit checks what the committed boards'
// labels say: a province's full name where the label pass found it room
// (on a good share of the provinces), else its abbreviation; a coast's
// label its coast. That they clash with nothing is TestBoardsMeetThePlayGoals'.
func TestLabelsNameProvincesWhereTheyFit(t *testing.T) {
	for _, cb := range committedBoards(t) {
		names := map[string]string{}
		for _, p := range cb.v.Map.Provinces {
			names[p.Abbr] = p.Name
		}
		full, n := 0, 0
		for _, l := range cb.board.Labels {
			if prov, coast, ok := strings.Cut(l.For, "/"); ok {
				if l.Text != strings.ToUpper(coast) {
					t.Errorf("%s: the label of %s/%s says %q", cb.name, prov, coast, l.Text)
				}
				continue
			}
			n++
			switch l.Text {
			case names[l.For]:
				full++
			case strings.ToUpper(l.For):
			default:
				t.Errorf("%s: the label of %s says %q, neither %q nor its abbreviation", cb.name, l.For, l.Text, names[l.For])
			}
		}
		t.Logf("%s: %d of %d provinces' labels give the full name", cb.name, full, n)
		if full < n/2 {
			t.Errorf("%s: %d of %d provinces' labels give the full name, want at least half", cb.name, full, n)
		}
	}
}

// TestImpassableGroundDrawnAsWhatItIs checks the overlays of the provinces
// no unit enters: mountains over impassable land (Switzerland), still
// water over an impassable sea (Baikal, the Caspian), never mountains.
func TestImpassableGroundDrawnAsWhatItIs(t *testing.T) {
	overlay := regexp.MustCompile(`<path data-overlay="(mountains|lake)" d="([^"]*)"/>`)
	for _, cb := range committedBoards(t) {
		kind := map[string]string{}
		for _, m := range overlay.FindAllStringSubmatch(string(cb.svg), -1) {
			kind[m[2]] = m[1]
		}
		for _, p := range cb.v.Map.Provinces {
			if !p.Impassable {
				continue
			}
			want := "mountains"
			if p.Terrain == rules.Sea {
				want = "lake"
			}
			if got := kind[cb.board.Provinces[p.Abbr].D]; got != want {
				t.Errorf("%s: %s (%s) is overlaid with %q, want %q", cb.name, p.Abbr, p.Name, got, want)
			}
		}
	}
}
