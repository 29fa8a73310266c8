// Fitting the offline backbone model on the calibration pairs (never on the evaluation set).
import { type RouteParts, estimateKm } from './offline-router.js';
import { type CalibrationSample, type LeaveOneOutResult, fitRoadFactor } from './road-factor.js';

export type BackboneSample = { options: readonly RouteParts[]; roadKm: number };

/**
 * Backbone edge factor minimising the mean absolute relative error over the samples, for a given
 * leg factor (grid search, 0.001 steps from 1.000 to 1.400; the smallest best value wins a tie).
 */
export function fitEdgeFactor(samples: readonly BackboneSample[], legFactor: number): number {
  if (samples.length === 0) throw new Error('fitEdgeFactor needs at least one sample');
  let best = { factor: 1, error: Infinity };
  for (let step = 1000; step <= 1400; step++) {
    const factor = step / 1000;
    let error = 0;
    for (const s of samples) error += Math.abs(estimateKm(s.options, legFactor, factor) - s.roadKm) / s.roadKm;
    if (error < best.error - 1e-12) best = { factor, error };
  }
  return best.factor;
}

/**
 * Leave-one-out for the backbone model: for each sample, the leg factor (median ratio) and the
 * edge factor are fitted on the others and predict it.
 */
export function leaveOneOutBackbone(samples: readonly (BackboneSample & CalibrationSample)[]): LeaveOneOutResult & {
  predictions: { edgeFactor: number }[];
} {
  const predictions = samples.map((sample, index) => {
    const others = samples.filter((_, other) => other !== index);
    const factor = fitRoadFactor(others);
    const edgeFactor = fitEdgeFactor(others, factor);
    const predictedKm = estimateKm(sample.options, factor, edgeFactor);
    return {
      predictedKm,
      roadKm: sample.roadKm,
      errorPercent: (Math.abs(predictedKm - sample.roadKm) / sample.roadKm) * 100,
      factor,
      edgeFactor,
    };
  });
  const errors = predictions.map((p) => p.errorPercent).sort((a, b) => a - b);
  const middle = errors.length >>> 1;
  const medianErrorPercent = errors.length % 2 === 1 ? errors[middle]! : (errors[middle - 1]! + errors[middle]!) / 2;
  return { predictions, medianErrorPercent, worstErrorPercent: errors[errors.length - 1]! };
}
