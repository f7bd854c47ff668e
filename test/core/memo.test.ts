import { describe, expect, it } from 'vitest';
import { memoOnIdentity } from '../../src/core/memo.js';

describe('memoOnIdentity', () => {
  it('computes once per key object and returns each key its own value, whatever the order of asking', () => {
    const calls: string[] = [];
    const length = memoOnIdentity((key: { name: string; items: number[] }) => {
      calls.push(key.name);
      return key.items.length;
    });
    const a = { name: 'a', items: [1, 2] };
    const b = { name: 'b', items: [1, 2, 3] };
    const equalToA = { name: 'a2', items: [1, 2] }; // equal content, another object: its own entry
    expect([length(a), length(a), length(b), length(a), length(b), length(equalToA), length(a)]).toEqual([2, 2, 3, 2, 3, 2, 2]);
    expect(calls).toEqual(['a', 'b', 'a2']);
  });
});
