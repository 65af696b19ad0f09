import { unit as createUnit, type Unit as MathUnit } from 'mathjs';
import { normaliseDigits, numberWordsToDigits } from './numbers';
import { perWord } from './text';

/**
 * Numbers as students and answer keys write them: decimals, thousands separators, fractions, mixed numbers,
 * scientific notation (1.2 × 10⁻⁴, 1.2e-4), simple expressions (3/4 + 2/3, √2, 2π) and LaTeX from the editor's
 * formulas, each with an optional unit that is compared by dimension and scale (1200 g = 1.2 kg).
 */

/** Superscript digits and minus as their plain characters (chemistry.ts adds the plus of an ion's charge). */
export const SUPERSCRIPTS: Readonly<Record<string, string>> = {
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
  '⁻': '-',
};
const SUBSCRIPTS = /[₀-₉]/g;

const PLAIN_ARITHMETIC = /^[0-9 .+\-*/^()]*$/;

/** Unicode and LaTeX maths to a plain ASCII form the parser reads. */
export function normaliseMaths(text: string): string {
  // Plain ASCII arithmetic already (a long scan's windows of digits): nothing below changes it.
  if (PLAIN_ARITHMETIC.test(text)) return text;
  let t = text
    .replace(/\$+/g, ' ')
    .replace(/\\left|\\right|\\,|\\;|\\!/g, '')
    .replace(/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, '(($1)/($2))')
    .replace(/\\sqrt\s*\{([^{}]*)\}/g, 'sqrt($1)')
    .replace(/\\(times|cdot)/g, '*')
    .replace(/\\div/g, '/')
    .replace(/\\pi/g, 'pi')
    .replace(/\\approx/g, '≈')
    .replace(/\\(text|mathrm|operatorname)\s*\{([^{}]*)\}/g, ' $2')
    .replace(/\\circ/g, '°')
    .replace(/\\Omega/g, 'Ω')
    .replace(/\\%/g, '%')
    .replace(/\^\{([^{}]*)\}/g, '^($1)')
    .replace(/[{}]/g, '')
    .replace(/[−–—]/g, '-')
    // The fraction slash and the division slash of unicode ("5⁄8", "3∕4") are a fraction bar.
    .replace(/[⁄∕]/g, '/')
    .replace(/[£€¥]\s*(?=\d)/g, '')
    .replace(/[×✕]/g, '*')
    // "3 x 10^8", "6 x 7": an x between numbers is a times sign.
    .replace(/(\d)\s*[xX]\s*(?=10\s*\^|10[⁰¹²³⁴⁵⁶⁷⁸⁹⁻])/g, '$1*')
    .replace(/(\d)\s+[xX]\s+(?=\d)/g, '$1*')
    .replace(/÷/g, '/')
    // "9 over 20": a fraction read aloud.
    .replace(/(\d)\s+over\s+(?=\d)/gi, '$1/')
    // From a run's first digit only (a match starts there if anywhere): not tried again from every digit of a long run.
    .replace(/(?<!\d)(\d+)\s*([½¼¾⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])/g, (_, d: string, f: string) => `(${d}+${VULGAR[f]})`)
    .replace(/[⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]/g, (f) => `(${VULGAR[f]})`)
    .replace(/½/g, '(1/2)')
    .replace(/¼/g, '(1/4)')
    .replace(/¾/g, '(3/4)')
    .replace(/π/g, 'pi')
    .replace(/√\s*\(/g, 'sqrt(')
    .replace(/√\s*([0-9.]+)/g, 'sqrt($1)')
    .replace(SUBSCRIPTS, '');
  t = t.replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+/g, (m) => `^(${[...m].map((c) => SUPERSCRIPTS[c]).join('')})`);
  // 240,000 → 240000 (a comma between digit groups of three), but "2, 4" stays a list.
  t = t.replace(/(\d),(?=\d{3}(?!\d))/g, '$1');
  return t;
}

/** The vulgar fraction characters: "3⅖" is the mixed number 3 2/5. */
const VULGAR: Record<string, string> = {
  '½': '1/2',
  '¼': '1/4',
  '¾': '3/4',
  '⅓': '1/3',
  '⅔': '2/3',
  '⅕': '1/5',
  '⅖': '2/5',
  '⅗': '3/5',
  '⅘': '4/5',
  '⅙': '1/6',
  '⅚': '5/6',
  '⅛': '1/8',
  '⅜': '3/8',
  '⅝': '5/8',
  '⅞': '7/8',
};

export type Unit = { dim: string; factor: number; label: string; offset?: number };
const u = (dim: string, factor: number, label: string, offset?: number): Unit => ({ dim, factor, label, ...(offset ? { offset } : {}) });

const UNITS: Record<string, Unit> = {
  m: u('length', 1, 'm'),
  km: u('length', 1000, 'km'),
  cm: u('length', 0.01, 'cm'),
  mm: u('length', 0.001, 'mm'),
  g: u('mass', 0.001, 'g'),
  kg: u('mass', 1, 'kg'),
  mg: u('mass', 1e-6, 'mg'),
  t: u('mass', 1000, 't'),
  s: u('time', 1, 's'),
  ms: u('time', 0.001, 'ms'),
  min: u('time', 60, 'min'),
  h: u('time', 3600, 'h'),
  N: u('force', 1, 'N'),
  kN: u('force', 1000, 'kN'),
  J: u('energy', 1, 'J'),
  kJ: u('energy', 1000, 'kJ'),
  MJ: u('energy', 1e6, 'MJ'),
  W: u('power', 1, 'W'),
  kW: u('power', 1000, 'kW'),
  MW: u('power', 1e6, 'MW'),
  Pa: u('pressure', 1, 'Pa'),
  kPa: u('pressure', 1000, 'kPa'),
  'm/s': u('speed', 1, 'm/s'),
  'km/h': u('speed', 1 / 3.6, 'km/h'),
  mph: u('speed', 0.44704, 'mph'),
  d: u('time', 86400, 'days'),
  'cm/s': u('speed', 0.01, 'cm/s'),
  'm/s^2': u('acceleration', 1, 'm/s²'),
  A: u('current', 1, 'A'),
  mA: u('current', 0.001, 'mA'),
  V: u('voltage', 1, 'V'),
  kV: u('voltage', 1000, 'kV'),
  Ω: u('resistance', 1, 'Ω'),
  kΩ: u('resistance', 1000, 'kΩ'),
  Hz: u('frequency', 1, 'Hz'),
  kHz: u('frequency', 1000, 'kHz'),
  C: u('charge', 1, 'C'),
  K: u('temperature', 1, 'K'),
  '°C': u('temperature', 1, '°C', 273.15),
  '°F': u('temperature', 5 / 9, '°F', 273.15 - (32 * 5) / 9),
  '°': u('angle', 1, '°'),
  '%': u('percent', 1, '%'),
  mol: u('amount', 1, 'mol'),
  L: u('volume', 0.001, 'L'),
  mL: u('volume', 1e-6, 'mL'),
  'cm^3': u('volume', 1e-6, 'cm³'),
  'm^3': u('volume', 1, 'm³'),
  'cm^2': u('area', 1e-4, 'cm²'),
  'm^2': u('area', 1, 'm²'),
  'mm^2': u('area', 1e-6, 'mm²'),
  'km^2': u('area', 1e6, 'km²'),
  'g/cm^3': u('density', 1000, 'g/cm³'),
  'kg/m^3': u('density', 1, 'kg/m³'),
  'kg*m/s': u('momentum', 1, 'kg·m/s'),
  'N*s': u('momentum', 1, 'N·s'),
  'N*m': u('moment', 1, 'N·m'),
};

const TABLE_UNITS = new Set(Object.values(UNITS));

const WORD_UNITS: Record<string, string> = {
  metre: 'm',
  metres: 'm',
  meter: 'm',
  meters: 'm',
  kilometre: 'km',
  kilometres: 'km',
  kilometer: 'km',
  kilometers: 'km',
  centimetre: 'cm',
  centimetres: 'cm',
  centimeter: 'cm',
  centimeters: 'cm',
  millimetre: 'mm',
  millimetres: 'mm',
  millimeter: 'mm',
  millimeters: 'mm',
  day: 'd',
  days: 'd',
  tonne: 't',
  tonnes: 't',
  milligram: 'mg',
  milligrams: 'mg',
  millilitre: 'mL',
  millilitres: 'mL',
  milliliter: 'mL',
  milliliters: 'mL',
  fahrenheit: '°F',
  '°f': '°F',
  degf: '°F',
  'degrees*fahrenheit': '°F',
  'degrees*f': '°F',
  'degrees*celsius': '°C',
  'degrees*c': '°C',
  'degree*celsius': '°C',
  'degree*fahrenheit': '°F',
  'deg*c': '°C',
  'deg*f': '°F',
  kmph: 'km/h',
  kmhr: 'km/h',
  'kilometre/hour': 'km/h',
  'km/hour': 'km/h',
  'metre/second': 'm/s',
  'm/sec': 'm/s',
  'm/second': 'm/s',
  'mile/hour': 'mph',
  'miles/hour': 'mph',
  'm*s^-1': 'm/s',
  gram: 'g',
  grams: 'g',
  kilogram: 'kg',
  kilograms: 'kg',
  second: 's',
  seconds: 's',
  sec: 's',
  secs: 's',
  minute: 'min',
  minutes: 'min',
  mins: 'min',
  hour: 'h',
  hours: 'h',
  hr: 'h',
  hrs: 'h',
  newton: 'N',
  newtons: 'N',
  joule: 'J',
  joules: 'J',
  watt: 'W',
  watts: 'W',
  pascal: 'Pa',
  pascals: 'Pa',
  amp: 'A',
  amps: 'A',
  ampere: 'A',
  amperes: 'A',
  volt: 'V',
  volts: 'V',
  ohm: 'Ω',
  ohms: 'Ω',
  hertz: 'Hz',
  kelvin: 'K',
  degree: '°',
  degrees: '°',
  deg: '°',
  percent: '%',
  litre: 'L',
  litres: 'L',
  liter: 'L',
  liters: 'L',
  l: 'L',
  ml: 'mL',
  kmh: 'km/h',
  kph: 'km/h',
  mps: 'm/s',
  'km/hr': 'km/h',
  'm/s/s': 'm/s^2',
  'ms^-2': 'm/s^2',
  'm*s^-2': 'm/s^2',
  'ms^-1': 'm/s',
  'kgm/s': 'kg*m/s',
  'kg*m*s^-1': 'kg*m/s',
  ns: 'N*s',
  nm: 'N*m',
  'm^3': 'm^3',
  degc: '°C',
  '°c': '°C',
  celsius: '°C',
  'g/ml': 'g/cm^3',
  'g/cc': 'g/cm^3',
  'g/cm3': 'g/cm^3',
  'kg/m3': 'kg/m^3',
  cm3: 'cm^3',
  m3: 'm^3',
  cm2: 'cm^2',
  m2: 'm^2',
  mm2: 'mm^2',
  'm/s2': 'm/s^2',
  'ohm(s)': 'Ω',
  // A symbol typed in lower case where no other unit has that name ("20 w", "680 hz", "5 kj"): "mj", "mw" stay
  // unread (milli or mega), "n", "a", "v" too (letters of algebra, an article).
  w: 'W',
  kw: 'kW',
  hz: 'Hz',
  khz: 'kHz',
  j: 'J',
  kj: 'kJ',
  pa: 'Pa',
  kpa: 'kPa',
  'kmh^-1': 'km/h',
  'km*h^-1': 'km/h',
  f: '°F',
  'per*cent': '%',
  pct: '%',
};

/**
 * A unit as written ('newtons', 'm s^-1', 'kg·m/s', 'cm²'), or undefined when it is not one we know. Remembered: the scan
 * of a long answer asks of the same words after its numbers again and again, and mathjs's parse of one that is no unit
 * throws, which is slow.
 */
export function readUnit(raw: string): Unit | undefined {
  const unit = rememberedUnit(raw);
  // A unit mathjs made is a new object at every reading, as before it was remembered (units compare by identity).
  return unit && !TABLE_UNITS.has(unit) ? { ...unit } : unit;
}
const rememberedUnit = perWord(unitOf, 20_000);

function unitOf(raw: string): Unit | undefined {
  const compact = raw
    .trim()
    .replace(/\.$/, '')
    .replace(/[·⋅]/g, '*')
    .replace(/\s*\/\s*/g, '/')
    .replace(/\^\((-?\d)\)/g, '^$1')
    .replace(/([a-zA-Z])-([123])\b/g, '$1^-$2')
    .replace(/\s+(?=[a-zA-Z])/g, '*')
    .replace(/^\*|\*$/g, '');
  const direct = UNITS[compact] ?? UNITS[compact.replace(/\*/g, '')];
  if (direct) return direct;
  const lower = compact.toLowerCase();
  const alias = WORD_UNITS[lower] ?? WORD_UNITS[lower.replace(/\*/g, '')];
  if (alias) return UNITS[alias];
  // "square metres", "cubic centimetres", "metres squared", "cm cubed".
  const power = /^(?:(square|sq|cubic|cu)\*(.+)|(.+)\*(squared|cubed))$/.exec(lower);
  if (power) {
    const base = readUnit((power[2] ?? power[3])!.replace(/\*/g, ' '));
    const exponent = /^(square|sq|squared)$/.test((power[1] ?? power[4])!) ? 2 : 3;
    const symbol = base && Object.keys(UNITS).find((k) => UNITS[k] === base);
    if (symbol && !symbol.includes('^') && UNITS[`${symbol}^${exponent}`]) return UNITS[`${symbol}^${exponent}`];
  }
  // "kilometres per hour", "km per hr", "metres per second squared": each part on its own.
  const perParts = lower.replace(/\*(?:per|an|a|every)\*/g, '/').split('/');
  if (perParts.length === 2 || (perParts.length === 3 && perParts[1] === perParts[2])) {
    const parts = perParts.map((p) =>
      p
        .replace(/^\*|\*$/g, '')
        .replace(/\*squared$/, '^2')
        .replace(/\*cubed$/, '^3')
        .replace(/^(?:square|sq)\*(.+)$/, '$1^2')
        .replace(/^(?:cubic|cu)\*(.+)$/, '$1^3'),
    );
    // A part the table lacks ("miles") as mathjs reads it.
    const symbols = parts.map((p) =>
      UNITS[p] ? p : (WORD_UNITS[p] ?? WORD_UNITS[p.replace(/s$/, '')] ?? unitSymbolOf(p) ?? (mathjsUnit(p) ? p : undefined)),
    );
    if (symbols.every(Boolean)) {
      const joined = symbols.length === 3 ? `${symbols[0]}/${symbols[1]}^2` : symbols.join('/');
      // "metres per minute", "grams per litre": the symbols of the table's words, read by mathjs where the table stops.
      const found = UNITS[joined] ?? UNITS[WORD_UNITS[joined] ?? ''] ?? mathjsUnit(joined);
      if (found) return found;
    }
  }
  return mathjsUnit(compact);
}

/** A symbol of the table whose lower case is `p` ("h" for "H" is not asked for: lower-case symbols only). */
function unitSymbolOf(p: string): string | undefined {
  const power = /\^([23])$/.exec(p);
  if (power) {
    const base = unitSymbolOf(p.slice(0, -2));
    return base ? `${base}^${power[1]}` : undefined;
  }
  return WORD_UNITS[p] ?? Object.keys(UNITS).find((k) => k === p);
}

const SIGNATURE_OF: Record<string, string> = {
  m: 'length',
  kg: 'mass',
  s: 'time',
  'm/s': 'speed',
  'm/s^2': 'acceleration',
  N: 'force',
  J: 'energy',
  W: 'power',
  Pa: 'pressure',
  A: 'current',
  V: 'voltage',
  ohm: 'resistance',
  Hz: 'frequency',
  C: 'charge',
  mol: 'amount',
  'm^3': 'volume',
  'm^2': 'area',
  'kg/m^3': 'density',
};
/** English words that mathjs also reads as units: "6 in total" is not six inches. */
const NOT_UNITS = new Set([
  'in',
  'at',
  'are',
  'a',
  'b',
  'ha',
  'pt',
  'cd',
  'ton',
  'rod',
  'link',
  'cup',
  'cups',
  'bit',
  'bits',
  'hand',
  'e',
  'lt',
  'gal',
  'gals',
]);
let dimensionNames: Map<string, string> | undefined;
const signature = (unit: MathUnit) => unit.dimensions.join(',');

/** Units the table does not list ("ft", "mi/h", "lbf", "kWh"), read by mathjs and named by their dimension. */
function mathjsUnit(compact: string): Unit | undefined {
  if (!/^[a-zA-Z]/.test(compact) || compact.length > 24 || NOT_UNITS.has(compact.toLowerCase())) return undefined;
  try {
    const unit = createUnit(1, compact.replace(/\*/g, ' '));
    if (unit.units.some((part) => part.unit.offset !== 0)) return undefined;
    dimensionNames ??= new Map(Object.entries(SIGNATURE_OF).map(([symbol, dim]) => [signature(createUnit(1, symbol)), dim]));
    const dim = dimensionNames.get(signature(unit));
    if (!dim) return undefined;
    const factor = unit.toSI().toNumeric() as number;
    // The table's own unit where it has one of that size ("miles/h" is mph), so that units compare as one.
    const known = Object.values(UNITS).find((k) => k.dim === dim && !k.offset && Math.abs(k.factor - factor) <= 1e-9 * factor);
    return known ?? u(dim, factor, compact.replace(/\*/g, '·'));
  } catch {
    return undefined;
  }
}

const NUMBER = /(\d+\.?\d*|\.\d+)(e[+-]?\d+)?/iy;

/** Recursive-descent evaluation of + - * / ^, parentheses, sqrt(), pi and implicit products (2pi, 3(4)). */
class Parser {
  private i = 0;
  constructor(private readonly s: string) {}
  get rest() {
    return this.s.slice(this.i);
  }
  get position() {
    return this.i;
  }
  private skip() {
    while (this.s[this.i] === ' ') this.i++;
  }
  private peek() {
    this.skip();
    return this.s[this.i];
  }
  expression(): number {
    let v = this.term();
    for (;;) {
      const c = this.peek();
      if (c !== '+' && c !== '-') return v;
      const save = this.i;
      this.i++;
      if (!this.startsOperand()) {
        this.i = save;
        return v;
      }
      v = c === '+' ? v + this.term() : v - this.term();
    }
  }
  private term(): number {
    let v = this.power();
    for (;;) {
      const c = this.peek();
      if (c === '*' || c === '/') {
        const save = this.i;
        this.i++;
        if (!this.startsOperand()) {
          this.i = save;
          return v;
        }
        const r = this.power();
        v = c === '*' ? v * r : v / r;
      } else if (c === '(' || this.s.startsWith('pi', this.i) || this.s.startsWith('sqrt', this.i)) {
        v *= this.power();
      } else return v;
    }
  }
  private power(): number {
    const base = this.unary();
    if (this.peek() === '^') {
      const save = this.i;
      this.i++;
      if (!this.startsOperand()) {
        this.i = save;
        return base;
      }
      return base ** this.power();
    }
    return base;
  }
  private unary(): number {
    const c = this.peek();
    if (c === '-') {
      this.i++;
      return -this.unary();
    }
    if (c === '+') {
      this.i++;
      return this.unary();
    }
    return this.atom();
  }
  private atom(): number {
    this.skip();
    if (this.s[this.i] === '(') {
      this.i++;
      const v = this.expression();
      if (this.peek() !== ')') throw new Error('unbalanced');
      this.i++;
      return v;
    }
    if (this.s.startsWith('sqrt', this.i)) {
      this.i += 4;
      return Math.sqrt(this.atom());
    }
    if (this.s.startsWith('pi', this.i) && !/[a-z]/i.test(this.s[this.i + 2] ?? '')) {
      this.i += 2;
      return Math.PI;
    }
    // Read where the parser stands (a sticky pattern), not from a copy of the rest of the text at every number.
    NUMBER.lastIndex = this.i;
    const m = NUMBER.exec(this.s);
    if (!m) throw new Error('number expected');
    this.i += m[0].length;
    return Number(m[0]);
  }
  private startsOperand(): boolean {
    const c = this.peek();
    return c !== undefined && (/[0-9.(+-]/.test(c) || this.s.startsWith('sqrt', this.i) || this.s.startsWith('pi', this.i));
  }
}

export type Quantity = {
  value: number;
  /** As written, trimmed. */
  text: string;
  unit?: Unit;
  /** Decimal places of the last literal written (for the tolerance of a rounded key). */
  decimals: number;
  /** Written in two units of one dimension ("1 h 30 min"); `unit` is the smaller. */
  compound?: boolean;
  /** The letter a key's value belongs to: x in "x = 4, y = 2". */
  name?: string;
  /** Other values a key accepts for this one ("224 g (accept 225 g)"). */
  also?: Quantity[];
};

/** One quantity that is the whole of `text` (a number or expression, then at most a known unit), or null. */
export function readQuantity(raw: string): Quantity | null {
  return readRestated(raw, 0);
}

function readRestated(raw: string, restatings: number): Quantity | null {
  // "70 (seventy)", "3/4 (0.75)": the value restated in brackets, in words or another form, is the same answer once.
  // Restated at most thrice: "(1) (1) (1) …" is not read again from each bracket (quadratic on a long text).
  const restated = restatings < 3 ? /^(.*\S)\s+\(([^()]+)\)\s*$/.exec(raw.trim()) : null;
  if (restated) {
    const [head, again] = [readRestated(restated[1]!, restatings + 1), readRestated(restated[2]!, restatings + 1)];
    const inHead =
      head && again && (!again.unit || again.unit.dim === head.unit?.dim) ? (again.unit ? valueIn(again, head.unit!) : again.value) : null;
    if (head && inHead !== null && sameValue(head.value, inHead, Math.max(head.decimals, again!.decimals, 2))) return head;
  }
  let text = normaliseMaths(numberWordsToDigits(normaliseDigits(raw)))
    .replace(/\(([^()]*[a-zA-Z][^()]*)\)\s*$/, '')
    .replace(/[≈~]/g, '')
    .trim()
    .replace(/[.;,]$/, '')
    .trim();
  // A mixed number: 1 5/12.
  text = text.replace(
    /^(-?\d+)\s+(\d+)\/(\d+)(?=\s|$)/,
    (_, w: string, n: string, d: string) => `(${w}${w.startsWith('-') ? '-' : '+'}${n}/${d})`,
  );
  if (!/[0-9]|pi|sqrt/.test(text)) return null;
  const parser = new Parser(text);
  let value: number;
  try {
    value = parser.expression();
  } catch {
    return null;
  }
  if (!Number.isFinite(value)) return null;
  const rest = parser.rest.trim();
  const literals = text.slice(0, parser.position).match(/\d+\.?\d*/g) ?? [];
  const last = literals[literals.length - 1] ?? '';
  const decimals = last.includes('.') ? last.length - last.indexOf('.') - 1 : 0;
  if (rest === '') return { value, text: raw.trim(), decimals };
  const unit = readUnit(rest);
  return unit ? { value, text: raw.trim(), unit, decimals } : null;
}

/** Every quantity in free text: maximal runs that read as a number or expression with an optional unit. */
export function findQuantities(raw: string): Quantity[] {
  const text = normaliseMaths(numberWordsToDigits(normaliseDigits(raw)));
  const found: Quantity[] = [];
  // Not a power's exponent ("N/m^(2)" of "N/m²"): no run starts right after a '^'.
  const pattern = /(?<!\^\s*)(?:-\s*)?(?:\d|\.\d|pi\b|sqrt\(|\()[0-9a-zA-Z.+\-*/^() °%Ωµ·]*/g;
  for (const m of text.matchAll(pattern)) found.push(...quantitiesIn(m[0]));
  return found;
}

const MAX_TOKENS = 9;

/**
 * The quantities of one run, each the longest that reads ("6 N so" → 6 N; "2 and 3" → 2, 3), with a
 * compound of one dimension summed ("1 hour 30 minutes" → 90 min, "1 m 20 cm" → 120 cm).
 */
function quantitiesIn(run: string): Quantity[] {
  const tokens = run.trim().split(/\s+/).filter(Boolean);
  const found: { q: Quantity; from: number; to: number }[] = [];
  let i = 0;
  while (i < tokens.length) {
    let hit: { q: Quantity; to: number } | null = null;
    if (/^(?:-|\d|\.\d|pi|sqrt\(|\()/.test(tokens[i]!)) {
      for (let n = Math.min(tokens.length, i + MAX_TOKENS); n > i; n--) {
        const q = readQuantity(tokens.slice(i, n).join(' '));
        if (q) {
          hit = { q, to: n };
          break;
        }
      }
    }
    if (hit) {
      found.push({ q: hit.q, from: i, to: hit.to });
      i = hit.to;
    } else i++;
  }
  const merged: Quantity[] = [];
  for (let k = 0; k < found.length; k++) {
    const a = found[k]!;
    const b = found[k + 1];
    const gap = b ? tokens.slice(a.to, b.from) : [];
    if (b && a.q.unit && b.q.unit && a.q.unit.dim === b.q.unit.dim && a.q.unit.factor > b.q.unit.factor && gap.every((t) => t === 'and')) {
      const value = valueIn(a.q, b.q.unit) + b.q.value;
      merged.push({ value, text: tokens.slice(a.from, b.to).join(' '), unit: b.q.unit, decimals: b.q.decimals, compound: true });
      k++;
    } else merged.push(a.q);
  }
  return merged;
}

/** Equal within 1% of the key, or within half a unit of the key's last decimal place (small or rounded values). */
export function sameValue(key: number, response: number, keyDecimals: number): boolean {
  const tolerance = Math.max(Math.abs(key) * 0.01, keyDecimals > 0 ? 0.5 * 10 ** -keyDecimals : 0, 1e-9);
  return Math.abs(key - response) <= tolerance + 1e-12;
}

export const inBaseUnits = (q: Quantity) => (q.unit ? q.value * q.unit.factor + (q.unit.offset ?? 0) : q.value);

/** A quantity's value in another unit of the same dimension (72 km/h in m/s → 20; 212 °F in °C → 100). */
export const valueIn = (q: Quantity, unit: Unit) => (inBaseUnits(q) - (unit.offset ?? 0)) / unit.factor;
