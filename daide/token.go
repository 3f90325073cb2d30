// Package daide speaks DAIDE, the binary token protocol of the Diplomacy
// AI Development Environment that the classic bots (DumbBot, Albert,
// KissMyBot) and other servers speak: its tokens and messages, the map
// definition (MDF) made from a variant's map, a game server that seats
// DAIDE clients beside local players, and a client for Chancery's own bots.
//
// The protocol is the DAIDE client-server protocol (TCP; initial,
// representation, diplomacy, final and error messages) with the message
// syntax at press level 0: no press between players.
package daide

import (
	"fmt"
	"strconv"
	"sync"
)

// Token is one token of the language: a 16-bit value whose high byte is
// its category.
type Token uint16

// The categories of tokens (the high byte of a token).
const (
	catMisc       = 0x40
	catPower      = 0x41
	catUnit       = 0x42
	catOrder      = 0x43
	catNote       = 0x44
	catResult     = 0x45
	catCoast      = 0x46
	catSeason     = 0x47
	catCommand    = 0x48
	catParameter  = 0x49
	catPress      = 0x4A
	catText       = 0x4B
	catProvince   = 0x50 // 0x50 to 0x57: inland, sea, coastal, bicoastal; the low bit: a supply centre
	catProvinceHi = 0x57
)

// Category returns the token's category, its high byte.
func (t Token) Category() byte { return byte(t >> 8) }

// IsInt reports whether t is an integer (14-bit two's complement).
func (t Token) IsInt() bool { return t&0xC000 == 0 }

// Int returns the value of an integer token.
func (t Token) Int() int {
	if t&0x2000 != 0 {
		return int(t) - 0x4000
	}
	return int(t)
}

// Int makes the token of integer n, which must be in [-8192, 8191].
func Int(n int) Token { return Token(uint16(n) & 0x3FFF) }

// IsProvince reports whether t is in a province category.
func (t Token) IsProvince() bool { c := t.Category(); return c >= catProvince && c <= catProvinceHi }

// IsPower reports whether t is a power.
func (t Token) IsPower() bool { return t.Category() == catPower }

// IsText reports whether t is one byte of text.
func (t Token) IsText() bool { return t.Category() == catText }

// The tokens this package reads or writes by name.
const (
	BRA Token = 0x4000
	KET Token = 0x4001

	AMY Token = 0x4200
	FLT Token = 0x4201

	CTO Token = 0x4320
	CVY Token = 0x4321
	HLD Token = 0x4322
	MTO Token = 0x4323
	SUP Token = 0x4324
	VIA Token = 0x4325
	DSB Token = 0x4340
	RTO Token = 0x4341
	BLD Token = 0x4380
	REM Token = 0x4381
	WVE Token = 0x4382

	MBV Token = 0x4400
	BPR Token = 0x4401
	CST Token = 0x4402
	ESC Token = 0x4403
	FAR Token = 0x4404
	HSC Token = 0x4405
	NAS Token = 0x4406
	NMB Token = 0x4407
	NMR Token = 0x4408
	NRN Token = 0x4409
	NRS Token = 0x440A
	NSA Token = 0x440B
	NSC Token = 0x440C
	NSF Token = 0x440D
	NSP Token = 0x440E
	NSU Token = 0x4410
	NVR Token = 0x4411
	NYU Token = 0x4412
	YSC Token = 0x4413

	SUC Token = 0x4500
	BNC Token = 0x4501
	CUT Token = 0x4502
	DSR Token = 0x4503
	FLD Token = 0x4504
	NSO Token = 0x4505
	RET Token = 0x4506

	NCS Token = 0x4600
	NEC Token = 0x4602
	ECS Token = 0x4604
	SEC Token = 0x4606
	SCS Token = 0x4608
	SWC Token = 0x460A
	WCS Token = 0x460C
	NWC Token = 0x460E

	SPR Token = 0x4700
	SUM Token = 0x4701
	FAL Token = 0x4702
	AUT Token = 0x4703
	WIN Token = 0x4704

	CCD Token = 0x4800
	DRW Token = 0x4801
	FRM Token = 0x4802
	GOF Token = 0x4803
	HLO Token = 0x4804
	HST Token = 0x4805
	HUH Token = 0x4806
	IAM Token = 0x4807
	LOD Token = 0x4808
	MAP Token = 0x4809
	MDF Token = 0x480A
	MIS Token = 0x480B
	NME Token = 0x480C
	NOT Token = 0x480D
	NOW Token = 0x480E
	OBS Token = 0x480F
	OFF Token = 0x4810
	ORD Token = 0x4811
	OUT Token = 0x4812
	PRN Token = 0x4813
	REJ Token = 0x4814
	SCO Token = 0x4815
	SLO Token = 0x4816
	SND Token = 0x4817
	SUB Token = 0x4818
	SVE Token = 0x4819
	THX Token = 0x481A
	TME Token = 0x481B
	YES Token = 0x481C
	ADM Token = 0x481D
	SMR Token = 0x481E

	AOA Token = 0x4900
	BTL Token = 0x4901
	ERR Token = 0x4902
	LVL Token = 0x4903
	MRT Token = 0x4904
	MTL Token = 0x4905
	NPB Token = 0x4906
	NPR Token = 0x4907
	PDA Token = 0x4908
	PTL Token = 0x4909
	RTL Token = 0x490A
	UNO Token = 0x490B
	DSD Token = 0x490D
)

// fixedNames are the names of the tokens that mean the same in every game
// (the powers and provinces come from a Representation). Press tokens are
// listed so that a press message is read and answered, not taken for
// nonsense. The table is built when first used, not at the start of every
// command linked with this package.
var fixedNames = sync.OnceValue(func() map[Token]string {
	return map[Token]string{
		AMY: "AMY", FLT: "FLT",
		CTO: "CTO", CVY: "CVY", HLD: "HLD", MTO: "MTO", SUP: "SUP", VIA: "VIA", DSB: "DSB", RTO: "RTO",
		BLD: "BLD", REM: "REM", WVE: "WVE",
		MBV: "MBV", BPR: "BPR", CST: "CST", ESC: "ESC", FAR: "FAR", HSC: "HSC", NAS: "NAS", NMB: "NMB",
		NMR: "NMR", NRN: "NRN", NRS: "NRS", NSA: "NSA", NSC: "NSC", NSF: "NSF", NSP: "NSP", NSU: "NSU",
		NVR: "NVR", NYU: "NYU", YSC: "YSC",
		SUC: "SUC", BNC: "BNC", CUT: "CUT", DSR: "DSR", FLD: "FLD", NSO: "NSO", RET: "RET",
		NCS: "NCS", NEC: "NEC", ECS: "ECS", SEC: "SEC", SCS: "SCS", SWC: "SWC", WCS: "WCS", NWC: "NWC",
		SPR: "SPR", SUM: "SUM", FAL: "FAL", AUT: "AUT", WIN: "WIN",
		CCD: "CCD", DRW: "DRW", FRM: "FRM", GOF: "GOF", HLO: "HLO", HST: "HST", HUH: "HUH", IAM: "IAM",
		LOD: "LOD", MAP: "MAP", MDF: "MDF", MIS: "MIS", NME: "NME", NOT: "NOT", NOW: "NOW", OBS: "OBS",
		OFF: "OFF", ORD: "ORD", OUT: "OUT", PRN: "PRN", REJ: "REJ", SCO: "SCO", SLO: "SLO", SND: "SND",
		SUB: "SUB", SVE: "SVE", THX: "THX", TME: "TME", YES: "YES", ADM: "ADM", SMR: "SMR",
		AOA: "AOA", BTL: "BTL", ERR: "ERR", LVL: "LVL", MRT: "MRT", MTL: "MTL", NPB: "NPB", NPR: "NPR",
		PDA: "PDA", PTL: "PTL", RTL: "RTL", UNO: "UNO", DSD: "DSD",
		0x4A00: "ALY", 0x4A01: "AND", 0x4A02: "BWX", 0x4A03: "DMZ", 0x4A04: "ELS", 0x4A05: "EXP",
		0x4A06: "FWD", 0x4A07: "FCT", 0x4A08: "FOR", 0x4A09: "HOW", 0x4A0A: "IDK", 0x4A0B: "IFF",
		0x4A0C: "INS", 0x4A0E: "OCC", 0x4A0F: "ORR", 0x4A10: "PCE", 0x4A11: "POB", 0x4A13: "PRP",
		0x4A14: "QRY", 0x4A15: "SCD", 0x4A16: "SRY", 0x4A17: "SUG", 0x4A18: "THK", 0x4A19: "THN",
		0x4A1A: "TRY", 0x4A1C: "VSS", 0x4A1D: "WHT", 0x4A1E: "WHY", 0x4A1F: "XDO", 0x4A20: "XOY",
		0x4A21: "YDO", 0x4A22: "CHO", 0x4A23: "BCC", 0x4A24: "UNT", 0x4A25: "CCL", 0x4A26: "NAR",
	}
})

// fixedTokens is fixedNames the other way, built when first used.
var fixedTokens = sync.OnceValue(func() map[string]Token {
	names := fixedNames()
	m := make(map[string]Token, len(names))
	for t, n := range names {
		m[n] = t
	}
	return m
})

// reservedName reports whether name (three upper-case letters) is a token
// of the language, which no province or power of a map may be called.
func reservedName(name string) bool { _, ok := fixedTokens()[name]; return ok }

// String returns the token's text without a representation: the name of a
// fixed token, an integer's decimal value, a text byte as 'c', and
// otherwise the value in hexadecimal.
func (t Token) String() string {
	switch {
	case t.IsInt():
		return strconv.Itoa(t.Int())
	case t == BRA:
		return "("
	case t == KET:
		return ")"
	case t.IsText():
		return strconv.QuoteRune(rune(byte(t)))
	}
	if n, ok := fixedNames()[t]; ok {
		return n
	}
	return fmt.Sprintf("0x%04X", uint16(t))
}
