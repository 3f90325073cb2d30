package rules

// routeStep is a fleet on a convoy route, and whether the route reached it
// across a half-strength border.
type routeStep struct {
	fleet   Province
	crossed bool
}

// convoyRoute searches the routes that carry the army at a to d through
// the fleets ordered to convoy it that are not dislodged. A route may cross
// at most one half-strength border: an army in Egypt cannot be convoyed
// around the Cape and back to Hejaz (vDiplomacy's 1900 case X.P, "no
// convoys across two half-strength segments"). full reports that some route
// ends with an ordinary border, so that the army attacks at full strength
// (X.Q, X.R: only the last step decides; X.S0: the full-strength route is
// preferred).
func (r *Resolver) convoyRoute(a, d Province) (found, full bool) {
	m := r.m
	// convoyRoute may be re-entered through adjudicate, so it keeps its
	// own queue.
	var buf [16]routeStep
	q := buf[:0]
	in := func(s routeStep) bool {
		for _, x := range q {
			if x == s {
				return true
			}
		}
		return false
	}
	for f := r.pv[a].convHead; f >= 0; f = r.pv[f].convNext {
		fp := Province(f)
		if m.seaAdj[a].has(fp) && r.adjudicate(fp) {
			q = append(q, routeStep{fp, m.halfBetween(a, fp)})
		}
	}
	for i := 0; i < len(q); i++ {
		c := q[i]
		if m.seaAdj[c.fleet].has(d) {
			if half := m.halfBetween(c.fleet, d); !(c.crossed && half) {
				found = true
				full = full || !half
			}
		}
		for f := r.pv[a].convHead; f >= 0; f = r.pv[f].convNext {
			fp := Province(f)
			if !m.seaAdj[c.fleet].has(fp) {
				continue
			}
			half := m.halfBetween(c.fleet, fp)
			s := routeStep{fp, c.crossed || half}
			if c.crossed && half || in(s) {
				continue
			}
			if r.adjudicate(fp) {
				q = append(q, s)
			}
		}
	}
	return found, full
}

// halfBetween reports whether every fleet border from province p to
// province q (from any coast, to any coast) has half strength.
func (m *Map) halfBetween(p, q Province) bool {
	any := false
	for _, from := range m.fleetLocs(p) {
		if from.Province == NoProvince {
			break
		}
		for _, to := range m.fleetLocs(q) {
			if to.Province == NoProvince {
				break
			}
			if ok, k := m.Edge(Fleet, from, to); ok {
				if !m.BorderKinds[k].HalfStrength {
					return false
				}
				any = true
			}
		}
	}
	return any
}

// fleetLocs returns the locations a fleet may hold in province p, padded
// with NoProvince (no allocation: it runs inside the resolver).
func (m *Map) fleetLocs(p Province) [numCoasts]Loc {
	var out [numCoasts]Loc
	for i := range out {
		out[i].Province = NoProvince
	}
	if !m.HasCoasts(p) {
		out[0] = At(p)
		return out
	}
	for i, c := range m.Provinces[p].Coasts {
		out[i] = Loc{Province: p, Coast: c}
	}
	return out
}
