import { describe, expect, it } from 'vitest';
import { stepGeometry } from './lineSeries';

describe('stepGeometry', () => {
  it('scales a series into the box as steps, from zero up to its highest value', () => {
    const geometry = stepGeometry(
      [
        { at: 0, value: 10 },
        { at: 50, value: 40 },
        { at: 100, value: 20 },
      ],
      200,
      40,
    );
    expect(geometry).toEqual({
      points: '0.0,30.0 100.0,30.0 100.0,0.0 200.0,0.0 200.0,20.0',
      min: 0,
      max: 40,
      first: 0,
      last: 100,
    });
  });

  it('draws nothing for fewer than two points, and a flat line for a value that never moved', () => {
    expect(stepGeometry([{ at: 5, value: 3 }], 100, 10)).toBeNull();
    expect(
      stepGeometry(
        [
          { at: 0, value: 0 },
          { at: 10, value: 0 },
        ],
        100,
        10,
      )?.points,
    ).toBe('0.0,5.0 100.0,5.0 100.0,5.0');
  });
});
