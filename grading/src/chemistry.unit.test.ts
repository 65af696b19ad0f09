import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';
import { atomsOf, checkChemistry, keyCompound } from './chemistry';

const check = (question: string, answer: string, response: string) => checkAnswer({ question, answer, response, marksPossible: 1 });

describe('formulas and names', () => {
  it('counts the atoms of a formula, with subscripts and brackets', () => {
    expect(Object.fromEntries(atomsOf('Ca(OH)₂')!)).toEqual({ Ca: 1, O: 2, H: 2 });
    expect(Object.fromEntries(atomsOf('H2SO4')!)).toEqual({ H: 2, S: 1, O: 4 });
    expect(atomsOf('Xy2')).toBeNull();
    expect(atomsOf('carbon')).toBeNull();
  });

  it('reads a key that names one substance, and no other key', () => {
    expect(keyCompound('carbon dioxide')?.formula).toBe('CO2');
    expect(keyCompound('Carbon dioxide (CO₂).')?.formula).toBe('CO2');
    expect(keyCompound('oxygen gas')?.formula).toBe('O2');
    expect(keyCompound('Carbon dioxide, water and light energy')).toBeNull();
    expect(keyCompound('carbon dioxide (H2O)')).toBeNull();
  });
});

describe('chemistry answers', () => {
  const q = 'Which gas do plants take in for photosynthesis?';

  it('accepts the formula for the name and the name for the formula', () => {
    for (const response of ['CO2', 'CO₂', 'carbon dioxide', 'Carbon dioxide gas', 'It is CO2.']) {
      expect(check(q, 'carbon dioxide', response), response).toMatchObject({ pointsObtained: 1, confident: true });
    }
    expect(check('Which salt is in sea water?', 'sodium chloride', 'NaCl').pointsObtained).toBe(1);
    expect(check('Which liquid covers most of the Earth?', 'water', 'H₂O').pointsObtained).toBe(1);
  });

  it('never accepts a different compound', () => {
    for (const response of ['carbon monoxide', 'CO', 'oxygen', 'C']) {
      const r = check(q, 'carbon dioxide', response);
      expect(r, response).toMatchObject({ pointsObtained: 0, confident: true });
    }
    expect(check(q, 'carbon dioxide', 'carbon monoxide').feedback).toBe(
      'Not correct: carbon monoxide (CO) is a different substance. The answer is carbon dioxide (CO2).',
    );
    expect(check('Name NaCl.', 'sodium chloride', 'sodium chlorine').pointsObtained).toBe(0);
    expect(check('Which gas is 78% of air?', 'nitrogen', 'nitrogen dioxide').pointsObtained).toBe(0);
    expect(check('Formula of water?', 'H2O', 'H2O2').pointsObtained).toBe(0);
  });

  it('accepts a spelling slip in a name, and flags a formula in the wrong case', () => {
    const slip = check(q, 'carbon dioxide', 'carbon dioxid');
    expect(slip).toMatchObject({ pointsObtained: 1, confident: true });
    expect(slip.feedback).toContain('Take care with the spelling');
    expect(check(q, 'carbon dioxide', 'co2')).toMatchObject({ pointsObtained: 1, confident: false });
  });

  it('reads "not X" as ruling X out, and a bare letter key as a choice, not an element', () => {
    expect(check(q, 'carbon dioxide', 'not carbon dioxide')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(q, 'carbon dioxide', 'not oxygen, carbon dioxide').pointsObtained).toBe(1);
    expect(checkChemistry('C', 'Coal', 1, 'Which is a fossil fuel?\nA) Wind\nB) Solar\nC) Coal')).toBeNull();
    expect(check('What is the symbol for carbon?', 'C', 'C')).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it('takes a part of the name for another substance, and a lost space for a slip', () => {
    expect(check(q, 'carbon dioxide', 'carbon')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(q, 'carbon dioxide', 'carbondioxide')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, 'carbon dioxide', 'carbon di oxide')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, 'carbon dioxide', 'carbon monoxid')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('flags a formula typed with the digit 0 for the letter O or in the wrong case, and joins a spaced count', () => {
    expect(check('Formula of the oxide of magnesium?', 'MgO', 'mgo')).toMatchObject({ pointsObtained: 1, confident: false });
    for (const response of ['C02', 'Co2', 'co2']) {
      expect(check(q, 'carbon dioxide', response), response).toMatchObject({ pointsObtained: 1, confident: false });
    }
    expect(check('What is the chemical formula of water?', 'H2O', 'H20').reason).toContain('digit 0');
    expect(check(q, 'CO2', 'CO 2')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, 'carbon dioxide', 'Carbon-dioxide').pointsObtained).toBe(1);
  });

  it('knows the salts of the usual ions, balanced by charge', () => {
    expect(check('Which salt forms from magnesium and sulfuric acid?', 'magnesium sulfate', 'MgSO4').pointsObtained).toBe(1);
    expect(check('Formula of aluminium sulfate?', 'Al2(SO4)3', 'Al₂(SO₄)₃').pointsObtained).toBe(1);
    expect(check('Name CuSO4.', 'copper(II) sulfate', 'copper sulphate').pointsObtained).toBe(1);
    expect(check('Name Fe2O3.', 'iron(III) oxide', 'iron(II) oxide')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Name NaCl.', 'sodium chloride', 'sodium bromide')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Name KNO3.', 'potassium nitrate', 'potassium nitrite')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('flags the symbol of one atom for a diatomic gas, and refuses another ending of the same stem', () => {
    expect(check('Which gas relights a glowing splint?', 'oxygen', 'O')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check('Name CaCO3.', 'calcium carbonate', 'calcium carbonite')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it("refuses the question's own formula given back for the name it asks for", () => {
    expect(check('Which element has the symbol Na?', 'sodium', 'Na')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Which element has the symbol Na?', 'sodium', 'sodium').pointsObtained).toBe(1);
    expect(check('Name NaCl.', 'sodium chloride', 'NaCl').pointsObtained).toBe(0);
  });

  it('wants a formula when the question asks for one', () => {
    const r = check('What is the chemical formula of water?', 'H2O', 'water');
    expect(r).toMatchObject({ pointsObtained: 0, confident: true });
    expect(r.feedback).toContain('asks for its chemical formula');
  });

  it('flags an answer that names the right substance and another, and one with no substance in it', () => {
    expect(check('Which gas?', 'methane', 'CH4 and CO2')).toMatchObject({ confident: false });
    expect(check(q, 'carbon dioxide', 'the stuff we breathe out')).toMatchObject({ pointsObtained: 0, confident: false });
  });
});

describe('formulas in another case, equations with their marks, keys of parts', () => {
  const check = (question: string, answer: string, response: string, marksPossible = 1) =>
    checkAnswer({ question, answer, response, marksPossible });

  it('takes a case that reads as other real elements as another substance', () => {
    expect(check('Write the formula of copper carbonate.', 'CuCO3', 'CuCo3')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Write the formula of carbon monoxide.', 'CO', 'Co')).toMatchObject({ pointsObtained: 0, confident: true });
    // No element reads so: a slip of case, right but flagged.
    expect(check('Write the formula of methane.', 'CH4', 'ch4')).toMatchObject({ pointsObtained: 1, confident: false });
  });

  it("gives an unbalanced equation the formulae's marks where the key states them", () => {
    const q = 'Write a balanced symbol equation for calcium burning in oxygen.';
    expect(check(q, '2Ca + O2 → 2CaO (1 correct formulae, 1 balanced)', 'Ca + O2 → CaO', 2)).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
    expect(check(q, '2Ca + O2 → 2CaO (1 correct formulae, 1 balanced)', '2Ca + O2 → 2CaO', 2).pointsObtained).toBe(2);
  });

  it('marks a name part and a formula part of a key apart', () => {
    const q = 'Give the name and the formula of the compound formed when magnesium reacts with chlorine.';
    const key = 'magnesium chloride (1); MgCl2 (1)';
    expect(check(q, key, 'magnesium chloride, MgCl2', 2)).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, 'magnesium chlorine, MgCl2', 2)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, 'magnesium chloride, MgCl', 2)).toMatchObject({ pointsObtained: 1, confident: true });
  });
});

describe('ions, formulas with spaces, state symbols and blanks to fill', () => {
  const check1 = (question: string, answer: string, response: string, marksPossible = 1) =>
    checkAnswer({ question, answer, response, marksPossible });

  it('reads an ion however its charge is written, and wants the charge with its sign and size', () => {
    for (const r of ['Mg2+', 'Mg 2+', 'Mg+2', 'Mg^2+', 'Mg^{2+}', 'Mg²⁺', 'Mg++'])
      expect(check1('What ion does a magnesium atom form?', 'Mg²⁺', r).pointsObtained, r).toBe(1);
    for (const r of ['Mg2-', 'Mg+', 'Mg-2', 'Mg'])
      expect(check1('What ion does a magnesium atom form?', 'Mg²⁺', r), r).toMatchObject({ pointsObtained: 0, confident: true });
    // A count before a lone sign may be the formula's (NH4+) or the charge's (CO32-): the key decides.
    expect(check1('Give the formula of the ammonium ion.', 'NH₄⁺', 'NH4+').pointsObtained).toBe(1);
    expect(check1('Give the formula of the carbonate ion.', 'CO3 2- (CO₃²⁻)', 'CO32-').pointsObtained).toBe(1);
    expect(check1('Give the formula of the carbonate ion.', 'CO3 2- (CO₃²⁻)', 'CO3-').pointsObtained).toBe(0);
  });

  it('reads a formula written with a space between its elements', () => {
    expect(check1('Give the formula of potassium chloride.', 'KCl', 'K Cl').pointsObtained).toBe(1);
  });

  it('reads a scheme of formulae, balancing and state symbols marks, and takes the state symbols mark', () => {
    const q = 'Write a balanced symbol equation, with state symbols, for zinc reacting with sulfuric acid.';
    const key = 'Zn(s) + H2SO4(aq) → ZnSO4(aq) + H2(g) (1 formulae, 1 balancing, 1 state symbols)';
    expect(
      checkAnswer({ question: q, answer: key, response: 'Zn(s) + H2SO4(aq) -> ZnSO4(aq) + H2(g)', marksPossible: 3 }).pointsObtained,
    ).toBe(3);
    expect(checkAnswer({ question: q, answer: key, response: 'Zn + H2SO4 -> ZnSO4 + H2', marksPossible: 3 })).toMatchObject({
      pointsObtained: 2,
      confident: true,
    });
    const unbalanced = 'Al(s) + HCl(aq) → AlCl3(aq) + H2(g)';
    const alKey = '2Al(s) + 6HCl(aq) → 2AlCl3(aq) + 3H2(g) (1 formulae, 1 balancing, 1 state symbols)';
    expect(checkAnswer({ question: q, answer: alKey, response: unbalanced, marksPossible: 3 }).pointsObtained).toBe(2);
    expect(checkAnswer({ question: q, answer: alKey, response: 'Al + HCl → AlCl3 + H2', marksPossible: 3 }).pointsObtained).toBe(1);
    // "(1 formulae, 1 balancing)" is a scheme, not part of the equation.
    const ch = 'C2H4 + 3O2 -> 2CO2 + 2H2O (1 formulae, 1 balancing)';
    expect(
      checkAnswer({
        question: 'Write a balanced equation for burning ethene.',
        answer: ch,
        response: 'C2H4 + O2 -> CO2 + H2O',
        marksPossible: 2,
      }),
    ).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
  });

  it("reads a balancing answer of numbers as the blanks' coefficients, in order", () => {
    const q = 'Balance: __H2 + __O2 -> __H2O';
    expect(check1(q, '2H2 + O2 -> 2H2O', '2, 1, 2').pointsObtained).toBe(1);
    expect(check1(q, '2H2 + O2 -> 2H2O', '2 1 2').pointsObtained).toBe(1);
    expect(check1(q, '2H2 + O2 -> 2H2O', '1, 1, 1').pointsObtained).toBe(0);
  });
});

describe('an equation with a wrong formula', () => {
  it('is a confident 0 of one mark, or where the key says the formulae and balancing marks need the formulas', () => {
    expect(
      checkAnswer({ question: 'Balance: __K + __O2 -> __K2O', answer: '4K + O2 -> 2K2O', response: 'K + O2 -> KO2', marksPossible: 1 }),
    ).toMatchObject({
      pointsObtained: 0,
      confident: true,
    });
    const key = '2Ca(s) + O2(g) → 2CaO(s) (1 formulae, 1 balancing, 1 state symbols)';
    expect(
      checkAnswer({
        question: 'Write a balanced equation with state symbols for burning calcium.',
        answer: key,
        response: 'Ca + O -> CaO2',
        marksPossible: 3,
      }),
    ).toMatchObject({
      pointsObtained: 0,
      confident: true,
    });
    // Without a stated scheme, two marks: some formulas right may earn a mark (teachers differ): flagged.
    expect(
      checkAnswer({
        question: 'Write a balanced equation for burning calcium.',
        answer: '2Ca + O2 → 2CaO',
        response: 'Ca + O → CaO',
        marksPossible: 2,
      }),
    ).toMatchObject({
      confident: false,
    });
  });
});

describe('binary compounds named by their prefixes, read by the naming rule', () => {
  it('reads the formula a prefixed name gives, in keys and answers, with either spelling of sulfur', () => {
    expect(keyCompound('xenon tetrafluoride')?.formula).toBe('XeF4');
    expect(keyCompound('diphosphorus pentoxide')?.formula).toBe('P2O5');
    expect(check('Which gas is used in some insulating windows?', 'sulfur hexafluoride', 'SF6').pointsObtained).toBe(1);
    expect(check('Which gas is used in some insulating windows?', 'sulfur hexafluoride (SF6)', 'sulphur hexafluoride').pointsObtained).toBe(
      1,
    );
    expect(check('What is quartz made of?', 'silicon dioxide', 'SiO2').pointsObtained).toBe(1);
    expect(check('Name the compound NCl3.', 'nitrogen trichloride', 'nitrogen trichloride').pointsObtained).toBe(1);
  });

  it('never takes another number of atoms for the compound', () => {
    expect(check('What is quartz made of?', 'silicon dioxide', 'silicon monoxide')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('What is quartz made of?', 'silicon dioxide', 'SiO')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Name the compound NCl3.', 'nitrogen trichloride', 'nitrogen pentachloride').pointsObtained).toBe(0);
  });
});

describe('an ion by its name, and a key that names its ion in brackets', () => {
  it('takes the formula before the brackets where the brackets give a name', () => {
    expect(check('Give the formula of the copper(II) ion.', 'Cu²⁺ (copper(II) ion)', 'Cu2+').pointsObtained).toBe(1);
    expect(check('Give the formula of the copper(II) ion.', 'Cu²⁺ (copper(II) ion)', 'Cu+').pointsObtained).toBe(0);
  });

  it("takes the ion's name, unless the question asks for its formula", () => {
    expect(check('Which ion do all carbonates contain?', 'CO₃²⁻', 'carbonate ions').pointsObtained).toBe(1);
    expect(check('Which ion do all carbonates contain?', 'CO₃²⁻', 'sulfate ions').pointsObtained).toBe(0);
    expect(check('Give the formula of the carbonate ion.', 'CO₃²⁻', 'carbonate ion')).toMatchObject({ pointsObtained: 0, confident: true });
  });
});

describe('state symbols asked for by the question', () => {
  const q = 'Write a balanced symbol equation, including state symbols, for the thermal decomposition of magnesium carbonate.';
  const key = 'MgCO3(s) → MgO(s) + CO2(g)';
  it('takes a mark of two for them, flagged where the key does not say how the marks split', () => {
    expect(checkAnswer({ question: q, answer: key, response: 'MgCO3 -> MgO + CO2', marksPossible: 2 })).toMatchObject({
      pointsObtained: 1,
      confident: false,
    });
    expect(checkAnswer({ question: q, answer: key, response: 'MgCO3(s) -> MgO(s) + CO2(g)', marksPossible: 2 })).toMatchObject({
      pointsObtained: 2,
      confident: true,
    });
    expect(checkAnswer({ question: q, answer: key, response: 'MgCO3 -> MgO + CO2', marksPossible: 1 })).toMatchObject({
      pointsObtained: 0,
      confident: false,
    });
  });
  it('asks for none where the question does not', () => {
    const plain = 'Write a balanced symbol equation for the thermal decomposition of magnesium carbonate.';
    expect(checkAnswer({ question: plain, answer: key, response: 'MgCO3 -> MgO + CO2', marksPossible: 2 }).pointsObtained).toBe(2);
  });
});

describe('a spelling question about a chemical', () => {
  it('takes no slip where the spelling is what is asked', () => {
    expect(check('Spell the name of the gas with formula N2.', 'nitrogen', 'nitrogin')).toMatchObject({
      pointsObtained: 0,
      confident: true,
    });
    expect(check('Spell the name of the gas with formula N2.', 'nitrogen', 'Nitrogen').pointsObtained).toBe(1);
    expect(check('Which gas makes up most of the air?', 'nitrogen', 'nitrogin').pointsObtained).toBe(1);
  });
});
