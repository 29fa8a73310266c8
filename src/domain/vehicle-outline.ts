/**
 * The vehicle seen from above, front at the top, on which damage is marked: drawn by the
 * inspection page (SVG) and by the report (PDF) from the same paths, so that a spot tapped on
 * the phone (x and y as fractions of the box) lands on the same place in the report.
 */
export const VEHICLE_OUTLINE = {
  width: 200,
  height: 400,
  /** Body, windscreen, rear window, roof, wheels and mirrors, as SVG path data. */
  paths: [
    'M60 12 Q100 2 140 12 Q168 22 170 60 L172 340 Q170 384 140 390 Q100 398 60 390 Q30 384 28 340 L30 60 Q32 22 60 12 Z',
    'M48 118 Q100 100 152 118 L144 158 Q100 148 56 158 Z',
    'M56 300 Q100 310 144 300 L150 330 Q100 344 50 330 Z',
    'M58 170 L142 170 L142 288 L58 288 Z',
    'M16 70 L28 70 L28 118 L16 118 Z',
    'M172 70 L184 70 L184 118 L172 118 Z',
    'M16 282 L28 282 L28 330 L16 330 Z',
    'M172 282 L184 282 L184 330 L172 330 Z',
    'M28 140 L14 136 L14 150 L28 152 Z',
    'M172 140 L186 136 L186 150 L172 152 Z',
  ],
} as const;
