import { describe, expect, it } from 'vitest';
import { checkAnswer, type CheckAnswerInput } from './check';
import { parseKey } from './key';

const check = (over: Partial<CheckAnswerInput> & Pick<CheckAnswerInput, 'answer' | 'response'>) =>
  checkAnswer({ question: '', marksPossible: 1, ...over });

describe('mark-scheme phrasings of a list', () => {
  it('reads "any two:" and "any one:" without "of" as a choice from the list', () => {
    expect(parseKey('any two: lion; tiger; leopard (1 each)', 'Name two big cats.')).toMatchObject({ kind: 'list', need: 2, anyOf: true });
    expect(parseKey('any one: granite, basalt, obsidian', 'Name one igneous rock.')).toMatchObject({ kind: 'list', need: 1 });
    const r = check({
      question: 'Name two big cats.',
      answer: 'any two: lion; tiger; leopard; jaguar (1 each)',
      marksPossible: 2,
      response: 'tiger and jaguar',
    });
    expect(r).toMatchObject({ pointsObtained: 2, confident: true });
  });
  it('takes an item written in brackets as one more item to choose from', () => {
    const spec = parseKey('any two: violin, cello, viola, (double bass) (1 each)', 'Name two string instruments.');
    expect(spec.kind === 'list' && spec.items.map((i) => i.text)).toEqual(['violin', 'cello', 'viola', 'double bass']);
  });
  it('reads short wordings in brackets set apart by "/" as alternatives of the item', () => {
    const spec = parseKey('any one: use a lid; stir it (shake/swirl); add salt', 'Give one way to …');
    expect(spec.kind === 'list' && spec.items[1]).toMatchObject({ text: 'stir it', accept: ['shake', 'swirl'] });
  });
  it('does not take a rule for the marker ("accept reverse statements") as an item', () => {
    const spec = parseKey(
      'any two: fish have gills; scales; fins (1 each; accept reverse statements)',
      'Give two differences between fish and mammals.',
    );
    expect(spec.kind === 'list' && spec.items.map((i) => i.text)).toEqual(['fish have gills', 'scales', 'fins']);
  });
  it('gives the mark only for every item when the key says "all three for 1 mark"', () => {
    const key = 'red, yellow, blue (all three for 1 mark)';
    const q = 'Name the three primary colours of paint.';
    expect(parseKey(key, q)).toMatchObject({ kind: 'list', need: 3, allOrNothing: true });
    expect(check({ question: q, answer: key, response: 'blue, red and yellow' })).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check({ question: q, answer: key, response: 'red, green, blue' })).toMatchObject({ pointsObtained: 0, confident: true });
  });
  it('marks each item by its position when the key says so', () => {
    const key = 'larva, pupa, adult (1 mark each in the correct position)';
    const q = 'After the egg, name the next three stages of a butterfly’s life cycle in order.';
    expect(check({ question: q, answer: key, marksPossible: 3, response: 'larva, pupa, adult' })).toMatchObject({
      pointsObtained: 3,
      confident: true,
    });
    expect(check({ question: q, answer: key, marksPossible: 3, response: 'pupa, larva, adult' })).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
    expect(check({ question: q, answer: key, marksPossible: 3, response: 'larva pupa caterpillar' })).toMatchObject({ pointsObtained: 2 });
  });
  it('takes an accepted wording that pairs with no item as the last item’s, in a list needing every item', () => {
    const r = check({
      question: 'Name the two gases a candle needs and makes.',
      answer: 'wax and oxygen (accept air) (1 each)',
      marksPossible: 2,
      response: 'wax, air',
    });
    expect(r).toMatchObject({ pointsObtained: 2 });
  });
  it('flags an item a thesaurus defines by a missing one ("dampness" for water), not a thing of the same kind', () => {
    const q = 'Give two things seeds need to germinate.';
    const key = 'water and warmth (1 each)';
    const damp = check({ question: q, answer: key, marksPossible: 2, response: 'moisture and warmth' });
    expect(damp.confident).toBe(false);
    expect(damp.reason).toMatch(/thesaurus/);
    const colours = check({
      question: 'Name two colours of a rainbow.',
      answer: 'any two of: red, orange, green, violet',
      marksPossible: 2,
      response: 'red, pink',
    });
    expect(colours).toMatchObject({ pointsObtained: 1 });
    expect(colours.reason ?? '').not.toMatch(/thesaurus/);
  });
  it('does not count words the question says as naming an item in part', () => {
    const r = check({
      question: 'Give two differences between fish and mammals.',
      answer: 'any two: fish have gills; scales; fins (1 each)',
      marksPossible: 2,
      response: 'fish have scales',
    });
    expect(r).toMatchObject({ pointsObtained: 1, confident: true });
  });
});

describe('an item named by its definition', () => {
  it('flags a word the thesaurus defines by a word of an item’s own sense ("anemia": a deficiency, for "lack")', () => {
    const ask = (response: string) =>
      check({ question: 'Name one condition that can make a person tired.', answer: 'any one: stress; overwork; lack', response });
    expect(ask('anemia')).toMatchObject({ pointsObtained: 0, confident: false });
    expect(ask('anemia').reason).toMatch(/thesaurus/);
    expect(ask('holidays')).toMatchObject({ pointsObtained: 0, confident: true });
  });
});

describe('"the same" for "matching"', () => {
  it('reads "the same X" and "identical X" as "matching X"; "different X" is not', () => {
    const ask = (response: string) =>
      check({
        question: 'Give one piece of evidence that could link a suspect to a crime scene.',
        answer: 'any one: matching fingerprints; DNA; CCTV footage',
        response,
      });
    expect(ask('the same fingerprints')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(ask('identical fingerprints')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(ask('different fingerprints').pointsObtained).toBe(0);
  });
});
