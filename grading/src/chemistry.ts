import { distance } from 'fastest-levenshtein';
import type { CheckAnswerResult } from './check';
import type { MarkingPolicy } from './policy';
import { independentMarks, schemeAsNotes } from './algebra-scheme';
import { checkEquation, checkWordEquation } from './equations';
import { toQuarter } from './points';
import { ANIONS, CATIONS, salts } from './salts';
import { SUPERSCRIPTS as DIGIT_SUPERSCRIPTS } from './quantity';

/**
 * Chemical names and formulas: "CO2", "CO₂" and "carbon dioxide" are one answer; "CO" and "carbon monoxide"
 * are another compound and never accepted for it. Formulas are compared by their atoms (a small parser of
 * element symbols, brackets and counts); names through a table of the compounds and elements school
 * questions ask about.
 */

type Compound = { formula: string; names: string[] };

const TABLE: Compound[] = [
  { formula: 'H2O', names: ['water', 'dihydrogen monoxide'] },
  { formula: 'CO2', names: ['carbon dioxide'] },
  { formula: 'CO', names: ['carbon monoxide'] },
  { formula: 'O2', names: ['oxygen', 'oxygen gas', 'dioxygen'] },
  { formula: 'O3', names: ['ozone'] },
  { formula: 'N2', names: ['nitrogen', 'nitrogen gas'] },
  { formula: 'H2', names: ['hydrogen', 'hydrogen gas'] },
  { formula: 'Cl2', names: ['chlorine', 'chlorine gas'] },
  { formula: 'NaCl', names: ['sodium chloride', 'table salt', 'common salt'] },
  { formula: 'HCl', names: ['hydrochloric acid', 'hydrogen chloride'] },
  { formula: 'H2SO4', names: ['sulfuric acid', 'sulphuric acid'] },
  { formula: 'HNO3', names: ['nitric acid'] },
  // The "-ous" acids, one oxygen fewer: named for "-ic" acids by slip or confusion.
  { formula: 'H2SO3', names: ['sulfurous acid', 'sulphurous acid'] },
  { formula: 'HNO2', names: ['nitrous acid'] },
  { formula: 'NaOH', names: ['sodium hydroxide', 'caustic soda'] },
  { formula: 'KOH', names: ['potassium hydroxide'] },
  { formula: 'CaCO3', names: ['calcium carbonate', 'limestone', 'chalk'] },
  { formula: 'CaO', names: ['calcium oxide', 'quicklime'] },
  { formula: 'Ca(OH)2', names: ['calcium hydroxide', 'slaked lime', 'limewater'] },
  { formula: 'CH4', names: ['methane'] },
  { formula: 'C2H6', names: ['ethane'] },
  { formula: 'C3H8', names: ['propane'] },
  { formula: 'C2H4', names: ['ethene', 'ethylene'] },
  { formula: 'C2H5OH', names: ['ethanol', 'ethyl alcohol'] },
  { formula: 'CH3OH', names: ['methanol', 'methyl alcohol'] },
  { formula: 'C6H12O6', names: ['glucose'] },
  { formula: 'C12H22O11', names: ['sucrose'] },
  { formula: 'NH3', names: ['ammonia'] },
  { formula: 'NO2', names: ['nitrogen dioxide'] },
  { formula: 'NO', names: ['nitrogen monoxide', 'nitric oxide', 'nitrogen oxide'] },
  { formula: 'N2O', names: ['nitrous oxide', 'dinitrogen monoxide', 'dinitrogen oxide'] },
  { formula: 'SO2', names: ['sulfur dioxide', 'sulphur dioxide'] },
  { formula: 'SO3', names: ['sulfur trioxide', 'sulphur trioxide'] },
  { formula: 'MgO', names: ['magnesium oxide'] },
  { formula: 'Fe2O3', names: ['iron(III) oxide', 'iron iii oxide', 'ferric oxide'] },
  { formula: 'FeO', names: ['iron(II) oxide', 'iron ii oxide', 'ferrous oxide'] },
  { formula: 'CuO', names: ['copper oxide', 'copper(II) oxide', 'copper ii oxide'] },
  { formula: 'CuSO4', names: ['copper sulfate', 'copper sulphate', 'copper(II) sulfate', 'copper ii sulfate', 'copper(II) sulphate'] },
  { formula: 'H2O2', names: ['hydrogen peroxide'] },
  { formula: 'NaHCO3', names: ['sodium hydrogencarbonate', 'sodium hydrogen carbonate', 'sodium bicarbonate', 'baking soda'] },
  { formula: 'Na2CO3', names: ['sodium carbonate', 'washing soda'] },
  { formula: 'KCl', names: ['potassium chloride'] },
  { formula: 'MgCl2', names: ['magnesium chloride'] },
  { formula: 'CaCl2', names: ['calcium chloride'] },
  { formula: 'AgNO3', names: ['silver nitrate'] },
  { formula: 'KMnO4', names: ['potassium permanganate', 'potassium manganate(VII)'] },
  { formula: 'He', names: ['helium'] },
  { formula: 'Ne', names: ['neon'] },
  { formula: 'Ar', names: ['argon'] },
  { formula: 'Fe', names: ['iron'] },
  { formula: 'Cu', names: ['copper'] },
  { formula: 'Na', names: ['sodium'] },
  { formula: 'K', names: ['potassium'] },
  { formula: 'Mg', names: ['magnesium'] },
  { formula: 'Ca', names: ['calcium'] },
  { formula: 'Zn', names: ['zinc'] },
  { formula: 'Al', names: ['aluminium', 'aluminum'] },
  { formula: 'C', names: ['carbon'] },
  { formula: 'S', names: ['sulfur', 'sulphur'] },
  { formula: 'Au', names: ['gold'] },
  { formula: 'Ag', names: ['silver'] },
  { formula: 'Li', names: ['lithium'] },
];

/** The table, and every salt of the usual ions that it does not list (its names added where it does). */
const COMPOUNDS: Compound[] = (() => {
  const all = TABLE.map((c) => ({ formula: c.formula, names: [...c.names] }));
  for (const salt of salts()) {
    const known = all.find((c) => c.formula === salt.formula);
    if (known) known.names.push(...salt.names.filter((n) => !known.names.some((k) => k.toLowerCase() === n.toLowerCase())));
    else all.push(salt);
  }
  return all;
})();

const lower = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** Words of chemical names: a response that writes one of these wrote a different name, not a misspelt one. */
const CHEMICAL_WORDS = new Set([
  ...COMPOUNDS.flatMap((c) => c.names.flatMap((n) => lower(n).split(' '))),
  ...'chloride chlorine chlorate oxide dioxide monoxide trioxide sulfate sulfite sulfide sulphate sulphite sulphide nitrate nitrite nitride carbonate hydroxide hydride bromide bromine iodide iodine fluoride fluorine acid peroxide phosphate ammonium'.split(
    ' ',
  ),
]);

const ELEMENTS = new Set(
  (
    'H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr Rb Sr Y Zr Nb Mo Tc Ru ' +
    'Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pt Au Hg Tl Pb Bi Po At Rn Fr Ra U Pu'
  ).split(' '),
);

const SUBSCRIPT_DIGITS: Record<string, string> = {
  '₀': '0',
  '₁': '1',
  '₂': '2',
  '₃': '3',
  '₄': '4',
  '₅': '5',
  '₆': '6',
  '₇': '7',
  '₈': '8',
  '₉': '9',
};
const plainDigits = (text: string) => text.replace(/[₀-₉]/g, (c) => SUBSCRIPT_DIGITS[c]!).replace(/<\/?sub>|_\{?|\}/g, '');

/** Atoms of a formula: "Ca(OH)2" → Ca 1, O 2, H 2. Null when it is not a formula of real elements. */
export function atomsOf(formula: string): Map<string, number> | null {
  const text = plainDigits(formula).trim();
  if (!/^[A-Z(]/.test(text) || !/^[A-Za-z0-9()]+$/.test(text)) return null;
  let i = 0;
  const group = (): Map<string, number> | null => {
    const counts = new Map<string, number>();
    while (i < text.length && text[i] !== ')') {
      let part: Map<string, number> | null;
      if (text[i] === '(') {
        i++;
        part = group();
        if (!part || text[i] !== ')') return null;
        i++;
      } else {
        const m = /^[A-Z][a-z]?/.exec(text.slice(i));
        if (!m || !ELEMENTS.has(m[0])) return null;
        i += m[0].length;
        part = new Map([[m[0], 1]]);
      }
      const n = /^\d+/.exec(text.slice(i));
      const times = n ? Number(n[0]) : 1;
      if (n) i += n[0].length;
      for (const [el, c] of part) counts.set(el, (counts.get(el) ?? 0) + c * times);
    }
    return counts;
  };
  const atoms = group();
  return atoms && i === text.length && atoms.size > 0 ? atoms : null;
}

const sameAtoms = (a: Map<string, number>, b: Map<string, number>) => a.size === b.size && [...a].every(([el, c]) => b.get(el) === c);

type Found = { compound: Compound | null; formula?: string; written: string; caseSlip?: boolean; spellingSlip?: boolean };

const display = (c: Compound) => (c.names[0] ? `${c.names[0]} (${c.formula})` : c.formula);

/** "(formula asked)", "(name only)", "(name or formula)": the key's note of the form it takes, no compound. */
const FORM_NOTE =
  /\(\s*(?:(?:the\s+)?(?:formula|name)\s+(?:asked|needed|required|only|wanted)|(?:name|formula)\s+or\s+(?:name|formula)|either)\s*\)/gi;
/** The key says only the formula will do: "NaCl (formula asked)". */
const FORMULA_ONLY = /\(\s*(?:the\s+)?formula\s+(?:asked|needed|required|only|wanted)\s*\)/i;

/** The one compound a key names ("carbon dioxide", "CO₂", "Carbon dioxide (CO2)", "oxygen gas"), or null. */
export function keyCompound(key: string, question = ''): Compound | null {
  // A bare capital letter is far more often a multiple-choice letter than an element.
  if (/^\(?[A-Z][a-z]?\)?\.?$/.test(key.trim()) && !/\b(symbol|element|chemical|formula|metal)\b/i.test(question)) return null;
  const text = plainDigits(key)
    .replace(FORM_NOTE, ' ')
    .replace(/[.;]\s*$/, '')
    .replace(/^the\s+/i, '')
    .trim();
  const m = /^(.+?)\s*\(([^()]+(?:\([^()]*\)[^()]*)?)\)$/.exec(text);
  // "hydrogen (accept H2, H₂)": the accepted forms in the brackets, each the same compound.
  const accepted = m && /^(?:also\s+)?(?:accept|allow)\s+/i.test(m[2]!.trim());
  const pieces = m
    ? accepted
      ? [m[1]!, ...m[2]!.replace(/^\s*(?:also\s+)?(?:accept|allow)\s+/i, '').split(/\s*,\s*|\s+or\s+/i)]
      : [m[1]!, m[2]!]
    : [text];
  let found: Compound | null = null;
  // "oxygen / O2", "sulfuric acid or sulphuric acid": each wording the same compound.
  for (const piece of pieces.flatMap((p) => p.split(/\s+\/\s+|\s+or\s+/i))) {
    const c = byName(piece.replace(/\s+gas$/i, '')) ?? byFormula(piece);
    if (!c) return null;
    if (found && found !== c && !sameAtoms(atomsOf(found.formula)!, atomsOf(c.formula)!)) return null;
    // "sulfur hexafluoride (SF6)": the name's compound, with its names, over the bare formula's.
    if (!found || found.names.length === 0) found = c;
  }
  return found;
}

function byName(text: string): Compound | null {
  const t = lower(text);
  return COMPOUNDS.find((c) => c.names.some((n) => lower(n) === t)) ?? covalentName(t);
}

/** Non-metals of the binary compounds named with prefixes, as their names are written first. */
const NON_METALS: Record<string, string> = {
  hydrogen: 'H',
  boron: 'B',
  carbon: 'C',
  nitrogen: 'N',
  oxygen: 'O',
  fluorine: 'F',
  silicon: 'Si',
  phosphorus: 'P',
  sulfur: 'S',
  sulphur: 'S',
  chlorine: 'Cl',
  bromine: 'Br',
  iodine: 'I',
  xenon: 'Xe',
  selenium: 'Se',
  arsenic: 'As',
};
/** The "-ide" of each, as names write it second. */
const IDES: Record<string, string> = {
  ox: 'O',
  fluor: 'F',
  chlor: 'Cl',
  brom: 'Br',
  iod: 'I',
  sulf: 'S',
  sulph: 'S',
  nitr: 'N',
  phosph: 'P',
  hydr: 'H',
  carb: 'C',
  selen: 'Se',
};
const PREFIXES: Record<string, number> = {
  mono: 1,
  mon: 1,
  di: 2,
  tri: 3,
  tetra: 4,
  tetr: 4,
  penta: 5,
  pent: 5,
  hexa: 6,
  hex: 6,
  hepta: 7,
  hept: 7,
  octa: 8,
  oct: 8,
};
const COVALENT = new RegExp(
  `(?<![a-z])(${Object.keys(PREFIXES).join('|')})?(${Object.keys(NON_METALS).join('|')})[\\s-]+(${Object.keys(PREFIXES).join('|')})?(${Object.keys(IDES).join('|')})ide(?![a-z])`,
  'gi',
);

/**
 * A binary compound named by its prefixes, read by the naming rule rather than looked up: "sulfur hexafluoride" SF6,
 * "dinitrogen tetroxide" N2O4, "carbon tetrachloride" CCl4. Null when the name is not of that form.
 */
function covalentName(text: string): Compound | null {
  COVALENT.lastIndex = 0;
  const m = COVALENT.exec(lower(text));
  if (!m || m.index !== 0 || m[0].length !== lower(text).length) return null;
  const [first, second] = [NON_METALS[m[2]!]!, IDES[m[4]!]!];
  if (first === second) return null;
  const n1 = m[1] ? PREFIXES[m[1]]! : 1;
  const n2 = m[3] ? PREFIXES[m[3]]! : 1;
  const formula = `${first}${n1 > 1 ? n1 : ''}${second}${n2 > 1 ? n2 : ''}`;
  const known = COMPOUNDS.find((c) => sameAtoms(atomsOf(c.formula)!, atomsOf(formula)!));
  return known ?? { formula, names: [lower(text)] };
}

function byFormula(text: string): Compound | null {
  const atoms = atomsOf(text);
  if (!atoms) return null;
  return COMPOUNDS.find((c) => sameAtoms(atomsOf(c.formula)!, atoms)) ?? { formula: plainDigits(text).trim(), names: [] };
}

/** Every compound a response names or writes, longest names first, so "carbon dioxide" is not also "carbon". */
const MAX_FUZZY_WORDS = 40;

/** Every name of the table, longest first, with its pattern ("carbon dioxide" also as "carbon-dioxide"). */
const NAMES = COMPOUNDS.flatMap((c) =>
  c.names.map((n) => ({
    c,
    n,
    words: n.split(' ').length,
    flat: lower(n).replace(/ /g, ''),
    lowerWords: lower(n).split(' '),
    pattern: new RegExp(`(?<![a-z])${n.replace(/[()]/g, '\\$&').replace(/ /g, '[\\s-]+')}(?![a-z])`, 'gi'),
  })),
).sort((a, b) => b.n.length - a.n.length);

function compoundsIn(response: string, strictCase = false): Found[] {
  let text = ` ${plainDigits(response)} `;
  const found: Found[] = [];
  const names = NAMES;
  const exact = (list: typeof names) => {
    for (const { c, pattern } of list) {
      pattern.lastIndex = 0;
      if (!pattern.test(text)) continue;
      text = text.replace(pattern, (w) => {
        found.push({ compound: c, written: w });
        return ' ; ';
      });
    }
  };
  // A name with a slip: "carbon dioxid", "sulfuric acide", "magnesum"; never one that is as near another name.
  const fuzzy = (list: typeof names) => {
    const tokens = [...text.matchAll(/[a-zA-Z()]+/g)];
    // Slips are looked for in short answers only: a long one is for a teacher, and the search grows with its length.
    if (tokens.length > MAX_FUZZY_WORDS) return;
    const maxWords = Math.max(...list.map((x) => x.words)) + 1;
    for (let i = 0; i < tokens.length; i++) {
      for (let size = 1; size <= maxWords && i + size <= tokens.length; size++) {
        const span = tokens.slice(i, i + size);
        const between = text.slice(span[0]!.index, span[size - 1]!.index + span[size - 1]![0].length);
        if (!/^[a-zA-Z()]+(?: [a-zA-Z()]+)*$/.test(between)) continue;
        const candidate = span.map((t) => t[0]).join(' ');
        const words = lower(candidate).split(' ');
        const flat = words.join('');
        let best: (typeof names)[number] | undefined;
        let bestDistance = Infinity;
        let tie = false;
        for (const name of NAMES) {
          if (Math.abs(name.flat.length - flat.length) > 2) continue;
          const d = distance(flat, name.flat);
          if (d < bestDistance) [best, bestDistance, tie] = [name, d, false];
          else if (d === bestDistance && name.c !== best?.c) tie = true;
        }
        if (!best || tie || !list.includes(best) || best.n.length < 6) continue;
        if (bestDistance === 0 ? words.join(' ') === lower(best.n) : bestDistance > (best.n.length >= 10 ? 2 : 1)) continue;
        if (Math.abs(words.length - best.words) > 1) continue;
        // "sodium chlorine" is not a slip for "sodium chloride": a differing word must not be a chemical word itself.
        if (
          words.length === best.words &&
          words.some((w, k) => w !== best.lowerWords[k] && (CHEMICAL_WORDS.has(w) || otherSuffix(w, best.lowerWords[k]!)))
        )
          continue;
        found.push({ compound: best.c, written: candidate, spellingSlip: true });
        text = text.slice(0, span[0]!.index) + ' ; ' + text.slice(span[0]!.index + between.length);
        return fuzzy(list);
      }
    }
  };
  const multi = names.filter((x) => x.words > 1);
  const single = names.filter((x) => x.words === 1);
  // Names of binary compounds by the naming rule, before any word of them is read as an element ("silicon dioxide", "sulphur hexafluoride").
  text = text.replace(COVALENT, (w) => {
    const c = covalentName(w);
    if (!c) return w;
    found.push({ compound: c, written: w.trim() });
    return ' ; ';
  });
  exact(multi);
  fuzzy(multi);
  exact(single);
  fuzzy(single);
  // "CO 2", "Mg O": a formula with a space before its count or between its elements.
  text = text.replace(
    /(?<![A-Za-z0-9])([A-Z][A-Za-z0-9()]*)\s+(\d(?![\d.,])|[A-Z][a-z]?\d*(?![A-Za-z0-9]))/g,
    (all, f: string, n: string) => (COMPOUNDS.some((c) => c.formula === `${f}${n}`) ? `${f}${n}` : all),
  );
  for (const m of text.matchAll(/(?<![A-Za-z0-9])[A-Za-z][A-Za-z0-9()]*/g)) {
    const token = m[0];
    // "Co2", "cO2": a table formula in the wrong case.
    const sameLetters = COMPOUNDS.filter((c) => c.formula !== token && c.formula.toLowerCase() === token.toLowerCase());
    // Where the formula is asked, "CaCo3" is no slip of CaCO3 but calcium and cobalt: a case that reads as other real
    // elements is another substance. (Naming a gas, "Co2" is carbon dioxide written carelessly: right, flagged.)
    const otherElements = strictCase && atomsOf(token) !== null && /^[A-Z]/.test(token);
    if (
      (/\d/.test(token) || (token.length >= 3 && /[A-Z]/.test(sameLetters[0]?.formula.slice(1) ?? ''))) &&
      sameLetters.length === 1 &&
      !COMPOUNDS.some((c) => c.formula === token) &&
      !otherElements
    ) {
      found.push({ compound: sameLetters[0]!, formula: token, written: token, caseSlip: true });
      continue;
    }
    // "C02", "H20": the digit 0 typed for the letter O.
    const withO = token.includes('0') ? token.replace(/0/g, 'O') : '';
    const zeroFor = withO ? COMPOUNDS.find((c) => c.formula === withO) : undefined;
    if (zeroFor && !COMPOUNDS.some((c) => atomsOf(token) && sameAtoms(atomsOf(c.formula)!, atomsOf(token)!))) {
      found.push({ compound: zeroFor, formula: withO, written: token, caseSlip: true });
      continue;
    }
    const atoms = atomsOf(token);
    if (atoms && /[A-Z]/.test(token) && (/\d/.test(token) || atoms.size > 1 || token.length <= 2)) {
      if (!/\d/.test(token) && ['I', 'In', 'As', 'At', 'Be', 'He', 'No', 'So', 'Co', 'Am', 'Is', 'It', 'Hi', 'Ha'].includes(token))
        continue;
      if (!/\d/.test(token) && /^[A-Z][a-z]+$/.test(token) && token.length > 2) continue;
      const known = COMPOUNDS.find((c) => sameAtoms(atomsOf(c.formula)!, atoms)) ?? null;
      found.push({ compound: known, formula: token, written: token });
      continue;
    }
    // "co2", "h2o": a formula in the wrong case.
    if (/\d/.test(token) && token.length <= 12) {
      const matches = COMPOUNDS.filter((c) => c.formula.toLowerCase() === token.toLowerCase());
      if (matches.length === 1) found.push({ compound: matches[0]!, formula: token, written: token, caseSlip: true });
    }
  }
  return found;
}

/** The species of one side or both of an equation, subscripts on the line: "__H₂ + __O₂ → __H₂O" → H2, O2, H2O. */
const species = (equation: string) =>
  equation
    .replace(/[₀-₉]/g, (d) => String('₀₁₂₃₄₅₆₇₈₉'.indexOf(d)))
    .split(/\s*(?:\+|→|->|=|⟶)\s*/)
    .map((t) => t.replace(/_+/g, '').trim())
    .filter(Boolean);

/**
 * "Balance: __H₂ + __O₂ → __H₂O" with the key "2, 1, 2": the key's numbers are the coefficients of the blanks, in their
 * order. The answer gives them as numbers, or as the equation written out (a formula with no number has 1). The same
 * formulas with the key's numbers: right; a formula changed to balance: wrong; every number a whole multiple of the
 * key's: balanced, but not with the lowest whole numbers, nothing for some teachers and half for others (flagged).
 * Null when the question has no blanks to fill or the key is not their numbers.
 */
function checkCoefficients(question: string, key: string, response: string, possible: number): CheckAnswerResult | null {
  const blanks = question.match(/_{2,}/g) ?? [];
  const numbers = /^\s*(\d+(?:\s*,\s*\d+)+)\s*(?:\([^()]*\))?\.?\s*$/.exec(key);
  if (blanks.length < 2 || !numbers) return null;
  const want = numbers[1]!.split(/\s*,\s*/).map(Number);
  const at = question.indexOf(blanks[0]!);
  const asked = species(question.slice(at).split(/[?\n]/)[0]!);
  if (want.length !== blanks.length || asked.length !== want.length) return null;
  const base = { pointsPossible: possible, method: 'terms' as const, matched: [] as string[], missing: [key] };
  const written = response.trim();
  let got: number[];
  if (/^\d+(?:\s*[,;]\s*\d+|\s+\d+)+$/.test(written)) got = written.split(/\s*[,;]\s*|\s+/).map(Number);
  else if (/→|->|=|⟶/.test(written)) {
    const terms = species(written).map((t) => /^(\d*)\s*(.+)$/.exec(t)!);
    if (terms.length !== asked.length) return null;
    if (terms.some((t, i) => t[2]!.replace(/\s+/g, '') !== asked[i]!.replace(/\s+/g, '')))
      return {
        ...base,
        pointsObtained: 0,
        confident: true,
        feedback: 'Not correct: a formula has been changed. Balance an equation with the numbers in front of the formulas only.',
      };
    got = terms.map((t) => (t[1] ? Number(t[1]) : 1));
  } else return null;
  if (got.length !== want.length) return null;
  if (got.every((g, i) => g === want[i]))
    return {
      ...base,
      pointsObtained: possible,
      matched: [key],
      missing: [],
      confident: true,
      feedback: 'Correct: the equation is balanced.',
    };
  const factor = got[0]! / want[0]!;
  if (Number.isInteger(factor) && factor > 1 && got.every((g, i) => g === want[i]! * factor))
    return {
      ...base,
      pointsObtained: 0,
      confident: false,
      reason: 'Balanced, but not with the lowest whole numbers: nothing for some teachers, half for others',
      feedback: `The equation is balanced, but not with the lowest whole numbers: divide them all by ${factor} (${want.join(', ')}).`,
    };
  return {
    ...base,
    pointsObtained: 0,
    confident: true,
    feedback: `Not correct: the equation is not balanced with these numbers (the expected numbers are ${want.join(', ')}).`,
  };
}

/**
 * Checks a response against a key that names one compound or element. Null when the key is not one, so the
 * other checks take it.
 */
export function checkChemistry(
  writtenKey: string,
  response: string,
  possible: number,
  question = '',
  policy: MarkingPolicy = {},
): CheckAnswerResult | null {
  const coefficients = checkCoefficients(question, writtenKey, response, possible);
  if (coefficients) return coefficients;
  // "CO₂ (accept CO2). Do not accept Co2, CO^2.": what the key refuses, written exactly so, is wrong whatever it reads as.
  const { key, refused } = refusals(writtenKey);
  const state = otherOxidationState(key, response);
  if (state) {
    return {
      pointsPossible: possible,
      method: 'terms',
      pointsObtained: 0,
      matched: [],
      missing: [state.want],
      confident: true,
      feedback: `Not correct: ${state.got} is a different compound from ${state.want}; the number in brackets is the charge of the metal ion.`,
    };
  }
  // "… → zinc chloride + hydrogen. B1 zinc chloride. B1 hydrogen.": an equation's marks written as sentences, as notes.
  const lined = schemeAsNotes(key);
  const equation = checkEquation(lined, response, possible, question) ?? checkWordEquation(lined, response, possible);
  if (equation) return equation;
  const charged = checkChargeAndSymbol(key, response, possible);
  if (charged) return charged;
  const ion = checkIon(key, response, possible, question);
  if (ion) return ion;
  const parts = checkParts(key, response, possible, policy);
  if (parts) return parts;
  const want = keyCompound(key, question);
  if (!want) return null;
  const said = response.trim().replace(/[.!]+$/, '');
  const named = refused.find((r) => (/\d|[A-Z].*[A-Z]/.test(r) ? r === said : r.toLowerCase() === said.toLowerCase()));
  if (named !== undefined)
    return {
      pointsPossible: possible,
      method: 'terms',
      pointsObtained: 0,
      matched: [],
      missing: [want.formula],
      confident: true,
      feedback: `Not correct: the key does not accept ${named}. The answer is ${display(want)}.`,
    };
  const formulaAsked = (/\bformula\b/i.test(question) && !/\bname\b/i.test(question)) || FORMULA_ONLY.test(key);
  const wantAtoms = atomsOf(want.formula)!;
  const base = { pointsPossible: possible, method: 'terms' as const };
  const all = compoundsIn(response, formulaAsked);
  const negated = all.filter((f) => isNegated(response, f.written));
  const found = all.filter((f) => !negated.includes(f));
  // "O" for oxygen gas: the element's symbol where its molecule (O2) is the answer; right, but flagged.
  const atomOnly = found.find(
    (f) => f.formula && !/\d/.test(f.formula) && wantAtoms.size === 1 && wantAtoms.get(f.formula) === 2 && found.length === 1,
  );
  if (atomOnly) {
    return {
      ...base,
      pointsObtained: possible,
      matched: [want.formula],
      missing: [],
      confident: false,
      reason: `${atomOnly.written} is the symbol of one atom; the gas is ${want.formula}`,
      feedback: `Right element, but ${atomOnly.written} is one atom: the gas is made of molecules, ${want.formula} (${want.names[0] ?? want.formula}).`,
    };
  }
  const isWanted = (f: Found) =>
    f.compound === want ||
    (f.compound !== null && sameAtoms(atomsOf(f.compound.formula) ?? new Map(), wantAtoms)) ||
    (f.formula !== undefined && sameAtoms(atomsOf(f.formula) ?? new Map(), wantAtoms));
  const right = found.filter(isWanted);
  const others = found.filter((f) => !isWanted(f));
  const others2 = others.filter((f) => !right.some((r) => r.written.toLowerCase().includes(f.written.toLowerCase())));
  const wanted = display(want);
  // "Which element has the symbol Na?" — "Na": the question's own formula given back, not the name it asks for.
  const echoed = (f: Found) =>
    f.formula !== undefined &&
    new RegExp(`(?<![A-Za-z0-9])${f.formula.replace(/[()]/g, '\\$&')}(?![A-Za-z0-9])`).test(plainDigits(question));
  if (right.length > 0 && others2.length === 0 && right.every(echoed) && want.names.length > 0) {
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: [want.names[0]!],
      confident: true,
      feedback: `The question gives ${right[0]!.written} already: it asks for the name, ${want.names[0]}.`,
    };
  }
  if (right.length > 0 && others2.length === 0) {
    if (formulaAsked && !right.some((f) => f.formula)) {
      return {
        ...base,
        pointsObtained: 0,
        matched: [],
        missing: [want.formula],
        confident: true,
        feedback: `You named the right substance, but the question asks for its chemical formula: ${want.formula}.`,
      };
    }
    const slip = right.find((f) => f.caseSlip || f.spellingSlip);
    // The assignment's policy on letter case ("co2", "Co2"; not "C02", the digit 0 for the letter O): a wrong case
    // scores 0, or a formula typed all in lower case is the formula.
    const caseDecided = slip?.caseSlip ? caseByPolicy(slip, policy) : null;
    if (caseDecided === 'wrong') {
      return {
        ...base,
        pointsObtained: 0,
        matched: [],
        missing: [want.formula],
        confident: true,
        feedback: `Not correct as written: in a formula the case of each letter matters, so ${slip!.written} is not ${want.formula}.`,
      };
    }
    if (caseDecided === 'right') {
      return {
        ...base,
        pointsObtained: possible,
        matched: [want.formula],
        missing: [],
        confident: true,
        feedback: `Correct: ${wanted}. Write it with a capital letter for each element: ${want.formula}.`,
      };
    }
    if (slip?.caseSlip) {
      return {
        ...base,
        pointsObtained: possible,
        matched: [want.formula],
        missing: [],
        confident: false,
        reason: /0/.test(slip.written)
          ? `The formula ${slip.written} has the digit 0 where the letter O belongs`
          : `The formula ${slip.written} is written in the wrong case`,
        feedback: /0/.test(slip.written)
          ? `Right compound, ${wanted}, but write the letter O for oxygen, not the digit 0: ${want.formula}, not ${slip.written}.`
          : `Right compound, ${wanted}, but write the formula with a capital letter for each element: ${want.formula}, not ${slip.written}.`,
      };
    }
    // "Spell the word for …": the spelling is what is asked, so a slip is wrong.
    if (slip?.spellingSlip && /\b(?:mis)?spel/i.test(question)) {
      return {
        ...base,
        pointsObtained: 0,
        matched: [],
        missing: [want.names[0] ?? want.formula],
        confident: true,
        feedback: `Not correct: the question asks for the spelling, which is "${want.names[0]}", not "${slip.written}".`,
      };
    }
    if (slip?.spellingSlip) {
      return {
        ...base,
        pointsObtained: possible,
        matched: [want.formula],
        missing: [],
        confident: true,
        feedback: `Correct: ${wanted}. Take care with the spelling: "${want.names[0]}", not "${slip.written}".`,
      };
    }
    return { ...base, pointsObtained: possible, matched: [want.formula], missing: [], confident: true, feedback: `Correct: ${wanted}.` };
  }
  if (right.length > 0) {
    return {
      ...base,
      pointsObtained: possible,
      matched: [want.formula],
      missing: [],
      confident: false,
      reason: `The answer also names ${others2.map((f) => f.written).join(', ')}`,
      feedback: `Your answer names ${wanted}, which is right, but also ${others2.map((f) => f.written).join(' and ')}: give only the one answer the question asks for.`,
    };
  }
  if (others2.length === 0 && negated.some(isWanted)) {
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: [want.formula],
      confident: true,
      feedback: `Not correct: your answer says it is not ${wanted}, but ${wanted} is the answer.`,
    };
  }
  if (others2.length > 0) {
    const other = others2[0]!;
    const what = other.compound ? display(other.compound) : other.written;
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: [want.formula],
      confident: true,
      feedback: `Not correct: ${what} is a different substance. The answer is ${wanted}.`,
    };
  }
  // "Co" for CO where a formula is asked: the letters of the key in a case that is another element's symbol.
  const lone = plainDigits(response).trim();
  if (formulaAsked && lone !== want.formula && lone.toLowerCase() === want.formula.toLowerCase() && /^[A-Z]/.test(lone) && atomsOf(lone)) {
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: [want.formula],
      confident: true,
      feedback: `Not correct: ${lone} is the formula of another substance (each capital letter starts an element's symbol). The answer is ${wanted}.`,
    };
  }
  return {
    ...base,
    pointsObtained: 0,
    matched: [],
    missing: [want.formula],
    confident: false,
    reason: 'No chemical name or formula could be read in the answer',
    feedback: `No chemical name or formula could be read in your answer, so a teacher will check it. The expected answer is ${wanted}.`,
  };
}

/**
 * The substances a piece of an equation names or writes ("zinc chloride", "H2", "magnesium oxide"), each as its
 * formula's atoms, with whether it is written as a name, and a slip of the name ("zinc chlorine" is no slip: it names
 * chlorine). Empty when none can be read.
 */
export function substancesIn(text: string): { atoms: Map<string, number>; written: string; name: boolean }[] {
  return compoundsIn(text)
    .filter((f) => f.compound !== null || f.formula !== undefined)
    .map((f) => ({
      atoms: atomsOf(f.compound?.formula ?? f.formula!) ?? new Map<string, number>(),
      written: f.written,
      name: f.formula === undefined,
    }))
    .filter((f) => f.atoms.size > 0);
}

/**
 * A key's sentences or lines that refuse answers ("Do not accept Co2, CO^2.", "not sodium sulfide"), taken off the key,
 * with what they refuse, each as written; a refusal of a kind ("calculator notation such as …") refuses nothing exact.
 */
function refusals(key: string): { key: string; refused: string[] } {
  const refused: string[] = [];
  // "K; case must be correct", "SO₄²⁻. Charge required.": a rule for the marker (the case, the charge), which the
  // formula itself already asks, is no part of the key; "; accept Ca2+, Ca+2" is the key's accepted wordings.
  const ruled = key
    .replace(
      /(?:[;.]\s*|\s*\n\s*)(?:the\s+)?(?:case|charges?|capitals?|subscripts?)\s+(?:\w+\s+)?(?:must\s+be\s+(?:correct|right|shown|given)|required|needed|matters?)\s*(?=[;.\n]|$)/gi,
      '',
    )
    .replace(/\s*;\s*(?:also\s+)?(?:accept|allow)\b:?\s*([^;.\n]+)(?=[;.\n]|$)/gi, ' (accept $1)')
    // "2H₂ + O₂ → 2H₂O. Numbers 2 and 2. Changing formulas = 0.": sentences after an equation that give no marks of their
    // own, accept or reject nothing, are the marker's notes, no part of it.
    .replace(/^([^\n.]*(?:→|->|⟶)[^\n]*?)\.\s+([^\n]*)$/, (m, eq: string, rest: string) =>
      /\b[MAB]\d\b|\(\d\)|\[\d\]|\b(?:accept|allow|reject|do not|don'?t|state symbols?)\b/i.test(rest) ? m : eq,
    )
    // "NaCl (accept Na⁺Cl⁻)": the formula with its ions' charges shown is the same formula, no other wording to read.
    .replace(/^(\S+)\s*\((?:also\s+)?(?:accept|allow)\s+([^()]+)\)/i, (m, f: string, a: string) =>
      a.replace(/[⁺⁻+\-⁰¹²³⁴⁵⁶⁷⁸⁹]/g, '').trim() === f ? f : m,
    );
  const kept = ruled.split(/\n+|\s*;\s*(?=reject\b)|(?<=[^\s.]{2}|\))\.\s+(?=do not\b|don'?t\b|reject\b)/i).filter((part) => {
    const m = /^\s*(?:(?:do not|don'?t)\s+(?:accept|allow|credit)|reject)\s+(.+?)\s*\.?\s*$/i.exec(part);
    if (!m) return true;
    if (!/\bsuch as\b|\be\.?g\.?\b/i.test(m[1]!))
      refused.push(
        ...m[1]!
          .split(/\s*,\s*|\s+or\s+/i)
          .map((r) => r.replace(/^['"‘“]|['"’”]$/g, '').trim())
          .filter(Boolean),
      );
    return false;
  });
  return { key: kept.join('\n').trim().replace(/\.$/, ''), refused };
}

/**
 * "sodium chloride (1); NaCl (1)": a key of parts with their marks, each a compound's name or its formula. Each part
 * earns its marks when the response gives it in that form: the name as a name (a slip allowed, never another chemical
 * word: "sodium chlorine" is not the name), the formula as a formula. Null when the key is not such a list.
 */
/**
 * A formula in the wrong letter case (not the digit 0 for the letter O), as the assignment's policy marks it: 'wrong'
 * under "exact", 'right' when typed all in lower case under "lower-case-accepted", else null (the usual: flagged).
 */
function caseByPolicy(slip: { formula?: string | undefined; written: string }, policy: MarkingPolicy): 'wrong' | 'right' | null {
  if (slip.formula !== slip.written) return null;
  if (policy.formulaCase === 'exact') return 'wrong';
  if (policy.formulaCase === 'lower-case-accepted' && slip.written === slip.written.toLowerCase()) return 'right';
  return null;
}

function checkParts(key: string, response: string, possible: number, policy: MarkingPolicy = {}): CheckAnswerResult | null {
  const pieces = key.split(/\s*;\s*|\s+and\s+(?=[^;]*\(\d\)\s*$)/);
  if (pieces.length < 2) return null;
  const parts: { compound: Compound; asName: boolean; marks: number; text: string }[] = [];
  for (const piece of pieces) {
    const m = /^(.+?)\s*\((\d+)\)\s*\.?$/.exec(piece.trim());
    if (!m) return null;
    const text = m[1]!.trim();
    const byItsName = byName(text.replace(/\s+gas$/i, ''));
    const compound = byItsName ?? (atomsOf(text) ? byFormula(text) : null);
    if (!compound) return null;
    parts.push({ compound, asName: byItsName !== null, marks: Number(m[2]), text });
  }
  const total = parts.reduce((t, p) => t + p.marks, 0);
  if (total <= 0) return null;
  const found = compoundsIn(response).filter((f) => !isNegated(response, f.written));
  const same = (a: Compound | null, b: Compound) => a === b || (a !== null && sameAtoms(atomsOf(a.formula)!, atomsOf(b.formula)!));
  let earned = 0;
  let slip = false;
  const matched: string[] = [];
  const missing: string[] = [];
  for (const part of parts) {
    const hit = found.find((f) => same(f.compound, part.compound) && (part.asName ? f.formula === undefined : f.formula !== undefined));
    const byPolicy = hit?.caseSlip ? caseByPolicy(hit, policy) : null;
    if (hit && byPolicy !== 'wrong') {
      earned += part.marks;
      matched.push(part.text);
      if (hit.caseSlip && byPolicy !== 'right') slip = true;
    } else missing.push(part.text);
  }
  const points = toQuarter((earned / total) * possible, possible);
  const base = { pointsPossible: possible, method: 'terms' as const, pointsObtained: points, matched, missing };
  if (missing.length === 0)
    return {
      ...base,
      confident: !slip,
      ...(slip ? { reason: 'A formula is written in the wrong case' } : {}),
      feedback: `Correct: ${matched.join(' and ')}.`,
    };
  return {
    ...base,
    confident: !slip,
    ...(slip ? { reason: 'A formula is written in the wrong case' } : {}),
    feedback:
      matched.length > 0
        ? `Partly correct: ${matched.join(' and ')} is right, but the answer also needs ${missing.join(' and ')}.`
        : `Not correct: the answer is ${missing.join(' and ')}.`,
  };
}

const NEGATIONS = /\b(not|no|never|isn'?t|aren'?t|nor|neither)\s+(?:(?:a|an|the|just|only|really|made of)\s+)?$/i;

/** "not carbon dioxide", "it isn't CO2": a substance the response names only to rule it out. */
function isNegated(response: string, written: string): boolean {
  const at = plainDigits(response).toLowerCase().indexOf(written.toLowerCase());
  return at >= 0 && NEGATIONS.test(plainDigits(response).slice(0, at));
}

const SUFFIX = /(ate|ite|ide|ine|ic|ous)$/;

/** "carbonite" for "carbonate", "chlorous" for "chloric": the same stem with another chemical ending is another substance. */
function otherSuffix(written: string, target: string): boolean {
  const a = SUFFIX.exec(written)?.[1];
  const b = SUFFIX.exec(target)?.[1];
  return a !== undefined && b !== undefined && a !== b && written.slice(0, -a.length) === target.slice(0, -b.length);
}

/** Roman numerals of an oxidation state, as names write them: iron(III). */
const OXIDATION = /\b([a-z]+)\s*\(\s*(i{1,3}|iv|v|vi{0,2})\s*\)/gi;

/**
 * "iron(II) oxide" where the key is iron(III) oxide: the same element named with another oxidation state is another
 * compound, even where the key also accepts the name without it ("accept iron oxide").
 */
function otherOxidationState(key: string, response: string): { want: string; got: string } | null {
  const wanted = new Map<string, string>();
  for (const m of key.matchAll(OXIDATION)) if (!wanted.has(m[1]!.toLowerCase())) wanted.set(m[1]!.toLowerCase(), m[2]!.toUpperCase());
  for (const m of response.matchAll(OXIDATION)) {
    const want = wanted.get(m[1]!.toLowerCase());
    if (want && want !== m[2]!.toUpperCase()) return { want: `${m[1]}(${want})`, got: `${m[1]}(${m[2]!.toUpperCase()})` };
  }
  return null;
}

type Ion = { atoms: Map<string, number>; charge: number };

/** An ion's charge written in superscripts: the digits and minus of quantity.ts, and the plus. */
const SUPERSCRIPTS: Readonly<Record<string, string>> = { ...DIGIT_SUPERSCRIPTS, '⁺': '+' };

/**
 * The readings of an ion as students write it: "Al³⁺", "Al3+", "Al 3+", "Al+3", "Al^3+", "Al+++", "SO4 2-", "SO₄²⁻".
 * "SO42-" is read both ways (SO4 with charge 2−, or SO42 with charge 1−): the key decides which is meant. Empty when
 * the text is no formula with a charge.
 */
export function ionReadings(raw: string): Ion[] {
  let text = plainDigits(raw.trim().replace(/\.$/, '')).replace(/[−–]/g, '-');
  // Superscripts mark the charge unambiguously.
  const sup = /^([^⁰-⁹⁺⁻]+?)\s*([⁰¹²³⁴-⁹]*[⁺⁻])$/.exec(text);
  if (sup) text = `${sup[1]!.trim()}^${[...sup[2]!].map((c) => SUPERSCRIPTS[c]).join('')}`;
  text = text.replace(/\^\{/, '^');
  const out: Ion[] = [];
  const add = (formula: string, size: string, sign: string) => {
    const atoms = atomsOf(formula);
    if (!atoms) return;
    out.push({ atoms, charge: (sign === '+' ? 1 : -1) * (size === '' ? 1 : Number(size)) });
  };
  let m: RegExpExecArray | null;
  if ((m = /^([A-Z][A-Za-z0-9()]*?)(?:\s*\^\s*|\s+)(\d*)([+-])$/.exec(text))) add(m[1]!, m[2]!, m[3]!);
  else if ((m = /^([A-Z][A-Za-z0-9()]*?)\s*\^?\s*([+-])(\d+)$/.exec(text))) add(m[1]!, m[3]!, m[2]!);
  else if ((m = /^([A-Z][A-Za-z0-9()]*?)(\++|-+)$/.exec(text))) {
    const formula = m[1]!;
    const signs = m[2]!;
    // "NH4+" or "SO42-": the count before a single sign is the formula's, or the charge's.
    add(formula, signs.length > 1 ? String(signs.length) : '', signs[0]!);
    const d = /^(.+)(\d)$/.exec(formula);
    if (d && signs.length === 1) add(d[1]!, d[2]!, signs);
  }
  return out;
}

const sameIon = (a: Ion, b: Ion) => a.charge === b.charge && sameAtoms(a.atoms, b.atoms);

/**
 * The one ion a key names ("Al³⁺", "SO4 2- (SO₄²⁻)", "Fe³⁺ (iron(III) ion)"): the formula before the brackets, and the
 * one in them must agree where they hold one (a name in them is the ion's name).
 */
function keyIon(key: string): Ion | null {
  const text = key.trim();
  const head = text.replace(/\s*\(.*\)\s*$/, '').trim();
  const inBrackets = head === text ? '' : text.slice(text.indexOf('(', head.length) + 1, text.lastIndexOf(')')).trim();
  const readings = ionReadings(head);
  if (readings.length !== 1) return null;
  const also = inBrackets ? ionReadings(inBrackets) : [];
  if (also.length > 0 && !also.some((r) => sameIon(r, readings[0]!))) return null;
  return readings[0]!;
}

/** "hydroxide ions", "the iron(III) ion": an ion by its name, as the salts name their ions. */
function ionByName(response: string): Ion | null {
  const t = lower(response)
    .replace(/^(?:an?|the)\s+/, '')
    .replace(/\s+ions?\.?$/, '')
    .trim();
  if (t === 'hydrogen') return { atoms: new Map([['H', 1]]), charge: 1 };
  const ion = [...CATIONS, ...ANIONS].find((i) => i.names.some((n) => lower(n) === t));
  if (!ion) return null;
  const atoms = atomsOf(ion.symbol);
  return atoms ? { atoms, charge: ANIONS.includes(ion) ? -ion.charge : ion.charge } : null;
}

/** An ion's formula and charge: the charge must be there, with its sign and size. Null when the key is no ion. */
function checkIon(key: string, response: string, possible: number, question: string): CheckAnswerResult | null {
  const want = keyIon(key);
  if (!want) return null;
  const shown = key.replace(/\s*\(.*\)\s*$/, '').trim();
  const base = { pointsPossible: possible, method: 'terms' as const, confident: true };
  const readings = ionReadings(response);
  if (readings.some((r) => sameIon(r, want)))
    return {
      ...base,
      pointsObtained: possible,
      matched: [shown],
      missing: [],
      feedback: `Correct: ${response.trim()} is the ion ${shown}.`,
    };
  if (readings.length > 0) {
    const sameFormula = readings.some((r) => sameAtoms(r.atoms, want.atoms));
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: [shown],
      feedback: sameFormula
        ? `Not correct: the formula is right but the charge is not: the ion is ${shown}.`
        : `Not correct: the ion is ${shown}.`,
    };
  }
  // "hydroxide ions": the ion by its name, right unless the question asks for the formula.
  const named = /\bions?\b/i.test(response) ? ionByName(response) : null;
  if (named) {
    const right = sameIon(named, want) && !/\bformula\b/i.test(question);
    return {
      ...base,
      pointsObtained: right ? possible : 0,
      matched: right ? [shown] : [],
      missing: right ? [] : [shown],
      feedback: right
        ? `Correct: ${response.trim()}, ${shown}.`
        : sameIon(named, want)
          ? `You named the right ion, but the question asks for its formula: ${shown}.`
          : `Not correct: the ion is ${shown}.`,
    };
  }
  // The formula without a charge, where the question asks for the ion: no ion at all.
  const bare = atomsOf(response.trim().replace(/\.$/, ''));
  if (bare && /\bion\b|\bcharge\b/i.test(question))
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: [shown],
      feedback: `Not correct: an ion has a charge. ${sameAtoms(bare, want.atoms) ? 'The formula is right, but the' : 'The'} answer is ${shown}.`,
    };
  return null;
}

/**
 * "B1 charge −1 (accept 1−, negative one). B1 symbol Cl⁻ (accept Cl-).": a key of independent marks, each an ion's
 * charge or its symbol, each earned on its own by a piece of the answer ("-1, Cl-" both; "negative, Cl" the charge
 * only). A sign in words alone ("negative") for a charge of one is the charge as teachers read it, flagged. Null unless
 * every mark of the key is a charge or an ion.
 */
function checkChargeAndSymbol(key: string, response: string, possible: number): CheckAnswerResult | null {
  const marks = independentMarks(key);
  if (!marks) return null;
  const readCharge = (t: string): number | null => {
    const m = /^([+-]?)(\d+)([+-]?)$/.exec(t.replace(/[−–]/g, '-').trim());
    if (!m || (m[1] && m[3]) || (!m[1] && !m[3])) return null;
    return (m[1] === '-' || m[3] === '-' ? -1 : 1) * Number(m[2]);
  };
  const parts = marks.map((m) => {
    const accepts = [...m.what.matchAll(/\((?:also\s+)?(?:accept|allow)\s+([^()]*)\)/gi)].flatMap((a) => a[1]!.split(/\s*,\s*|\s+or\s+/i));
    const main =
      m.what
        .replace(/\([^()]*\)/g, ' ')
        .trim()
        .split(/\s+/)
        .pop() ?? '';
    return { marks: m.marks, main, accepts, charge: readCharge(main), ion: keyIon(main) };
  });
  if (parts.some((p) => p.charge === null && p.ion === null)) return null;
  const pieces = response
    .split(/\s*[,;]\s*|\s+/)
    .map((t) => t.trim())
    .filter(Boolean);
  const said = lower(response);
  let points = 0;
  let unsure = false;
  const missing: string[] = [];
  for (const part of parts) {
    // An accepted formula as written, its capitals too ("Cl-", not "CL-"); accepted words in any case.
    const accepted = part.accepts.some(
      (a) =>
        a &&
        (/[A-Z]/.test(a)
          ? pieces.includes(a)
          : new RegExp(`(?<![a-z0-9])${a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![a-z0-9])`, 'i').test(said)),
    );
    let earned = accepted;
    if (!earned && part.charge !== null) {
      earned = pieces.some((t) => readCharge(t) === part.charge);
      // "negative" for a charge of −1: the sign in words, the size left out.
      if (!earned && Math.abs(part.charge) === 1 && new RegExp(`\\b${part.charge < 0 ? 'negative' : 'positive'}\\b`).test(said)) {
        earned = unsure = true;
      }
    }
    if (!earned && part.ion) earned = pieces.some((t) => ionReadings(t).some((r) => sameIon(r, part.ion!)));
    if (earned) points += part.marks;
    else missing.push(part.main);
  }
  return {
    pointsPossible: possible,
    method: 'terms',
    pointsObtained: toQuarter(Math.min(points, possible), possible),
    matched: [],
    missing,
    confident: !unsure,
    ...(unsure ? { reason: 'A charge given as its sign in words only ("negative")' } : {}),
    feedback:
      missing.length === 0
        ? 'Correct: the charge and the symbol are right.'
        : `Not all correct: the answer needs ${missing.join(' and ')}.`,
  };
}
