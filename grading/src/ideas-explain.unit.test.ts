import { describe, expect, it } from 'vitest';
import { checkAnswer, type CheckAnswerInput } from './check';
import { markingPoints, matchPoint } from './ideas';
import { tokenize } from './match';

const check = (over: Partial<CheckAnswerInput> & Pick<CheckAnswerInput, 'answer' | 'response'>) =>
  checkAnswer({ question: '', marksPossible: 1, ...over });

describe('a comparison said the other way round', () => {
  const cork = { question: 'Explain why a cork floats on water.', answer: 'cork is less dense than water (1)' };
  const echo = { question: 'Why do you hear an echo after you shout?', answer: 'light travels faster than sound (1)' };
  it('earns nothing when it states the opposite (the things swapped, or the opposite word)', () => {
    expect(check({ ...cork, response: 'because water is less dense than cork' })).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check({ ...cork, response: 'cork is more dense than water' }).pointsObtained).toBe(0);
    expect(check({ ...echo, response: 'sound travels faster than light' })).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check({ ...echo, response: 'light is slower than sound' }).pointsObtained).toBe(0);
  });
  it('earns the point when both are turned (the opposite word, the things swapped)', () => {
    expect(check({ ...cork, response: 'water is more dense than cork' }).pointsObtained).toBe(1);
    expect(check({ ...echo, response: 'sound is slower than light' }).pointsObtained).toBe(1);
    expect(check({ ...echo, response: 'light moves quicker than sound' }).pointsObtained).toBe(1);
  });
});

describe('"any two, 1 mark each" over a list of points, one a line', () => {
  const coast = {
    question: 'Give two reasons why people live on the coast.',
    answer: 'any two, 1 mark each:\n- jobs in fishing\n- tourism brings money\n- flat land to build on',
    marksPossible: 2,
  };
  it('reads each line as a point of its mark, however the lines are joined', () => {
    expect(markingPoints(coast.answer, 2)).toHaveLength(3);
    expect(markingPoints(coast.answer.replace(/\n/g, ' '), 2)).toHaveLength(3);
    expect(markingPoints('any two, 1 mark each:\n- jobs in fishing\n- tourism', 2)).toBeNull();
  });
  it('gives a mark for each point made, up to the marks, with confidence once they are all earned', () => {
    expect(check({ ...coast, response: 'there are jobs in fishing and the tourism brings in money' })).toMatchObject({
      pointsObtained: 2,
      confident: true,
    });
    expect(check({ ...coast, response: 'jobs in fishing, tourists bring money and the land is flat to build on' }).pointsObtained).toBe(2);
    expect(check({ ...coast, response: 'there are jobs in fishing' }).pointsObtained).toBe(1);
  });
  it('flags a short answer that names a point’s thing without what it says of it', () => {
    expect(check({ ...coast, response: 'the land is nice' })).toMatchObject({ pointsObtained: 0, confident: false });
  });
});

describe('a point met without the thing it is about', () => {
  it('is flagged when the key’s second wording is a predicate of the first one’s subject ("particles … / move faster")', () => {
    const r = check({
      question: 'Explain why sugar dissolves more quickly in hot tea.',
      answer: 'particles gain energy / move faster (1); they hit the sugar more often (1)',
      marksPossible: 2,
      response: 'it goes faster',
    });
    expect(r.confident).toBe(false);
    // ("faster" alone, a word grading another, no longer makes the point: it is only partly made.)
    expect(r.reason).toMatch(/without the thing it is about|only partly made/);
  });
  it('is not flagged where the key’s wordings are words of one phrase ("mobile / free electrons") or have their own subject', () => {
    expect(
      check({
        question: 'Explain why graphite conducts electricity.',
        answer: 'it has mobile / free electrons (1); they carry charge through it (1)',
        marksPossible: 2,
        response: 'free electrons carry charge through it',
      }),
    ).toMatchObject({ pointsObtained: 2, confident: true });
    expect(
      check({
        question: 'Explain why a comb rubbed on a sleeve picks up paper.',
        answer: 'electrons move onto the comb / comb becomes charged (1); it attracts the paper (1)',
        marksPossible: 2,
        response: 'the comb becomes charged and attracts the paper',
      }),
    ).toMatchObject({ pointsObtained: 2, confident: true });
  });
});

describe('a missing point’s own first word in a short answer', () => {
  it('is flagged: the point may be said in other words', () => {
    const r = check({
      question: 'Explain why copper conducts heat well.',
      answer: 'it has free electrons (1) which can travel through the metal carrying energy (1)',
      marksPossible: 2,
      response: 'free electrons that can travel',
    });
    expect(r).toMatchObject({ pointsObtained: 1, confident: false });
  });
});

describe('a verb and its particle, and a point of two statements side by side', () => {
  it('reads "runs off" as the key’s "runoff"', () => {
    expect(matchPoint({ text: 'more runoff', marks: 1 }, tokenize('the rain runs off'), 'Why do car parks flood?').verdict).toBe('made');
    expect(matchPoint({ text: 'more runoff', marks: 1 }, tokenize('the rain runs fast'), 'Why do car parks flood?').verdict).toBe('absent');
  });
  it('takes one statement of "less infiltration, more runoff" as a sign of the point, flagged', () => {
    const r = check({
      question: 'Explain why a car park floods in heavy rain.',
      answer: 'the rain cannot soak into the tarmac (1); so less infiltration, more runoff (1)',
      marksPossible: 2,
      response: 'there is more runoff',
    });
    expect(r).toMatchObject({ pointsObtained: 0, confident: false });
  });
});

describe('a noun of which a sense is a kind of the point’s word, in a short answer', () => {
  it('is flagged ("sun" for "light": the sun’s rays are light)', () => {
    const r = check({
      question: 'Explain why solar panels are tilted to face south.',
      answer: 'the panel receives more light (1); so it produces more electricity (1)',
      marksPossible: 2,
      response: 'to get the sun',
    });
    expect(r).toMatchObject({ pointsObtained: 0, confident: false });
    expect(r.reason).toMatch(/a kind of a word of the key/);
  });
  it('is not flagged for an adjective ("cold" is no kind of temperature said)', () => {
    const r = check({
      question: 'Explain why a kettle switches itself off.',
      answer: 'the water reaches its boiling temperature (1); a sensor detects the steam (1)',
      marksPossible: 2,
      response: 'because it is cold',
    });
    expect(r).toMatchObject({ pointsObtained: 0, confident: true });
  });
});

describe('a one-word answer', () => {
  it('earning nothing is flagged: a bare term may name a point, and teachers differ on it', () => {
    const r = check({
      question: 'Explain why a rubbed plastic ruler picks up bits of paper.',
      answer: 'rubbing moves electrons so the ruler becomes charged (1); the charged ruler attracts the paper (1)',
      marksPossible: 2,
      response: 'electrostatic',
    });
    expect(r).toMatchObject({ pointsObtained: 0, confident: false });
  });
});

describe('a point met without the thing it is about: subject and verb', () => {
  it('is not flagged where the first wording is no subject and verb ("release CO2 causing … / climate change")', () => {
    const r = check({
      question: 'Give two reasons why we should burn less coal.',
      answer: 'release CO2 causing global warming / climate change (1); coal is non-renewable / will run out (1)',
      marksPossible: 2,
      response: 'it causes climate change and coal will run out',
    });
    expect(r).toMatchObject({ pointsObtained: 2, confident: true });
  });
});

describe('an adverb for the key’s adjective', () => {
  it('reads "quickly" as "quick" (and so "faster")', () => {
    const tokens = tokenize('the heat flows out of your feet quickly');
    expect(matchPoint({ text: 'heat flows out faster', marks: 1 }, tokens, 'Why does a stone floor feel cold?').share).toBe(1);
    expect(matchPoint({ text: 'heat flows out faster', marks: 1 }, tokenize('the heat flows out of your feet'), '').share).toBeLessThan(1);
  });
});

describe('a short point missing beside a clause of other words', () => {
  const pipes = {
    question: 'Explain why copper is used for saucepan bases.',
    answer: 'copper conducts heat well (1); it is malleable (1)',
    marksPossible: 2,
  };
  it('is not flagged when the clause has no word kin to the point', () => {
    expect(check({ ...pipes, response: 'copper conducts heat well and it looks shiny' })).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
  });
  it('is flagged when a word of the clause is kin to the point ("bendy" may say "malleable")', () => {
    expect(check({ ...pipes, response: 'copper conducts heat well and it can be bent and shaped easily' }).confident).toBe(false);
  });
});

describe('one word of a point of several', () => {
  it('is the point absent when it carries less than half of it ("make" for "creates emphasis")', () => {
    const m = matchPoint({ text: 'creates emphasis', marks: 1 }, tokenize('to make it exciting'), 'Why does the poet repeat the line?');
    expect(m.verdict).toBe('absent');
    expect(matchPoint({ text: 'creates emphasis', marks: 1 }, tokenize('to emphasise it'), '').verdict).not.toBe('absent');
  });
});

describe('placeholders and points in brackets', () => {
  const origin = {
    question: 'Explain why a graph of y against x for a fixed price per kilo starts at the origin.',
    answer: 'when one quantity is nothing the other is nothing too (1); (the gradient is the price) (1)',
    marksPossible: 2,
  };
  it('reads "one quantity … the other" as whatever the answer names', () => {
    const r = check({ ...origin, response: 'when you buy nothing you pay nothing' });
    expect(r.pointsObtained).toBe(1);
  });
  it('reads a point written wholly in brackets as the point, and flags it missing', () => {
    expect(matchPoint({ text: '(the gradient is the price)', marks: 1 }, tokenize('the gradient is the price'), '').verdict).toBe('made');
    const r = check({ ...origin, response: 'when you buy nothing you pay nothing at all' });
    expect(r.confident).toBe(false);
    expect(r.reason).toMatch(/in brackets/);
  });
});

describe('one word of a one-point definition', () => {
  it('stays a half-made point to flag (the 45% bar is for a point among several)', () => {
    const point = { text: 'liquid changes into a gas', marks: 1 };
    expect(matchPoint(point, tokenize('liquid going to steam'), '', '', true).verdict).toBe('unsure');
    expect(matchPoint(point, tokenize('liquid going to steam'), '', '', false).verdict).toBe('absent');
  });
});
