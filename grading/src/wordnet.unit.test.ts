import { describe, expect, it } from 'vitest';
import { checkAnswer, type CheckAnswerInput } from './check';
import { derived, relate, sameComparison } from './text';
import { antonymsOf, derivedForms, synonymsOf } from './wordnet';

const check = (over: Partial<CheckAnswerInput> & Pick<CheckAnswerInput, 'answer' | 'response'>) =>
  checkAnswer({ question: '', marksPossible: 1, ...over });

describe('WordNet, read offline', () => {
  it('gives a word’s synonyms, antonyms and derived forms', () => {
    expect(synonymsOf('huge', { similar: true })).toContain('immense');
    expect(antonymsOf('generous')).toContain('ungenerous');
    expect(derivedForms('move')).toContain('movement');
    expect(derivedForms('dense')).toContain('density');
  });
});

describe('derived forms of a key word', () => {
  it('reads a noun, adjective or agent made from the key’s word as that word', () => {
    expect(derived('movement', 'move')).toBe(true);
    expect(derived('dense', 'density')).toBe(true);
    expect(derived('conductor', 'conducts')).toBe(true);
    expect(relate('collisions', 'collide')).toBe('form');
  });
  it('does not take a new substance or a different word for the key’s', () => {
    expect(derived('carbon', 'carbonate')).toBe(false);
    expect(derived('oxide', 'oxidise')).toBe(false);
    expect(derived('organ', 'organic')).toBe(false);
    expect(relate('hot', 'temperature')).toBeNull();
  });
});

describe('comparisons in other words', () => {
  it('takes comparisons of the same direction as one, never the opposite direction', () => {
    expect(sameComparison('less', 'lower')).toBe(true);
    expect(sameComparison('greater', 'bigger')).toBe(true);
    expect(sameComparison('more', 'less')).toBe(false);
  });
  it('marks "a lower density" as "less dense"', () => {
    const q = { question: 'Explain why ice floats on water.', answer: 'Ice is less dense than liquid water (1).' };
    expect(check({ ...q, response: 'ice has a lower density than water' })).toMatchObject({ pointsObtained: 1 });
    expect(check({ ...q, response: 'ice has a higher density than water' })).toMatchObject({ pointsObtained: 0 });
  });
});

describe('synonym and opposite questions answered with a word the key does not list', () => {
  const happy = { question: "Give a synonym for 'happy'.", answer: 'glad (also accept: joyful, cheerful, content)' };
  it('takes a word that shares a sense with the asked word or a key word, with confidence', () => {
    expect(check({ question: "Give a synonym for 'begin'.", answer: 'start', response: 'commence' })).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
  });
  it('takes a word the thesaurus links through a similar sense, flagged for a teacher to confirm', () => {
    const r = check({ ...happy, response: 'delighted' });
    expect(r).toMatchObject({ pointsObtained: 1, confident: false });
    expect(r.feedback).toMatch(/^Correct: "delighted" means the same as "happy"\./);
  });
  it('never takes an opposite, for a synonym or for an opposite question', () => {
    expect(check({ ...happy, response: 'sad' })).toMatchObject({ pointsObtained: 0 });
    expect(
      check({ question: "Give a synonym for 'reluctant'.", answer: 'unwilling (also accept: hesitant)', response: 'eager' }),
    ).toMatchObject({
      pointsObtained: 0,
    });
    expect(
      check({ question: "Give a word that means the opposite of 'generous'.", answer: 'mean (also accept: selfish)', response: 'kind' }),
    ).toMatchObject({
      pointsObtained: 0,
    });
  });
  it('flags, with no mark, a word with senses both like and unlike the answer', () => {
    expect(
      check({ question: "Give a synonym for 'fragile'.", answer: 'delicate (accept: breakable, brittle, frail)', response: 'strong' }),
    ).toMatchObject({
      pointsObtained: 0,
    });
  });
});
