import { describe, expect, it } from 'vitest';
import { checkAnswer } from './check';
import { parseKey } from './key';
import { asksForOne, droppedMarks, strictMarks, takeMarkerNotes } from './key-notes';

const grade = (question: string, answer: string, response: string, marksPossible = 1) =>
  checkAnswer({ question, answer, marksPossible, response });

describe('notes to the marker in a key are not words of the answer', () => {
  it('"– exact", "exact spelling required", "capital not penalised", "term tested" are taken out', () => {
    expect(takeMarkerNotes('mice – exact.').main).toBe('mice');
    expect(takeMarkerNotes('separate – exact spelling required.').main).toBe('separate');
    expect(takeMarkerNotes('der Hund; exact spelling; capital not penalised').main).toBe('der Hund');
    expect(
      parseKey("isotope (term tested; reject 'atom', 'element')", 'What are atoms with different neutron numbers called?'),
    ).toMatchObject({
      kind: 'single',
      item: { text: 'isotope' },
      reject: ['atom', 'element'],
    });
    expect(grade("Give the plural of 'mouse'.", 'mice – exact.', 'mice')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(
      grade("Correct the spelling: 'They seperated the salt.'", 'separated – exact spelling required.', 'separated').pointsObtained,
    ).toBe(1);
  });

  it('"misspellings accepted unless they become X" takes slips and rejects X', () => {
    const notes = takeMarkerNotes('osmosis. Misspellings accepted unless they become diffusion.');
    expect(notes.main).toBe('osmosis');
    expect(notes.reject).toEqual(['diffusion']);
    expect(takeMarkerNotes('Danube. Accept misspellings if clear.').main).toBe('Danube');
    const q = 'Which process moves water into a root hair cell?';
    const key = 'osmosis. Misspellings accepted unless they become diffusion.';
    expect(grade(q, key, 'osmosis')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(grade(q, key, 'diffusion').pointsObtained).toBe(0);
  });

  it('a quoted wording "accepted" is one more wording; a quoted wording "= 0" is rejected', () => {
    expect(takeMarkerNotes("pumps blood. 'Moves blood' accepted.")).toMatchObject({ main: 'pumps blood', accept: ['Moves blood'] });
    expect(takeMarkerNotes("Yes – copper conducts. 'Because it is shiny' = 0.").reject).toEqual(['it is shiny']);
    // A quoted yes / no stays for the yes / no reader.
    expect(takeMarkerNotes("No – 39 = 3 × 13. 'No' alone = 0.").main).toContain("'No' alone = 0");
  });
});

describe('a question that asks for one thing with an article', () => {
  it('"Name a …", "Give a word that …" over a list of answers is a choice of one', () => {
    expect(asksForOne('Name a planet with rings.')).toBe(true);
    expect(asksForOne("Give a word that means the same as 'tiny'.")).toBe(true);
    expect(asksForOne('Name a metal and a non-metal.')).toBe(false);
    expect(asksForOne('Give a word equation for respiration.')).toBe(false);
    expect(asksForOne('Name the gases in air.')).toBe(false);
    const q = 'Name a planet with rings.';
    const key = 'Saturn, Jupiter, Uranus, Neptune. Reject Mars.';
    expect(grade(q, key, 'Uranus')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(grade(q, key, 'Mars').pointsObtained).toBe(0);
    expect(grade("Give a word that means the same as 'tiny'.", 'small, little, minute, miniature.', 'little').pointsObtained).toBe(1);
  });
});

describe('accents and umlauts in a word of another language', () => {
  it('reads which marks a response drops, not an apostrophe for one, nor one the other way, nor "ae" for "ä"', () => {
    expect(droppedMarks('la forêt', 'la foret')).toEqual([{ key: 'forêt', got: 'foret' }]);
    expect(droppedMarks('così', "cosi'")).toEqual([]);
    expect(droppedMarks('così', 'cosí')).toEqual([]);
    expect(droppedMarks('die Tür', 'die Tuer')).toEqual([]);
    expect(droppedMarks('die Tür', 'die Tur')).toEqual([{ key: 'tür', got: 'tur' }]);
  });

  it('a key that asks for exact spelling, or accepts "ue" for "ü", rejects the word without its marks', () => {
    expect(strictMarks('die Tür; accept die Tuer')).toEqual(['tur']);
    expect(strictMarks('hören, sehen; spelling exact, ae/oe/ue accepted')).toEqual(['horen']);
    expect(strictMarks('die Tür')).toEqual([]);
    const q = "German: translate 'the door' (include the article).";
    expect(grade(q, 'die Tür; accept die Tuer', 'die Tur')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(grade(q, 'die Tür; accept die Tuer', 'die Tuer').pointsObtained).toBe(1);
    expect(grade(q, 'die Tür; accept die Tuer', 'die Tür').pointsObtained).toBe(1);
  });

  it('a rejected bare form is read with its marks; a dropped mark the key says nothing of is flagged', () => {
    const q = "Italian: translate 'so' (thus).";
    expect(grade(q, 'così; reject cosi', 'cosi')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(grade(q, 'così; reject cosi', 'così')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(grade(q, 'così; reject cosi', "cosi'").pointsObtained).toBe(1);
    expect(grade(q, 'così', 'cosi')).toMatchObject({ pointsObtained: 1, confident: false });
  });

  it('where the question asks for the article, the key’s article is needed; an accepted spelling keeps the phrase', () => {
    const q = "Italian: translate 'the truth' (with the article).";
    const key = "la verità; accept verita'";
    expect(grade(q, key, 'verità').pointsObtained).toBe(0);
    expect(grade(q, key, 'il verità').pointsObtained).toBe(0);
    expect(grade(q, key, 'la verità').pointsObtained).toBe(1);
    expect(grade(q, key, "la verita'").pointsObtained).toBe(1);
  });
});

describe('yes / no keys whose marks are for the reason', () => {
  it('"\'No\' alone = 0", "\'no\' alone [0]", "Bare \'yes\' = 0": the bare decision earns nothing', () => {
    const q = 'Is 39 a prime number? Give a reason.';
    expect(grade(q, "No – 39 = 3 × 13. 'No' alone = 0.", 'no')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(grade(q, "No, with 39 = 3 × 13 [1]; 'no' alone [0]", 'No').pointsObtained).toBe(0);
    expect(grade(q, "No, with 39 = 3 × 13 [1]; 'no' alone [0]", 'no, 3 x 13').pointsObtained).toBe(1);
    expect(grade(q, "No – 39 = 3 × 13. Bare 'no' = 0.", 'no').pointsObtained).toBe(0);
  });

  it('one mark, a question that asks why, and a key giving the decision no mark: a bare yes / no earns nothing', () => {
    const q = 'Is 3/4 greater than 0.7? Explain.';
    const key = 'Yes – 3/4 = 0.75, which is more than 0.7.';
    expect(grade(q, key, 'yes')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(grade(q, key, 'yes, 3/4 = 0.75').pointsObtained).toBe(1);
    // No reason asked: the decision is the mark.
    expect(grade('Is 3/4 greater than 0.7?', key, 'yes').pointsObtained).toBe(1);
    // The decision has a mark of its own: the bare decision keeps it.
    expect(grade(q, 'Yes (1); 3/4 = 0.75 (1)', 'yes', 2).pointsObtained).toBe(1);
  });

  it('a reason the key gives 0 earns nothing; a wording it accepts for the reason earns the reason’s mark', () => {
    const q = 'Will a copper wire conduct electricity? Give a reason.';
    const key = "Yes – copper has free (delocalised) electrons. 'Because it is shiny' = 0.";
    expect(grade(q, key, 'yes because it is shiny')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(grade(q, key, 'yes, it has free electrons').pointsObtained).toBe(1);
    const q2 = 'Can a plant make food in the dark? Explain.';
    const key2 = "No (1); photosynthesis needs light energy from the Sun (1). 'No light' accepted for second mark.";
    expect(parseKey(key2, q2)).toMatchObject({ kind: 'yes-no', yes: false, accept: ['No light'] });
    expect(grade(q2, key2, 'No because there is no light', 2).pointsObtained).toBe(2);
    expect(grade(q2, key2, 'no', 2).pointsObtained).toBe(1);
  });

  it('"No (needed); reason [1]; reason [1]": each reason its own mark, the decision none', () => {
    const q = 'A student says a bigger magnet always attracts from further away. Is the student correct? Explain.';
    const key = 'No (needed); the strength depends on the material [1]; a small strong magnet can beat a big weak one [1]';
    expect(parseKey(key, q)).toMatchObject({ kind: 'yes-no', points: [{ marks: 1 }, { marks: 1 }] });
    expect(grade(q, key, 'No, the strength depends on the material', 2).pointsObtained).toBe(1);
    expect(grade(q, key, 'no', 2).pointsObtained).toBe(0);
    expect(grade(q, key, 'yes', 2).pointsObtained).toBe(0);
  });

  it('a yes or no in German or French is read as one', () => {
    const q = "German: is the noun 'Haus' masculine?";
    expect(grade(q, 'No (neuter: das Haus)', 'nein, es ist neutral').pointsObtained).toBe(1);
    expect(grade(q, 'No (neuter: das Haus)', 'ja').pointsObtained).toBe(0);
  });
});
