import { describe, expect, it } from 'vitest';
import { pastedOptionValues, splitPastedText } from './selectPaste';

describe('splitPastedText', () => {
  it.each([
    ['comma', 'a,b', ['a', 'b']],
    ['CRLF', 'a\r\nb', ['a', 'b']],
    ['LF', 'a\nb', ['a', 'b']],
    ['tab', 'a\tb', ['a', 'b']],
    ['semicolon', 'a;b', ['a', 'b']],
  ])('splits on %s', (_separator, text, expected) => {
    expect(splitPastedText(text)).toEqual(expected);
  });

  it('splits on all five at once, trims, drops empty pieces and repeats', () => {
    expect(splitPastedText(' a , b;c\td\r\ne\n\n;b ,, ')).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('keeps a text without separators whole, spaces inside included', () => {
    expect(splitPastedText('New York')).toEqual(['New York']);
  });
});

describe('pastedOptionValues', () => {
  const options = [
    { value: '1', label: 'One' },
    { value: '2', label: 'Two' },
  ];

  it('matches options by value or label and gives their values', () => {
    expect(pastedOptionValues('One;2', options, false)).toEqual(['1', '2']);
  });

  it('drops unknown pieces unless new options are allowed', () => {
    expect(pastedOptionValues('One,three', options, false)).toEqual(['1']);
    expect(pastedOptionValues('One,three', options, true)).toEqual(['1', 'three']);
  });

  it('gives a value once when its label and its value are both pasted', () => {
    expect(pastedOptionValues('One,1', options, false)).toEqual(['1']);
  });
});
