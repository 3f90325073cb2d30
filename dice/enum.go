package dice

import "fmt"

// The enumerations of this package are small integers inside the engine and
// lower-case words in JSON and in messages; these helpers share the work.

func enumString(names []string, v int, kind string) string {
	if v >= 0 && v < len(names) {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", kind, v)
}

func enumParse(names []string, text []byte, kind string) (int, error) {
	for i, n := range names {
		if n == string(text) {
			return i, nil
		}
	}
	return 0, fmt.Errorf("dice: unknown %s %q", kind, text)
}
