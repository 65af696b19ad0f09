/**
 * Greek letters written by name, as students say the symbols of units and quantities: "omega" for Ω (the ohm), "mu" for
 * µ, "lambda" for λ. Where the key writes the letter, its name in the answer is that letter.
 */
const LETTERS: Record<string, string[]> = {
  alpha: ['α'],
  beta: ['β'],
  gamma: ['γ'],
  delta: ['δ', 'Δ'],
  theta: ['θ'],
  lambda: ['λ'],
  mu: ['µ', 'μ'],
  pi: ['π'],
  rho: ['ρ'],
  sigma: ['σ', 'Σ'],
  omega: ['ω', 'Ω'],
};

/** The response with each Greek letter's name written as the letter the key uses; unchanged where the key uses none. */
export function greekNamesAsKey(key: string, response: string): string {
  let out = response;
  for (const [name, symbols] of Object.entries(LETTERS)) {
    const used = symbols.find((s) => key.includes(s));
    // The key's own word for it ("λ (lambda)") stays as written.
    if (used && !new RegExp(`\\b${name}\\b`, 'i').test(key)) out = out.replace(new RegExp(`\\b${name}\\b`, 'gi'), used);
  }
  return out;
}
