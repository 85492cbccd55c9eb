// Browser end-to-end test of goref's page on a 360 px phone screen, in Debian's headless
// Chromium driven by playwright-core: sign in, add two members, make an event, upload a real
// photo, drag a corner of the grid (the photo is read again), correct one stone, toggle one
// dead group, read the verdict, save the result, find it in the standings; then a check-in, a
// loan out and back, and the secretary's pages (stocktake, member edit, schedule, the
// charter's preview then apply, dues, the printable pairing sheet). A screenshot per step goes
// to OUT.
// usage: node e2e.mjs BASE_URL OUT_DIR PHOTO ADMIN_PASSWORD [REFUSED_PHOTO]
// REFUSED_PHOTO: a 19x19 board photo that the page shrinks to REFUSED_LONG pixels on its long
// side, as a messaging app's thumbnail, sent with the board size set to 13 by mistake: no 13x13
// board is found, the size is set right while the corners are placed by hand (the corners below
// are those goref finds on it at full size; through them the CLI reads 131 stones, of its 129,
// at 300 pixels).
import { chromium } from 'playwright-core';
import { mkdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';

const [base, out, photo, password, refused] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
let step = 0;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 1 });
const REFUSED_CORNERS = [[154, 37], [676, 32], [750, 582], [32, 557]];
const REFUSED_LONG = 300;
// Generous: make test runs this beside other suites, with goref built under ASan.
page.setDefaultTimeout(60000);
const errors = [];
page.on('pageerror', e => errors.push(String(e)));
const dialogs = [];
// the check-in and return confirmations, an unusual komi, saving a provisional count
page.on('dialog', d => { dialogs.push(d.message()); d.accept(); });
// The text fields of every form the page uploads (the page's upload() is wrapped; Chromium
// does not hand a multipart body with a file to the request events).
const scoreForms = () => page.evaluate(() => window.sentForms);
const shot = async name => page.screenshot({ path: join(out, `${String(++step).padStart(2, '0')}-${name}.png`), fullPage: true });
// what the phone's screen shows, fixed bars included
const shotView = async name => page.screenshot({ path: join(out, `${String(++step).padStart(2, '0')}-${name}.png`) });
// "182又1/2", "-3/4", "7": stones as the count's texts write them
function stonesOf(text) {
  const m = /^(-?)(\d+)?(?:又)?(?:([13])\/([24]))?$/.exec(text.trim());
  if (!m || (!m[2] && !m[3])) throw new Error(`not stones: "${text}"`);
  return (m[1] ? -1 : 1) * ((+m[2] || 0) + (m[3] ? +m[3] / +m[4] : 0));
}
const status = () => page.locator('#status');
async function expectStatus(re, what) {
  await page.waitForFunction(r => new RegExp(r).test(document.getElementById('status').textContent), re.source, { timeout: 60000 })
    .catch(async () => { throw new Error(`${what}: status is "${await status().textContent()}"`); });
}
function check(cond, what) { if (!cond) throw new Error(what); }

try {
  await page.goto(base);
  check((await page.locator('h1').textContent()).includes('goref'), 'page title');
  // Every text in both languages (an English-only key would show its name on the Chinese page).
  const missing = await page.evaluate(() => {
    const zh = Object.keys(T.zh), en = Object.keys(T.en);
    const used = [...document.querySelectorAll('[data-i18n]')].map(e => e.dataset.i18n);
    return [...zh.filter(k => !en.includes(k)).map(k => `en:${k}`), ...en.filter(k => !zh.includes(k)).map(k => `zh:${k}`),
      ...used.filter(k => !(k in T.zh)).map(k => `used:${k}`)];
  });
  check(missing.length === 0, `texts missing: ${missing.join(', ')}`);
  check(await page.evaluate(() => document.documentElement.scrollWidth <= 362), 'no sideways scrolling at 360 px');
  // The header (name, three tabs, the language button) is one row at 360 px, in both languages.
  // (one row: every child starts above the bottom of the one that ends highest)
  const headerRows = () => page.evaluate(() => {
    const boxes = [...document.querySelectorAll('header.top > *')].map(e => e.getBoundingClientRect());
    const firstBottom = Math.min(...boxes.map(b => b.bottom));
    return boxes.some(b => b.top >= firstBottom) ? 2 : 1;
  });
  check(await headerRows() === 1, `the header is one row at 360 px (${await headerRows()} rows)`);
  await page.click('#lang');
  check(await headerRows() === 1, `the English header is one row at 360 px (${await headerRows()} rows)`);
  await page.click('#lang');
  await shot('home');

  // A refusal is said in the page's language: the server's message_zh on the Chinese page.
  await page.click('#tab-account');
  await page.fill('#login-form [name=name]', 'admin');
  await page.fill('#login-form [name=password]', 'not the password');
  await page.click('#login-form button[type=submit]');
  await expectStatus(/用户名或密码错误/, 'a wrong password is said in Chinese');
  check(!/wrong name or password/.test(await status().textContent()), 'no English on the Chinese page');

  // Sign in.
  await page.click('#tab-account');
  await page.fill('#login-form [name=name]', 'admin');
  await page.fill('#login-form [name=password]', password);
  await page.click('#login-form button[type=submit]');
  await page.locator('#me').waitFor({ state: 'visible' });
  check(!(await page.locator('#login-form').isVisible()), 'the sign-in form is hidden once signed in');
  await shot('signed-in');

  // Two members and a round-robin event with both entered and paired.
  await page.click('#tab-club');
  await page.click('.subtabs [data-sub=members]');
  for (const [number, name] of [['E1', '张三'], ['E2', '李四']]) {
    await page.fill('#member-form [name=number]', number);
    await page.fill('#member-form [name=name]', name);
    await page.click('#member-form button[type=submit]');
    await page.locator('#members-table', { hasText: name }).waitFor();
  }
  await page.click('.subtabs [data-sub=events]');
  await page.fill('#event-form [name=name]', '周末循环赛');
  await page.click('#event-form button[type=submit]');
  await page.locator('#event-pick option', { hasText: '周末循环赛' }).waitFor({ state: 'attached' });
  for (const name of ['张三', '李四']) {
    await page.selectOption('#enter-member', { label: `${name} (${name === '张三' ? 'E1' : 'E2'})` });
    await page.click('#enter-form button[type=submit]');
    await page.locator('#standings-table', { hasText: name }).waitFor();
  }
  await page.click('#pair');
  await page.locator('#pairings-table td', { hasText: '张三' }).first().waitFor();
  await shot('event-paired');

  // The photo: uploaded with progress, read, shown as overlay and diagram.
  await page.click('#tab-count');
  await page.evaluate(() => {
    const send = upload;
    window.sentForms = [];
    window.sentPhotos = [];
    window.upload = (path, form, progress) => {
      window.sentForms.push(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'photo')));
      if (form.get('photo')) window.sentPhotos.push({ type: form.get('photo').type, size: form.get('photo').size });
      return send(path, form, progress);
    };
    // the upload's progress bar, seen while an upload is under way
    window.progressSeen = false;
    new MutationObserver(() => { if (!document.getElementById('upload-progress').hidden) window.progressSeen = true; })
      .observe(document.getElementById('upload-progress'), { attributes: true });
  });
  // The server made busy: uploads of the same photo from the page's own context, one more than
  // its heavy slots (run.sh starts it with --heavy GOREF_E2E_HEAVY), keep them taken, so the
  // page's upload gets 503. The photo is kept, the wait counted down, the
  // upload sent again by itself; stopped, it waits for a tap; then the reading comes.
  await page.evaluate(([b64, slots]) => {
    const bytes = Uint8Array.from(atob(b64), c => c.charCodeAt(0));
    window.blocking = true;
    window.blockers = 0;
    const one = async () => {
      window.blockers++;
      while (window.blocking) {
        const f = new FormData();
        f.append('photo', new Blob([bytes]), 'blocker.png');
        const r = await fetch('/api/score', { method: 'POST', body: f, headers: { 'X-CSRF-Token': S.csrf } }).catch(() => null);
        if (r && r.status === 503) window.slotsFull = true;
        if (!r || r.status === 503) await new Promise(ok => setTimeout(ok, 150));
      }
      window.blockers--;
    };
    for (let i = 0; i < slots + 1; i++) one();
  }, [readFileSync(photo).toString('base64'), Number(process.env.GOREF_E2E_HEAVY)]);
  // the page's upload goes once a blocker has been turned away: every slot is then taken (sent
  // at once, it could take a slot before the blockers' uploads arrive on a loaded machine)
  await page.waitForFunction(() => window.slotsFull === true, null, { timeout: 120000 });
  await page.setInputFiles('#photo', photo);
  await page.locator('#busy-box').waitFor({ state: 'visible', timeout: 120000 });
  const sendsBefore = (await scoreForms()).length;
  const busyText = () => page.locator('#busy-text').textContent();
  check(/服务器正忙，照片已保留/.test(await busyText()) && /服务器正忙/.test(await status().textContent()), `busy said in Chinese: ${await busyText()}`);
  check(await page.locator('#busy-cancel').isVisible(), 'a button stops the retrying');
  check(await page.evaluate(() => !!S.photo && document.getElementById('photo-kept').getAttribute('src') === S.photoUrl), 'the photo is kept and shown');
  // the seconds of one wait go down (a wait can end and the next, longer one begin meanwhile)
  const countdown = await page.evaluate(() => new Promise(done => {
    const read = () => {
      const m = /(\d+) 秒后自动重试（第 (\d+) 次）/.exec(document.getElementById('busy-text').textContent);
      return m ? [+m[1], +m[2]] : null;
    };
    let first = read();
    const t0 = Date.now(), poll = setInterval(() => {
      const now = read();
      if (now && first && now[1] === first[1] && now[0] < first[0]) { clearInterval(poll); done([first, now]); return; }
      if (now && (!first || now[1] !== first[1])) first = now;
      if (Date.now() - t0 > 20000) { clearInterval(poll); done([first, now]); }
    }, 50);
  }));
  check(countdown[1] && countdown[1][1] === countdown[0][1] && countdown[1][0] < countdown[0][0],
    `the wait is counted down: ${JSON.stringify(countdown)}`);
  await shot('item3-busy-countdown');
  await page.waitForFunction(n => window.sentForms.length > n, sendsBefore, { timeout: 60000 }); // sent again by itself
  await page.waitForFunction(() => !document.getElementById('busy-cancel').hidden && !document.getElementById('busy-box').hidden ||
    S.reads > 0 || document.getElementById('status').classList.contains('error') && !/正忙/.test(document.getElementById('status').textContent),
  null, { timeout: 120000 });
  if (await page.locator('#busy-cancel').isVisible()) {
    await page.click('#busy-cancel');
    const stopped = (await scoreForms()).length;
    check(/已停止重试，照片还在/.test(await status().textContent()), `stopping is said: ${await status().textContent()}`);
    check(await page.locator('#busy-retry').isVisible() && await page.evaluate(() => !!S.photo), 'the photo stays with a button to send it');
    await page.waitForTimeout(2500);
    check((await scoreForms()).length === stopped, 'nothing is sent once stopped');
    await shot('item3-busy-stopped');
    await page.evaluate(() => { window.blocking = false; });
    await page.waitForTimeout(1000);
    await page.click('#busy-retry');
  } else {
    console.log('NOTE: the second wait did not come (the reading came first); the stop button was not tapped');
  }
  await page.evaluate(() => { window.blocking = false; });
  // the blockers' uploads under way finish before the steps that follow need a slot
  await page.waitForFunction(() => window.blockers === 0, null, { timeout: 180000 });
  console.log(`busy: the page's photo was sent ${(await scoreForms()).length} times`);
  await page.waitForFunction(() => {
    const s = document.getElementById('status');
    return (s.classList.contains('error') && document.getElementById('busy-box').hidden) || document.getElementById('verdict').textContent.length > 0;
  }, null, { timeout: 180000 });
  if (await status().evaluate(s => s.classList.contains('error'))) {
    // The reading is vision's business; go on with an empty board so the page is still tested.
    console.log(`NOTE: the photo was not read (${await status().textContent()}); using an empty 9x9 board`);
    await page.click('[data-empty="9"]');
    await page.click('#board-area svg rect[data-x="2"][data-y="2"]');
    await page.click('#board-area svg rect[data-x="6"][data-y="6"]');
    await page.click('#board-area svg rect[data-x="6"][data-y="6"]');
    console.log('SKIPPED: the corner drag (re-fit) step needs a photo that was read');
  } else {
    check(await page.locator('#overlay-figure').isVisible(), 'overlay shown');
    // a reading by the classifier alone is said so, and only such a reading
    const reader = await page.evaluate(() => S.scan && S.scan.reader);
    check(['rule', 'clusters', 'classifier'].includes(reader), `the scan names its reader: ${reader}`);
    check(/识别模型单独读出/.test(await status().textContent()) === (reader === 'classifier'),
      `the status says a reading by the classifier alone (${reader}): ${await status().textContent()}`);
    const first = (await scoreForms())[0];
    check(first && first.to_move === 'B' && !('corners' in first), `the first reading's form: ${JSON.stringify(first)}`);
  }
  await page.locator('#verdict').filter({ hasText: /胜|和/ }).waitFor();
  check(await page.evaluate(() => document.documentElement.scrollWidth <= 362), 'no sideways scrolling with the photo shown');
  await shot('read');

  // A light upload: the 1920x1080 photo went as a JPEG scaled in the page to the reader's side,
  // with the progress bar shown, and was read at that size.
  const sent = await page.evaluate(() => ({ photos: window.sentPhotos, progress: window.progressSeen, side: S.config.photo_side,
    scan: S.scan && [S.scan.image_width, S.scan.image_height] }));
  const photoBytes = readFileSync(photo).length;
  check(sent.photos.length > 0 && sent.photos.every(p => p.type === 'image/jpeg' && p.size < photoBytes / 2),
    `the photo sent scaled: ${JSON.stringify(sent.photos)} (the file is ${photoBytes} bytes)`);
  check(sent.progress, 'the upload showed its progress bar');
  check(!sent.scan || Math.max(...sent.scan) === sent.side, `read at the reader's side: ${sent.scan} vs ${sent.side}`);
  console.log(`light upload: ${photoBytes} bytes -> ${sent.photos[0].size} bytes (${sent.photos[0].type}), read at ${sent.scan}`);

  // The verdict in view: a bar at the foot of the screen says it; a tap brings the sheet up.
  const bar = page.locator('#summary-bar');
  await page.evaluate(() => window.scrollTo(0, 0));
  const barBox = await bar.boundingBox();
  check(await bar.isVisible() && barBox.y + barBox.height <= 781 && barBox.y > 600 && barBox.width >= 359,
    `the summary bar at the foot of the screen: ${JSON.stringify(barBox)}`);
  check((await page.locator('#summary-verdict').textContent()) === (await page.locator('#verdict').textContent()),
    'the bar says the verdict');
  const resultTop = () => page.evaluate(() => document.getElementById('result').getBoundingClientRect().top);
  console.log(`the sheet starts ${Math.round(await resultTop())} px down the page`);
  await shotView('item2-summary-bar');
  await bar.click();
  await page.waitForFunction(() => { const top = document.getElementById('result').getBoundingClientRect().top; return top >= -2 && top < 200; });
  await shotView('item2-tapped-to-sheet');

  // The referee's sheet: stones, territory and shared points per side add up to each side's
  // total; par; komi in both units; the check line; one fraction style.
  const sheetNow = await page.evaluate(() => {
    const g = id => document.getElementById(id).textContent;
    return { c: S.count, cells: Object.fromEntries(['stones', 'territory', 'shared', 'total'].flatMap(k =>
      ['black', 'white'].map(side => [`${side}-${k}`, g(`${side}-${k}`)]))), par: g('par'), komi: g('komi-out'), check: g('check'),
    text: document.getElementById('page-count').innerText };
  });
  for (const side of ['black', 'white']) {
    const v = sheetNow.c[side], cell = k => sheetNow.cells[`${side}-${k}`];
    check(+cell('stones') === v.stones && +cell('territory') === v.territory && stonesOf(cell('shared')) === v.shared &&
      stonesOf(cell('total')) === v.total, `the ${side} column: ${JSON.stringify(sheetNow.cells)} vs ${JSON.stringify(v)}`);
    check(v.stones + v.territory + v.shared === v.total, `${side}: stones + territory + shared = total`);
  }
  check(stonesOf(sheetNow.par.replace(/ ?子$/, '')) === sheetNow.c.par, `par: ${sheetNow.par}`);
  const komiBoth = /^(.+)子 = ([\d.]+)目$/.exec(sheetNow.komi);
  check(komiBoth && stonesOf(komiBoth[1]) === sheetNow.c.komi_stones && +komiBoth[2] === 2 * sheetNow.c.komi_stones,
    `komi in both units: ${sheetNow.komi}`);
  check(/^黑方需 \S+ 子以上，实有 \S+ 子/.test(sheetNow.check), `the check line: ${sheetNow.check}`);
  check(!/[¼½¾]/.test(sheetNow.text), 'one fraction style on the count page');

  if (await page.locator('#overlay-figure').isVisible()) {
    // Drag the top-left corner 30% of the way to the bottom-right one (4 cells on 13x13), let
    // go: the photo is read again through the corners placed; the diagram and count follow.
    const frame = page.locator('#photo-frame');
    await frame.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => ({ board: S.board.join('/'), reads: S.reads, scan: S.scan, view: S.view, check: document.getElementById('check').textContent,
      photosSent: window.sentPhotos.length }));
    const box = await frame.boundingBox();
    const tl = await page.locator('#photo-frame .corner[data-corner="0"]').boundingBox();
    const br = await page.locator('#photo-frame .corner[data-corner="2"]').boundingBox();
    const from = [tl.x + tl.width / 2, tl.y + tl.height / 2];
    const to = [from[0] + 0.3 * (br.x - tl.x), from[1] + 0.3 * (br.y - tl.y)];
    await page.mouse.move(from[0], from[1]);
    await page.mouse.down();
    await page.mouse.move(to[0], to[1], { steps: 8 });
    await shot('corner-dragging');
    await page.mouse.up();
    // a busy server is waited out (the page sends the photo again by itself)
    await page.waitForFunction(n => S.reads > n || document.getElementById('status').classList.contains('error') &&
      document.getElementById('busy-box').hidden, before.reads, { timeout: 180000 });
    check(!(await status().evaluate(s => s.classList.contains('error'))), `re-read after the drag: ${await status().textContent()}`);
    const after = await page.evaluate(() => ({ board: S.board.join('/'), scan: S.scan, check: document.getElementById('check').textContent }));
    // The frame shows part of the photo (S.view, in photo pixels): the drop point in photo pixels.
    const s0 = before.scan, v = before.view;
    const dropped = [v.x + (to[0] - box.x) / box.width * v.w, v.y + (to[1] - box.y) / box.height * v.h];
    const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
    const cell = dist(s0.corners[0], s0.corners[1]) / (s0.size - 1);
    check(after.scan.size === s0.size, 'the size is kept');
    check(dist(after.scan.corners[0], dropped) < 1.5 * cell,
      `the corner stays where it was dropped: ${after.scan.corners[0]} vs ${dropped.map(v => v.toFixed(1))} (cell ${cell.toFixed(1)} px)`);
    check(dist(after.scan.corners[0], s0.corners[0]) > 2 * cell, 'the corner moved');
    check(after.board !== before.board, 'the board was read again through the new grid');
    const last = (await scoreForms()).slice(-1)[0], sent = JSON.parse(last.corners || 'null');
    check(last.size === String(s0.size) && Array.isArray(sent) && sent.length === 4 && dist(sent[0], dropped) < 2,
      `the re-read sends the size and the corners placed: ${JSON.stringify(last)}`);
    check(last.photo_id === s0.photo_id && (await page.evaluate(() => window.sentPhotos.length)) === before.photosSent,
      'the re-read names the kept photo instead of uploading it');
    const handle = await page.locator('#photo-frame .corner[data-corner="0"]').boundingBox();
    check(dist([handle.x + handle.width / 2, handle.y + handle.height / 2], to) < 0.1 * box.width, 'the handle sits on the new corner');
    console.log(`re-fit: top-left corner ${s0.corners[0]} -> ${after.scan.corners[0]}; count "${before.check}" -> "${after.check}"`);
    await shot('corner-refit');

    // The same with a finger: touch events (Chromium's touch input, as a phone sends them)
    // drag the top-left corner back to where the grid was read first.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    const box2 = await frame.boundingBox(), h2 = await page.locator('#photo-frame .corner[data-corner="0"]').boundingBox();
    const start = [h2.x + h2.width / 2, h2.y + h2.height / 2];
    const home = [box2.x + (s0.corners[0][0] - v.x) / v.w * box2.width, box2.y + (s0.corners[0][1] - v.y) / v.h * box2.height];
    const reads = await page.evaluate(() => S.reads);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: start[0], y: start[1] }] });
    for (let k = 1; k <= 8; k++) {
      const f = k / 8;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: start[0] + f * (home[0] - start[0]), y: start[1] + f * (home[1] - start[1]) }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForFunction(n => S.reads > n || document.getElementById('status').classList.contains('error'), reads, { timeout: 180000 });
    check(!(await status().evaluate(s => s.classList.contains('error'))), `re-read after the touch drag: ${await status().textContent()}`);
    const back = await page.evaluate(() => ({ board: S.board.join('/'), scan: S.scan }));
    check(dist(back.scan.corners[0], s0.corners[0]) < 0.5 * cell, `the touch drag put the corner back: ${back.scan.corners[0]} vs ${s0.corners[0]}`);
    check(back.board === before.board, 'the grid put back reads the first board again');
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
    await shot('corner-touch-back');
  }

  // Correct one stone: edit mode, tap an empty point in open space (its neighbours empty, so
  // the stone is legal whatever surrounds it), which becomes black.
  const stones = () => page.locator('#diagram circle[r="13.5"]').count();
  const before = await stones();
  await page.check('input[name=mode][value=edit]');
  const empty = await page.evaluate(() => {
    const b = S.board, n = b.length, at = (x, y) => (x < 0 || y < 0 || x >= n || y >= n ? '#' : b[y][x]);
    let fallback = null;
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) {
      if (b[y][x] !== '.') continue;
      const around = [at(x + 1, y), at(x - 1, y), at(x, y + 1), at(x, y - 1)];
      if (around.every(c => c === '.')) return [x, y];
      if (!fallback && around.includes('.') && !around.includes('O')) fallback = [x, y];
    }
    return fallback;
  });
  check(empty, 'an empty point to correct');
  const verdictBefore = await page.locator('#check').textContent();
  await page.click(`#diagram rect[data-x="${empty[0]}"][data-y="${empty[1]}"]`);
  await page.waitForFunction(n => document.querySelectorAll('#diagram circle[r="13.5"]').length === n + 1, before);
  await page.waitForFunction(t => document.getElementById('check').textContent !== t ||
    document.getElementById('status').classList.contains('error'), verdictBefore, { timeout: 60000 });
  check(!(await status().evaluate(s => s.classList.contains('error'))), `count after the correction: ${await status().textContent()}`);
  await shot('stone-corrected');

  // Toggle one group dead: dead mode, tap the stone just placed; the dead count changes.
  await page.check('input[name=mode][value=dead]');
  const deadText = async () => (await page.locator('#check').textContent()) || '';
  const deadBefore = await deadText();
  await page.click(`#diagram rect[data-x="${empty[0]}"][data-y="${empty[1]}"]`);
  await page.waitForFunction(t => document.getElementById('check').textContent !== t, deadBefore, { timeout: 60000 });
  const verdict = await page.locator('#verdict').textContent();
  check(/^(暂定：)?(黑胜|白胜|和)/.test(verdict), `verdict "${verdict}"`);
  console.log(`verdict: ${verdict}; ${await deadText()}`);
  // A board with open borders says so in red above the verdict, which is provisional.
  const finished = await page.evaluate(() => S.count.finished);
  if (!finished) {
    check(/^暂定：/.test(verdict), `a provisional verdict: "${verdict}"`);
    const warn = page.locator('#warnings li.warn-not_finished');
    check(/^棋局未终局：\d+ 个空点未定$/.test(await warn.textContent()), `the not-finished warning: "${await warn.textContent()}"`);
    check(await warn.evaluate(li => getComputedStyle(li).color === 'rgb(204, 0, 0)'), 'the not-finished warning in red');
  }
  await shot('dead-toggled');

  // Komi in either unit: 7.5 points is 3¾ stones; 7.5 typed as stones needs confirming.
  const komiOther = () => page.locator('#komi-other').textContent();
  await page.selectOption('#komi-unit', 'points');
  await page.fill('#komi', '7.5');
  await page.waitForFunction(() => document.getElementById('komi-other').textContent === '贴3又3/4子 = 7.5目');
  const dialogsBefore = dialogs.length;
  await page.selectOption('#komi-unit', 'stones');
  await page.fill('#komi', '7.5');
  await page.waitForFunction(() => document.getElementById('komi-other').textContent === '贴7又1/2子 = 15目');
  check(dialogs.length === dialogsBefore + 1 && /贴7又1\/2子（15目）不常见/.test(dialogs[dialogsBefore]),
    `an unusual komi is confirmed first: ${JSON.stringify(dialogs.slice(dialogsBefore))}`);
  check((await page.locator('#warnings li.warn-komi_unusual').count()) === 1, 'the komi warning is listed');
  await page.fill('#komi', '3¾');
  await page.waitForFunction(() => document.getElementById('komi-other').textContent === '贴3又3/4子 = 7.5目');
  console.log(`komi: ${await komiOther()}`);

  // Save the result for the two members in the event; it shows in the standings.
  await page.selectOption('#save-black', { label: '张三 (E1)' });
  await page.selectOption('#save-white', { label: '李四 (E2)' });
  await page.selectOption('#save-event', { label: '周末循环赛' });
  const dialogsBeforeSave = dialogs.length;
  await page.click('#save-form button[type=submit]');
  await expectStatus(/成绩已保存/, 'save');
  if (!finished)
    check(dialogs.slice(dialogsBeforeSave).some(m => /棋局未终局/.test(m)), 'saving a provisional count is confirmed first');
  await page.click('#tab-club');
  await page.click('.subtabs [data-sub=events]');
  // 2 points for a win, 1 each for a draw: the event's points add up to 2 once the game is in.
  await page.waitForFunction(() => [...document.querySelectorAll('#standings-table tr')].slice(1)
    .reduce((sum, tr) => sum + (+tr.children[2].textContent || 0), 0) === 2, null, { timeout: 60000 });
  await shot('standings');

  // The game is in the member's history too.
  await page.click('.subtabs [data-sub=members]');
  await page.click('#members-table tr:has-text("张三") button');
  await page.locator('#member-games-table td', { hasText: '李四' }).first().waitFor();
  const history = await page.locator('#member-games-table').innerText();
  check(!/\d\.\d/.test(history) && !/[¼½¾]/.test(history), `margins in the sheet's fraction style: ${history}`);
  await shot('member-history');

  // A new upload, here a file that is no image, leaves nothing of the last photo on screen.
  await page.click('#tab-count');
  check(await page.locator('#overlay-figure').isVisible() || (await page.locator('#diagram svg').count()) === 1, 'a reading on screen before');
  await page.setInputFiles('#photo', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo\n') });
  await page.waitForFunction(() => document.getElementById('status').classList.contains('error'), null, { timeout: 60000 });
  const stale = await page.evaluate(() => ({
    overlay: !document.getElementById('overlay-figure').hidden, handles: document.querySelectorAll('#photo-frame .corner').length,
    diagram: document.querySelectorAll('#diagram svg').length, area: !document.getElementById('board-area').hidden,
    verdict: document.getElementById('verdict').textContent, board: S.board, src: document.getElementById('overlay').getAttribute('src') }));
  check(!stale.overlay && stale.handles === 0 && stale.diagram === 0 && !stale.area && stale.verdict === '' && stale.board === null && !stale.src,
    `a non-image leaves the last photo's screen behind: ${JSON.stringify(stale)}`);
  check(/图片|照片|JPEG|PNG/.test(await status().textContent()), `the non-image is refused: ${await status().textContent()}`);
  await shot('item6-non-image-resets');

  // A 19x19 diagram one can tap: points are small on the whole board; a quarter zoomed fills
  // the width with targets of at least 32 px, and a tap there changes the point it shows. The
  // caption says what a tap does in each mode.
  await page.click('[data-empty="19"]');
  await page.waitForFunction(() => S.count && S.count.size === 19); // the diagram is drawn again when the count comes
  // (a count coming back redraws the diagram: measure again when the point was replaced meanwhile)
  const target = async (x, y) => {
    for (let tries = 0; ; tries++) {
      const box = await page.locator(`#diagram rect[data-x="${x}"][data-y="${y}"]`).boundingBox();
      if (box || tries === 5) return box ? box.width : NaN;
      await page.waitForTimeout(200);
    }
  };
  const whole = await target(3, 3);
  check(await page.locator('#zoom-row').isVisible(), 'the zoom buttons show on 19x19');
  check(/空→黑→白/.test(await page.locator('#diagram-caption').textContent()), `the caption in edit mode: ${await page.locator('#diagram-caption').textContent()}`);
  await page.click('#zoom-row [data-zoom="3"]');
  const zoomed = await target(15, 15);
  check(whole < 20 && zoomed >= 32, `targets: ${whole.toFixed(1)} px whole, ${zoomed.toFixed(1)} px zoomed`);
  check(await page.evaluate(() => document.documentElement.scrollWidth <= 362), 'no sideways scrolling zoomed');
  const corner = await page.locator('#diagram rect[data-x="18"][data-y="18"]').boundingBox();
  check(corner.x + corner.width <= 361, 'the zoomed quarter reaches the board edge on screen');
  await page.click('#diagram rect[data-x="16"][data-y="15"]');
  check(await page.evaluate(() => S.board[15][16] === 'X'), 'a tap in the zoomed quarter places its point');
  await page.check('input[name=mode][value=dead]');
  check(/死棋/.test(await page.locator('#diagram-caption').textContent()) && /右下/.test(await page.locator('#diagram-caption').textContent()),
    `the caption in dead mode: ${await page.locator('#diagram-caption').textContent()}`);
  console.log(`19x19 diagram: ${whole.toFixed(1)} px a point whole, ${zoomed.toFixed(1)} px zoomed`);
  await page.locator('#diagram').scrollIntoViewIfNeeded();
  await shotView('item5-zoomed-quarter');
  await page.click('#zoom-row [data-zoom="-1"]');
  check(Math.abs(await target(3, 3) - whole) < 0.5, 'back to the whole board');
  await page.click('#tab-club');

  // A photo where no board is found (a 19x19 sent as a 13x13): the photo stays on the page with
  // four handles, starting on the board's outline the reader saw; the size set right, the handles
  // placed on the grid's corners (by mouse, one after the other) give a reading.
  if (refused) {
    await page.click('#tab-count');
    await page.selectOption('#size', '13');
    const formsBefore = (await scoreForms()).length;
    // shrunk in the page's own canvas; the corners follow the scale
    const small = await page.evaluate(async ({ b64, long }) => {
      const img = new Image();
      img.src = 'data:image/jpeg;base64,' + b64;
      await img.decode();
      const s = long / Math.max(img.naturalWidth, img.naturalHeight);
      const c = document.createElement('canvas');
      c.width = Math.round(img.naturalWidth * s);
      c.height = Math.round(img.naturalHeight * s);
      const g = c.getContext('2d');
      g.imageSmoothingQuality = 'high';
      g.drawImage(img, 0, 0, c.width, c.height);
      return { url: c.toDataURL('image/jpeg', 0.92), s };
    }, { b64: readFileSync(refused).toString('base64'), long: REFUSED_LONG });
    const corners = REFUSED_CORNERS.map(([x, y]) => [x * small.s, y * small.s]);
    await page.setInputFiles('#photo', { name: 'thumbnail.jpg', mimeType: 'image/jpeg',
      buffer: Buffer.from(small.url.split(',')[1], 'base64') });
    await page.waitForFunction(() => document.getElementById('status').classList.contains('error') && S.scan && S.scan.placed,
      null, { timeout: 180000 });
    check((await page.locator('#photo-frame .corner').count()) === 4, 'four handles to place after the refusal');
    // they start where the reader saw the board's outline: each within about a cell (9 px in the
    // thumbnail) of one of the board's corners
    const start = await page.evaluate(() => S.scan.corners);
    check(corners.every(c => start.some(p => Math.hypot(p[0] - c[0], p[1] - c[1]) < 9)),
      `the handles start on the board's corners: ${JSON.stringify(start)}`);
    check(/角点/.test(await status().textContent()), `the refusal says to place the corners: ${await status().textContent()}`);
    check((await page.locator('#verdict').textContent()) === '', 'no verdict stands from the last photo');
    check(await page.evaluate(() => document.documentElement.scrollWidth <= 362), 'no sideways scrolling while placing corners');
    await shot('no-board-place-corners');
    await page.selectOption('#size', '19');
    check(await page.evaluate(() => S.scan.placed && S.scan.size === 19 && S.board.length === 19),
      'the size set right while placing the corners: a 19x19 grid to place');
    const frame = page.locator('#photo-frame');
    await frame.scrollIntoViewIfNeeded();
    for (let c = 0; c < 4; c++) {
      const v = await page.evaluate(() => S.view), box = await frame.boundingBox();
      const h = await page.locator(`#photo-frame .corner[data-corner="${c}"]`).boundingBox();
      const to = [box.x + (corners[c][0] - v.x) / v.w * box.width, box.y + (corners[c][1] - v.y) / v.h * box.height];
      const sent = (await scoreForms()).length;
      await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
      await page.mouse.down();
      await page.mouse.move(to[0], to[1], { steps: 6 });
      await page.mouse.up();
      await page.waitForFunction(n => window.sentForms.length > n && !document.getElementById('photo-frame').classList.contains('busy'),
        sent, { timeout: 180000 });
    }
    check(!(await status().evaluate(s => s.classList.contains('error'))), `read through the corners placed: ${await status().textContent()}`);
    const placed = await page.evaluate(() => ({ scan: S.scan, stones: S.board.join('').replace(/[^XO]/g, '').length }));
    const forms = (await scoreForms()).slice(formsBefore);
    const last = forms[forms.length - 1], sent = JSON.parse(last.corners || 'null');
    check(placed.scan.size === 19 && !placed.scan.placed, 'a 19x19 reading came back');
    check(Array.isArray(sent) && sent.length === 4 && Math.hypot(sent[2][0] - corners[2][0], sent[2][1] - corners[2][1]) < 5,
      `the corners placed were sent: ${last.corners}`);
    // the position has 129 stones (the CLI reads 131 through these corners); a few may be left
    // off as groups without liberty
    check(placed.stones >= 115, `the stones read through the corners: ${placed.stones} stones`);
    console.log(`no board found, corners placed: ${placed.stones} stones read, ${placed.scan.uncertain.length} to check`);
    await shot('no-board-corners-read');
    await page.click('#tab-club');
  } else {
    console.log('SKIPPED: the corners-after-refusal step needs REFUSED_PHOTO (the shared photos)');
  }

  // A check-in (with its confirmation) after starting today's activity.
  // The names wait for today's activity, with the button that starts it.
  await page.click('.subtabs [data-sub=checkin]');
  check(await page.locator('#checkin-wait').isVisible() && await page.locator('#start-activity').isVisible() &&
    !(await page.locator('#checkin-buttons').isVisible()), 'check-in waits for today\'s activity');
  await shot('item8-checkin-waits');
  await page.click('#start-activity');
  await expectStatus(/今天的活动已开始/, 'start activity');
  await page.locator('#checkin-buttons').waitFor({ state: 'visible' });
  check(!(await page.locator('#start-activity').isVisible()) && !(await page.locator('#checkin-wait').isVisible()),
    'the start button goes once the activity is there');
  await page.click('#checkin-buttons button:has-text("张三")');
  await page.locator('#checkin-list', { hasText: '张三' }).waitFor();
  await shot('checked-in');

  // A loan: add an item, lend it, return it.
  // Adding equipment is found from the empty list.
  await page.click('.subtabs [data-sub=loans]');
  await page.locator('#items-empty').waitFor({ state: 'visible' });
  await shot('item8-no-equipment');
  await page.click('#items-empty-add');
  check(await page.evaluate(() => document.getElementById('add-item-box').open &&
    document.activeElement === document.querySelector('#item-form [name=name]')), 'the empty list opens the item form');
  await page.fill('#item-form [name=name]', '19路棋盘');
  await page.click('#item-form button[type=submit]');
  await page.locator('#loan-form [name=item] option', { hasText: '19路棋盘' }).waitFor({ state: 'attached' });
  await page.selectOption('#loan-form [name=item]', { label: '19路棋盘' });
  await page.selectOption('#loan-form [name=member]', { label: '李四' });
  await page.click('#loan-form button[type=submit]');
  await page.locator('#loans-table td', { hasText: '李四' }).waitFor();
  await shot('loan-out');
  await page.click('#loans-table button');
  await page.waitForFunction(() => !document.querySelector('#loans-table td'));
  await shot('loan-returned');

  // The secretary's pages (signed in as the admin). Each must fit 360 px.
  const fits = async what => check(await page.evaluate(() => document.documentElement.scrollWidth <= 362), `no sideways scrolling: ${what}`);
  // Stocktake: one board counted where one is expected.
  await page.selectOption('#stocktake-item', { label: '19路棋盘' });
  await page.fill('#stocktake-counted', '1');
  await page.click('#stocktake-form button[type=submit]');
  await page.locator('#stocktake-table td', { hasText: '19路棋盘' }).waitFor();
  await fits('stocktake');
  await shot('stocktake');

  // Member edit: a class for 张三.
  await page.click('.subtabs [data-sub=members]');
  await page.click('#members-table tr:has-text("张三") button.edit');
  await page.locator('#member-edit').waitFor({ state: 'visible' });
  await page.fill('#member-edit [name=grade]', '五年级二班');
  await page.click('#member-edit button[type=submit]');
  await page.locator('#members-table tr:has-text("张三")', { hasText: '五年级二班' }).waitFor();
  await page.locator('#member-edit').waitFor({ state: 'hidden' });
  await fits('members');
  await shot('member-edited');

  // A child who joined five weeks ago and never came (set up through the API as a secretary
  // would have typed it then), and the weekly activity since: the charter's preview lists the
  // change, writes nothing, and applying it does.
  await page.evaluate(async () => {
    const d = new Date(Date.now() - 35 * 86400000), p = n => String(n).padStart(2, '0');
    await api('POST', '/api/club/members', { number: 'E9', name: '王缺席', join_date: `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}` });
  });
  await page.click('.subtabs [data-sub=schedule]');
  const past = await page.evaluate(() => dayOffset(-35));
  await page.fill('#schedule-form [name=from]', past);
  await page.click('#schedule-form button[type=submit]');
  await expectStatus(/完成/, 'weekly schedule');
  await page.fill('#generate-form [name=from]', past);
  await page.click('#generate-form button[type=submit]');
  await expectStatus(/新建了 \d+ 次活动/, 'activities created');
  await page.locator('#activities-table td').first().waitFor();
  await fits('schedule');
  await shot('schedule');

  await page.click('.subtabs [data-sub=rules]');
  await page.click('#rules-preview');
  await page.locator('#rules-changes li', { hasText: '王缺席' }).waitFor();
  check(/预览/.test(await page.locator('#rules-summary').textContent()), 'the preview says nothing was written');
  const activeNow = await page.evaluate(async () => (await api('GET', '/api/club/members?status=active')).members.map(m => m.name));
  check(activeNow.includes('王缺席'), 'the preview changed nobody');
  await fits('charter');
  await shot('charter-preview');
  await page.click('#rules-apply');
  await page.locator('#rules-summary', { hasText: '已执行' }).waitFor();
  const activeAfter = await page.evaluate(async () => (await api('GET', '/api/club/members?status=active')).members.map(m => m.name));
  check(!activeAfter.includes('王缺席') && activeAfter.includes('张三'), 'applying the charter changed the absent child only');
  await shot('charter-applied');

  // Dues: recorded unpaid, then marked paid.
  await page.click('.subtabs [data-sub=dues]');
  await page.selectOption('#dues-form [name=member]', { label: '张三' });
  await page.fill('#dues-form [name=school_year]', '2026-2027');
  await page.fill('#dues-form [name=amount]', '300');
  await page.click('#dues-form button[type=submit]');
  await page.locator('#dues-table td', { hasText: '张三' }).waitFor();
  await fits('dues');
  await shot('dues-unpaid');
  await page.click('#dues-table tr:has-text("张三") button');
  await page.waitForFunction(() => ![...document.querySelectorAll('#dues-table td')].some(td => td.textContent === '张三'));
  await shot('dues-paid');

  // A Swiss event: pair round 1, type its result into the pairing (the referee's sheet),
  // then withdraw a player after that round.
  await page.click('.subtabs [data-sub=events]');
  await page.fill('#event-form [name=name]', '冬季积分赛');
  await page.selectOption('#event-form [name=kind]', 'swiss');
  await page.fill('#event-form [name=rounds]', '3');
  await page.click('#event-form button[type=submit]');
  await page.locator('#event-pick option', { hasText: '冬季积分赛' }).waitFor({ state: 'attached' });
  await page.selectOption('#event-pick', { label: '冬季积分赛' });
  await page.waitForFunction(() => document.getElementById('print-pairings').href.endsWith(`/api/club/events/${document.getElementById('event-pick').value}/pairings.html`));
  for (const [name, number] of [['张三', 'E1'], ['李四', 'E2']]) {
    await page.selectOption('#enter-member', { label: `${name} (${number})` });
    await page.click('#enter-form button[type=submit]');
    await page.locator('#standings-table', { hasText: name }).waitFor();
  }
  await page.click('#pair');
  await page.locator('#pairings-table select').first().waitFor();
  await fits('events');
  await shot('swiss-paired');
  await page.selectOption('#pairings-table select.winner', 'W');
  await page.selectOption('#pairings-table select.by', 'count');
  await page.fill('#pairings-table input.margin', '2.75');
  await page.click('#pairings-table td button.enter-result');
  await expectStatus(/成绩已保存/, 'result typed into the pairing');
  await page.waitForFunction(() => [...document.querySelectorAll('#standings-table tr')].slice(1)
    .reduce((sum, tr) => sum + (+tr.children[2].textContent || 0), 0) === 2, null, { timeout: 60000 });
  await page.waitForFunction(() => !document.querySelector('#pairings-table select')); // round 1 complete
  const typed = await page.evaluate(async () => (await api('GET', `/api/club/games?event=${document.getElementById('event-pick').value}`)).games);
  check(typed.length === 1 && typed[0].winner === 'W' && typed[0].by === 'count' && +typed[0].margin === 2.75, `the typed result: ${JSON.stringify(typed)}`);
  await page.selectOption('#enter-member', { label: '李四 (E2)' });
  await page.click('#withdraw');
  await expectStatus(/完成/, 'withdrawal');
  const withdrawn = await page.evaluate(async () => {
    const s = await api('GET', `/api/club/events/${document.getElementById('event-pick').value}/standings`);
    return s.standings.filter(r => r.withdrawn).map(r => r.name);
  });
  check(withdrawn.length === 1 && withdrawn[0] === '李四', `withdrawn: ${withdrawn}`);
  await shot('swiss-result-withdrawn');

  // A round scored from photos: four children in a Swiss event, round 1 paired (two boards);
  // each pending game's 拍照数子 takes a photo, its reading and dead stones, and on confirming
  // the verdict is that game's result, with the count and the photo's SHA-256 kept; the round
  // says how many boards are in and which are left.
  const classEvent = await page.evaluate(async () => {
    const ids = [];
    for (const [number, name] of [['E3', '王五'], ['E4', '赵六']]) ids.push((await api('POST', '/api/club/members', { number, name })).id);
    const ev = (await api('POST', '/api/club/events', { name: '周三课后赛', kind: 'swiss', rounds: 2 })).id;
    const members = (await api('GET', '/api/club/members?status=active')).members.filter(m => ['E1', 'E3', 'E4', 'E2'].includes(m.number));
    for (const m of members) await api('POST', `/api/club/events/${ev}/enter`, { member: m.id });
    await loadMembers();
    await loadEvents();
    return ev;
  });
  await page.selectOption('#event-pick', String(classEvent));
  await page.locator('#standings-table td', { hasText: '赵六' }).first().waitFor();
  await page.click('#pair');
  await page.locator('#pairings-table button.score-photo').first().waitFor();
  const progress = () => page.locator('#round-progress').textContent();
  check(/^第 1 轮：0 \/ 2 台已有结果；还剩 第 1 台 .+、第 2 台 /.test(await progress()), `the round's progress: ${await progress()}`);
  await fits('round to score');
  await shot('item9-round-to-score');
  const photoSha = createHash('sha256').update(readFileSync(photo)).digest('hex');
  for (let k = 1; k <= 2; k++) {
    await page.click('#pairings-table button.score-photo');
    await page.locator('#scoring').waitFor({ state: 'visible' });
    check(/^第 1 轮第 \d 台：.+（黑）对 .+（白）/.test(await page.locator('#scoring-game').textContent()), 'the game being scored is named');
    check(!(await page.locator('#save-form').isVisible()), 'the friendly-game form is out of the way');
    await page.setInputFiles('#photo', photo);
    await page.waitForFunction(() => document.getElementById('verdict').textContent.length > 0 ||
      (document.getElementById('status').classList.contains('error') && document.getElementById('busy-box').hidden), null, { timeout: 180000 });
    check((await page.locator('#verdict').textContent()).length > 0, `board ${k} read: ${await status().textContent()}`);
    const counted = await page.evaluate(() => ({ winner: S.count.winner, margin: S.count.margin_stones, game: S.scoring.game }));
    await page.locator('#scoring').scrollIntoViewIfNeeded();
    await shotView(`item9-board-${k}-read`);
    await page.click('#scoring-confirm');
    await expectStatus(/的结果已记入/, `board ${k} confirmed`);
    check(await page.locator('#pairings-table').isVisible(), 'back on the pairings');
    const want = k === 1 ? /^第 1 轮：1 \/ 2 台已有结果；还剩 第 \d 台 / : /^第 1 轮：2 \/ 2 台已有结果；本轮已全部完成$/;
    await page.waitForFunction(r => new RegExp(r).test(document.getElementById('round-progress').textContent), want.source)
      .catch(async () => { throw new Error(`progress after board ${k}: ${await progress()}`); });
    await shot(`item9-board-${k}-confirmed`);
    const games = (await page.evaluate(async ev => (await api('GET', `/api/club/games?event=${ev}`)).games, classEvent))
      .filter(g => g.by !== 'pending');
    check(games.length === k, `${k} results in: ${JSON.stringify(games)}`);
    const last = games.find(g => g.id === counted.game) || {};
    check(last.by === 'count' && last.photo_sha256 === photoSha && (last.winner === counted.winner || (counted.winner === 'draw' && last.winner === 'D')) &&
      +last.margin === Math.abs(counted.margin), `the result kept: ${JSON.stringify(last)} vs ${JSON.stringify(counted)} and ${photoSha}`);
  }
  // the page's own SHA-256 (for plain HTTP, where the browser's is missing) agrees
  check(await page.evaluate(b64 => [...sha256js(Uint8Array.from(atob(b64), c => c.charCodeAt(0)))].map(b => b.toString(16).padStart(2, '0')).join(''),
    readFileSync(photo).toString('base64')) === photoSha, 'sha256js agrees with node');
  console.log(`round scored from photos: ${await progress()}`);

  // The printable pairing sheet of the event.
  const sheet = await page.evaluate(async () => {
    const ev = S.events.find(e => e.name === '周末循环赛');
    const r = await fetch(`/api/club/events/${ev.id}/pairings.html`);
    return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
  });
  check(sheet.status === 200 && /text\/html/.test(sheet.type) && sheet.text.includes('张三') && sheet.text.includes('李四'), 'printable pairing sheet');
  // The printed sheets carry the event's name, Chinese headers, the columns of the event's
  // system, and fit a phone.
  const printed = await browser.newPage({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 1 });
  await printed.context().addCookies(await page.context().cookies());
  const standingsHeads = {};
  for (const [name, kind] of [['周末循环赛', 'roundrobin'], ['冬季积分赛', 'swiss']]) {
    const id = await page.evaluate(n => S.events.find(e => e.name === n).id, name);
    for (const what of ['standings', 'pairings']) {
      await printed.goto(`${base}/api/club/events/${id}/${what}.html`);
      const seen = await printed.evaluate(() => ({ h1: document.querySelector('h1').textContent,
        heads: [...document.querySelectorAll('th')].map(th => th.textContent), wide: document.documentElement.scrollWidth }));
      check(seen.h1.startsWith(name) && seen.h1.includes(what === 'standings' ? '成绩表' : '对阵表'), `${what} of ${name}: title "${seen.h1}"`);
      check(seen.heads.length >= 3 && seen.heads.every(h => !/[A-Za-z]/.test(h)), `${what} of ${name}: Chinese headers ${seen.heads.join(' | ')}`);
      check(seen.wide <= 362, `${what} of ${name} fits 360 px: ${seen.wide}`);
      if (what === 'standings') {
        standingsHeads[kind] = seen.heads.join(' | ');
        console.log(`printed standings of ${name} (${kind}): ${standingsHeads[kind]}`);
      }
      await printed.screenshot({ path: join(out, `${String(++step).padStart(2, '0')}-item8-printed-${what}-${kind}.png`), fullPage: true });
    }
  }
  await printed.close();
  check(standingsHeads.roundrobin !== standingsHeads.swiss, 'each system prints its own columns');
  // The members as CSV, through the page's export link.
  await page.click('.subtabs [data-sub=members]');
  await page.click('#sub-members details summary');
  const csv = await page.evaluate(async () => {
    const a = document.querySelector('#sub-members a[href$="members.csv"]');
    const r = await fetch(a.href);
    return { status: r.status, text: await r.text() };
  });
  check(csv.status === 200 && csv.text.includes('张三') && csv.text.includes('五年级二班'), 'members exported as CSV');

  // Accounts on the page: the administrator adds one, changes its role, resets its password,
  // disables and deletes it; roles and states are said in Chinese. Each change is checked by
  // signing in from another browser context.
  await page.click('#tab-account');
  await page.fill('#user-form [name=name]', 'desk1');
  await page.fill('#user-form [name=password]', 'desk-pass-one');
  await page.selectOption('#user-form [name=role]', 'secretary');
  await page.click('#user-form button[type=submit]');
  const account = () => page.locator('#users-list li[data-name="desk1"]');
  await account().waitFor();
  const stateOf = () => account().locator('.state').textContent();
  check((await stateOf()) === '秘书 · 启用', `a new account's role and state: ${await stateOf()}`);
  const states = await page.locator('#users-list .state').allTextContents();
  check(states.length >= 2 && states.every(s => !/[A-Za-z]/.test(s)), `roles and states in Chinese: ${states.join(' | ')}`);
  const signIn = async pw => {
    const ctx = await browser.newContext();
    const r = await ctx.request.post(`${base}/api/login`, { data: { name: 'desk1', password: pw }, failOnStatusCode: false });
    const body = await r.json().catch(() => null);
    await ctx.close();
    return { status: r.status(), role: body && body.user && body.user.role };
  };
  await account().locator('select.role').selectOption('teacher');
  await page.waitForFunction(() => document.querySelector('#users-list li[data-name="desk1"] .state').textContent === '老师 · 启用');
  check((await signIn('desk-pass-one')).role === 'teacher', 'the role changed on the server');
  await account().locator('.reset-pw input').fill('desk-pass-two');
  await account().locator('.reset-pw button').click();
  await expectStatus(/desk1 的密码已重设/, 'password reset');
  const oldPw = await signIn('desk-pass-one'), newPw = await signIn('desk-pass-two');
  check(oldPw.status === 401 && newPw.status === 200, `after the reset: old ${oldPw.status}, new ${newPw.status}`);
  await account().locator('button.toggle').click();
  await page.waitForFunction(() => document.querySelector('#users-list li[data-name="desk1"] .state').textContent === '老师 · 已停用');
  check((await signIn('desk-pass-two')).status !== 200, 'a disabled account cannot sign in');
  await fits('accounts');
  await shot('item7-accounts');
  await account().locator('button.delete').click();
  await account().waitFor({ state: 'detached' });
  check(!(await page.evaluate(async () => (await api('GET', '/api/users')).users.some(u => u.name === 'desk1'))), 'the account is deleted');

  // A referee sees the club but not the secretary's and the desk's forms (the server refuses
  // them anyway; the page should not offer them).
  await page.evaluate(() => api('POST', '/api/users', { name: 'referee1', password: 'referee-pass-1', role: 'referee' }));
  await page.click('#tab-account');
  await page.click('#logout');
  await page.locator('#login-form').waitFor({ state: 'visible' });
  await page.fill('#login-form [name=name]', 'referee1');
  await page.fill('#login-form [name=password]', 'referee-pass-1');
  await page.click('#login-form button[type=submit]');
  await page.locator('#me').waitFor({ state: 'visible' });
  await page.click('#tab-club');
  await page.click('.subtabs [data-sub=events]');
  await page.locator('#standings-table td').first().waitFor();
  const offered = await page.evaluate(() => ['#member-form', '#event-form', '#loan-form', '#stocktake-form', '#checkin-buttons',
    '#start-activity', '#withdraw', '#pair', '.subtabs [data-sub=dues]', '.subtabs [data-sub=schedule]', '#rules-apply']
    .filter(sel => { const e = document.querySelector(sel); return e && e.offsetParent !== null; }));
  const hiddenAll = await page.evaluate(() => ['#member-form', '#event-form', '#loan-form', '#stocktake-form', '#checkin-buttons',
    '#start-activity', '#withdraw', '#pair', '.subtabs [data-sub=dues]', '.subtabs [data-sub=schedule]']
    .filter(sel => !document.querySelector(sel).closest('.role-hidden')));
  check(offered.length === 0 && hiddenAll.length === 0, `a referee is offered: ${offered.concat(hiddenAll).join(' ')}`);
  check(await page.locator('#print-standings').isVisible(), 'a referee still prints the standings');
  await shot('referee-view');

  // Everyone changes their own password; the new one signs in.
  await page.click('#tab-account');
  check((await page.locator('#me-role').textContent()) === '裁判', "one's own role in Chinese");
  await page.click('#password-box summary');
  await page.fill('#password-form [name=old]', 'referee-pass-1');
  await page.fill('#password-form [name=new]', 'referee-pass-2');
  await page.fill('#password-form [name=again]', 'referee-pass-2');
  await page.click('#password-form button[type=submit]');
  await expectStatus(/密码已修改/, 'own password changed');
  await shot('item7-own-password');
  await page.click('#logout');
  await page.locator('#login-form').waitFor({ state: 'visible' });
  await page.fill('#login-form [name=name]', 'referee1');
  await page.fill('#login-form [name=password]', 'referee-pass-2');
  await page.click('#login-form button[type=submit]');
  await page.locator('#me').waitFor({ state: 'visible' });

  // English too.
  await page.click('#lang');
  check((await page.locator('#tab-count').textContent()) === 'Count', 'English labels');
  await shot('english');
  check(errors.length === 0, `page errors: ${errors.join('; ')}`);
  console.log(`e2e: ${step} steps passed; screenshots in ${out}`);
} catch (e) {
  await shot('failure').catch(() => {});
  console.error(`e2e FAILED at step ${step + 1}: ${e.message}`);
  if (errors.length) console.error(`page errors: ${errors.join('; ')}`);
  process.exitCode = 1;
} finally {
  await browser.close();
}
