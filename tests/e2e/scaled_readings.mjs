// Whether the page's scaling of a photo before upload (lighten() in web/app.js, run here in
// the page itself, in Chromium) changes what the reader reads: each photo is sent to /api/scan
// as it is and as the page would send it, and the two boards are compared point by point.
// usage: node scaled_readings.mjs BASE_URL PHOTO...  (a `goref serve` with open scanning)
// Prints one line per photo; exits 1 when a reading differs, or when a photo at least 1.5 times
// the reader's side was not scaled. CTest test_http_scaled (through run.sh scaled).
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const [base, ...photos] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
let differs = 0;
try {
  await page.goto(base);
  await page.waitForFunction(() => S.config && S.config.photo_side);
  for (const path of photos) {
    const type = /\.png$/i.test(path) ? 'image/png' : 'image/jpeg';
    const r = await page.evaluate(async ({ b64, name, type }) => {
      const file = new File([Uint8Array.from(atob(b64), c => c.charCodeAt(0))], name, { type });
      const bmp = await createImageBitmap(file, { imageOrientation: 'from-image' });
      const long = Math.max(bmp.width, bmp.height);
      bmp.close();
      const small = await lighten(file);
      const scan = async f => {
        const form = new FormData();
        form.append('photo', f, f.name);
        const res = await fetch('/api/scan', { method: 'POST', body: form });
        return { status: res.status, body: await res.json() };
      };
      const a = await scan(file), b = small === file ? a : await scan(small);
      return { bytes: [file.size, small.size], a, b, due: long >= 1.5 * S.config.photo_side, scaled: small !== file };
    }, { b64: readFileSync(path).toString('base64'), name: basename(path), type });
    const { a, b } = r;
    let line = `${basename(path)}: ${r.bytes[0]} -> ${r.bytes[1]} bytes`;
    if (r.due && !r.scaled) {
      line += '; NOT scaled, though at least 1.5 times the reader\'s side';
      differs++;
    }
    if (a.status !== 200 || b.status !== 200) {
      line += `; status ${a.status} / ${b.status} (${a.body.error || ''} / ${b.body.error || ''})`;
      if (a.status !== b.status) differs++;
    } else {
      const A = a.body.board, B = b.body.board;
      let diff = 0, stones = 0;
      const at = [];
      if (A.length !== B.length) diff = -1;
      else for (let y = 0; y < A.length; y++) for (let x = 0; x < A.length; x++) {
        if (A[y][x] !== B[y][x]) { diff++; at.push(`${'ABCDEFGHJKLMNOPQRST'[x]}${A.length - y} ${A[y][x]}->${B[y][x]}`); }
        if (A[y][x] !== '.') stones++;
      }
      line += `; ${A.length}x${A.length} vs ${B.length}x${B.length}, ${stones} stones, ${diff < 0 ? 'sizes differ' : `${diff} points differ`}` +
        (at.length ? ` (${at.slice(0, 5).join(', ')})` : '') +
        `; read at ${a.body.image_width || '?'}x${a.body.image_height || '?'} and ${b.body.image_width || '?'}x${b.body.image_height || '?'}`;
      if (diff !== 0) differs++;
    }
    console.log(line);
  }
} finally {
  await browser.close();
}
process.exitCode = differs ? 1 : 0;
