/**
 * The demo site's pictures: a small set of illustrated scenes drawn as SVG, each with the
 * sentence that describes it (the alt text the demo content carries). Which scene and light an
 * image gets is decided by its file name (`plan`), the composition by a seed from its URL, so
 * the same content always gives the same pictures. No text is painted in: titles live in the HTML.
 */

/** FNV-1a, the seed of an image. */
export function hash(text) {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.codePointAt(0), 16777619) >>> 0;
  return value;
}

/** Mulberry32: a small seeded random source, 0 ≤ n < 1. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Light for outdoor scenes, with the words the alt text uses for it. */
const LIGHTS = {
  morgon: { sky: ['#9ecbd9', '#f8d9b0'], sun: '#fff4cf', sea: ['#5d8fa6', '#2f5d73'], land: ['#7f9c9a', '#4f6f6c', '#2c4644'], words: 'i morgonlys' },
  dag: { sky: ['#4f93c9', '#cfe6f4'], sun: '#fffbe8', sea: ['#2f7fa6', '#1c4f6e'], land: ['#6f8f7a', '#456b57', '#2a4a3a'], words: 'under ein blå himmel' },
  kveld: { sky: ['#3b2a5c', '#f08a4b'], sun: '#ffd27a', sea: ['#7a4a6a', '#2c2148'], land: ['#5a3f5f', '#3c2a49', '#221833'], words: 'i kveldssol' },
  natt: { sky: ['#050b1f', '#1f3566'], sun: '#f4f1de', sea: ['#14264a', '#070f24'], land: ['#1b2a44', '#121e33', '#0a1222'], words: 'ein stjerneklar natt' },
};

const f = (n) => Number(n.toFixed(1));

function gradient(id, colours, vertical = true) {
  const stops = colours.map((c, i) => `<stop offset="${f(i / (colours.length - 1))}" stop-color="${c}"/>`).join('');
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops}</linearGradient>`;
}

function stars(w, h, rnd, count, maxY) {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    out += `<circle cx="${f(rnd() * w)}" cy="${f(rnd() * maxY)}" r="${f(0.6 + rnd() * 1.8 * (w / 1200))}" fill="#fff" opacity="${f(0.4 + rnd() * 0.6)}"/>`;
  }
  return out;
}

/** A jagged ridge from left to right around height `base`, filled down to the bottom. */
function ridge(w, h, rnd, base, amp, colour, steps = 9) {
  let d = `M0 ${f(base)}`;
  for (let i = 1; i <= steps; i += 1) {
    const x = (w * i) / steps;
    const y = base - amp * (0.3 + rnd() * 0.9) * (i % 2 ? 1 : 0.45);
    d += ` L${f(x - w / steps / 2)} ${f(y)} L${f(x)} ${f(base - amp * rnd() * 0.3)}`;
  }
  return `<path d="${d} V${h} H0 Z" fill="${colour}"/>`;
}

function sea(w, h, rnd, top, light) {
  let out = `<rect y="${f(top)}" width="${w}" height="${f(h - top)}" fill="url(#sea)"/>`;
  for (let i = 0; i < 40; i += 1) {
    const y = top + (h - top) * Math.pow(rnd(), 1.4);
    const len = w * (0.03 + rnd() * 0.12);
    out += `<rect x="${f(rnd() * w)}" y="${f(y)}" width="${f(len)}" height="${f(1 + (y - top) / 60)}" fill="${light.sun}" opacity="${f(0.15 + rnd() * 0.35)}"/>`;
  }
  return out;
}

/** Sky, sun or moon, mountains and sea: the base of the outdoor scenes. */
function landscape(w, h, rnd, light, { horizon = 0.62, body = true } = {}) {
  const top = h * horizon;
  const sunX = w * (0.2 + rnd() * 0.6);
  const sunY = h * (0.15 + rnd() * 0.25);
  const r = Math.min(w, h) * 0.07;
  const defs =
    gradient('sky', light.sky) +
    gradient('sea', light.sea) +
    `<radialGradient id="glow"><stop offset="0" stop-color="${light.sun}" stop-opacity="0.8"/><stop offset="1" stop-color="${light.sun}" stop-opacity="0"/></radialGradient>`;
  let out = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  if (light === LIGHTS.natt) out += stars(w, h, rnd, 140, top * 0.9);
  if (body)
    out += `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(r * 4)}" fill="url(#glow)"/><circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(r)}" fill="${light.sun}"/>`;
  out += ridge(w, h, rnd, top - h * 0.02, h * 0.28, light.land[0]);
  out += ridge(w, h, rnd, top, h * 0.16, light.land[1], 7);
  out += sea(w, h, rnd, top, light);
  return { defs, out, top };
}

function building(x, y, bw, bh, wall, roof) {
  return (
    `<rect x="${f(x)}" y="${f(y)}" width="${f(bw)}" height="${f(bh)}" fill="${wall}"/>` +
    `<path d="M${f(x - bw * 0.08)} ${f(y)} L${f(x + bw / 2)} ${f(y - bh * 0.55)} L${f(x + bw * 1.08)} ${f(y)} Z" fill="${roof}"/>`
  );
}

const SCENES = {
  fjord: (w, h, rnd, light) => {
    const { defs, out } = landscape(w, h, rnd, light);
    return { defs, body: out, alt: `fjell ved ein stille fjord ${light.words}` };
  },
  lighthouse: (w, h, rnd, light) => {
    const { defs, out, top } = landscape(w, h, rnd, light, { horizon: 0.7 });
    const x = w * (0.55 + rnd() * 0.2);
    const s = h * 0.42;
    let tower = `<ellipse cx="${f(x)}" cy="${f(top + h * 0.05)}" rx="${f(s * 0.55)}" ry="${f(h * 0.06)}" fill="${light.land[2]}"/>`;
    tower += `<path d="M${f(x - s * 0.09)} ${f(top + h * 0.04)} L${f(x - s * 0.06)} ${f(top - s)} L${f(x + s * 0.06)} ${f(top - s)} L${f(x + s * 0.09)} ${f(top + h * 0.04)} Z" fill="#f4f1ea"/>`;
    for (let i = 1; i <= 3; i += 1)
      tower += `<rect x="${f(x - s * 0.085)}" y="${f(top - s * (i * 0.27))}" width="${f(s * 0.17)}" height="${f(s * 0.08)}" fill="#c0392b"/>`;
    tower += `<rect x="${f(x - s * 0.07)}" y="${f(top - s * 1.12)}" width="${f(s * 0.14)}" height="${f(s * 0.12)}" fill="#ffe9a8"/><path d="M${f(x - s * 0.1)} ${f(top - s * 1.12)} L${f(x)} ${f(top - s * 1.25)} L${f(x + s * 0.1)} ${f(top - s * 1.12)} Z" fill="#7a1e2c"/>`;
    if (light === LIGHTS.natt || light === LIGHTS.kveld)
      tower += `<path d="M${f(x)} ${f(top - s * 1.06)} L${f(x - w)} ${f(top - s * 1.5)} L${f(x - w)} ${f(top - s * 0.7)} Z" fill="#ffe9a8" opacity="0.18"/>`;
    return { defs, body: out + tower, alt: `eit kvitt fyr med raude band på ein holme i havet, ${light.words}` };
  },
  naust: (w, h, rnd, light) => {
    const { defs, out, top } = landscape(w, h, rnd, light, { horizon: 0.66 });
    let huts = '';
    const n = 3 + Math.floor(rnd() * 2);
    const bw = Math.min(w, h * 1.4) * 0.14;
    for (let i = 0; i < n; i += 1) {
      const x = w * 0.12 + i * bw * 1.35 + rnd() * bw * 0.2;
      huts += building(x, top - bw * 0.55, bw, bw * 0.75, ['#9b2c2c', '#b5462f', '#8a3324', '#a33a2a'][i % 4], '#2b2b2b');
      huts += `<rect x="${f(x + bw * 0.35)}" y="${f(top - bw * 0.2)}" width="${f(bw * 0.3)}" height="${f(bw * 0.4)}" fill="#3a1f1a"/>`;
    }
    return { defs, body: out + huts, alt: `raude naust på rad ved sjøkanten med fjell bak, ${light.words}` };
  },
  house: (w, h, rnd, light) => {
    const { defs, out, top } = landscape(w, h, rnd, light, { horizon: 0.64 });
    const bw = Math.min(w, h * 1.3) * 0.34;
    const x = w * (0.3 + rnd() * 0.25);
    let house = building(x, top - bw * 0.62, bw, bw * 0.66, '#eeeae0', '#4a4a52');
    for (let i = 0; i < 4; i += 1)
      house += `<rect x="${f(x + bw * (0.08 + i * 0.23))}" y="${f(top - bw * 0.5)}" width="${f(bw * 0.12)}" height="${f(bw * 0.16)}" fill="${light === LIGHTS.natt || light === LIGHTS.kveld ? '#ffd98a' : '#5b7385'}"/>`;
    return { defs, body: out + house, alt: `eit gammalt kvitt trehus ved sundet, ${light.words}` };
  },
  kulturhus: (w, h, rnd, light) => {
    const { defs, out, top } = landscape(w, h, rnd, light, { horizon: 0.7 });
    const bw = w * 0.6;
    const bh = h * 0.3;
    const x = w * 0.2;
    let hall = `<rect x="${f(x)}" y="${f(top - bh)}" width="${f(bw)}" height="${f(bh)}" fill="#d9d4c7"/><path d="M${f(x - 10)} ${f(top - bh)} L${f(x + bw * 0.7)} ${f(top - bh * 1.35)} L${f(x + bw + 10)} ${f(top - bh)} Z" fill="#2f3b45"/>`;
    const lit = light === LIGHTS.natt || light === LIGHTS.kveld ? '#ffd98a' : '#7fa3b8';
    for (let r = 0; r < 3; r += 1)
      for (let c = 0; c < 9; c += 1)
        hall += `<rect x="${f(x + bw * (0.04 + c * 0.107))}" y="${f(top - bh * (0.9 - r * 0.3))}" width="${f(bw * 0.08)}" height="${f(bh * 0.2)}" fill="${lit}" opacity="${f(0.6 + rnd() * 0.4)}"/>`;
    hall += `<rect x="0" y="${f(top)}" width="${w}" height="${f(h * 0.03)}" fill="#6b6b6b"/>`;
    return { defs, body: out + hall, alt: `eit moderne kulturhus ved kaia med lys i vindauga, ${light.words}` };
  },
  ferry: (w, h, rnd, light) => {
    const { defs, out, top } = landscape(w, h, rnd, light, { horizon: 0.6 });
    const s = Math.min(w, h * 1.5) * 0.34;
    const x = w * (0.2 + rnd() * 0.35);
    const y = top + (h - top) * 0.35;
    const ferry =
      `<path d="M${f(x)} ${f(y)} L${f(x + s)} ${f(y)} L${f(x + s * 0.92)} ${f(y + s * 0.16)} L${f(x + s * 0.08)} ${f(y + s * 0.16)} Z" fill="#1f2a36"/>` +
      `<rect x="${f(x + s * 0.1)}" y="${f(y - s * 0.14)}" width="${f(s * 0.8)}" height="${f(s * 0.14)}" fill="#f1efe8"/><rect x="${f(x + s * 0.35)}" y="${f(y - s * 0.3)}" width="${f(s * 0.3)}" height="${f(s * 0.16)}" fill="#f1efe8"/>` +
      `<rect x="${f(x + s * 0.48)}" y="${f(y - s * 0.42)}" width="${f(s * 0.06)}" height="${f(s * 0.12)}" fill="#c0392b"/>` +
      Array.from(
        { length: 8 },
        (_, i) =>
          `<rect x="${f(x + s * (0.14 + i * 0.095))}" y="${f(y - s * 0.1)}" width="${f(s * 0.05)}" height="${f(s * 0.05)}" fill="${light === LIGHTS.natt ? '#ffd98a' : '#44576a'}"/>`,
      ).join('');
    return { defs, body: out + ferry, alt: `ei lita ferje på veg over fjorden, ${light.words}` };
  },
  aurora: (w, h, rnd) => {
    const light = LIGHTS.natt;
    const { defs, out } = landscape(w, h, rnd, light, { body: false, horizon: 0.7 });
    let bands = '';
    for (let i = 0; i < 4; i += 1) {
      const y = h * (0.15 + i * 0.08 + rnd() * 0.05);
      bands += `<path d="M0 ${f(y)} C ${f(w * 0.3)} ${f(y - h * 0.2)}, ${f(w * 0.6)} ${f(y + h * 0.2)}, ${w} ${f(y - h * 0.05)}" stroke="${['#53f2a0', '#2fd4a7', '#9be564', '#6fe3c2'][i]}" stroke-width="${f(h * (0.05 + rnd() * 0.05))}" fill="none" opacity="0.35" filter="url(#soft)"/>`;
    }
    return {
      defs: defs + `<filter id="soft"><feGaussianBlur stdDeviation="${f(h * 0.02)}"/></filter>`,
      body: out + bands,
      alt: 'grønt nordlys over fjell og sjø ein stjerneklar natt',
    };
  },
  moon: (w, h, rnd) => {
    const light = LIGHTS.natt;
    const { defs, out, top } = landscape(w, h, rnd, light, { body: false, horizon: 0.72 });
    const r = Math.min(w, h) * 0.2;
    const cx = w * (0.35 + rnd() * 0.3);
    const cy = top * 0.45;
    let moon = `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 1.8)}" fill="#f4f1de" opacity="0.12"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="#f1ecd2"/>`;
    for (let i = 0; i < 7; i += 1)
      moon += `<circle cx="${f(cx + (rnd() - 0.5) * r * 1.3)}" cy="${f(cy + (rnd() - 0.5) * r * 1.3)}" r="${f(r * (0.06 + rnd() * 0.12))}" fill="#d8d1b4"/>`;
    moon += `<rect x="${f(cx - r * 0.15)}" y="${f(top)}" width="${f(r * 0.3)}" height="${f(h - top)}" fill="#f1ecd2" opacity="0.25"/>`;
    return { defs, body: out + moon, alt: 'ein stor fullmåne over havet ein stjerneklar natt' };
  },
  snow: (w, h, rnd) => {
    const defs = gradient('sky', ['#8ea7bd', '#dfe7ee']) + gradient('ground', ['#f4f7fa', '#c9d6e2']);
    let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    const edge = h * 0.5;
    for (let i = 0; i < 26; i += 1) {
      const x = rnd() * w;
      const th = h * (0.18 + rnd() * 0.2);
      const tw = th * 0.35;
      body += `<path d="M${f(x)} ${f(edge - th)} L${f(x + tw / 2)} ${f(edge)} L${f(x - tw / 2)} ${f(edge)} Z" fill="${['#1e3a2f', '#27483a', '#16302a'][i % 3]}"/>`;
    }
    body += `<rect y="${f(edge)}" width="${w}" height="${f(h - edge)}" fill="url(#ground)"/>`;
    for (let i = 0; i < 14; i += 1) {
      const t = i / 14;
      const x = w * 0.5 + Math.sin(t * 5) * w * 0.06 + (i % 2 ? 1 : -1) * w * 0.012 * (1 - t);
      const y = h - (h - edge) * Math.pow(t, 0.7) - h * 0.03;
      body += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(w * 0.012 * (1 - t * 0.8))}" ry="${f(h * 0.012 * (1 - t * 0.8))}" fill="#9fb2c4"/>`;
    }
    return { defs, body, alt: 'fotspor i snøen mot ein mørk granskog' };
  },
  ice: (w, h, rnd) => {
    const defs = gradient('ice', ['#cfe9f5', '#6fa8c7', '#2d6f93']);
    let body = `<rect width="${w}" height="${h}" fill="url(#ice)"/>`;
    for (let i = 0; i < 18; i += 1) {
      let x = rnd() * w;
      let y = rnd() * h;
      let d = `M${f(x)} ${f(y)}`;
      for (let j = 0; j < 6; j += 1) {
        x += (rnd() - 0.5) * w * 0.2;
        y += (rnd() - 0.5) * h * 0.2;
        d += ` L${f(x)} ${f(y)}`;
      }
      body += `<path d="${d}" stroke="#f6fbff" stroke-width="${f(1 + rnd() * 3)}" fill="none" opacity="${f(0.5 + rnd() * 0.5)}"/>`;
    }
    return { defs, body, alt: 'sprekker i blå is på eit frose vatn' };
  },
  pool: (w, h, rnd) => {
    const defs = gradient('water', ['#44c2d6', '#1479a8']);
    let body = `<rect width="${w}" height="${h}" fill="url(#water)"/>`;
    for (let i = 0; i < 90; i += 1) {
      body += `<ellipse cx="${f(rnd() * w)}" cy="${f(rnd() * h)}" rx="${f(w * (0.02 + rnd() * 0.05))}" ry="${f(h * (0.006 + rnd() * 0.012))}" fill="none" stroke="#d9fbff" stroke-width="${f(1 + rnd() * 2.5)}" opacity="${f(0.2 + rnd() * 0.4)}" transform="rotate(${f((rnd() - 0.5) * 40)})"/>`;
    }
    const lanes = 5;
    for (let i = 1; i < lanes; i += 1) {
      const y = (h * i) / lanes;
      for (let x = 0; x < w; x += h * 0.03)
        body += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(h * 0.011)}" fill="${Math.floor(x / (h * 0.03)) % 6 < 3 ? '#e63946' : '#f1faee'}"/>`;
    }
    return { defs, body, alt: 'blått vatn i eit basseng sett ovanfrå, med banetau og lys som glitrar i vatnet' };
  },
  stage: (w, h, rnd) => {
    const defs =
      gradient('back', ['#12091f', '#2e1745']) +
      gradient('curtain', ['#8e1b2b', '#4d0b16'], false) +
      `<linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff3c4" stop-opacity="0.7"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0.05"/></linearGradient>`;
    let body = `<rect width="${w}" height="${h}" fill="url(#back)"/>`;
    const floor = h * 0.78;
    body += `<rect y="${f(floor)}" width="${w}" height="${f(h - floor)}" fill="#3b2a22"/>`;
    const micX = w * (0.4 + rnd() * 0.2);
    for (let i = 0; i < 3; i += 1) {
      const src = w * (0.15 + i * 0.35);
      body += `<path d="M${f(src - 8)} 0 L${f(src + 8)} 0 L${f(micX + w * 0.09 + (i - 1) * 40)} ${f(floor)} L${f(micX - w * 0.09 + (i - 1) * 40)} ${f(floor)} Z" fill="url(#beam)"/>`;
    }
    body += `<ellipse cx="${f(micX)}" cy="${f(floor + h * 0.03)}" rx="${f(w * 0.14)}" ry="${f(h * 0.04)}" fill="#fff3c4" opacity="0.35"/>`;
    body += `<rect x="${f(micX - 3)}" y="${f(floor - h * 0.3)}" width="6" height="${f(h * 0.3)}" fill="#111"/><ellipse cx="${f(micX)}" cy="${f(floor - h * 0.31)}" rx="${f(h * 0.015)}" ry="${f(h * 0.025)}" fill="#222"/>`;
    const cw = w * 0.16;
    for (const side of [0, 1]) {
      let d = side ? `M${w} 0` : 'M0 0';
      for (let i = 0; i <= 6; i += 1) d += ` L${f(side ? w - cw * (0.6 + (i % 2) * 0.4) : cw * (0.6 + (i % 2) * 0.4))} ${f((h * i) / 6)}`;
      body += `<path d="${d} L${side ? w : 0} ${h} Z" fill="url(#curtain)"/>`;
    }
    body += `<rect width="${w}" height="${f(h * 0.08)}" fill="#6d1020"/>`;
    return { defs, body, alt: 'ei scene med raude sceneteppe og lyskjegler mot eit mikrofonstativ' };
  },
  cinema: (w, h, rnd) => {
    const defs =
      gradient('room', ['#0b0d17', '#1a1d2e']) +
      `<radialGradient id="screen"><stop offset="0" stop-color="#f4f8ff"/><stop offset="1" stop-color="#9fc2ea"/></radialGradient>`;
    let body = `<rect width="${w}" height="${h}" fill="url(#room)"/>`;
    const sx = w * 0.15;
    const sw = w * 0.7;
    body += `<path d="M${f(sx - w * 0.1)} ${f(h * 0.75)} L${f(sx)} ${f(h * 0.42)} L${f(sx + sw)} ${f(h * 0.42)} L${f(sx + sw + w * 0.1)} ${f(h * 0.75)} Z" fill="#9fc2ea" opacity="0.12"/>`;
    body += `<rect x="${f(sx)}" y="${f(h * 0.08)}" width="${f(sw)}" height="${f(h * 0.34)}" fill="url(#screen)"/>`;
    body += `<rect x="${f(sx + sw * (0.1 + rnd() * 0.3))}" y="${f(h * 0.2)}" width="${f(sw * 0.3)}" height="${f(h * 0.12)}" fill="#c7dcf3" opacity="0.6"/>`;
    for (let r = 0; r < 4; r += 1) {
      const y = h * (0.55 + r * 0.12);
      const seat = w * (0.045 + r * 0.006);
      for (let x = -seat / 2 + (r % 2) * seat * 0.5; x < w; x += seat * 1.1) {
        body += `<rect x="${f(x)}" y="${f(y)}" width="${f(seat)}" height="${f(h * 0.09)}" rx="${f(seat * 0.3)}" fill="${['#5c1421', '#4a0f1a', '#3b0c15', '#2c0910'][r]}"/>`;
      }
    }
    return { defs, body, alt: 'stolrader i ein mørk kinosal framfor eit lysande lerret' };
  },
  books: (w, h, rnd) => {
    const defs = gradient('wall', ['#5b3a24', '#3a2416']);
    let body = `<rect width="${w}" height="${h}" fill="url(#wall)"/>`;
    const shelves = 4;
    const colours = ['#c0392b', '#2e86ab', '#f6c85f', '#3a7d44', '#7d5ba6', '#e07a5f', '#264653', '#f2e9e4', '#b5838d', '#e9c46a'];
    for (let s = 0; s < shelves; s += 1) {
      const base = (h * (s + 1)) / shelves - h * 0.03;
      body += `<rect y="${f(base)}" width="${w}" height="${f(h * 0.03)}" fill="#2a180d"/>`;
      let x = w * 0.02;
      while (x < w * 0.98) {
        const bw = w * (0.012 + rnd() * 0.022);
        const bh = (h / shelves) * (0.55 + rnd() * 0.35);
        const lean = rnd() < 0.05;
        body += `<rect x="${f(x)}" y="${f(base - bh)}" width="${f(bw)}" height="${f(bh)}" fill="${colours[Math.floor(rnd() * colours.length)]}"${lean ? ` transform="rotate(-8 ${f(x)} ${f(base)})"` : ''}/>`;
        body += `<rect x="${f(x)}" y="${f(base - bh * 0.8)}" width="${f(bw)}" height="${f(bh * 0.05)}" fill="#000" opacity="0.2"/>`;
        x += bw + w * 0.002 + (rnd() < 0.08 ? w * 0.04 : 0);
      }
    }
    return { defs, body, alt: 'ei bokhylle full av fargerike bøker' };
  },
  cafe: (w, h, rnd) => {
    const defs = gradient('win', ['#f9d9a8', '#e8a76b']) + gradient('table', ['#8a5a3b', '#5e3b25']);
    const s = Math.min(w, h);
    let body = `<rect width="${w}" height="${h}" fill="url(#win)"/>`;
    body += `<rect y="${f(h * 0.4)}" width="${w}" height="${f(h * 0.06)}" fill="#3b6e8f" opacity="0.7"/>`;
    body += `<rect y="${f(h * 0.55)}" width="${w}" height="${f(h * 0.45)}" fill="url(#table)"/>`;
    const cx = w * (0.3 + rnd() * 0.1);
    const cy = h * 0.68;
    body += `<ellipse cx="${f(cx)}" cy="${f(cy + s * 0.17)}" rx="${f(s * 0.2)}" ry="${f(s * 0.05)}" fill="#f4efe6"/>`;
    body += `<path d="M${f(cx - s * 0.11)} ${f(cy - s * 0.08)} L${f(cx + s * 0.11)} ${f(cy - s * 0.08)} L${f(cx + s * 0.08)} ${f(cy + s * 0.16)} L${f(cx - s * 0.08)} ${f(cy + s * 0.16)} Z" fill="#fbf8f2"/>`;
    body += `<ellipse cx="${f(cx)}" cy="${f(cy - s * 0.08)}" rx="${f(s * 0.11)}" ry="${f(s * 0.025)}" fill="#4a2c1a"/>`;
    body += `<path d="M${f(cx + s * 0.1)} ${f(cy - s * 0.03)} q${f(s * 0.08)} ${f(s * 0.02)} ${f(-s * 0.02)} ${f(s * 0.12)}" stroke="#fbf8f2" stroke-width="${f(s * 0.02)}" fill="none"/>`;
    for (let i = 0; i < 3; i += 1)
      body += `<path d="M${f(cx - s * 0.04 + i * s * 0.04)} ${f(cy - s * 0.12)} c${f(-s * 0.03)} ${f(-s * 0.05)} ${f(s * 0.03)} ${f(-s * 0.08)} 0 ${f(-s * 0.14)}" stroke="#fff" stroke-width="${f(s * 0.008)}" fill="none" opacity="0.6"/>`;
    const px = w * (0.62 + rnd() * 0.08);
    body += `<ellipse cx="${f(px)}" cy="${f(cy + s * 0.08)}" rx="${f(s * 0.24)}" ry="${f(s * 0.08)}" fill="#f4efe6"/>`;
    for (let i = 0; i < 5; i += 1) {
      const a = (i / 5) * Math.PI - Math.PI;
      body += `<path d="M${f(px)} ${f(cy + s * 0.06)} L${f(px + Math.cos(a) * s * 0.2)} ${f(cy + s * 0.06 + Math.sin(a) * s * 0.06)} A ${f(s * 0.2)} ${f(s * 0.06)} 0 0 1 ${f(px + Math.cos(a + 0.6) * s * 0.2)} ${f(cy + s * 0.06 + Math.sin(a + 0.6) * s * 0.06)} Z" fill="#e0a340" stroke="#b87a22" stroke-width="2"/>`;
    }
    body += `<circle cx="${f(px + s * 0.02)}" cy="${f(cy + s * 0.02)}" r="${f(s * 0.025)}" fill="#c8102e"/><circle cx="${f(px - s * 0.05)}" cy="${f(cy + s * 0.04)}" r="${f(s * 0.022)}" fill="#c8102e"/>`;
    return { defs, body, alt: 'ein kaffikopp med damp og ein tallerken med vaflar og jordbær på eit bord ved vindauget' };
  },
  piano: (w, h, rnd) => {
    const defs = gradient('light', ['#2a1a10', '#6b4226', '#2a1a10'], false);
    let body = `<rect width="${w}" height="${h}" fill="url(#light)"/>`;
    const top = h * (0.35 + rnd() * 0.1);
    const kw = w / (14 + Math.floor(rnd() * 6));
    body += `<rect y="${f(top - h * 0.06)}" width="${w}" height="${f(h * 0.06)}" fill="#111"/>`;
    for (let x = -kw * rnd(); x < w; x += kw) body += `<rect x="${f(x + 1)}" y="${f(top)}" width="${f(kw - 2)}" height="${f(h - top)}" rx="3" fill="#f6f1e7"/>`;
    let i = 0;
    for (let x = -kw * 0.3; x < w; x += kw) {
      if (i % 7 !== 2 && i % 7 !== 6)
        body += `<rect x="${f(x + kw * 0.65)}" y="${f(top)}" width="${f(kw * 0.6)}" height="${f((h - top) * 0.6)}" rx="2" fill="#121212"/>`;
      i += 1;
    }
    body += `<rect width="${w}" height="${h}" fill="#ffb347" opacity="0.12"/>`;
    return { defs, body, alt: 'tangentane på eit piano i varmt lys' };
  },
  gears: (w, h, rnd) => {
    const defs = gradient('bg', ['#1d2b35', '#3d5566']) + gradient('metal', ['#d9dde0', '#7c8a94']);
    let body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
    const s = Math.min(w, h);
    const gear = (cx, cy, r, teeth) => {
      let d = '';
      for (let i = 0; i < teeth * 2; i += 1) {
        const a = (i / (teeth * 2)) * Math.PI * 2;
        const rr = i % 2 ? r : r * 1.15;
        d += `${i ? 'L' : 'M'}${f(cx + Math.cos(a) * rr)} ${f(cy + Math.sin(a) * rr)} `;
      }
      return `<path d="${d}Z" fill="url(#metal)" stroke="#2b3a45" stroke-width="3"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.35)}" fill="#1d2b35"/>`;
    };
    body +=
      gear(w * 0.38, h * 0.5, s * 0.3, 14) + gear(w * 0.38 + s * 0.6, h * 0.5 - s * 0.12, s * 0.22, 10) + gear(w * (0.1 + rnd() * 0.1), h * 0.15, s * 0.12, 8);
    return { defs, body, alt: 'tannhjul i metall som grip i kvarandre' };
  },
  yarn: (w, h, rnd) => {
    const defs = gradient('bg', ['#efe4d2', '#d8c3a5']);
    let body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
    const colours = ['#b23a48', '#2f6690', '#f4a259', '#5b8e7d', '#8c5e9f'];
    const s = Math.min(w, h);
    for (let i = 0; i < 4; i += 1) {
      const cx = w * (0.15 + i * 0.22 + rnd() * 0.05);
      const cy = h * (0.5 + (rnd() - 0.5) * 0.3);
      const r = s * (0.14 + rnd() * 0.06);
      body += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${colours[i]}"/>`;
      for (let j = 0; j < 9; j += 1) {
        const a = rnd() * 180;
        body += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r * 0.98)}" ry="${f(r * (0.2 + rnd() * 0.6))}" transform="rotate(${f(a)} ${f(cx)} ${f(cy)})" fill="none" stroke="#fff" stroke-width="2" opacity="0.3"/>`;
      }
    }
    body += `<path d="M${f(w * 0.1)} ${f(h * 0.9)} L${f(w * 0.9)} ${f(h * 0.2)}" stroke="#8a6a4a" stroke-width="${f(s * 0.015)}" stroke-linecap="round"/><path d="M${f(w * 0.15)} ${f(h * 0.95)} L${f(w * 0.95)} ${f(h * 0.3)}" stroke="#8a6a4a" stroke-width="${f(s * 0.015)}" stroke-linecap="round"/>`;
    return { defs, body, alt: 'garnnøste i ulike fargar og eit par strikkepinnar' };
  },
  frames: (w, h, rnd) => {
    const defs = gradient('wall', ['#f3efe7', '#ddd6c8']) + gradient('sky', LIGHTS.kveld.sky) + gradient('sea', LIGHTS.dag.sea);
    let body = `<rect width="${w}" height="${h}" fill="url(#wall)"/>`;
    const n = w > h ? 3 : 2;
    for (let i = 0; i < n; i += 1) {
      const fw = (w / n) * 0.7;
      const fh = fw * (0.7 + rnd() * 0.4);
      const x = (w / n) * i + (w / n - fw) / 2;
      const y = h * 0.45 - fh / 2 + (rnd() - 0.5) * h * 0.1;
      body += `<rect x="${f(x - 12)}" y="${f(y - 12)}" width="${f(fw + 24)}" height="${f(fh + 24)}" fill="#3b2a1a"/>`;
      body += `<svg x="${f(x)}" y="${f(y)}" width="${f(fw)}" height="${f(fh)}" viewBox="0 0 ${f(fw)} ${f(fh)}">${landscape(fw, fh, rnd, [LIGHTS.kveld, LIGHTS.dag, LIGHTS.morgon][i % 3]).out}</svg>`;
    }
    body += `<rect y="${f(h * 0.85)}" width="${w}" height="${f(h * 0.15)}" fill="#a88b6a"/>`;
    return { defs, body, alt: 'innramma måleri av kystlandskap på ein lys vegg' };
  },
  city: (w, h, rnd) => {
    const light = LIGHTS.kveld;
    const defs = gradient('sky', light.sky);
    let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    const colours = ['#f2c14e', '#f78154', '#4d9078', '#b4436c', '#5fad56', '#f6e7cb', '#5c7aff'];
    for (let row = 0; row < 3; row += 1) {
      let x = -20;
      const base = h * (0.55 + row * 0.2);
      while (x < w) {
        const bw = w * (0.08 + rnd() * 0.07);
        const bh = h * (0.2 + rnd() * 0.2);
        body += `<rect x="${f(x)}" y="${f(base - bh)}" width="${f(bw)}" height="${f(bh + h)}" fill="${colours[Math.floor(rnd() * colours.length)]}"/>`;
        body += `<path d="M${f(x - 4)} ${f(base - bh)} L${f(x + bw / 2)} ${f(base - bh - bh * 0.25)} L${f(x + bw + 4)} ${f(base - bh)} Z" fill="#a4412f"/>`;
        for (let k = 0; k < 3; k += 1)
          body += `<rect x="${f(x + bw * (0.15 + k * 0.27))}" y="${f(base - bh * 0.75)}" width="${f(bw * 0.15)}" height="${f(bh * 0.2)}" fill="#2b2b3a" opacity="0.8"/>`;
        x += bw + 2;
      }
    }
    return { defs, body, alt: 'fargerike hus med raude tak i ei bratt by i kveldssol' };
  },
  tree: (w, h, rnd) => {
    const defs = gradient('room', ['#1c2a3a', '#3a2a2a']);
    let body = `<rect width="${w}" height="${h}" fill="url(#room)"/>`;
    const cx = w / 2;
    const th = h * 0.8;
    for (let i = 0; i < 4; i += 1) {
      const y0 = h * 0.1 + i * th * 0.2;
      const hw = th * (0.12 + i * 0.08);
      body += `<path d="M${f(cx)} ${f(y0)} L${f(cx + hw)} ${f(y0 + th * 0.3)} L${f(cx - hw)} ${f(y0 + th * 0.3)} Z" fill="${['#1f5f3a', '#1b5533', '#174a2c', '#133f26'][i]}"/>`;
    }
    body += `<rect x="${f(cx - th * 0.03)}" y="${f(h * 0.1 + th * 0.9)}" width="${f(th * 0.06)}" height="${f(th * 0.08)}" fill="#5a3a22"/>`;
    for (let i = 0; i < 60; i += 1) {
      const y = h * 0.15 + rnd() * th * 0.8;
      const spread = ((y - h * 0.1) / th) * th * 0.38;
      body += `<circle cx="${f(cx + (rnd() - 0.5) * 2 * spread)}" cy="${f(y)}" r="${f(h * 0.006)}" fill="#ffe08a"/>`;
    }
    body += `<path d="M${f(cx)} ${f(h * 0.05)} l${f(h * 0.02)} ${f(h * 0.05)} l${f(-h * 0.04)} ${f(-h * 0.03)} h${f(h * 0.04)} l${f(-h * 0.04)} ${f(h * 0.03)} Z" fill="#ffd34d"/>`;
    for (let i = 0; i < 3; i += 1) {
      const gx = cx + (i - 1) * th * 0.22;
      const gs = th * 0.09;
      body += `<rect x="${f(gx - gs / 2)}" y="${f(h * 0.98 - gs)}" width="${f(gs)}" height="${f(gs)}" fill="${['#c0392b', '#2e86ab', '#f6c85f'][i]}"/><rect x="${f(gx - gs * 0.08)}" y="${f(h * 0.98 - gs)}" width="${f(gs * 0.16)}" height="${f(gs)}" fill="#fff" opacity="0.8"/>`;
    }
    return { defs, body, alt: 'eit juletre med lys og gåver under' };
  },
  gift: (w, h, rnd) => {
    const defs = gradient('bg', ['#f4e3d3', '#e3c5a8']);
    let body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
    const ew = Math.min(w * 0.6, h * 0.9);
    const eh = ew * 0.6;
    const x = (w - ew) / 2 + (rnd() - 0.5) * w * 0.05;
    const y = (h - eh) / 2;
    body += `<rect x="${f(x + 12)}" y="${f(y + 12)}" width="${f(ew)}" height="${f(eh)}" fill="#000" opacity="0.15"/><rect x="${f(x)}" y="${f(y)}" width="${f(ew)}" height="${f(eh)}" fill="#b8202f"/>`;
    body += `<path d="M${f(x)} ${f(y)} L${f(x + ew / 2)} ${f(y + eh * 0.55)} L${f(x + ew)} ${f(y)}" fill="#9a1a27" stroke="#7c141f" stroke-width="3"/>`;
    body += `<rect x="${f(x + ew * 0.62)}" y="${f(y)}" width="${f(ew * 0.06)}" height="${f(eh)}" fill="#f2c14e"/>`;
    body += `<ellipse cx="${f(x + ew * 0.65 - ew * 0.07)}" cy="${f(y + eh * 0.45)}" rx="${f(ew * 0.07)}" ry="${f(ew * 0.04)}" fill="#f2c14e"/><ellipse cx="${f(x + ew * 0.65 + ew * 0.07)}" cy="${f(y + eh * 0.45)}" rx="${f(ew * 0.07)}" ry="${f(ew * 0.04)}" fill="#f2c14e"/>`;
    return { defs, body, alt: 'ein raud konvolutt med gul sløyfe, eit gåvekort' };
  },
  kitchen: (w, h, rnd) => {
    const defs = gradient('bg', ['#dfe8e4', '#b9cbc3']) + gradient('pot', ['#9aa5ad', '#4f5b63']);
    const s = Math.min(w, h);
    let body = `<rect width="${w}" height="${h}" fill="url(#bg)"/><rect y="${f(h * 0.7)}" width="${w}" height="${f(h * 0.3)}" fill="#8c6b4f"/>`;
    const cx = w * 0.4;
    body += `<path d="M${f(cx - s * 0.25)} ${f(h * 0.4)} h${f(s * 0.5)} v${f(s * 0.28)} q0 ${f(s * 0.05)} ${f(-s * 0.05)} ${f(s * 0.05)} h${f(-s * 0.4)} q${f(-s * 0.05)} 0 ${f(-s * 0.05)} ${f(-s * 0.05)} Z" fill="url(#pot)"/>`;
    body += `<rect x="${f(cx - s * 0.27)}" y="${f(h * 0.38)}" width="${f(s * 0.54)}" height="${f(s * 0.03)}" rx="6" fill="#3d474e"/>`;
    for (let i = 0; i < 3; i += 1)
      body += `<path d="M${f(cx - s * 0.1 + i * s * 0.1)} ${f(h * 0.34)} c${f(-s * 0.04)} ${f(-s * 0.06)} ${f(s * 0.04)} ${f(-s * 0.1)} 0 ${f(-s * 0.18)}" stroke="#fff" stroke-width="${f(s * 0.01)}" fill="none" opacity="0.7"/>`;
    const vx = w * 0.75;
    body += `<path d="M${f(vx)} ${f(h * 0.78)} l${f(s * 0.22)} ${f(-s * 0.05)} l${f(-s * 0.2)} ${f(s * 0.1)} Z" fill="#f28c28"/><path d="M${f(vx + s * 0.2)} ${f(h * 0.73)} l${f(s * 0.05)} ${f(-s * 0.04)} l${f(-s * 0.02)} ${f(s * 0.05)} Z" fill="#3a7d44"/>`;
    body += `<circle cx="${f(vx - s * 0.06)}" cy="${f(h * 0.8)}" r="${f(s * 0.06)}" fill="#c8102e"/><circle cx="${f(vx + s * 0.1 + rnd() * 10)}" cy="${f(h * 0.84)}" r="${f(s * 0.05)}" fill="#6a994e"/>`;
    return { defs, body, alt: 'ei gryte med damp og friske grønsaker på ein kjøkkenbenk' };
  },
};

/**
 * Which scene and light each demo image gets, by its file name without `-thumb`, `-cover`,
 * `-poster` and extension. Names not listed get a fjord in a light chosen by their seed.
 */
export const plan = {
  // page covers
  404: ['lighthouse', 'natt'],
  aktuelt: ['kulturhus', 'dag'],
  'aukra-kulturskole': ['piano'],
  bassenget: ['pool'],
  biblioteket: ['books'],
  billettinformasjon: ['cinema'],
  brukje: ['frames'],
  bua: ['snow'],
  'byssa-storkjokkenet': ['kitchen'],
  djupet: ['pool'],
  falken: ['stage'],
  feskarn: ['cafe'],
  filmoversikt: ['cinema'],
  fjore: ['pool'],
  flo: ['pool'],
  framside: ['kulturhus', 'kveld'],
  gavekort: ['gift'],
  kinoprogram: ['cinema'],
  'kommende-filmer': ['cinema'],
  kontakt: ['kulturhus', 'morgon'],
  kulturprogram: ['stage'],
  lilja: ['fjord', 'morgon'],
  'myra-nota': ['stage'],
  'om-huset': ['kulturhus', 'natt'],
  search: ['fjord', 'dag'],
  sentraln: ['cafe'],
  'soltun-scene': ['stage'],
  tilbod: ['naust', 'dag'],
  'ung-i-aukra': ['aurora'],
  utleige: ['kulturhus', 'kveld'],
  wickssalen: ['cinema'],
  // articles
  'turgruppe-fra-kaia': ['fjord', 'dag'],
  'bua-vinterutstyr': ['snow'],
  familiefilmsondag: ['cinema'],
  'open-scene': ['stage'],
  morgonsym: ['pool'],
  eventyrstund: ['books'],
  kaiavenner: ['cafe'],
  'bassenget-opna-nye-garderobar': ['pool'],
  danza: ['stage'],
  leseklubb: ['books'],
  'digital-kaf': ['cafe'],
  'nyttarskonsert-billettsal': ['stage'],
  juleopningstider: ['tree'],
  sommarkaf: ['cafe'],
  'ovingsrom-for-band': ['stage'],
  'nytt-musikkstudio-falken': ['piano'],
  vasstrening: ['pool'],
  'ny-kinoprojektor-soltun-scene': ['cinema'],
  'demenskoret-nordavind': ['piano'],
  matkurs: ['kitchen'],
  'yoga-i-lilja': ['fjord', 'morgon'],
  utstillingar: ['frames'],
  maleklubben: ['frames'],
  'saltvatn-i-konsert-billettar': ['stage'],
  'norsk-filmveke-hausten': ['cinema'],
  seniorkino: ['cinema'],
  'ungdomsklubben-falken': ['aurora'],
  'aukra-historielag': ['naust', 'kveld'],
  sprakkafe: ['cafe'],
  'slik-er-det-berre-nesten-utselt': ['stage'],
  'huset-ved-sundet-premiere': ['house', 'dag'],
  'symjekurs-for-born': ['pool'],
  slektsgransking: ['books'],
  'frivillige-kaiavenner': ['cafe'],
  laurdagskaf: ['cafe'],
  'teleslynge-og-tilgjenge': ['cinema'],
  skulekino: ['cinema'],
  babysvomming: ['pool'],
  'meirope-bibliotek': ['books'],
  'kulturskulen-soknad-var': ['piano'],
  strikkekafe: ['yarn'],
  'gavekort-til-jul': ['gift'],
  barseltreff: ['fjord', 'morgon'],
  // productions
  'alt-vi-ikkje-sa': ['fjord', 'kveld'],
  'den-sjuande-passasjeren': ['ferry', 'natt'],
  'eit-brev-fra-lisboa': ['city'],
  'ferda-til-fyrholmen': ['lighthouse', 'dag'],
  'havet-gjev-havet-tek': ['naust', 'morgon'],
  'huset-ved-sundet': ['house', 'kveld'],
  'kaldt-spor': ['snow'],
  'kystlys-maleri-av-ragnhild-oterhals': ['frames'],
  'kystmonster-strikkekurs-for-nybyrjarar': ['yarn'],
  'livet-pa-fyret': ['lighthouse', 'kveld'],
  maskinhjartet: ['gears'],
  'mira-og-manemaskina': ['moon'],
  naustet: ['naust', 'kveld'],
  nordlysjegarane: ['aurora'],
  'nyttarskonsert-med-kaiaorkesteret': ['stage'],
  'onkel-olav-og-ferja': ['ferry', 'dag'],
  'paulo-pa-tynn-is': ['ice'],
  'reven-som-ville-sja-havet': ['fjord', 'dag'],
  'saltvatn-i-konsert': ['stage'],
  'slik-er-det-berre': ['stage'],
  tidvatn: ['fjord', 'kveld'],
};

/** 'productions/naustet-poster.webp' → 'naustet'. */
export function baseName(url) {
  const file = url.split('/').pop() ?? url;
  return file.replace(/\.[a-z]+$/, '').replace(/-(thumb|cover|poster)$/, '');
}

/** The picture for a /media/ URL at its size: SVG source and the sentence describing it. */
export function scene(url, width, height) {
  const name = baseName(url);
  const seed = hash(url.replace('-thumb.', '.'));
  const [kind, lightName] = plan[name] ?? ['fjord', Object.keys(LIGHTS)[seed % 4]];
  const light = LIGHTS[lightName ?? 'dag'];
  const { defs, body, alt } = SCENES[kind](width, height, random(seed), light);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
  return { svg, alt: describe(url, alt) };
}

/** The alt text: what the picture shows, said as an illustration; posters say so. */
function describe(url, what) {
  const sentence = `Illustrasjon: ${what}.`;
  return /-poster\.[a-z]+$/.test(url) ? `Filmplakat. ${sentence}` : sentence;
}
