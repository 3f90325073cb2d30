package rules_test

import (
	"testing"

	"github.com/chancery/chancery/internal/phasetest"
)

// TestDATC runs every test case of DATC 3.1 chapter 6 as a subtest named
// by its id (TestDATC/6.F.14), asserting the DATC's preferred outcome;
// cases under another option of DATC section 4 carry the option in their
// name (TestDATC/6.F.14/all-hold).
func TestDATC(t *testing.T) {
	var all []phaseCase
	for _, group := range [][]phaseCase{datc6A, datc6B, datc6C, datc6D, datc6E, datc6F, datc6G, datc6H, datc6I, datc6J} {
		all = append(all, group...)
	}
	phasetest.Run(t, all)
}

type phaseCase = phasetest.Case
