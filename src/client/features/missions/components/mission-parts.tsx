import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import type { PlanningMission } from '#domain/schemas/missions.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import ui from '#client/ui/ui.module.css';
import styles from './missions.module.css';

/** The vehicle as the planning and the mission's page name it: make, model and plate, or its type alone. */
export function vehicleOf({ infosVehicule: vehicle, typeVehicule }: Pick<PlanningMission, 'infosVehicule' | 'typeVehicule'>): string {
  return vehicle ? `${vehicle.marque} ${vehicle.modele} · ${vehicle.immatriculation} (${typeVehicule})` : typeVehicule;
}

/** The way to a mission's inspections: the pickup, and the delivery once the pickup is done. */
export function InspectionLinks({
  missionId,
  isPickupDone,
  variant,
}: {
  missionId: string;
  isPickupDone: boolean;
  variant: 'primary' | 'secondary';
}) {
  const className = `${ui.button} ${ui[variant]}`;
  return (
    <p className={styles.actions}>
      <Link className={className} to={paths.adminPriseEnCharge(missionId)}>
        {m.startPickup}
      </Link>
      {isPickupDone ? (
        <Link className={className} to={paths.adminLivraison(missionId)}>
          {m.startDelivery}
        </Link>
      ) : null}
    </p>
  );
}
