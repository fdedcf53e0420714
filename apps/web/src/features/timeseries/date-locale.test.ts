import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { datePickerLocale } from './date-locale';

describe("the date picker's locale", () => {
  it('names months and days in Swahili and spells out a day as Kenyan pages do', () => {
    const locale = datePickerLocale('sw');
    const monday = new Date(2021, 0, 4);
    expect(format(monday, 'LLLL yyyy', { locale })).toBe('Januari 2021');
    expect(format(monday, 'EEEEEE', { locale })).toBe(
      new Intl.DateTimeFormat('sw', { weekday: 'narrow' }).format(monday),
    );
    expect(format(monday, 'PPPP', { locale })).toBe('Jumatatu, 4 Januari 2021');
    expect(format(monday, 'dd/MM/yyyy', { locale })).toBe('04/01/2021');
  });

  it('leaves English to the picker itself', () => {
    expect(datePickerLocale('en')).toBeUndefined();
  });
});
