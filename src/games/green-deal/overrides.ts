/**
 * A scenario's `components` section: changes to the components set in force (params.components, or
 * the placeholder set), without writing a components file. Plain JSON, one meaning per path, so a
 * sweep or a balance search can vary any number in it:
 *
 *   "components": {
 *     "pr": { "price": 4 },                                   a field of a section
 *     "track": { "stages": { "0": { "vp": 5 } } },            one entry of a list, by index
 *     "actionCards": { "subsidy": { "cost": 2 },              a card, by id
 *                      "audit": { "cost": 1, "timing": "immediate", "effects": [{ "kind": "vp", "amount": 2 }] } }
 *   }
 *
 * A list is replaced when the section gives a list, patched when it gives an object of indices
 * (`--vary components.pr.vp[0]=6..10` writes one). A card keeps every field not given; a new card
 * needs all of them. The changed set is checked as a components file is (components.ts), and every
 * changed number is listed for the report ("pr.price: 3 → 4").
 */
import { InputError } from '../../core/errors.js';
import { expectKnownKeys, expectObject, isObject, show, type Where } from '../../core/validate.js';
import { componentsData, componentsFromData, SECTIONS, type GreenDealComponents } from './components.js';

const CARD_SECTIONS = ['sustainabilityCards', 'actionCards'] as const;

/** `patch` merged into `base`: objects key by key, lists replaced or patched by index objects. */
function merge(where: Where, field: string, base: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  if (Array.isArray(base)) {
    const out = base.slice();
    for (const [k, v] of Object.entries(patch)) {
      if (!/^\d+$/.test(k) || Number(k) >= base.length) {
        throw new InputError(
          where.file,
          `${field}.${k}`,
          `${field} is a list of ${base.length}; expected an index from 0 to ${base.length - 1}, or the whole list`,
        );
      }
      out[Number(k)] = merge(where, `${field}[${k}]`, base[Number(k)], v);
    }
    return out;
  }
  if (!isObject(base)) return patch;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = merge(where, `${field}.${k}`, base[k], v);
  return out;
}

type Entry = Record<string, unknown>;

function mergeCards(where: Where, field: string, base: Entry, patch: Record<string, unknown>): Entry {
  const cards = (base.cards as Entry[]).map((c) => ({ ...c }));
  let source = base.source;
  for (const [id, value] of Object.entries(patch)) {
    if (id === 'source') {
      source = value;
      continue;
    }
    const given = expectObject(where, `${field}.${id}`, value);
    if (Object.hasOwn(given, 'id')) throw new InputError(where.file, `${field}.${id}.id`, 'a card is named by its key here; leave out "id"');
    const at = cards.findIndex((c) => c.id === id);
    if (at < 0) cards.push({ id, count: 1, ...given });
    else cards[at] = merge(where, `${field}.${id}`, cards[at], given) as Entry;
  }
  return { source, cards };
}

const flat = (v: unknown, path: string, out: Map<string, string>): Map<string, string> => {
  if (isObject(v)) for (const [k, x] of Object.entries(v)) flat(x, path ? `${path}.${k}` : k, out);
  else if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) out.set(path, JSON.stringify(v));
  else if (Array.isArray(v)) v.forEach((x, i) => flat(x, `${path}[${i}]`, out));
  else out.set(path, JSON.stringify(v));
  return out;
};

/** One line per changed or new number (sections by path, cards by id), in file order. */
function changedLines(before: Entry, after: Entry): string[] {
  const lines: string[] = [];
  for (const key of ['id', 'note', ...SECTIONS]) {
    if ((CARD_SECTIONS as readonly string[]).includes(key)) {
      const was = (before[key] as Entry).cards as Entry[];
      const now = (after[key] as Entry).cards as Entry[];
      const what = key === 'actionCards' ? 'action card' : 'sustainability card';
      for (const card of now) {
        const old = was.find((c) => c.id === card.id);
        if (old === undefined) {
          lines.push(
            `${what} ${card.id} (new): ${[...flat({ ...card, id: undefined }, '', new Map())]
              .filter(([, v]) => v !== undefined)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')}`,
          );
          continue;
        }
        const a = flat(old, '', new Map());
        const b = flat(card, '', new Map());
        const diffs = [...new Set([...a.keys(), ...b.keys()])]
          .filter((k) => a.get(k) !== b.get(k))
          .map((k) => `${k} ${a.get(k) ?? 'none'} → ${b.get(k) ?? 'none'}`);
        if (diffs.length) lines.push(`${what} ${card.id}: ${diffs.join(', ')}`);
      }
      if (JSON.stringify((before[key] as Entry).source) !== JSON.stringify((after[key] as Entry).source)) {
        lines.push(`${key}.source: ${show((before[key] as Entry).source)} → ${show((after[key] as Entry).source)}`);
      }
      continue;
    }
    const a = flat(before[key], key, new Map());
    const b = flat(after[key], key, new Map());
    for (const k of new Set([...a.keys(), ...b.keys()])) if (a.get(k) !== b.get(k)) lines.push(`${k}: ${a.get(k) ?? 'none'} → ${b.get(k) ?? 'none'}`);
  }
  return lines;
}

/** Checks the changed set; a card's error is named by the card's key in the section (`components.actionCards.subsidy.cost`). */
function checked(where: Where, after: Entry): GreenDealComponents {
  try {
    return componentsFromData(where, 'components', after);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    const m = /^components\.(sustainabilityCards|actionCards)\.cards\[(\d+)\](.*)$/.exec(e.field);
    const id = m ? ((after[m[1]] as Entry).cards as Entry[])[Number(m[2])]?.id : undefined;
    if (m === null || typeof id !== 'string') throw e;
    throw new InputError(e.file, `components.${m[1]}.${id}${m[3]}`, e.problem);
  }
}

/** The components with the scenario's `components` section applied, and one line per change (empty: unchanged, `base` returned). */
export function applyComponentOverrides(
  where: Where,
  raw: unknown,
  base: GreenDealComponents,
): { components: GreenDealComponents; changed: readonly string[] } {
  if (raw === undefined) return { components: base, changed: [] };
  const obj = expectObject(where, 'components', raw);
  expectKnownKeys(where, 'components', obj, ['id', 'note', ...SECTIONS]);
  const before = componentsData(base);
  const after: Entry = { ...before };
  for (const [key, value] of Object.entries(obj)) {
    const field = `components.${key}`;
    if ((CARD_SECTIONS as readonly string[]).includes(key)) after[key] = mergeCards(where, field, before[key] as Entry, expectObject(where, field, value));
    else if (key === 'id' || key === 'note') after[key] = value;
    else after[key] = merge(where, field, before[key], expectObject(where, field, value));
  }
  const components = checked(where, after);
  const changed = changedLines(before, componentsData(components));
  return changed.length === 0 ? { components: base, changed } : { components, changed };
}
