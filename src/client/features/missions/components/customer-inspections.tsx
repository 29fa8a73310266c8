import { useId } from 'react';
import { ETAPES, type InspectionView } from '#domain/schemas/missions.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import { formatParisDateTime } from '#domain/format.ts';
import { useCustomerInspections } from '../api/use-customer-inspections.ts';
import styles from './missions.module.css';

function Inspection({ inspection }: { inspection: InspectionView }) {
  const etape = inspection.etape;
  return (
    <div>
      <h3>{m.pageTitle[etape]}</h3>
      <p>{m.completedOn(formatParisDateTime(inspection.termineeLe))}</p>
      <p>
        <a href={inspection.pvUrl} download>
          {m.downloadPv[etape]}
        </a>
      </p>
      <ul className={styles.thumbs} aria-label={`${m.customerPhotos} – ${m.pageTitle[etape]}`}>
        {inspection.photos.map((photo) => (
          <li key={photo.id}>
            <a href={photo.url} target="_blank" rel="noreferrer">
              <img
                src={photo.vignetteUrl}
                alt={m.photoAlt(m.photoLabels[photo.emplacement], etape)}
                loading="lazy"
                width={120}
                height={90}
              />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** On the customer's quote: the pickup and delivery inspections once done, their PVs and photos. */
export function CustomerInspections({ devisId, enabled }: { devisId: string; enabled: boolean }) {
  const query = useCustomerInspections(devisId, enabled);
  const headingId = useId();
  const done = ETAPES.map((etape) => (etape === 'prise-en-charge' ? query.data?.priseEnCharge : query.data?.livraison)).filter(
    (inspection): inspection is InspectionView => Boolean(inspection),
  );
  if (done.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId}>{m.customerTitle}</h2>
      {done.map((inspection) => (
        <Inspection key={inspection.etape} inspection={inspection} />
      ))}
    </section>
  );
}
