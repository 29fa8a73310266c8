// The great-circle distance is the domain's: the operator's phone measures its moves with it too.
export { greatCircleKm } from '#domain/great-circle.ts';

export type CalibrationSample = { greatCircleKm: number; roadKm: number };

/**
 * Road km per great-circle km: the median of the sample ratios. On the calibration pairs the
 * ratio shows no trend with distance (see docs/geo.md), and a median is not dragged by one
 * winding route the way a least-squares fit is.
 */
export function fitRoadFactor(samples: readonly CalibrationSample[]): number {
  if (samples.length === 0) throw new Error('fitRoadFactor needs at least one sample');
  const ratios = samples.map((s) => s.roadKm / s.greatCircleKm).sort((a, b) => a - b);
  const middle = ratios.length >>> 1;
  return ratios.length % 2 === 1 ? ratios[middle]! : (ratios[middle - 1]! + ratios[middle]!) / 2;
}

export type LeaveOneOutResult = {
  predictions: { predictedKm: number; roadKm: number; errorPercent: number; factor: number }[];
  medianErrorPercent: number;
  worstErrorPercent: number;
};

/** Fits on all samples but one and predicts that one, for each sample in turn. */
export function leaveOneOut(samples: readonly CalibrationSample[]): LeaveOneOutResult {
  const predictions = samples.map((sample, index) => {
    const factor = fitRoadFactor(samples.filter((_, other) => other !== index));
    const predictedKm = factor * sample.greatCircleKm;
    return { predictedKm, roadKm: sample.roadKm, errorPercent: (Math.abs(predictedKm - sample.roadKm) / sample.roadKm) * 100, factor };
  });
  const errors = predictions.map((p) => p.errorPercent).sort((a, b) => a - b);
  const middle = errors.length >>> 1;
  const medianErrorPercent = errors.length % 2 === 1 ? errors[middle]! : (errors[middle - 1]! + errors[middle]!) / 2;
  return { predictions, medianErrorPercent, worstErrorPercent: errors[errors.length - 1]! };
}
