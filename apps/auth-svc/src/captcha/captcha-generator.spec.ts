import { generateCaptcha } from './captcha-generator';

const SAMPLES = 5000;

describe('generateCaptcha', () => {
  it('adds two numbers from 1 to 50', () => {
    for (let i = 0; i < SAMPLES; i++) {
      const q = generateCaptcha('add');
      expect(q.a).toBeGreaterThanOrEqual(1);
      expect(q.a).toBeLessThanOrEqual(50);
      expect(q.b).toBeGreaterThanOrEqual(1);
      expect(q.b).toBeLessThanOrEqual(50);
      expect(q.answer).toBe(q.a + q.b);
      expect(q.question).toBe(`${q.a} + ${q.b} = ?`);
    }
  });

  it('subtracts 1-25 from 25-74 and never goes below zero', () => {
    for (let i = 0; i < SAMPLES; i++) {
      const q = generateCaptcha('subtract');
      expect(q.a).toBeGreaterThanOrEqual(25);
      expect(q.a).toBeLessThanOrEqual(74);
      expect(q.b).toBeGreaterThanOrEqual(1);
      expect(q.b).toBeLessThanOrEqual(25);
      expect(q.answer).toBe(q.a - q.b);
      expect(q.answer).toBeGreaterThanOrEqual(0);
    }
  });

  it('multiplies two numbers from 1 to 12', () => {
    for (let i = 0; i < SAMPLES; i++) {
      const q = generateCaptcha('multiply');
      expect(q.a).toBeGreaterThanOrEqual(1);
      expect(q.a).toBeLessThanOrEqual(12);
      expect(q.b).toBeGreaterThanOrEqual(1);
      expect(q.b).toBeLessThanOrEqual(12);
      expect(q.answer).toBe(q.a * q.b);
    }
  });

  it('reaches both ends of every range', () => {
    const seen = { addMin: false, addMax: false, subMin: false, subMax: false, mulMin: false, mulMax: false };
    for (let i = 0; i < 20000; i++) {
      const add = generateCaptcha('add');
      const sub = generateCaptcha('subtract');
      const mul = generateCaptcha('multiply');
      seen.addMin ||= add.a === 1;
      seen.addMax ||= add.a === 50;
      seen.subMin ||= sub.a === 25 && sub.b === 25;
      seen.subMax ||= sub.a === 74;
      seen.mulMin ||= mul.a === 1;
      seen.mulMax ||= mul.a === 12;
    }
    expect(Object.values(seen).every(Boolean)).toBe(true);
  });

  it('picks every operation when none is asked for', () => {
    const operations = new Set(Array.from({ length: 300 }, () => generateCaptcha().operation));
    expect([...operations].sort()).toEqual(['add', 'multiply', 'subtract']);
  });
});
