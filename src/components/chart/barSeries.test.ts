import { describe, expect, it } from 'vitest';
import { barGeometry } from './barSeries';

describe('barGeometry', () => {
  it('scales bars to the largest and stands them on the bottom', () => {
    // 100 wide, two slots of 50, bars 40 wide centred (5 in); 60 tall: 30 of 60 is half, 60 the whole height.
    expect(
      barGeometry(
        [
          { label: 'Jan', value: 30 },
          { label: 'Feb', value: 60 },
        ],
        100,
        60,
      ),
    ).toEqual([
      { x: 5, y: 30, width: 40, height: 30 },
      { x: 55, y: 0, width: 40, height: 60 },
    ]);
  });

  it('draws nothing tall when every value is zero, and no bars for no values', () => {
    expect(barGeometry([{ label: 'Jan', value: 0 }], 10, 10)).toEqual([{ x: 1, y: 10, width: 8, height: 0 }]);
    expect(barGeometry([], 10, 10)).toEqual([]);
  });
});
