import { useId, useState } from 'react';
import { STANDARD_PHOTOS, type Emplacement } from '#domain/schemas/missions.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import type { StoredPhoto } from '../offline/store.ts';
import { useObjectUrl } from './use-object-url.ts';
import styles from './missions.module.css';

type PhotoActions = {
  photos: StoredPhoto[];
  addPhotos: (files: File[], emplacement: Emplacement, dommageId?: string | null) => Promise<string[]>;
  removePhoto: (photo: StoredPhoto) => Promise<void>;
};

/** A camera drawn in SVG (an emoji depends on the phone's fonts). */
function CameraIcon() {
  return (
    <svg aria-hidden="true" width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6">
      <path d="M4 7h3l2-2.5h6L17 7h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z" />
      <circle cx="12" cy="13" r="3.6" />
    </svg>
  );
}

/** What a photo's state is: kept on the phone, on the server, or refused (and why). */
function PhotoState({ photo }: { photo: StoredPhoto }) {
  if (photo.error) return <p className={styles.photoError}>{photo.error}</p>;
  return <p className={styles.photoState}>{photo.sent ? m.photoSent : m.photoWaiting}</p>;
}

/** A file picker that opens the camera (`capture`), styled as the tile or button it sits in. */
export function CameraInput({ label, multiple = false, onFiles }: { label: string; multiple?: boolean; onFiles: (files: File[]) => void }) {
  return (
    <input
      className={styles.fileInput}
      type="file"
      accept="image/*"
      capture="environment"
      multiple={multiple}
      aria-label={label}
      onChange={(event) => {
        const files = [...(event.target.files ?? [])];
        event.target.value = '';
        if (files.length) onFiles(files);
      }}
    />
  );
}

function Slot({
  emplacement,
  photo,
  actions,
  onBusy,
}: {
  emplacement: Emplacement;
  photo?: StoredPhoto;
  actions: PhotoActions;
  onBusy: (busy: boolean) => void;
}) {
  const url = useObjectUrl(photo?.blob);
  const label = m.photoLabels[emplacement];
  const take = async (files: File[]) => {
    onBusy(true);
    try {
      // A retake replaces the photo: the new one first, so nothing is lost if it cannot be read.
      const added = await actions.addPhotos(files.slice(0, 1), emplacement);
      if (photo && added.length > 0) await actions.removePhoto(photo);
    } finally {
      onBusy(false);
    }
  };
  return (
    <div className={styles.slot}>
      <label className={styles.slotPicker}>
        {url ? <img src={url} alt={label} /> : <CameraIcon />}
        <CameraInput label={photo ? m.retakePhoto(label) : m.takePhoto(label)} onFiles={(files) => void take(files)} />
      </label>
      <span>{label}</span>
      {photo ? <PhotoState photo={photo} /> : null}
    </div>
  );
}

function ExtraPhoto({ photo, onRemove }: { photo: StoredPhoto; onRemove: () => void }) {
  const url = useObjectUrl(photo.blob);
  return (
    <li className={styles.slot}>
      {url ? <img src={url} alt={m.photoLabels.supplementaire} /> : null}
      <PhotoState photo={photo} />
      <button type="button" className={styles.linkButton} onClick={onRemove}>
        {m.removePhoto(m.photoLabels.supplementaire)}
      </button>
    </li>
  );
}

/** The standard photos, one tile each, then the extra ones. */
export function PhotoSection(actions: PhotoActions) {
  const [busy, setBusy] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const onBusy = (isBusy: boolean) => setBusy((count) => count + (isBusy ? 1 : -1));
  const guard = async (work: () => Promise<unknown>) => {
    setFailure(null);
    onBusy(true);
    try {
      await work();
    } catch {
      setFailure(m.photoUnreadable);
    } finally {
      onBusy(false);
    }
  };
  const byEmplacement = (emplacement: Emplacement) => actions.photos.filter((photo) => photo.emplacement === emplacement).at(-1);
  const extras = actions.photos.filter((photo) => photo.emplacement === 'supplementaire');
  const missing = STANDARD_PHOTOS.filter((emplacement) => !byEmplacement(emplacement)).length;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{m.sectionPhotos}</h2>
      <p className={styles.info}>{m.photosHint}</p>
      <div className={styles.slots}>
        {STANDARD_PHOTOS.map((emplacement) => (
          <Slot
            key={emplacement}
            emplacement={emplacement}
            photo={byEmplacement(emplacement)}
            actions={{ ...actions, addPhotos: (files, where) => guardAdd(actions, files, where, setFailure) }}
            onBusy={onBusy}
          />
        ))}
      </div>
      <label className={`${styles.slotPicker}`} style={{ aspectRatio: 'auto', minHeight: '44px' }}>
        {m.addExtraPhoto}
        <CameraInput label={m.addExtraPhoto} multiple onFiles={(files) => void guard(() => actions.addPhotos(files, 'supplementaire'))} />
      </label>
      {extras.length ? (
        <ul className={styles.thumbs}>
          {extras.map((photo) => (
            <ExtraPhoto key={photo.id} photo={photo} onRemove={() => void actions.removePhoto(photo)} />
          ))}
        </ul>
      ) : null}
      {busy > 0 ? <p role="status">{m.photoProcessing}</p> : null}
      {failure ? <p className={styles.photoError}>{failure}</p> : null}
      {missing > 0 ? <p className={styles.info}>{m.photoMissing(missing)}</p> : null}
    </section>
  );
}

async function guardAdd(actions: PhotoActions, files: File[], where: Emplacement, setFailure: (message: string | null) => void) {
  setFailure(null);
  try {
    return await actions.addPhotos(files, where);
  } catch {
    setFailure(m.photoUnreadable);
    return [];
  }
}
