/** Names turned into code. */

/** `my-bot` → `myBot` (a valid identifier for a starter bot's factory variable). */
export function identifierFor(name: string): string {
  const parts = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const id = parts.map((p, i) => (i === 0 ? p.charAt(0).toLowerCase() + p.slice(1) : p.charAt(0).toUpperCase() + p.slice(1))).join('');
  return /^[A-Za-z_]/.test(id) ? id : `bot${id.charAt(0).toUpperCase()}${id.slice(1)}`;
}
