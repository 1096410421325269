/** Reads the captcha's "a op b = ?" as a person would and works it out. */
export function solveArithmetic(question: string): number {
  const match = /(\d+)\s*([+\-−×x*])\s*(\d+)/.exec(question);
  if (!match) throw new Error(`Not an arithmetic question: ${question}`);
  const [a, op, b] = [Number(match[1]), match[2], Number(match[3])];
  if (op === '+') return a + b;
  if (op === '-' || op === '−') return a - b;
  return a * b;
}
