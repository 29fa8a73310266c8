import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  encodeFirebaseHash,
  firebaseScrypt,
  isFirebaseHash,
  passwordHashing,
  verifyFirebaseHash,
  type FirebaseHashConfig,
} from './password-hashing.ts';

describe('Firebase modified scrypt', () => {
  it('gives the hash of the example published in github.com/firebase/scrypt (its README)', async () => {
    // The sample project parameters, account and password of Firebase's own README.
    const config: FirebaseHashConfig = {
      signerKey: Buffer.from('jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==', 'base64'),
      saltSeparator: Buffer.from('Bw==', 'base64'),
      rounds: 8,
      memCost: 14,
    };
    const hash = await firebaseScrypt('user1password', Buffer.from('42xEC+ixf3L2lw==', 'base64'), config);
    expect(hash.toString('base64')).toBe('lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==');

    const stored = encodeFirebaseHash({ passwordHash: hash.toString('base64'), salt: '42xEC+ixf3L2lw==' }, config);
    expect(isFirebaseHash(stored)).toBe(true);
    expect(await verifyFirebaseHash(stored, 'user1password')).toBe(true);
    expect(await verifyFirebaseHash(stored, 'user1password ')).toBe(false);
    expect(await verifyFirebaseHash(stored, 'User1password')).toBe(false);
  });

  it('checks with the project parameters it was stored with: another signer key or separator fails', async () => {
    const config: FirebaseHashConfig = { signerKey: randomBytes(64), saltSeparator: Buffer.from([7]), rounds: 8, memCost: 14 };
    const salt = randomBytes(12);
    const hash = (await firebaseScrypt('mot de passe à l’ancienne', salt, config)).toString('base64');
    const stored = encodeFirebaseHash({ passwordHash: hash, salt: salt.toString('base64') }, config);
    expect(await verifyFirebaseHash(stored, 'mot de passe à l’ancienne')).toBe(true);
    const otherKey = encodeFirebaseHash({ passwordHash: hash, salt: salt.toString('base64') }, { ...config, signerKey: randomBytes(64) });
    expect(await verifyFirebaseHash(otherKey, 'mot de passe à l’ancienne')).toBe(false);
    const otherSeparator = encodeFirebaseHash(
      { passwordHash: hash, salt: salt.toString('base64') },
      { ...config, saltSeparator: Buffer.from([8]) },
    );
    expect(await verifyFirebaseHash(otherSeparator, 'mot de passe à l’ancienne')).toBe(false);
  });

  it('refuses a stored hash that is damaged or asks for absurd memory, without throwing', async () => {
    expect(await verifyFirebaseHash('firebase-scrypt$8$14$Bw==', 'x')).toBe(false);
    expect(await verifyFirebaseHash('firebase-scrypt$8$40$Bw==$a2V5$c2FsdA==$aGFzaA==', 'x')).toBe(false);
    expect(await verifyFirebaseHash('firebase-scrypt$0$14$Bw==$a2V5$c2FsdA==$aGFzaA==', 'x')).toBe(false);
  });

  it('leaves our own hashes to better-auth: a new password is hashed and checked as before', async () => {
    const hash = await passwordHashing.hash('nouveau-mot-de-passe');
    expect(isFirebaseHash(hash)).toBe(false);
    expect(await passwordHashing.verify({ hash, password: 'nouveau-mot-de-passe' })).toBe(true);
    expect(await passwordHashing.verify({ hash, password: 'autre' })).toBe(false);
  });
});
