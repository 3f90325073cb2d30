// Package bot is Chancery's Diplomacy player for any variant and any
// phase, at three levels (see Level):
//
//   - easy: a greedy walker towards the nearest centre (easy.go);
//   - normal: a positional player of the DumbBot family, written from the
//     published description of that algorithm: provinces are valued from
//     who owns or threatens them, the values spread over rounds of
//     proximity and meet the strength of the units around each province,
//     and units choose coordinated destinations (normal.go); a tactical
//     layer then checks the plan with the real resolver against a few
//     sampled replies of the others and improves it unit by unit and by
//     supported pairs (tactics.go);
//   - hard: a search on top of normal that samples the others' replies
//     half from normal as it plays and half from a plain model of the
//     published DumbBot algorithm, without normal's additions
//     (plain.go), picks the best of candidate order sets
//     from randomised normal and plain play against them, scored with the real
//     resolver and normal's evaluation, and improves it with a larger
//     tactical search; in the spring it plays its best candidates on
//     through the fall and keeps the one whose falls end best, and in
//     the winter it plays candidate build sets on through the next
//     spring and fall (hard_builds.go); bounded by counts and, when
//     given one, a time budget (hard.go).
//
// Measured against the original DumbBot (standard, hard alone against
// six, every power in turn, 28 games to a solo or 1920): hard's share of
// the centres is 0.434 [0.383, 0.485] with 15 solos (goal: 0.40 and 25%)
// since it searches its builds too, 0.417 [0.364, 0.470] with 12 before,
// since the evaluation counts the room left for builds and the spring
// looks on to the fall (before: 0.346 [0.296, 0.395], 5 solos); in 1900
// 0.438 [0.416, 0.460] with 42 solos of 56 (0.378 and 21 before its
// build search); normal's
// 0.284 before those changes (goal: above 1/7). Against normal in
// process (28 games of 12 years, seed 2025) hard's share was 0.234
// before them (goal: 0.214). The README says how DumbBot is built and
// run.
//
// The bots work on the rules core's values alone: they read the map graph,
// its border kinds, railways and gates, and the variant's build and
// victory rules, never the variant's name, so a new variant needs nothing
// here. Every order is legal on its own. All choices come from the
// explicit random source passed in, so the same source gives the same
// orders (normal's tactical layer stops at a count of resolutions, never
// at a clock; hard's search stops at its counts too, and repeats itself on
// any machine when it has no budget, as in the tests and the tournament;
// a server gives it a wall-time budget as an upper bound, which a machine
// too slow for the counts reaches first).
package bot
