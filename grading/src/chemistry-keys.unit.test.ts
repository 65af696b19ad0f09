import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';

const check = (question: string, answer: string, response: string, marksPossible = 1) =>
  checkAnswer({ question, answer, response, marksPossible });

describe("a chemistry key's accepted and refused answers", () => {
  it('reads "(accept …)" after the name as the same compound, so another compound is wrong', () => {
    const q = 'Which gas is given off when calcium reacts with water?';
    expect(check(q, 'hydrogen (accept H2)', 'H2')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, 'hydrogen (accept H2)', 'hydrogen chloride')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('refuses what the key refuses, written exactly so', () => {
    const q = 'Give the formula of sulfur dioxide.';
    const key = 'SO₂ (accept SO2). Do not accept So2, SO^2.';
    expect(check(q, key, 'So2')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(q, key, 'SO2')).toMatchObject({ pointsObtained: 1, confident: true });
  });
});

describe('word equations', () => {
  it('gives a mark a product where the key says so; a wrong product beside a right one earns nothing', () => {
    const q = 'Write the word equation for the reaction between calcium and hydrochloric acid.';
    const key = 'calcium + hydrochloric acid → calcium chloride + hydrogen (1 mark per product)';
    expect(check(q, key, 'calcium + hydrochloric acid → calcium chloride + hydrogen', 2)).toMatchObject({
      pointsObtained: 2,
      confident: true,
    });
    expect(check(q, key, 'calcium + hydrochloric acid → calcium chloride + water', 2)).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
  });

  it('reads marks named for each product in sentences; a name of another substance is not the product', () => {
    const q = 'Write a word equation for the reaction of calcium with hydrochloric acid.';
    const key = 'calcium + hydrochloric acid → calcium chloride + hydrogen. B1 calcium chloride. B1 hydrogen.';
    expect(check(q, key, 'calcium + hydrochloric acid = calcium chlorine + hydrogen', 2)).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
  });

  it('gives one mark for the reactants and one for the products where the key says so', () => {
    const q = 'Copper is heated in air. Write the word equation for the reaction.';
    const key = 'copper + oxygen → copper oxide\n1 mark for reactants, 1 mark for product';
    expect(check(q, key, 'copper + oxygen = copper oxide', 2)).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, 'copper + oxygen → copper', 2)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, 'copper → copper oxide', 2)).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it('flags a partly right word equation where the key does not say how its marks split', () => {
    const q = 'Copper is heated in air. Write the word equation for the reaction.';
    expect(check(q, 'copper + oxygen → copper oxide', 'copper → copper oxide', 2)).toMatchObject({ pointsObtained: 1, confident: false });
  });
});

describe("an ion's charge and symbol, each with its own mark", () => {
  const q = 'Give the charge on a bromide ion and write the symbol for the ion.';
  const key = 'B1 charge −1 (accept 1−, negative one). B1 symbol Br⁻ (accept Br-).';

  it('gives each mark on its own', () => {
    expect(check(q, key, '-1, Br-', 2)).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, '1- and Br⁻', 2)).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, '+1 Br+', 2)).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(q, key, '-1 charge BR-', 2)).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it('gives the charge, flagged, for its sign in words alone', () => {
    expect(check(q, key, 'negative, Br', 2)).toMatchObject({ pointsObtained: 1, confident: false });
  });
});
