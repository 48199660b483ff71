import { describe, expect, it } from 'vitest';
import { boxPosition, choosableFaces } from './face-boxes';

describe('face boxes over the base photo', () => {
  it('places a box in percent of the photo, so it fits any shown size', () => {
    expect(boxPosition({ x: 100, y: 50, width: 200, height: 100 }, { width: 400, height: 200 })).toEqual({
      left: '25.000%',
      top: '25.000%',
      width: '50.000%',
      height: '50.000%',
    });
  });

  it('keeps a box that reaches past an edge inside the photo', () => {
    expect(boxPosition({ x: -20, y: 150, width: 100, height: 100 }, { width: 400, height: 200 })).toEqual({
      left: '0.000%',
      top: '75.000%',
      width: '20.000%',
      height: '25.000%',
    });
  });

  it('offers a choice only when there are several faces', () => {
    const face = { x: 0, y: 0, width: 1, height: 1 };
    expect(choosableFaces(undefined)).toEqual([]);
    expect(choosableFaces([face])).toEqual([]);
    expect(choosableFaces([face, face])).toHaveLength(2);
  });
});
