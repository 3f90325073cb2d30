package variants_test

import (
	"strings"
	"testing"

	"github.com/chancery/chancery/internal/phasetest"
	"github.com/chancery/chancery/rules"
)

var ah1996 = rules.Options{Railway: rules.RailwayAH1996}

// TestColonialTSRExamples plays the six worked examples of
// rules/colonial.md (the seed's annex: Avalon Hill's 1996 questions read
// under revision 2.2), each with the seed's question in a comment, and
// where the Avalon Hill reading answers otherwise, that answer too.
func TestColonialTSRExamples(t *testing.T) {
	phasetest.Run(t, colonialCases(t, []phasetest.Case{
		// 9.23 (3): "une armée à Moscou avec des ordres A MOS-TSR-VLA avec
		// une unité ennemie tenant à Vladivostok entraîne l'arrêt de
		// l'armée de Moscou à Irkoutsk".
		{ID: "1", Title: "A foreign unit holds in the destination: the army stops before it",
			Orders: `
				Russia: A Moscow - TSR - Vladivostok => bounced
				China: A Vladivostok Hold => succeeds`,
			WantUnits: `
				Russia: A Irkutsk
				China: A Vladivostok`},
		// 9.23, note: "L'unité russe s'arrête à Irkoutsk. L'unité chinoise
		// se retire (pas à Irkoutsk ou à Séoul). L'unité japonaise de Séoul
		// prend Vladivostok."
		{ID: "1b", Title: "...and if a third power dislodges it, the army still stops before it",
			Orders: `
				Russia: A Moscow - TSR - Vladivostok => bounced
				China: A Vladivostok Hold => dislodged
				Japan: A Seoul - Vladivostok => succeeds
				Japan: F Sea of Japan S A Seoul - Vladivostok => succeeds`,
			WantDislodged: `China: A Vladivostok`,
			ThenOrders:    `China: A Vladivostok - Irkutsk => bad_retreat`,
			WantUnits: `
				Russia: A Irkutsk
				Japan: A Vladivostok
				Japan: F Sea of Japan`},
		// "Q. Dans la situation suivante, où finissent A Mos et A Omsk ?
		// Commandes russes : A Mos-TSR-Vla, A Omsk-Kra, A Vla-Seo ;
		// Commandes chinoises : A Mac-Irk." Revision 2.2: A Omsk reaches
		// Krasnoyarsk, China is kept out of Irkutsk only by the railway
		// army and so blocks it there, and A Mos stops in Omsk.
		{ID: "2", Title: "Russian units do not fight the railway army (2.2)",
			Orders: `
				Russia: A Moscow - TSR - Vladivostok => bounced
				Russia: A Omsk - Krasnoyarsk => succeeds
				Russia: A Vladivostok - Seoul => succeeds
				China: A Manchuria - Irkutsk => bounced`,
			WantUnits: `
				Russia: A Omsk
				Russia: A Krasnoyarsk
				Russia: A Seoul
				China: A Manchuria`},
		// Avalon Hill's answer: "La confrontation à Kra signifie qu'A Omsk
		// ne bouge pas et A Mos s'arrête à Perm."
		{ID: "2-ah1996", Title: "Russian units fight the railway army (Avalon Hill 1996)", Options: ah1996,
			Orders: `
				Russia: A Moscow - TSR - Vladivostok => bounced
				Russia: A Omsk - Krasnoyarsk => bounced
				Russia: A Vladivostok - Seoul => succeeds
				China: A Manchuria - Irkutsk => succeeds`,
			WantUnits: `
				Russia: A Perm
				Russia: A Omsk
				Russia: A Seoul
				China: A Irkutsk`},
		// "Q. Si la Russie commande A Mos-TSR-Vla et la Chine commande A
		// Mac-Irk et A Mon-Kra, que se passe-t-il ? A. A Mon-Kra échoue,
		// A Mac-Irk réussit, A Mos s'arrête à Omsk."
		{ID: "3", Title: "Blocked in Krasnoyarsk, the army never reaches Irkutsk",
			Orders: `
				Russia: A Moscow - TSR - Vladivostok => bounced
				China: A Manchuria - Irkutsk => succeeds
				China: A Mongolia - Krasnoyarsk => bounced`,
			WantUnits: `
				Russia: A Omsk
				China: A Irkutsk
				China: A Mongolia`},
		{ID: "3-ah1996", Title: "Both readings agree", Options: ah1996,
			Orders: `
				Russia: A Moscow - TSR - Vladivostok => bounced
				China: A Manchuria - Irkutsk => succeeds
				China: A Mongolia - Krasnoyarsk => bounced`,
			WantUnits: `
				Russia: A Omsk
				China: A Irkutsk
				China: A Mongolia`},
		// 9.241, exception: "si la Chine possède Omsk mais l'a quitté, une
		// unité russe utilisant le TSR depuis Vladivostok pourrait se
		// déplacer vers Omsk, mais pas plus loin pendant ce tour."
		{ID: "4", Title: "A foreign-owned centre of the line: the army may end there, not pass",
			Owns: `
				China: oms
				Russia: mos vla`,
			Orders:    `Russia: A Vladivostok - TSR - Moscow => bounced`,
			WantUnits: `Russia: A Omsk`},
		// The reasoning of revision 2.2: "une situation avec les armées de
		// Perm et d'Omsk rebondissant sur Orenbourg ne bloqueront pas la
		// route".
		{ID: "5", Title: "Foreign units leaving the line and bouncing off it do not block",
			Orders: `
				Russia: A Moscow - TSR - Irkutsk => succeeds
				China: A Perm - Orenburg => bounced
				Turkey: A Omsk - Orenburg => bounced`,
			WantUnits: `
				Russia: A Irkutsk
				China: A Perm
				Turkey: A Omsk`},
		// "deux armées non russes sur la TSR par exemple à Perm et
		// Krasnoïarsk qui rebondissent Omsk. Selon la clarification
		// d'Avalon Hill un mouvement du TSR de Moscou vers Irkoutsk serait
		// un succès [...] Ainsi [...] le mouvement du TSR ci-dessus
		// échouera."
		{ID: "6", Title: "Foreign units moving along the line block it (2.2)",
			Orders: `
				Russia: A Moscow - TSR - Irkutsk => bounced
				China: A Perm - Omsk => bounced
				Turkey: A Krasnoyarsk - Omsk => bounced`,
			WantUnits: `
				Russia: A Moscow
				China: A Perm
				Turkey: A Krasnoyarsk`},
		{ID: "6-ah1996", Title: "Units leaving the line, even along it, free it (Avalon Hill 1996)", Options: ah1996,
			Orders: `
				Russia: A Moscow - TSR - Irkutsk => succeeds
				China: A Perm - Omsk => bounced
				Turkey: A Krasnoyarsk - Omsk => bounced`,
			WantUnits: `
				Russia: A Irkutsk
				China: A Perm
				Turkey: A Krasnoyarsk`},
	}))
}

// TestColonialTSRReadings shows where the two readings of the railway
// rules part, on vDiplomacy's cases and on Avalon Hill's own example of
// 9.25.
func TestColonialTSRReadings(t *testing.T) {
	phasetest.Run(t, colonialCases(t, []phasetest.Case{
		// 9.25: "Cela entraîne une impasse à Omsk. L'unité chinoise reste
		// à Krasnoïarsk et l'unité russe à Irkoutsk." (the seed lost the
		// orders; TSR.B2c has them). Avalon Hill: Krasnoyarsk is left
		// empty by the Chinese as the Russian passes, and both attack Omsk.
		{ID: "9.25-ah1996", Title: "A foreign unit moving along the line with the railway army", Options: ah1996,
			Orders: `
				Russia: A Irkutsk - TSR - Moscow => bounced
				China: A Krasnoyarsk - Omsk => bounced`,
			WantUnits: `
				Russia: A Irkutsk
				China: A Krasnoyarsk`},
		// Revision 2.2 (TSR.B2c): the Chinese unit blocks Krasnoyarsk, the
		// railway never reaches Omsk, and China gets there.
		{ID: "9.25-2.2", Title: "The same under revision 2.2",
			Orders: `
				Russia: A Irkutsk - TSR - Moscow => bounced
				China: A Krasnoyarsk - Omsk => succeeds`,
			WantUnits: `
				Russia: A Irkutsk
				China: A Omsk`},
		// TSR.B1d under Avalon Hill: the Russian army entering Omsk fights
		// the railway army there and, kept out by it alone, blocks it; the
		// railway army stops in Krasnoyarsk and the tester takes Moscow.
		{ID: "B1d-ah1996", Title: "A Russian unit entering the route fights the railway army", Options: ah1996,
			Orders: `
				Russia: A Vladivostok - Moscow via TSR => bounced
				Russia: A Akmolinsk - Omsk => bounced
				Turkey: A Odessa - Moscow => succeeds`,
			WantUnits: `
				Russia: A Krasnoyarsk
				Russia: A Akmolinsk
				Turkey: A Moscow`},
		// TSR.B2b under Avalon Hill: the Chinese unit leaving Omsk along
		// the line frees Omsk, but it would get into Krasnoyarsk but for
		// the railway army, which blocks there: the same outcome.
		{ID: "B2b-ah1996", Title: "A foreign unit moving against the railway still blocks where it would enter", Options: ah1996,
			Orders: `
				Russia: A Vladivostok - Moscow via TSR => bounced
				China: A Omsk - Krasnoyarsk => bounced
				Turkey: A Odessa - Moscow => succeeds`,
			WantUnits: `
				Russia: A Irkutsk
				China: A Omsk
				Turkey: A Moscow`},
		// TSR.B7a under Avalon Hill: the Turkish unit leaving Omsk frees
		// it, the Turkish and Chinese units bounce off each other in
		// Krasnoyarsk, Irkutsk is left: the railway army reaches
		// Vladivostok and bounces the tester, then stops in Perm, the
		// nearest station empty and without standoff.
		{ID: "B7a-ah1996", Title: "Units leaving along the line free it", Options: ah1996,
			Orders: `
				Russia: A Moscow - Vladivostok via TSR => bounced
				Turkey: A Omsk - Krasnoyarsk => bounced
				China: A Irkutsk - Krasnoyarsk => bounced
				Japan: F Okhotsk Sea - Vladivostok => bounced`,
			WantUnits: `
				Russia: A Perm
				Turkey: A Omsk
				China: A Irkutsk
				Japan: F Okhotsk Sea`},
		// TSR.B8a under Avalon Hill: unchanged, a Russian unit that holds
		// does not block in either reading.
		{ID: "B8a-ah1996", Title: "A holding Russian unit never blocks", Options: ah1996,
			Orders: `
				Russia: A Irkutsk - Moscow via TSR => bounced
				Russia: A Omsk Hold => succeeds
				Britain: A Akmolinsk - Omsk => bounced
				Turkey: A Odessa - Moscow => bounced`,
			WantUnits: `
				Russia: A Perm
				Russia: A Omsk
				Britain: A Akmolinsk
				Turkey: A Odessa`},
	}))
}

// TestColonialTSRNotes checks that the resolver explains where and why a
// railway move ended short of its destination.
func TestColonialTSRNotes(t *testing.T) {
	v, names := colonial(t)
	for _, tc := range []struct {
		name   string
		owns   map[string]string
		units  []string
		orders []string
		note   string
	}{
		{"blocked", nil, []string{"Russia A vla", "China A oms", "China A akm"},
			[]string{"Russia: A VLA - TSR - MOS", "China: A OMS S A AKM"},
			"blocked at Omsk, stopped in Krasnoyarsk"},
		{"stayed", nil, []string{"Russia A mos", "Britain A prm"},
			[]string{"Russia: A MOS - TSR - KRA"},
			"blocked at Perm, stayed in Moscow"},
		{"dislodged", nil, []string{"Russia A mos", "Britain A prm", "Turkey A ode", "Turkey A ore"},
			[]string{"Russia: A MOS - TSR - KRA", "Turkey: A ODE - MOS", "Turkey: A ORE S A ODE - MOS"},
			"blocked at Perm, stayed in Moscow and was dislodged by the unit from Odessa"},
		{"centre", map[string]string{"oms": "China"}, []string{"Russia A vla"},
			[]string{"Russia: A VLA - TSR - MOS"},
			"may not pass Omsk, a centre of China, stopped in Omsk"},
		{"stays", nil, []string{"Russia A oms", "China A irk"},
			[]string{"Russia: A OMS - TSR - IRK"},
			"cannot dislodge the unit that stays in Irkutsk, stopped in Krasnoyarsk"},
		{"swap", nil, []string{"Russia A oms", "China A kra"},
			[]string{"Russia: A OMS - TSR - KRA", "China: A KRA - OMS"},
			"cannot swap places with the unit in Krasnoyarsk, stayed in Omsk"},
		{"bounced", nil, []string{"Russia A prm", "Japan F okh"},
			[]string{"Russia: A PRM - TSR - VLA", "Japan: F OKH - VLA"},
			"bounced in Vladivostok, stopped in Irkutsk"},
		{"one a turn", nil, []string{"Russia A prm", "Russia A irk"},
			[]string{"Russia: A PRM - TSR - VLA", "Russia: A IRK - TSR - OMS"},
			"only one army a turn may use the tsr"},
		{"not Russia", nil, []string{"China A prm"},
			[]string{"China: A PRM - TSR - VLA"},
			"only Russia's armies may use the tsr"},
		{"fleet", nil, []string{"Russia F vla"},
			[]string{"Russia: F VLA - TSR - OMS"},
			"only armies travel by railway"},
		{"off the line", nil, []string{"Russia A mos"},
			[]string{"Russia: A MOS - TSR - ODE"},
			"no railway of Russia joins Moscow and Odessa"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pos := rules.NewPosition(v.Map, v.Start.Phase)
			for p, o := range tc.owns {
				pw, _ := names.Power(o)
				pos.Owner[colonialProv(t, names, p)] = pw
			}
			for _, u := range tc.units {
				fields := strings.Fields(u)
				power, typ, at := fields[0], fields[1], fields[2]
				pw, _ := names.Power(power)
				ut := rules.Army
				if typ == "F" {
					ut = rules.Fleet
				}
				pos.Place(pw, ut, rules.At(colonialProv(t, names, at)))
			}
			res := colonialPlay(t, pos, rules.Options{}, tc.orders...)
			var got string
			for _, r := range res.Results {
				if r.Order.Type == rules.Railway && r.Outcome != rules.Succeeded {
					got = r.Message(v.Map)
				}
			}
			if got != tc.note {
				t.Errorf("message %q, want %q", got, tc.note)
			}
		})
	}
}

// TestColonialB6bAsWritten plays TSR.B6b as vDiplomacy's file writes it,
// with a British unit in Krasnoyarsk. Under revision 2.2 a foreign unit
// moving along the line blocks its station whether or not it succeeds
// (TSR.B2b, TSR.B2c, TSR.B6a), so the railway army stops in Perm and the
// tester succeeds, where the file says it bounces. The case's title speaks
// of a Russian unit, and with one the file's outcome follows (TSR.B6b in
// TestVDiplomacyColonial): the file's power is taken to be a slip.
func TestColonialB6bAsWritten(t *testing.T) {
	phasetest.Run(t, colonialCases(t, []phasetest.Case{
		{ID: "TSR.B6b-as-written", Title: "A standoff on route with a returning British unit with direction",
			Orders: `
				Russia: A Moscow - Vladivostok via TSR => bounced
				Turkey: A Akmolinsk - Omsk => bounced
				Britain: A Krasnoyarsk - Omsk => bounced
				Japan: F Okhotsk Sea - Vladivostok => succeeds`,
			WantUnits: `
				Russia: A Perm
				Turkey: A Akmolinsk
				Britain: A Krasnoyarsk
				Japan: F Vladivostok`},
	}))
}
