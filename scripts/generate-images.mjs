#!/usr/bin/env node
/**
 * Draws the public site's own pictures as SVG and rasterises them with sharp:
 * - three hero backgrounds (car transporter on the motorway, open road, van in town, all at
 *   dusk) as AVIF and WebP at 640×1000 and 960×1500 (portrait crops for phones), 1024×640
 *   and 1600×1000, plus a JPEG fallback at 1024×640;
 * - the Open Graph picture (1200×630 JPEG);
 * - the PNG icons of the web manifest (192, 512, maskable 512) and the Apple touch icon.
 *
 * Run: node scripts/generate-images.mjs (the output is committed under src/client/public).
 * The drawings are deterministic (seeded random), so a re-run gives the same pictures.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../src/client/public/', import.meta.url));
const imagesDir = path.join(publicDir, 'images');
mkdirSync(imagesDir, { recursive: true });

const W = 1600;
const H = 1000;

/** Small seeded generator (mulberry32) so stars and windows land at the same place each run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function stars(seed, count, maxY) {
  const rnd = random(seed);
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = (rnd() * W).toFixed(0);
    const y = (rnd() * maxY).toFixed(0);
    const r = (0.8 + rnd() * 1.6).toFixed(1);
    const o = (0.35 + rnd() * 0.6).toFixed(2);
    out += `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${o}"/>`;
  }
  return out;
}

const sky = (id, stops) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops
    .map(([offset, color]) => `<stop offset="${offset}" stop-color="${color}"/>`)
    .join('')}</linearGradient>`;

/** A side-view car silhouette, nose to the right, wheels on y=0, about 150 units long. */
function car(x, y, scale, body, glass = '#9fb7d6') {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <path d="M0 -14 Q2 -30 22 -33 L48 -36 Q62 -56 86 -57 L112 -57 Q128 -56 140 -38 L150 -34 Q158 -31 158 -20 L158 -10 Q158 -4 152 -4 L6 -4 Q0 -4 0 -14Z" fill="${body}"/>
    <path d="M58 -37 Q68 -52 86 -52 L96 -52 L96 -37Z M102 -37 L102 -52 L110 -52 Q124 -51 132 -37Z" fill="${glass}" opacity="0.75"/>
    <circle cx="34" cy="-4" r="12" fill="#14161f"/><circle cx="34" cy="-4" r="5" fill="#59606e"/>
    <circle cx="124" cy="-4" r="12" fill="#14161f"/><circle cx="124" cy="-4" r="5" fill="#59606e"/>
  </g>`;
}

/** Scene 1: a car transporter on the motorway, sun setting behind the hills. */
function sceneTransporter() {
  const lamps = [120, 520, 920, 1320]
    .map(
      (x) => `<rect x="${x}" y="470" width="6" height="270" fill="#1a1428"/>
      <path d="M${x + 3} 474 q30 -10 46 4" stroke="#1a1428" stroke-width="6" fill="none"/>
      <circle cx="${x + 50}" cy="480" r="36" fill="url(#lampGlow)"/>
      <circle cx="${x + 50}" cy="480" r="6" fill="#ffe7a8"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
  <defs>
    ${sky('sky1', [
      [0, '#141b3a'],
      [0.35, '#3b2c63'],
      [0.58, '#a3456b'],
      [0.7, '#ee7b52'],
      [0.76, '#f9b563'],
    ])}
    <radialGradient id="sun1" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff3c4"/><stop offset="0.25" stop-color="#ffd27a" stop-opacity="0.9"/><stop offset="1" stop-color="#ff9a52" stop-opacity="0"/></radialGradient>
    <radialGradient id="lampGlow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffe3a0" stop-opacity="0.7"/><stop offset="1" stop-color="#ffe3a0" stop-opacity="0"/></radialGradient>
    <radialGradient id="beam" cx="0" cy="0.5" r="1"><stop offset="0" stop-color="#fff4cf" stop-opacity="0.75"/><stop offset="1" stop-color="#fff4cf" stop-opacity="0"/></radialGradient>
    <linearGradient id="road1" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2d2640"/><stop offset="1" stop-color="#17142a"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky1)"/>
  ${stars(11, 70, 330)}
  <circle cx="1040" cy="640" r="240" fill="url(#sun1)"/>
  <circle cx="1040" cy="640" r="70" fill="#ffe1a1"/>
  <path d="M0 620 Q180 540 360 590 T760 570 T1160 600 T1600 560 V760 H0Z" fill="#4a2b55"/>
  <path d="M0 680 Q240 620 520 660 T1080 650 T1600 640 V760 H0Z" fill="#2f1f44"/>
  <rect y="720" width="${W}" height="${H - 720}" fill="url(#road1)"/>
  <rect y="735" width="${W}" height="8" fill="#5a4a6e"/>
  ${Array.from({ length: 14 }, (_, i) => `<rect x="${i * 120 + 20}" y="872" width="70" height="7" rx="3" fill="#f5c66a" opacity="0.8"/>`).join('')}
  ${lamps}
  <g transform="translate(230 0)">
    <rect x="60" y="812" width="890" height="18" fill="#0c0b16"/>
    <rect x="60" y="700" width="890" height="12" fill="#0c0b16"/>
    ${[120, 360, 600, 840].map((x) => `<rect x="${x}" y="700" width="10" height="120" fill="#0c0b16"/>`).join('')}
    <path d="M60 700 L20 760 L20 812 L60 812Z" fill="#0c0b16"/>
    ${car(90, 700, 1.2, '#d94f45')}
    ${car(330, 700, 1.2, '#e8e4dc')}
    ${car(590, 700, 1.2, '#3b7bd1')}
    ${car(120, 812, 1.15, '#f0b429')}
    ${car(380, 812, 1.15, '#5b636f')}
    ${car(640, 812, 1.15, '#7bc1a6')}
    <path d="M960 640 L1130 640 Q1160 640 1170 672 L1190 760 L1190 838 L960 838Z" fill="#1f3f6b"/>
    <path d="M1060 656 L1128 656 Q1146 656 1152 676 L1166 738 L1060 738Z" fill="#a9c6e8" opacity="0.8"/>
    <rect x="960" y="780" width="230" height="12" fill="#f5b301"/>
    <rect x="1176" y="800" width="18" height="14" rx="3" fill="#fff2c0"/>
    <path d="M1194 790 L1600 700 L1600 900 Z" fill="url(#beam)" opacity="0.8"/>
    ${[200, 320, 700, 820, 1010, 1130].map((x) => `<circle cx="${x}" cy="850" r="34" fill="#0b0a12"/><circle cx="${x}" cy="850" r="14" fill="#4b4f5c"/>`).join('')}
  </g>
</svg>`;
}

/** Scene 2: the open road running to the horizon between fields, a car's tail lights ahead. */
function sceneOpenRoad() {
  const rnd = random(7);
  let trees = '';
  for (let i = 0; i < 26; i++) {
    const side = i % 2 === 0 ? -1 : 1;
    const depth = rnd();
    const x = 800 + side * (120 + depth * 700 + rnd() * 60);
    const baseY = 600 + depth * 160;
    const h = 30 + depth * 120;
    trees += `<path d="M${x.toFixed(0)} ${(baseY - h).toFixed(0)} L${(x - h * 0.28).toFixed(0)} ${baseY.toFixed(0)} L${(x + h * 0.28).toFixed(0)} ${baseY.toFixed(0)}Z" fill="#15182c" opacity="${(0.7 + depth * 0.3).toFixed(2)}"/>`;
  }
  const dashes = Array.from({ length: 9 }, (_, i) => {
    const t0 = Math.pow(i / 9, 1.8);
    const t1 = Math.pow((i + 0.45) / 9, 1.8);
    const y0 = 590 + t0 * 410;
    const y1 = 590 + t1 * 410;
    const w0 = 1 + t0 * 14;
    const w1 = 1 + t1 * 14;
    return `<path d="M${800 - w0 / 2} ${y0} L${800 + w0 / 2} ${y0} L${800 + w1 / 2} ${y1} L${800 - w1 / 2} ${y1}Z" fill="#f4e7b8" opacity="0.85"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
  <defs>
    ${sky('sky2', [
      [0, '#0d1633'],
      [0.4, '#233a6e'],
      [0.55, '#5a4f8c'],
      [0.62, '#c8708a'],
      [0.66, '#f2a86f'],
    ])}
    <linearGradient id="field" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2c2a4d"/><stop offset="1" stop-color="#121325"/></linearGradient>
    <linearGradient id="asphalt" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a3656"/><stop offset="1" stop-color="#1b1a2c"/></linearGradient>
    <radialGradient id="tail" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ff5a4a" stop-opacity="0.9"/><stop offset="1" stop-color="#ff5a4a" stop-opacity="0"/></radialGradient>
    <radialGradient id="moon" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fdf6dc"/><stop offset="0.3" stop-color="#fdf6dc" stop-opacity="0.35"/><stop offset="1" stop-color="#fdf6dc" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky2)"/>
  ${stars(23, 140, 480)}
  <circle cx="1240" cy="190" r="120" fill="url(#moon)"/>
  <circle cx="1240" cy="190" r="34" fill="#fdf3d2"/>
  <path d="M0 560 L180 430 L330 520 L520 380 L700 520 L860 450 L1020 540 L1210 400 L1400 510 L1600 440 V600 H0Z" fill="#3a3563"/>
  <path d="M0 580 L260 500 L480 570 L760 520 L1000 580 L1300 510 L1600 570 V620 H0Z" fill="#27264a"/>
  <rect y="590" width="${W}" height="${H - 590}" fill="url(#field)"/>
  <path d="M790 590 L810 590 L1360 1000 L240 1000Z" fill="url(#asphalt)"/>
  <path d="M790 590 L793 590 L300 1000 L270 1000Z M807 590 L810 590 L1330 1000 L1300 1000Z" fill="#d9d3e6" opacity="0.6"/>
  ${dashes}
  ${trees}
  <g transform="translate(770 700)">
    <path d="M0 20 Q2 -4 14 -8 L20 -22 Q24 -28 32 -28 L48 -28 Q56 -28 60 -22 L66 -8 Q78 -4 80 20Z" fill="#10121d"/>
    <circle cx="10" cy="8" r="26" fill="url(#tail)"/><circle cx="70" cy="8" r="26" fill="url(#tail)"/>
    <rect x="6" y="4" width="12" height="6" rx="2" fill="#ff6b5a"/><rect x="62" y="4" width="12" height="6" rx="2" fill="#ff6b5a"/>
  </g>
</svg>`;
}

/** Scene 3: a delivery van parked in town at nightfall, lit windows behind. */
function sceneVan() {
  const rnd = random(42);
  let buildings = '';
  let x = -20;
  while (x < W) {
    const w = 90 + Math.floor(rnd() * 110);
    const h = 220 + Math.floor(rnd() * 330);
    const top = 760 - h;
    const tone = rnd() > 0.5 ? '#1d2140' : '#242a4f';
    buildings += `<rect x="${x}" y="${top}" width="${w}" height="${h}" fill="${tone}"/>`;
    for (let wy = top + 24; wy < 720; wy += 38) {
      for (let wx = x + 14; wx < x + w - 24; wx += 30) {
        if (rnd() < 0.42) {
          buildings += `<rect x="${wx}" y="${wy}" width="14" height="20" fill="${rnd() < 0.7 ? '#ffd98a' : '#ffeec4'}" opacity="${(0.55 + rnd() * 0.45).toFixed(2)}"/>`;
        }
      }
    }
    x += w + 6;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
  <defs>
    ${sky('sky3', [
      [0, '#1a1f45'],
      [0.3, '#3d3474'],
      [0.5, '#8c4d86'],
      [0.62, '#e2805f'],
    ])}
    <linearGradient id="street" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a2a40"/><stop offset="1" stop-color="#121220"/></linearGradient>
    <radialGradient id="glow3" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffd889" stop-opacity="0.55"/><stop offset="1" stop-color="#ffd889" stop-opacity="0"/></radialGradient>
    <linearGradient id="vanBody" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3f4f6"/><stop offset="1" stop-color="#b9c0cc"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky3)"/>
  ${stars(5, 50, 260)}
  ${buildings}
  <rect y="760" width="${W}" height="${H - 760}" fill="url(#street)"/>
  <rect y="760" width="${W}" height="16" fill="#3b3a55"/>
  ${[200, 760, 1380].map((lx) => `<circle cx="${lx}" cy="520" r="130" fill="url(#glow3)"/><rect x="${lx - 4}" y="520" width="8" height="250" fill="#101226"/><rect x="${lx - 18}" y="508" width="36" height="14" rx="4" fill="#ffe2a0"/>`).join('')}
  ${Array.from({ length: 12 }, (_, i) => `<rect x="${i * 140 + 10}" y="930" width="80" height="8" rx="3" fill="#e9e4f5" opacity="0.5"/>`).join('')}
  <g transform="translate(470 880)">
    <ellipse cx="330" cy="6" rx="360" ry="16" fill="#07070d" opacity="0.6"/>
    <path d="M0 -20 L0 -300 Q0 -320 20 -320 L450 -320 Q480 -320 500 -290 L600 -170 Q640 -160 650 -120 L660 -40 Q660 -20 640 -20Z" fill="url(#vanBody)"/>
    <path d="M470 -296 Q486 -296 498 -280 L578 -180 L470 -180Z" fill="#4a6a93"/>
    <rect x="0" y="-120" width="650" height="16" fill="#0f3d5e"/>
    <rect x="0" y="-100" width="650" height="8" fill="#f5b301"/>
    <line x1="300" y1="-318" x2="300" y2="-24" stroke="#9aa3b2" stroke-width="3"/>
    <line x1="460" y1="-318" x2="460" y2="-24" stroke="#9aa3b2" stroke-width="3"/>
    <rect x="630" y="-110" width="26" height="18" rx="4" fill="#fff2c0"/>
    <circle cx="150" cy="-20" r="54" fill="#0b0b12"/><circle cx="150" cy="-20" r="22" fill="#5d6270"/>
    <circle cx="530" cy="-20" r="54" fill="#0b0b12"/><circle cx="530" cy="-20" r="22" fill="#5d6270"/>
  </g>
</svg>`;
}

const scenes = [
  { name: 'hero-1', svg: sceneTransporter(), focusX: 1230 },
  { name: 'hero-2', svg: sceneOpenRoad(), focusX: 800 },
  { name: 'hero-3', svg: sceneVan(), focusX: 900 },
];

/** Output sizes: a portrait crop for phones, and two landscape sizes. */
const sizes = [
  { width: 640, height: 1000, portrait: true },
  { width: 960, height: 1500, portrait: true },
  { width: 1024, height: 640 },
  { width: 1600, height: 1000 },
];

const report = [];
function note(file) {
  report.push(`${path.relative(publicDir, file).padEnd(34)} ${(statSync(file).size / 1024).toFixed(1).padStart(6)} KB`);
}

async function writeVariants(name, svg, focusX) {
  // Rasterised at twice the drawing's size so that every output is a downscale.
  const scale = 2;
  const master = await sharp(Buffer.from(svg), { density: 72 * scale })
    .png()
    .toBuffer();
  for (const size of sizes) {
    let pipeline = sharp(master);
    if (size.portrait) {
      // Crop a portrait window (16:25) of the 1600×1000 drawing around the scene's subject.
      const cropWidth = Math.round((H * size.width) / size.height);
      const left = Math.min(W - cropWidth, Math.max(0, Math.round(focusX - cropWidth / 2)));
      pipeline = pipeline.extract({ left: left * scale, top: 0, width: cropWidth * scale, height: H * scale });
    }
    pipeline = pipeline.resize(size.width, size.height);
    const base = path.join(imagesDir, `${name}-${size.width}x${size.height}`);
    await pipeline.clone().avif({ quality: 50, effort: 6 }).toFile(`${base}.avif`);
    note(`${base}.avif`);
    await pipeline.clone().webp({ quality: 72, effort: 6 }).toFile(`${base}.webp`);
    note(`${base}.webp`);
    if (size.width === 1024) {
      await pipeline.clone().jpeg({ quality: 72, mozjpeg: true, progressive: true }).toFile(`${base}.jpg`);
      note(`${base}.jpg`);
    }
  }
}

function iconSvg({ size, padding = 0, rounded = true }) {
  // The favicon's drawing (a car on a dark blue tile), optionally inset for maskable icons.
  const inner = 64 - padding * 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">
    <rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="#0f3d5e"/>
    <g transform="translate(${padding} ${padding}) scale(${inner / 64})">
      <path d="M12 38h6l6-12h16l8 12h4v8h-6a5 5 0 0 1-10 0H26a5 5 0 0 1-10 0h-4z" fill="#f5b301"/>
    </g>
  </svg>`;
}

async function writeIcons() {
  const icons = [
    { file: 'icon-192.png', size: 192 },
    { file: 'icon-512.png', size: 512 },
    { file: 'icon-maskable-512.png', size: 512, padding: 10, rounded: false },
    { file: 'apple-touch-icon.png', size: 180, rounded: false },
  ];
  for (const icon of icons) {
    const file = path.join(publicDir, icon.file);
    await sharp(Buffer.from(iconSvg(icon)))
      .png({ compressionLevel: 9, palette: true })
      .toFile(file);
    note(file);
  }
}

async function writeOpenGraph() {
  // 1200×630: the transporter scene with a dark band and the brand, the size social networks expect.
  const scene = await sharp(Buffer.from(sceneTransporter()))
    .resize(1200, 750)
    .extract({ left: 0, top: 60, width: 1200, height: 630 })
    .png()
    .toBuffer();
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <rect width="1200" height="630" fill="#08142a" opacity="0.35"/>
    <rect x="60" y="60" width="620" height="190" rx="16" fill="#0f3d5e" opacity="0.88"/>
    <text x="96" y="140" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="60" fill="#ffffff">Convoyage Pro</text>
    <text x="96" y="206" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#f5b301">Convoyage de véhicules en France</text>
  </svg>`;
  const file = path.join(imagesDir, 'og-image.jpg');
  await sharp(scene)
    .composite([{ input: Buffer.from(overlay) }])
    .jpeg({ quality: 78, mozjpeg: true })
    .toFile(file);
  note(file);
}

for (const scene of scenes) await writeVariants(scene.name, scene.svg, scene.focusX);
await writeOpenGraph();
await writeIcons();
writeFileSync(
  path.join(imagesDir, 'README.md'),
  `# Images\n\nGenerated by \`node scripts/generate-images.mjs\` (drawn as SVG, rasterised with sharp). Do not edit by hand.\n`,
);
console.log(report.join('\n'));
