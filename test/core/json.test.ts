import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonText, readJsonFile } from '../../src/core/validate.js';
import { tempDir } from '../helpers/temp.js';

const fails = (text: string) => {
  try {
    parseJsonText('f.json', text);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('parsed');
};

describe('JSON errors name the line and column', () => {
  it('of an unquoted key (line 1, column 3)', () => {
    expect(fails('{ players: 4')).toBe("f.json: not valid JSON at line 1, column 3: Expected property name or '}'");
  });
  it('of an unexpected token that the parser gives no position for (line 2, column 7)', () => {
    expect(fails('{"a":1,\n "b": ,}')).toBe("f.json: not valid JSON at line 2, column 7: Unexpected token ','");
  });
  it('of a misspelt literal (line 2, column 11: the line break after "tru", as the line holds 10 characters)', () => {
    expect(fails('{\n  "a": tru\n}')).toMatch(/^f\.json: not valid JSON at line 2, column 11: /);
  });
  it('of text after the value (line 2, column 1)', () => {
    expect(fails('{"a": 1}\n}')).toBe('f.json: not valid JSON at line 2, column 1: Unexpected non-whitespace character after JSON');
  });
  it('of text that ends too early', () => {
    expect(fails('[1,2')).toMatch(/^f\.json: not valid JSON at the end: /);
    expect(fails('')).toBe('f.json: not valid JSON at the end: Unexpected end of JSON input');
  });
  it('parses valid JSON', () => {
    expect(parseJsonText('f.json', '{"a": [1, true]}')).toEqual({ a: [1, true] });
  });
  it('says in words why a file cannot be read (no raw ENOENT or EISDIR)', () => {
    const dir = tempDir('goldpit-json-');
    expect(() => readJsonFile(join(dir, 'none.json'), 'the scenario file')).toThrow(/none\.json: cannot read the scenario file: no such file or folder$/);
    expect(() => readJsonFile(dir, 'the scenario file')).toThrow(/cannot read the scenario file: it is a folder, not a file$/);
    writeFileSync(join(dir, 'ok.json'), '[1]');
    expect(readJsonFile(join(dir, 'ok.json'), 'x')).toEqual([1]);
  });
});

describe('a UTF-8 byte-order mark', () => {
  it('is not part of the JSON: a scenario saved with one loads, and an error still counts lines and columns after it', async () => {
    const { loadScenario } = await import('../../src/sim/scenario.js');
    const { readFileSync } = await import('node:fs');
    const dir = tempDir('goldpit-bom-');
    const file = join(dir, 'bom.json');
    writeFileSync(file, `\ufeff${readFileSync('scenarios/my-gold-mine-4p.json', 'utf8')}`);
    expect(loadScenario(file).name).toBe('my-gold-mine-4p');
    expect(fails('\ufeff{ players: 4')).toBe("f.json: not valid JSON at line 1, column 3: Expected property name or '}'");
  });
});
