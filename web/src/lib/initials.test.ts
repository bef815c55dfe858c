import { describe, expect, it } from 'vitest';
import { initialOf, initials } from './initials';

describe('avatar initials', () => {
  it('skips Thai leading vowels (เ แ โ ใ ไ): the consonant is the initial', () => {
    expect(initialOf('เดโม')).toBe('ด');
    expect(initialOf('แสงดาว')).toBe('ส');
    expect(initialOf('โชติ')).toBe('ช');
    expect(initialOf('ใจดี')).toBe('จ');
    expect(initialOf('ไพลิน')).toBe('พ');
    expect(initials('ผู้มาใหม่', 'เดโม')).toBe('ผด');
    expect(initials('สใ', 'ใส')).toBe('สส');
  });

  it('never starts with a combining mark, a digit or punctuation', () => {
    expect(initialOf('\u0E48\u0E35กา')).toBe('ก');
    expect(initialOf(' "9 anna')).toBe('A');
    expect(initials('somchai', 'jaidee')).toBe('SJ');
  });

  it('"?" when neither name has a letter', () => {
    expect(initials('', '')).toBe('?');
    expect(initials('เ', '1')).toBe('?');
  });
});
