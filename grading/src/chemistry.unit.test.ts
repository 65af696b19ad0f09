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
