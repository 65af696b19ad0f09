/**
 * Ionic compounds from their ions: "magnesium sulfate" is MgSO4, "aluminium sulfate" Al2(SO4)3, balanced by
 * charge. A domain table of the ions school chemistry names, not a parser of chemical names.
 */

export type Ion = { names: string[]; symbol: string; charge: number; group: boolean };

export const CATIONS: Ion[] = [
  { names: ['lithium'], symbol: 'Li', charge: 1, group: false },
  { names: ['sodium'], symbol: 'Na', charge: 1, group: false },
  { names: ['potassium'], symbol: 'K', charge: 1, group: false },
  { names: ['silver'], symbol: 'Ag', charge: 1, group: false },
  { names: ['ammonium'], symbol: 'NH4', charge: 1, group: true },
  { names: ['magnesium'], symbol: 'Mg', charge: 2, group: false },
  { names: ['calcium'], symbol: 'Ca', charge: 2, group: false },
  { names: ['barium'], symbol: 'Ba', charge: 2, group: false },
  { names: ['zinc'], symbol: 'Zn', charge: 2, group: false },
  { names: ['copper(II)', 'copper ii', 'copper'], symbol: 'Cu', charge: 2, group: false },
  { names: ['iron(II)', 'iron ii'], symbol: 'Fe', charge: 2, group: false },
  { names: ['iron(III)', 'iron iii'], symbol: 'Fe', charge: 3, group: false },
  { names: ['lead(II)', 'lead ii', 'lead'], symbol: 'Pb', charge: 2, group: false },
  { names: ['aluminium', 'aluminum'], symbol: 'Al', charge: 3, group: false },
];

export const ANIONS: Ion[] = [
  { names: ['chloride'], symbol: 'Cl', charge: 1, group: false },
  { names: ['bromide'], symbol: 'Br', charge: 1, group: false },
  { names: ['iodide'], symbol: 'I', charge: 1, group: false },
  { names: ['fluoride'], symbol: 'F', charge: 1, group: false },
  { names: ['hydroxide'], symbol: 'OH', charge: 1, group: true },
  { names: ['nitrate'], symbol: 'NO3', charge: 1, group: true },
  { names: ['hydrogencarbonate', 'hydrogen carbonate', 'bicarbonate'], symbol: 'HCO3', charge: 1, group: true },
  { names: ['oxide'], symbol: 'O', charge: 2, group: false },
  { names: ['sulfide', 'sulphide'], symbol: 'S', charge: 2, group: false },
  { names: ['sulfate', 'sulphate'], symbol: 'SO4', charge: 2, group: true },
  { names: ['carbonate'], symbol: 'CO3', charge: 2, group: true },
  { names: ['phosphate'], symbol: 'PO4', charge: 3, group: true },
];

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const part = (ion: Ion, n: number) => (n === 1 ? ion.symbol : ion.group ? `(${ion.symbol})${n}` : `${ion.symbol}${n}`);

/** Every cation–anion pair as { formula, names }: "Al2(SO4)3" with "aluminium sulfate", "aluminum sulphate", ... */
export function salts(): { formula: string; names: string[] }[] {
  const out: { formula: string; names: string[] }[] = [];
  for (const cation of CATIONS) {
    for (const anion of ANIONS) {
      const lcm = (cation.charge * anion.charge) / gcd(cation.charge, anion.charge);
      const formula = part(cation, lcm / cation.charge) + part(anion, lcm / anion.charge);
      const names = cation.names.flatMap((c) => anion.names.map((a) => `${c} ${a}`));
      const existing = out.find((s) => s.formula === formula);
      if (existing) existing.names.push(...names);
      else out.push({ formula, names });
    }
  }
  return out;
}
