import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';
import { readQuantity, readUnit } from './quantity';

const check = (question: string, answer: string, response: string, marksPossible = 2) =>
  checkAnswer({ question, answer, response, marksPossible });

describe('units as written', () => {
  it('reads speeds in every usual form', () => {
    for (const unit of ['km/h', 'kmph', 'kph', 'km per hour', 'kilometres per hour', 'kilometers an hour', 'km/hr']) {
      expect(readUnit(unit)?.label, unit).toBe('km/h');
    }
    expect(readUnit('metres per second squared')?.label).toBe('m/s²');
    expect(readUnit('m/s/s')?.label).toBe('m/s²');
  });

  it('reads units the table lacks through mathjs, but not English words that mathjs also knows', () => {
    expect(readQuantity('5 ft')?.unit).toMatchObject({ dim: 'length', factor: 0.3048 });
    expect(readQuantity('3 mi')?.unit?.dim).toBe('length');
    expect(readQuantity('6 in')).toBeNull();
  });

  it('reads negative powers written without a caret, per cent and currency', () => {
    expect(readUnit('km h-1')?.dim).toBe('speed');
    expect(readUnit('m s-2')?.dim).toBe('acceleration');
    expect(readQuantity('50 per cent')?.unit?.label).toBe('%');
    expect(readQuantity('£5.50')?.value).toBe(5.5);
    expect(readQuantity('1½')?.value).toBe(1.5);
    expect(readUnit('square metres')?.label).toBe('m²');
    expect(readUnit('cubic centimetres')?.label).toBe('cm³');
    expect(readUnit('metres squared')?.label).toBe('m²');
  });

  it('reads temperatures in °C, °F and K on one scale', () => {
    expect(readQuantity('212 °F')?.unit?.dim).toBe('temperature');
    expect(readQuantity('20 degrees celsius')?.unit?.label).toBe('°C');
  });
});

describe('values across units', () => {
  const speed = 'A car travels 120 km in 2 hours. What is its average speed?';

  it('accepts the same value in another unit, within the precision of the key', () => {
    expect(check(speed, '60 km/h', '16.67 m/s').pointsObtained).toBe(2);
    expect(check(speed, '60 km/h', '16.7 m/s').feedback).toBe('Correct: 16.7 m/s is the same as 60 km/h.');
    expect(check('What is its speed?', '16.67 m/s', '60 km/h').pointsObtained).toBe(2);
    // Where the question names the unit, teachers differ on another unit's amount: the accuracy mark off, flagged.
    expect(check('Speed in m/s?', '16.67 m/s', '60 km/h')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check('Boiling point of water?', '100 °C', '212 °F').pointsObtained).toBe(2);
    expect(check('Boiling point of water?', '100 °C', '373 K').pointsObtained).toBe(2);
    expect(check('Length?', '45 mm', '4.5 cm').pointsObtained).toBe(2);
    expect(check('Mass?', '1.2 kg', '1200 g').pointsObtained).toBe(2);
    expect(check('Match length?', '90 minutes', '1.5 hours').pointsObtained).toBe(2);
    expect(check('Match length?', '90 minutes', '1 hour 30 minutes').pointsObtained).toBe(2);
    expect(check('Match length?', '90 minutes', '1 hour 20 minutes').pointsObtained).toBe(0);
  });

  it('reads a key that also accepts another unit of the same amount ("accept kg m/s²"), whose powers are no values', () => {
    const q = 'A box of mass 3 kg accelerates at 4 m/s². Work out the resultant force.';
    const key = '12 N (accept kg m/s²) (1 value, 1 unit)';
    expect(check(q, key, '12 N').pointsObtained).toBe(2);
    expect(check(q, key, '12 kg m/s^2').pointsObtained).toBe(2);
    expect(check(q, key, '12').pointsObtained).toBe(1);
    expect(check(q, key, 'F = ma = 3 x 4 = 12 J').pointsObtained).toBe(1);
  });

  it("reads units written in words through mathjs where the table stops, as the table's own unit when it has one", () => {
    expect(readUnit('metres per minute')).toMatchObject({ dim: 'speed' });
    expect(readUnit('miles per hour')?.label).toBe('mph');
    expect(readUnit('cm per second squared')).toMatchObject({ dim: 'acceleration', factor: 0.01 });
    expect(readUnit('grams per litre')).toMatchObject({ dim: 'density', factor: 1 });
    expect(readUnit('kg m/s^2')?.label).toBe('N');
  });

  it('gives the method share for the right amount in a unit on the way to the one asked, nothing for one mark', () => {
    const q = 'Convert 5 400 000 cm into km.';
    expect(check(q, '54 km', '54 000 m').pointsObtained).toBe(1);
    expect(check(q, '54 km', '54 000 m', 1).pointsObtained).toBe(0);
    expect(check(q, '54 km', '54 km').pointsObtained).toBe(2);
    // The question's own amount copied out is no step.
    expect(check('Convert 90 km/h into m/s.', '25 m/s', '90 km/h').pointsObtained).toBe(0);
  });

  it('takes a bare number where the question names the unit after "into", powers included', () => {
    expect(check('Convert 2.5 m² into cm².', '25 000 cm²', '25,000', 1)).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it('accepts the other values a key accepts', () => {
    const q = 'A jug holds 3 pints. 1 pint ≈ 568 ml. About how many millilitres is this?';
    expect(check(q, '1704 ml (accept 1700 ml)', '1700 ml', 1).pointsObtained).toBe(1);
    expect(check(q, '1704 ml (accept 1700 ml)', '1704 ml', 1).pointsObtained).toBe(1);
    expect(check(q, '1704 ml (accept 1700 ml)', '1710 ml', 1).pointsObtained).toBe(0);
  });

  it('reads "100 degrees" and "100C" as the temperature the key gives', () => {
    expect(check('Boiling point of water?', '100 °C', '100 degrees').pointsObtained).toBe(2);
    expect(check('Boiling point of water?', '100 °C', '100C').pointsObtained).toBe(2);
    expect(check('Boiling point of water?', '100 °C', '212F').pointsObtained).toBe(2);
  });

  it('accepts a speed written out in words', () => {
    for (const response of ['60 km/h', '60 kmph', '60 km per hour', '60 kilometres per hour', 'sixty km/h']) {
      expect(check(speed, '60 km/h', response), response).toMatchObject({ pointsObtained: 2, confident: true });
    }
  });

  it('takes half off for a missing unit and says which, unless the question gives the unit', () => {
    // Two independent teachers deduct half the marks for a missing unit (1 of 2, ½ of 1).
    const r = check(speed, '60 km/h', '60');
    expect(r).toMatchObject({ pointsObtained: 1, confident: true });
    expect(r.feedback).toBe('Partly correct (1 of 2 marks). Your value 60 is right, but the unit is missing: give the speed in km/h.');
    expect(check(`${speed} Give your answer in km/h.`, '60 km/h', '60').pointsObtained).toBe(2);
    expect(check('How many seconds are in 2 minutes?', '120 s', 'there are 120').pointsObtained).toBe(2);
    // The unit given with the value earlier in the working counts.
    expect(check(speed, '60 km/h', 'The speed is 60 km/h because 120/2 = 60').pointsObtained).toBe(2);
    expect(check(speed, '60 km/h', '60 m/s because 120/2 = 60').pointsObtained).toBe(1);
  });

  it('gives half for the right number in a wrong unit, and nothing for a different amount', () => {
    const r = check(speed, '60 km/h', '60 m/s');
    expect(r.pointsObtained).toBe(1);
    expect(r.feedback).toContain('m/s instead of km/h');
    // 240 km/h is 120 × 2, the question's numbers multiplied: nothing, but flagged, as a teacher may see a method in it.
    expect(check(speed, '60 km/h', '240 km/h')).toMatchObject({ pointsObtained: 0, confident: false });
    expect(check(speed, '60 km/h', '250 km/h').feedback).toBe(
      'Your answer 250 km/h is not correct: the expected answer is 60 km/h. Check your working.',
    );
    expect(check(speed, '60 km/h', '250').feedback).toContain('Check your working and the unit.');
    // 100 °F is another temperature, not a slip of the unit's name.
    expect(check('Boiling point?', '100 °C', '100 °F').pointsObtained).toBe(0);
  });

  it('wants a conversion in the unit it names', () => {
    const q = 'Convert 60 km/h to m/s.';
    expect(check(q, '16.67 m/s', '16.7 m/s').pointsObtained).toBe(2);
    expect(check(q, '16.67 m/s', '16.67').pointsObtained).toBe(2);
    const same = check(q, '16.67 m/s', '60 km/h');
    expect(same).toMatchObject({ pointsObtained: 0, confident: true });
    expect(same.feedback).toContain('asks for the answer in m/s');
    expect(check('Convert 2.5 hours to minutes.', '150 minutes', '2 hours 30 minutes').pointsObtained).toBe(0);
    expect(check('Convert 100 °C to °F.', '212 °F', '212').pointsObtained).toBe(2);
    expect(check('How many grams are in 2.5 kg?', '2500 g', '2.5 kg').pointsObtained).toBe(0);
  });
});

describe('a unit mark of its own', () => {
  it('gives the right unit with a wrong value its mark, flagged: teachers differ on whether the unit mark stands alone', () => {
    const q = 'A cyclist rides 45 km in 3 hours. Work out her average speed.';
    expect(check(q, '15 km/h (1 value, 1 unit)', '12 km/h')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check(q, '15 km/h (1 value, 1 unit)', '15 km/h')).toMatchObject({ pointsObtained: 2, confident: true });
    // Its marks are for the value and the unit: a wrong value from the question's numbers earns no method mark.
    expect(check(q, '15 km/h (1 value, 1 unit)', '135')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(q, '15 km/h', '135')).toMatchObject({ pointsObtained: 0, confident: false });
  });
});

describe('Greek letters by name', () => {
  it('reads a Greek letter written by name as the letter the key writes, and only then', () => {
    expect(check('What is the unit of impedance?', 'ohm (Ω)', 'omega', 1).pointsObtained).toBe(1);
    expect(check('Which letter stands for wavelength?', 'λ (lambda)', 'lambda', 1).pointsObtained).toBe(1);
    expect(check('What is the unit of impedance?', 'ohm (Ω)', 'sigma', 1).pointsObtained).toBe(0);
  });
});
