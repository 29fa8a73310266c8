import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importTexts } from '#domain/texts/import.ts';
import {
  decodeFirestoreValue,
  ImportInputError,
  listSignedFiles,
  parseAuthExport,
  parseFirestoreExport,
  parseHashConfig,
  readFirestoreExport,
} from './sources.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'import-sources-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('reading the Firestore export', () => {
  it('reads the plain form, with timestamps as {_seconds, _nanoseconds}', () => {
    const data = parseFirestoreExport(
      {
        devis: { d1: { numeroDevis: 1, dateSimulation: { _seconds: 1_700_000_000, _nanoseconds: 250_000_000 } } },
        utilisateurs: { u1: { nom: 'Léa' } },
      },
      'export.json',
    );
    expect(data.devis.get('d1')).toEqual({ numeroDevis: 1, dateSimulation: new Date(1_700_000_000_250) });
    expect(data.utilisateurs.get('u1')).toEqual({ nom: 'Léa' });
    expect(data.others.size).toBe(0);
  });

  it('reads the __collections__ form, its __datatype__ timestamps, and counts the collections it does not import', () => {
    const data = parseFirestoreExport(
      {
        __collections__: {
          devis: {
            d1: {
              dateSimulation: { __datatype__: 'timestamp', value: { _seconds: 1_700_000_000, _nanoseconds: 0 } },
              priseInfo: { datePriseEnCharge: { __datatype__: 'Timestamp', value: '2024-05-01T08:00:00.000Z' } },
              lieu: { __datatype__: 'geopoint', value: { _latitude: 45.76, _longitude: 4.83 } },
              __collections__: {},
            },
          },
          messages: { m1: {}, m2: {} },
        },
      },
      'export.json',
    );
    expect(data.devis.get('d1')).toEqual({
      dateSimulation: new Date(1_700_000_000_000),
      priseInfo: { datePriseEnCharge: new Date('2024-05-01T08:00:00.000Z') },
      lieu: { _latitude: 45.76, _longitude: 4.83 },
      __collections__: {},
    });
    expect(data.utilisateurs.size).toBe(0);
    expect([...data.others]).toEqual([['messages', 2]]);
  });

  it('decodes {seconds, nanoseconds} too, and leaves other objects and ISO strings as they are', () => {
    expect(decodeFirestoreValue({ seconds: 10, nanoseconds: 5_000_000 })).toEqual(new Date(10_005));
    expect(decodeFirestoreValue({ nom: 'x', seconds: 10 })).toEqual({ nom: 'x', seconds: 10 });
    expect(decodeFirestoreValue('2024-01-01T10:00:00Z')).toBe('2024-01-01T10:00:00Z');
  });

  it('refuses in French a file that is no Firestore export, and one that is no JSON', async () => {
    expect(() => parseFirestoreExport({ users: [] }, 'x.json')).toThrow(new ImportInputError(importTexts.firestoreShape('x.json')));
    expect(() => parseFirestoreExport([1, 2], 'x.json')).toThrow(ImportInputError);
    const file = path.join(dir, 'broken.json');
    writeFileSync(file, '{"devis": {');
    await expect(readFirestoreExport(file)).rejects.toThrow(importTexts.notJson(file));
    await expect(readFirestoreExport(path.join(dir, 'absent.json'))).rejects.toThrow(/^Impossible de lire/);
  });

  it('drops __proto__ keys instead of letting them reach an object prototype', async () => {
    const file = path.join(dir, 'proto.json');
    writeFileSync(file, '{"devis": {"d1": {"__proto__": {"isAdmin": true}, "prix": 1}}}');
    const data = await readFirestoreExport(file);
    expect(data.devis.get('d1')).toEqual({ prix: 1 });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

describe('reading the accounts and the hash parameters', () => {
  it('reads auth:export users, and refuses another shape', () => {
    expect(parseAuthExport({ users: [{ localId: 'a', email: 'a@b.fr' }, 'x'] }, 'users.json')).toEqual([
      { localId: 'a', email: 'a@b.fr' },
      {},
    ]);
    expect(() => parseAuthExport({ accounts: [] }, 'users.json')).toThrow(importTexts.authShape('users.json'));
  });

  const expected = { signerKey: Buffer.from('c2lnbmVy', 'base64'), saltSeparator: Buffer.from('Bw==', 'base64'), rounds: 8, memCost: 14 };

  it('reads the parameters as JSON, wrapped in hash_config, or pasted from the console as they are', () => {
    expect(parseHashConfig('{"base64_signer_key": "c2lnbmVy", "base64_salt_separator": "Bw==", "rounds": 8, "mem_cost": 14}', 'h')).toEqual(
      expected,
    );
    expect(
      parseHashConfig(
        '{"hash_config": {"base64_signer_key": "c2lnbmVy", "base64_salt_separator": "Bw==", "rounds": "8", "mem_cost": "14"}}',
        'h',
      ),
    ).toEqual(expected);
    const pasted =
      'hash_config {\n  algorithm: SCRYPT,\n  base64_signer_key: c2lnbmVy,\n  base64_salt_separator: Bw==,\n  rounds: 8,\n  mem_cost: 14,\n}\n';
    expect(parseHashConfig(pasted, 'h')).toEqual(expected);
  });

  it('refuses incomplete parameters, another algorithm, or a cost the machine could not afford', () => {
    expect(() => parseHashConfig('{"base64_signer_key": "c2lnbmVy", "rounds": 8, "mem_cost": 14}', 'h.json')).toThrow(
      importTexts.hashConfigShape('h.json'),
    );
    expect(() =>
      parseHashConfig(
        'hash_config { algorithm: BCRYPT, base64_signer_key: a2V5, base64_salt_separator: Bw==, rounds: 8, mem_cost: 14 }',
        'h',
      ),
    ).toThrow(ImportInputError);
    expect(() =>
      parseHashConfig('{"base64_signer_key": "a2V5", "base64_salt_separator": "Bw==", "rounds": 8, "mem_cost": 30}', 'h'),
    ).toThrow(importTexts.hashConfigLimits('h'));
  });
});

describe('listing the signed PDFs', () => {
  it('takes the devis-signes folder or the one holding it, sorted, with the quote id of each .pdf', async () => {
    const root = path.join(dir, 'bucket');
    mkdirSync(path.join(root, 'devis-signes'), { recursive: true });
    writeFileSync(path.join(root, 'devis-signes', 'b2.pdf'), '%PDF-');
    writeFileSync(path.join(root, 'devis-signes', 'a1.PDF'), '%PDF-');
    writeFileSync(path.join(root, 'devis-signes', 'notes.txt'), 'x');
    const names = (await listSignedFiles(root)).map((file) => [file.name, file.id]);
    expect(names).toEqual([
      ['a1.PDF', 'a1'],
      ['b2.pdf', 'b2'],
      ['notes.txt', null],
    ]);
    expect((await listSignedFiles(path.join(root, 'devis-signes'))).map((file) => file.name)).toEqual(['a1.PDF', 'b2.pdf', 'notes.txt']);
    await expect(listSignedFiles(path.join(dir, 'absent'))).rejects.toThrow(importTexts.filesDirMissing(path.join(dir, 'absent')));
  });
});
