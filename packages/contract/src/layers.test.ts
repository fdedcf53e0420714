import { describe, expect, it } from 'vitest';
import { LayerStyleSchema } from './layers.ts';

const status = {
  type: 'categories',
  property: 'status',
  categories: [
    { value: 'proposed', colour: '#56b4e9', label: 'Proposed' },
    { value: 'cancelled', colour: '#000000', label: 'Cancelled' },
  ],
};

describe('LayerStyleSchema categories', () => {
  it('accepts text classes read from a feature property, and number classes of raster cells', () => {
    expect(LayerStyleSchema.parse(status)).toEqual(status);
    const landCover = { type: 'categories', categories: [{ value: 0, colour: '#3708FF', label: 'Water' }] };
    expect(LayerStyleSchema.parse(landCover)).toEqual(landCover);
  });

  it('refuses text classes without the property they are read from', () => {
    const withoutProperty = { type: status.type, categories: status.categories };
    const result = LayerStyleSchema.safeParse(withoutProperty);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['categories'],
      message: expect.stringContaining("feature 'property'"),
    });
  });

  it('refuses a class listed twice, an empty label and a colour that is not #rrggbb', () => {
    const twice = {
      ...status,
      categories: [...status.categories, { value: 'proposed', colour: '#0072b2', label: 'Again' }],
    };
    expect(LayerStyleSchema.safeParse(twice).error?.issues[0].message).toBe('each category value may appear only once');
    const unlabelled = { ...status, categories: [{ value: 'proposed', colour: '#56b4e9', label: '' }] };
    expect(LayerStyleSchema.safeParse(unlabelled).success).toBe(false);
    const named = { ...status, categories: [{ value: 'proposed', colour: 'blue', label: 'Proposed' }] };
    expect(LayerStyleSchema.safeParse(named).success).toBe(false);
  });

  it('takes the attributes a click lists, with labels and units', () => {
    const dams = {
      type: 'fill',
      fill: '#0868ac',
      stroke: '#ffffff',
      popup: [{ property: 'Dam_height_m', label: 'Height', unit: 'm' }],
    };
    expect(LayerStyleSchema.parse(dams)).toEqual(dams);
    expect(LayerStyleSchema.safeParse({ ...dams, popup: [] }).success).toBe(false);
    expect(LayerStyleSchema.safeParse({ ...dams, popup: [{ property: 'Dam_height_m' }] }).success).toBe(false);
  });
});
