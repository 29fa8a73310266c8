import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import { VEHICLE_TYPES } from '#domain/pricing.ts';
import type { SimulationRequest, SimulationResult } from '#domain/schemas/simulation.ts';
import { texts } from '#domain/texts/common.ts';
import { simulatorTexts as t } from '#domain/texts/simulator.ts';
import { ApiError } from '#client/lib/api.ts';
import { formatEuros, formatKm } from '#domain/format.ts';
import { Button } from '#client/ui/button.tsx';
import { Options, SelectField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { keepPendingSimulation, peekPendingSimulation, takePendingSimulation } from '#client/lib/pending-simulation.ts';
import { useSession } from '#client/lib/use-session.ts';
import { useSimulate } from '../api/use-simulate.ts';
import { AddressField } from './address-field.tsx';
import styles from './simulator.module.css';

type Outcome = { kind: 'result'; result: SimulationResult } | { kind: 'error'; message: string } | null;

/**
 * The price simulator of the home page and the customer area. A visitor's priced simulation
 * waits in the browser (lib/pending-simulation.ts); once he is a logged-in customer, the
 * customer area's simulator (`savesPending`) fills it in and saves it, as its « Pour
 * enregistrer ce devis » promised.
 */
export function Simulator({ savesPending = false }: { savesPending?: boolean }) {
  const [pending] = useState(() => (savesPending ? peekPendingSimulation() : null));
  const [adresseDepart, setAdresseDepart] = useState(pending?.adresseDepart ?? '');
  const [adresseArrivee, setAdresseArrivee] = useState(pending?.adresseArrivee ?? '');
  const [typeVehicule, setTypeVehicule] = useState<string>(pending?.typeVehicule ?? '');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const simulation = useSimulate();
  const session = useSession();
  const isCustomer = session.data?.user?.role === 'customer';
  const isVisitor = session.isSuccess && !session.data?.user;

  const run = (request: SimulationRequest) =>
    simulation.mutate(request, {
      onSuccess: (result) => {
        if (isVisitor && result.prix !== null && !result.devis) keepPendingSimulation(request);
        setOutcome({ kind: 'result', result });
      },
      onError: (error) => {
        console.log('Simulation failed:', error);
        // Too many simulations is not a wrong address: the server's message says what to do.
        const isLimited = error instanceof ApiError && error.status === 429;
        setOutcome({ kind: 'error', message: isLimited ? error.message : texts.simulatorFailure });
      },
    });

  // Taken from the browser as it is sent: one save, whatever renders again.
  const savePending = useEffectEvent(() => {
    if (pending && takePendingSimulation()) run(pending);
  });
  useEffect(() => {
    if (isCustomer) savePending();
  }, [isCustomer]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const depart = adresseDepart.trim();
    const arrivee = adresseArrivee.trim();
    if (!depart || !arrivee || !typeVehicule) {
      setOutcome({ kind: 'error', message: texts.simulatorRequired });
      return;
    }
    setOutcome(null);
    run({ adresseDepart: depart, adresseArrivee: arrivee, typeVehicule: typeVehicule as (typeof VEHICLE_TYPES)[number] });
  };

  return (
    <form className={styles.simulator} onSubmit={onSubmit} noValidate aria-label={t.formLabel}>
      <div className={styles.fields}>
        <AddressField label={t.adresseDepart} name="adresseDepart" value={adresseDepart} onChange={setAdresseDepart} />
        <AddressField label={t.adresseArrivee} name="adresseArrivee" value={adresseArrivee} onChange={setAdresseArrivee} />
        <SelectField
          label={t.typeVehicule}
          name="typeVehicule"
          value={typeVehicule}
          onChange={(event) => setTypeVehicule(event.target.value)}
        >
          <Options values={VEHICLE_TYPES} empty={t.chooseVehicle} />
        </SelectField>
      </div>
      <Button type="submit" isBusy={simulation.isPending}>
        {simulation.isPending ? t.submitting : t.submit}
      </Button>
      <div className={styles.outcome}>
        {outcome?.kind === 'error' ? <Message kind="error">{outcome.message}</Message> : null}
        {outcome?.kind === 'result' ? <SimulationOutcome result={outcome.result} isCustomer={isCustomer} /> : null}
      </div>
    </form>
  );
}

function SimulationOutcome({ result, isCustomer }: { result: SimulationResult; isCustomer: boolean }) {
  if (result.prix === null) {
    return (
      <p role="alert" className={styles.tooFar}>
        {t.tooFar}
      </p>
    );
  }
  return (
    <div role="status" className={styles.result}>
      <p>{t.distanceEstimee(formatKm(result.distanceKm))}</p>
      <p className={styles.price}>{t.prixEstime(formatEuros(result.prix))}</p>
      {result.devis ? (
        <p>{t.saved(result.devis.numeroDevis)}</p>
      ) : isCustomer ? null : (
        <p>
          {t.toSave.before} <Link to={{ pathname: paths.home, hash: '#creer-compte' }}>{t.toSave.signUp}</Link> {t.toSave.or}{' '}
          <Link to={paths.connexion}>{t.toSave.logIn}</Link>.
        </p>
      )}
    </div>
  );
}
