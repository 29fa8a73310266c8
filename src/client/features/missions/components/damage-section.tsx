import { useId, type MouseEvent } from 'react';
import { DAMAGE_KINDS, type Damage, type DamageKind, type Emplacement } from '#domain/schemas/missions.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import { VEHICLE_OUTLINE } from '#domain/vehicle-outline.ts';
import { Options, SelectField, TextField } from '#client/ui/field.tsx';
import type { StoredPhoto } from '../offline/store.ts';
import { CameraInput } from './photo-section.tsx';
import { useObjectUrl } from './use-object-url.ts';
import styles from './missions.module.css';

type DamageSectionProps = {
  damages: Damage[];
  /** At delivery: the damage recorded at pickup, drawn in grey so that new damage stands out. */
  earlier?: Damage[] | null;
  photos: StoredPhoto[];
  /** Given a function of the damages as they are when it applies (a photo may take a moment). */
  onChange: (update: (damages: Damage[]) => Damage[]) => void;
  addPhotos: (files: File[], emplacement: Emplacement, dommageId?: string | null) => Promise<string[]>;
  removePhoto: (photo: StoredPhoto) => Promise<void>;
};

function Spot({ damage, label, color }: { damage: Pick<Damage, 'x' | 'y'>; label: string; color: string }) {
  const x = damage.x * VEHICLE_OUTLINE.width;
  const y = damage.y * VEHICLE_OUTLINE.height;
  return (
    <g aria-hidden="true">
      <circle cx={x} cy={y} r={11} fill={color} />
      <text x={x} y={y + 4.5} textAnchor="middle" fontSize="13" fontWeight="700" fill="#fff">
        {label}
      </text>
    </g>
  );
}

function DamagePhoto({ photo }: { photo: StoredPhoto }) {
  const url = useObjectUrl(photo.blob);
  return url ? <img src={url} alt={m.photoLabels.dommage} width={120} height={90} style={{ objectFit: 'cover' }} /> : null;
}

/** The vehicle outline: a tap marks a damage there; each damage gets its kind, a note and a photo. */
export function DamageSection({ damages, earlier, photos, onChange, addPhotos, removePhoto }: DamageSectionProps) {
  const headingId = useId();
  const mark = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000));
    const damage: Damage = {
      id: crypto.randomUUID(),
      x: clamp((event.clientX - box.left) / box.width),
      y: clamp((event.clientY - box.top) / box.height),
      nature: 'rayure',
      note: '',
      photoId: null,
    };
    onChange((current) => [...current, damage]);
  };
  const change = (id: string, changes: Partial<Damage>) =>
    onChange((current) => current.map((damage) => (damage.id === id ? { ...damage, ...changes } : damage)));
  const remove = async (damage: Damage) => {
    onChange((current) => current.filter((item) => item.id !== damage.id));
    for (const photo of photos.filter((item) => item.dommageId === damage.id)) await removePhoto(photo);
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{m.sectionDamages}</h2>
      <p className={styles.info}>{m.damagesHint}</p>
      <div className={styles.outlineBox}>
        <svg
          className={styles.outline}
          viewBox={`0 0 ${VEHICLE_OUTLINE.width} ${VEHICLE_OUTLINE.height}`}
          role="img"
          aria-label={m.outlineLabel}
          data-testid="vehicle-outline"
          onClick={mark}
        >
          {VEHICLE_OUTLINE.paths.map((path) => (
            <path key={path} d={path} fill="none" stroke="#8a94a0" strokeWidth={3} />
          ))}
          {(earlier ?? []).map((damage, index) => (
            <Spot key={damage.id} damage={damage} label={String(index + 1)} color="#8a94a0" />
          ))}
          {damages.map((damage, index) => (
            <Spot key={damage.id} damage={damage} label={String(index + 1)} color="#b3261e" />
          ))}
        </svg>
        <div>
          {earlier ? (
            <div className={styles.earlier}>
              <h3>{m.pickupDamages}</h3>
              {earlier.length ? (
                <ol>
                  {earlier.map((damage) => (
                    <li key={damage.id}>
                      {m.damageKinds[damage.nature]}
                      {damage.note ? ` – ${damage.note}` : ''}
                    </li>
                  ))}
                </ol>
              ) : (
                <p>{m.pickupDamagesNone}</p>
              )}
            </div>
          ) : null}
          {damages.length === 0 ? <p>{m.noDamage}</p> : null}
          <ol className={styles.damageList}>
            {damages.map((damage, index) => {
              const photo = photos.find((item) => item.dommageId === damage.id);
              const title = `${m.damageNumber(index + 1)}${earlier ? ` (${m.newDamage})` : ''}`;
              return (
                <li key={damage.id} className={styles.damage}>
                  <h3>{title}</h3>
                  <SelectField
                    label={m.damageKind}
                    value={damage.nature}
                    onChange={(event) => change(damage.id, { nature: event.target.value as DamageKind })}
                  >
                    <Options values={DAMAGE_KINDS} label={(kind) => m.damageKinds[kind]} />
                  </SelectField>
                  <TextField
                    label={m.damageNote}
                    value={damage.note}
                    maxLength={500}
                    onChange={(event) => change(damage.id, { note: event.target.value })}
                  />
                  {photo ? <DamagePhoto photo={photo} /> : null}
                  <label className={styles.slotPicker} style={{ aspectRatio: 'auto', minHeight: '44px' }}>
                    {m.damagePhoto}
                    <CameraInput
                      label={`${m.damagePhoto} (${m.damageNumber(index + 1)})`}
                      onFiles={(files) =>
                        void addPhotos(files.slice(0, 1), 'dommage', damage.id).then(async ([id]) => {
                          if (!id) return;
                          if (photo) await removePhoto(photo);
                          change(damage.id, { photoId: id });
                        })
                      }
                    />
                  </label>
                  <button type="button" className={styles.linkButton} onClick={() => void remove(damage)}>
                    {m.damageRemove}
                  </button>
                </li>
              );
            })}
          </ol>
        </div>
      </div>
    </section>
  );
}
