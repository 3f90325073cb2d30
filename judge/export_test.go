package judge

// AdjudicateRead is adjudicateRead, AdjudicateJSON's fast way, for the
// tests of package judge_test.
func (j *Judge) AdjudicateRead(dst, src []byte) ([]byte, bool) { return j.adjudicateRead(dst, src) }
