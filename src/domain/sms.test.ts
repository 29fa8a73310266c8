import { describe, expect, it } from 'vitest';
import { MAX_SMS_SEGMENTS, smsSegments, toGsm7 } from './sms.ts';
import { trackingTexts as k } from './texts/tracking.ts';

describe('text message parts', () => {
  it('counts 160 GSM-7 characters in one part, then 153 a part; the extension characters twice', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('é è à ù').encoding).toBe('GSM-7');
  });

  it('sends a text with one French sign outside the alphabet in UCS-2: 70 a part, then 67', () => {
    expect(smsSegments(`${'a'.repeat(69)}’`)).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments(`« ${'a'.repeat(69)} »`)).toEqual({ encoding: 'UCS-2', units: 73, segments: 2 });
    expect(smsSegments(`ç${'a'.repeat(134)}`).segments).toBe(3);
  });

  it('puts our typography in the GSM alphabet: quotes, apostrophes, cedilla, circumflexes, spaces', () => {
    expect(toGsm7('« Où est ma voiture ? » l’arrivée, ça prête à sourire… 12 °C – fin')).toBe(
      '"Où est ma voiture ?" l\'arrivée, ca prete à sourire... 12 oC - fin',
    );
    expect(smsSegments(toGsm7('Près de Mâcon, l’œuvre « bientôt » là')).encoding).toBe('GSM-7');
  });

  // The longest each template can be: a business name cut at 40 characters (tracking/service.ts),
  // a six-digit mission number, a 40-character site address and the 24-character token.
  const business = 'Convoyage Étienne Dupré-Lefèvre & Fils S';
  const link = `https://www.convoyage-exemple-de-site.fr/suivi/${'x'.repeat(24)}`;
  const templates = {
    pickup: k.smsPickup(business, 999_999, link),
    receiver: k.smsReceiver(business, 999_999, link),
    approach: k.smsApproach(business, 999_999, '23:59'),
    delivered: k.smsDelivered(business, 999_999),
  };

  it.each(Object.entries(templates))('sends the %s text in GSM-7 and at most two parts, naming the business', (_, text) => {
    const sent = toGsm7(text);
    const measured = smsSegments(sent);
    expect(business).toHaveLength(40);
    expect(measured.encoding).toBe('GSM-7');
    expect(measured.segments).toBeLessThanOrEqual(MAX_SMS_SEGMENTS);
    expect(sent.startsWith(toGsm7(business))).toBe(true);
    // As written (with ’ and accents), the same text would cost more parts.
    expect(smsSegments(text).segments).toBeGreaterThanOrEqual(measured.segments);
  });
});
