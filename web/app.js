// goref web page: photo -> board -> dead stones -> count -> club log, and the club pages.
// Plain JS against goref's JSON API; Chinese by default, English on demand.
'use strict';

const T = {
  zh: {
    tabCount: '数子', tabClub: '俱乐部', tabAccount: '账号', photoTitle: '拍照数子',
    takePhoto: '拍摄或选择棋盘照片', boardSize: '棋盘', auto: '自动', orEmpty: '或空棋盘：',
    overlayAlt: '照片与识别结果', overlayCaption: '照片上识别出的棋子（橙圈：请核对）',
    diagramCaption: '棋盘图：点一下修改', tapMode: '点击棋盘时', modeDead: '标记死子',
    modeEdit: '改棋子（空→黑→白）', suggest: '建议死子', clearDead: '清除死子', rules: '规则',
    rules2002: '中国规则（贴3¾子）', rules1988: '1988规则（贴2¾子）', komi: '贴子', handicap: '让子',
    black: '黑', white: '白', par: '归本数', komiShort: '贴子', saveTitle: '记入俱乐部成绩',
    saveNeedLogin: '登录后可保存成绩。', blackPlayer: '执黑', whitePlayer: '执白', event: '比赛',
    friendly: '友谊赛', save: '保存', clubNeedLogin: '请先在“账号”页登录。', checkin: '今日签到',
    members: '会员', loans: '器材借还', events: '比赛', checkinTitle: '今日签到',
    checkinHelp: '点孩子的名字签到，会先确认一次。', checkedIn: '已签到', number: '编号', name: '姓名',
    grade: '班级', rank: '段级位', addMember: '添加会员', item: '器材', borrower: '借用人',
    due: '归还日期', lend: '借出', openLoans: '未归还', overdue: '逾期', addItem: '添加器材',
    itemName: '名称', count: '数量', priceYuan: '单价（元）', eventName: '名称', eventKind: '赛制',
    roundrobin: '循环赛', swiss: '积分编排', knockout: '淘汰赛', rounds: '轮数', addEvent: '新建比赛',
    enterMember: '报名', enter: '报名', pair: '编排', print: '打印成绩表', standings: '成绩',
    pairings: '对阵', signIn: '登录', username: '用户名', password: '密码', signedInAs: '已登录：',
    signOut: '退出登录', accounts: '账号管理', role: '角色', teacher: '老师', referee: '裁判',
    secretary: '秘书', admin: '管理员', addAccount: '添加账号',
    uploading: '正在上传…', reading: '正在识别棋盘…', counting: '正在计算…', read: '已识别',
    uncertainN: n => `有 ${n} 处需要核对（橙圈）`, saved: '成绩已保存', checkedInOk: n => `${n} 已签到`,
    confirmCheckin: n => `为 ${n} 签到？`, returnBtn: '归还', confirmReturn: '确认归还？',
    condition: '状况', good: '完好', worn: '磨损', damaged: '损坏', lost: '丢失', signedIn: '已登录',
    signedOut: '已退出', done: '完成', place: '名次', points: '积分', sb: '对手分', warnings: '警告',
    round: '轮', board: '台', result: '结果', choose: '—请选择—', samePlayer: '黑白不能是同一人',
    needBoard: '先拍照或选择空棋盘', games: '对局', gamesOf: n => `${n} 的对局`, date: '日期', winner: '胜方',
    margin: '胜子数', by: '方式', startActivity: '开始今天的活动', activityStarted: '今天的活动已开始', deadN: n => `死子 ${n} 颗`, stones: '子',
  },
  en: {
    tabCount: 'Count', tabClub: 'Club', tabAccount: 'Account', photoTitle: 'Count from a photo',
    takePhoto: 'Take or choose a photo of the board', boardSize: 'Board', auto: 'detect',
    orEmpty: 'or an empty board:', overlayAlt: 'The photo with what was read',
    overlayCaption: 'Stones read on the photo (orange rings: please check)',
    diagramCaption: 'Diagram: tap to change', tapMode: 'Tapping the board', modeDead: 'marks dead groups',
    modeEdit: 'changes a point (empty → black → white)', suggest: 'Suggest dead', clearDead: 'Clear dead',
    rules: 'Rules', rules2002: 'Chinese 2002 (komi 3¾)', rules1988: '1988 rules (komi 2¾)', komi: 'Komi (stones)',
    handicap: 'Handicap', black: 'Black', white: 'White', par: 'Par', komiShort: 'Komi',
    saveTitle: 'Save to the club log', saveNeedLogin: 'Sign in to save results.', blackPlayer: 'Black',
    whitePlayer: 'White', event: 'Event', friendly: 'friendly game', save: 'Save',
    clubNeedLogin: 'Sign in on the Account page first.', checkin: 'Check-in today', members: 'Members',
    loans: 'Loans', events: 'Events', checkinTitle: "Today's check-in",
    checkinHelp: 'Tap a name to check in; you will be asked to confirm.', checkedIn: 'Checked in',
    number: 'Number', name: 'Name', grade: 'Class', rank: 'Rank', addMember: 'Add member', item: 'Item',
    borrower: 'Borrower', due: 'Due', lend: 'Lend', openLoans: 'Out now', overdue: 'Overdue',
    addItem: 'Add item', itemName: 'Name', count: 'Count', priceYuan: 'Price (yuan)', eventName: 'Name',
    eventKind: 'System', roundrobin: 'Round robin', swiss: 'Swiss', knockout: 'Knockout', rounds: 'Rounds',
    addEvent: 'Create event', enterMember: 'Enter', enter: 'Enter', pair: 'Pair', print: 'Printable standings',
    standings: 'Standings', pairings: 'Pairings', signIn: 'Sign in', username: 'Name', password: 'Password',
    signedInAs: 'Signed in as', signOut: 'Sign out', accounts: 'Accounts', role: 'Role', teacher: 'teacher',
    referee: 'referee', secretary: 'secretary', admin: 'admin', addAccount: 'Add account',
    uploading: 'Uploading…', reading: 'Reading the board…', counting: 'Counting…', read: 'Read',
    uncertainN: n => `${n} points need a look (orange rings)`, saved: 'Result saved',
    checkedInOk: n => `${n} checked in`, confirmCheckin: n => `Check in ${n}?`, returnBtn: 'Return',
    confirmReturn: 'Return this item?', condition: 'Condition', good: 'good', worn: 'worn',
    damaged: 'damaged', lost: 'lost', signedIn: 'Signed in', signedOut: 'Signed out', done: 'Done',
    place: 'Place', points: 'Points', sb: 'SB', warnings: 'Warnings', round: 'Round', board: 'Board',
    result: 'Result', choose: '— choose —', samePlayer: 'Black and White must be different players',
    needBoard: 'Take a photo or pick an empty board first', games: 'Games', gamesOf: n => `Games of ${n}`,
    date: 'Date', winner: 'Winner', margin: 'Margin', by: 'By', startActivity: "Start today's activity",
    activityStarted: "Today's activity has started", deadN: n => `${n} dead stones`, stones: 'stones',
  },
};

const S = {
  lang: localStorage.getItem('goref-lang') || 'zh',
  user: null, csrf: '', config: null,
  board: null, uncertain: new Set(), dead: new Set(), count: null, overlay: null,
  members: [], events: [],
};
const $ = id => document.getElementById(id);
const t = (key, arg) => { const v = (T[S.lang] || T.zh)[key]; return typeof v === 'function' ? v(arg) : (v || key); };

function applyLang() {
  document.documentElement.lang = S.lang === 'zh' ? 'zh-CN' : 'en';
  document.querySelectorAll('[data-i18n]').forEach(el => { el.textContent = t(el.dataset.i18n); });
  document.querySelectorAll('[data-i18n-alt]').forEach(el => { el.alt = t(el.dataset.i18nAlt); });
  $('lang').textContent = S.lang === 'zh' ? 'English' : '中文';
  if (S.count) showCount(S.count);
}

function say(text, error) {
  const s = $('status');
  s.textContent = text || '';
  s.classList.toggle('error', !!error);
}

// ------------------------------------------------------------------------------- API

async function api(method, path, body) {
  const headers = {};
  if (S.csrf) headers['X-CSRF-Token'] = S.csrf;
  const init = { method, headers, credentials: 'same-origin' };
  if (body !== undefined) { headers['Content-Type'] = 'application/json'; init.body = JSON.stringify(body); }
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    const err = new Error((data && data.message) || res.statusText);
    err.status = res.status; err.code = data && data.error;
    throw err;
  }
  return data;
}

// Multipart upload with progress (fetch has no upload progress).
function upload(path, form, onProgress) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    if (S.csrf) xhr.setRequestHeader('X-CSRF-Token', S.csrf);
    xhr.upload.onprogress = e => { if (e.lengthComputable) onProgress(e.loaded / e.total); };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      let data = null;
      try { data = JSON.parse(xhr.responseText); } catch (e) { data = null; }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data);
      else reject(Object.assign(new Error((data && data.message) || xhr.statusText), { status: xhr.status }));
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(form);
  });
}

const fail = e => say(e.message || String(e), true);

// ------------------------------------------------------------------------ the board

const COLS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
const gtp = (x, y, n) => COLS[x] + (n - y);
function fromGtp(p, n) { return { x: COLS.indexOf(p[0].toUpperCase()), y: n - parseInt(p.slice(1), 10) }; }

function groupOf(x, y) {
  const n = S.board.length, c = S.board[y][x], seen = new Set(), stack = [[x, y]], out = [];
  if (c === '.') return out;
  while (stack.length) {
    const [a, b] = stack.pop(), k = a + ',' + b;
    if (seen.has(k) || a < 0 || b < 0 || a >= n || b >= n || S.board[b][a] !== c) continue;
    seen.add(k); out.push(gtp(a, b, n));
    stack.push([a + 1, b], [a - 1, b], [a, b + 1], [a, b - 1]);
  }
  return out;
}

const SVGNS = 'http://www.w3.org/2000/svg';
function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

function drawBoard() {
  const n = S.board.length, cell = 30, pad = 34, size = pad * 2 + cell * (n - 1);
  const svg = el('svg', { viewBox: `0 0 ${size} ${size}`, role: 'img', 'aria-label': `${n}×${n}` });
  el('rect', { x: 0, y: 0, width: size, height: size, fill: '#dcb35c' }, svg);
  const own = S.count && S.count.ownership;
  for (let i = 0; i < n; i++) {
    const p = pad + i * cell;
    el('line', { x1: pad, y1: p, x2: size - pad, y2: p, stroke: '#222', 'stroke-width': 1 }, svg);
    el('line', { x1: p, y1: pad, x2: p, y2: size - pad, stroke: '#222', 'stroke-width': 1 }, svg);
    const label = { 'font-size': 11, fill: '#222', 'text-anchor': 'middle' };
    el('text', Object.assign({ x: p, y: 13 }, label), svg).textContent = COLS[i];
    el('text', Object.assign({ x: 9, y: p + 4 }, label), svg).textContent = String(n - i);
  }
  const stars = n === 19 ? [3, 9, 15] : n === 13 ? [3, 6, 9] : n === 9 ? [2, 4, 6] : [];
  for (const a of stars) for (const b of stars) {
    if (n === 9 && (a === 4) !== (b === 4)) continue;
    el('circle', { cx: pad + a * cell, cy: pad + b * cell, r: 3, fill: '#222' }, svg);
  }
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) {
    const cx = pad + x * cell, cy = pad + y * cell, c = S.board[y][x], o = own && own[y] && own[y][x];
    const p = gtp(x, y, n), dead = S.dead.has(p);
    if (o === 'b' || o === 'w' || (dead && (o === 'x' || o === 'o'))) {
      const mine = o === 'b' || o === 'o';
      el('rect', { x: cx - 7, y: cy - 7, width: 14, height: 14, fill: mine ? '#111' : '#fafafa',
        stroke: '#555', 'stroke-width': 0.5, 'fill-opacity': 0.75 }, svg);
    }
    if (c === 'X' || c === 'O') {
      el('circle', { cx, cy, r: 13.5, fill: c === 'X' ? '#111' : '#f7f7f7', stroke: '#000',
        'stroke-width': 1, 'fill-opacity': dead ? 0.45 : 1 }, svg);
      if (dead) {
        const col = c === 'X' ? '#fff' : '#c00';
        el('line', { x1: cx - 7, y1: cy - 7, x2: cx + 7, y2: cy + 7, stroke: col, 'stroke-width': 2.5 }, svg);
        el('line', { x1: cx + 7, y1: cy - 7, x2: cx - 7, y2: cy + 7, stroke: col, 'stroke-width': 2.5 }, svg);
      }
    }
    if (S.uncertain.has(p))
      el('circle', { cx, cy, r: 14.5, fill: 'none', stroke: '#ff7a00', 'stroke-width': 3 }, svg);
    const hit = el('rect', { x: cx - cell / 2, y: cy - cell / 2, width: cell, height: cell, fill: 'transparent',
      'data-x': x, 'data-y': y }, svg);
    hit.addEventListener('click', onTap);
  }
  const box = $('diagram');
  box.replaceChildren(svg);
}

function onTap(ev) {
  const x = +ev.target.getAttribute('data-x'), y = +ev.target.getAttribute('data-y');
  const mode = document.querySelector('input[name=mode]:checked').value;
  const n = S.board.length;
  if (mode === 'edit') {
    const next = { '.': 'X', X: 'O', O: '.' }[S.board[y][x]];
    S.board[y] = S.board[y].slice(0, x) + next + S.board[y].slice(x + 1);
    S.uncertain.delete(gtp(x, y, n));
    for (const p of [...S.dead]) { const q = fromGtp(p, n); if (S.board[q.y][q.x] === '.') S.dead.delete(p); }
    // A changed stone changes its group: drop the group's dead marks.
    for (const p of groupOf(x, y)) S.dead.delete(p);
  } else {
    const group = groupOf(x, y);
    if (!group.length) return;
    const wasDead = S.dead.has(group[0]);
    for (const p of group) wasDead ? S.dead.delete(p) : S.dead.add(p);
  }
  drawBoard();
  recount();
}

let countTimer = null, countSeq = 0;
function recount() {
  clearTimeout(countTimer);
  countTimer = setTimeout(doCount, 120);
}

function countBody() {
  return { board: S.board, dead: [...S.dead], rules: $('rules').value, komi_stones: $('komi').value.trim() || '3.75',
    handicap: parseInt($('handicap').value, 10) || 0 };
}

async function doCount() {
  if (!S.board) return;
  const seq = ++countSeq;
  try {
    const c = await api('POST', '/api/count', countBody());
    if (seq !== countSeq) return; // a newer count is on its way
    S.count = c;
    S.dead = new Set(c.dead);
    showCount(c);
    drawBoard();
  } catch (e) { if (seq === countSeq) fail(e); }
}

function fmt(q) { // stones with quarters, as a referee says them
  const sign = q < 0 ? '-' : '', a = Math.abs(q), whole = Math.floor(a), frac = a - whole;
  const f = { 0.25: '¼', 0.5: '½', 0.75: '¾' }[frac] || '';
  return sign + (whole || !f ? whole : '') + f;
}

function showCount(c) {
  $('verdict').textContent = S.lang === 'zh' ? c.verdict_zh : c.verdict_en;
  $('black-total').textContent = fmt(c.black.total) + ' ' + t('stones');
  $('white-total').textContent = fmt(c.white.total) + ' ' + t('stones');
  $('par').textContent = fmt(c.par);
  $('komi-out').textContent = fmt(c.komi_stones);
  $('check').textContent = (S.lang === 'zh' ? c.check_zh : c.check_en) + ' · ' + t('deadN', c.dead.length);
}

function startBoard(rows, uncertain) {
  S.board = rows.slice();
  S.uncertain = new Set(uncertain || []);
  S.dead = new Set();
  S.count = null;
  $('board-area').hidden = false;
  drawBoard();
}

async function onPhoto() {
  const file = $('photo').files[0];
  if (!file) return;
  const form = new FormData();
  form.append('size', $('size').value);
  form.append('rules', $('rules').value);
  form.append('komi_stones', $('komi').value.trim() || '3.75');
  form.append('handicap', $('handicap').value || '0');
  form.append('photo', file, file.name || 'board.jpg');
  const bar = $('upload-progress');
  bar.hidden = false; bar.value = 0;
  say(t('uploading'));
  try {
    const r = await upload('/api/score', form, f => {
      bar.value = Math.round(f * 100);
      if (f >= 1) say(t('reading'));
    });
    // The position that was counted: the reading less any group without a liberty (which
    // cannot stand on a finished board; its points are among the uncertain ones).
    startBoard(r.count.ownership.map(row => row.replace(/[xX]/g, 'X').replace(/[oO]/g, 'O').replace(/[^XO]/g, '.')),
      r.scan.uncertain);
    if (r.scan.overlay_url) { $('overlay').src = r.scan.overlay_url; $('overlay-figure').hidden = false; }
    S.count = r.count;
    S.dead = new Set(r.count.dead);
    showCount(r.count);
    drawBoard();
    const u = r.scan.uncertain.length;
    say(t('read') + (u ? ' · ' + t('uncertainN', u) : ''));
  } catch (e) { fail(e); } finally { bar.hidden = true; $('photo').value = ''; }
}

async function suggestDead() {
  if (!S.board) return say(t('needBoard'), true);
  say(t('counting'));
  try {
    const s = await api('POST', '/api/suggest-dead', { board: S.board });
    S.dead = new Set(s.dead);
    say('');
    recount();
    drawBoard();
  } catch (e) { fail(e); }
}

// ------------------------------------------------------------------------ club pages

function option(value, text) { const o = document.createElement('option'); o.value = value; o.textContent = text; return o; }

function fillTable(table, rows, columns, extra) {
  const head = document.createElement('tr');
  for (const [, label] of columns) { const th = document.createElement('th'); th.scope = 'col'; th.textContent = label; head.appendChild(th); }
  if (extra) head.appendChild(document.createElement('th'));
  const body = rows.map(r => {
    const tr = document.createElement('tr');
    for (const [key] of columns) { const td = document.createElement('td'); td.textContent = r[key] === null || r[key] === undefined ? '' : r[key]; tr.appendChild(td); }
    if (extra) { const td = document.createElement('td'); extra(r, td); tr.appendChild(td); }
    return tr;
  });
  table.replaceChildren(head, ...body);
}

async function loadMembers() {
  const r = await api('GET', '/api/club/members?status=active');
  S.members = r.members;
  fillTable($('members-table'), S.members, [['number', t('number')], ['name', t('name')], ['grade', t('grade')], ['rank', t('rank')]],
    (m, td) => {
      const b = document.createElement('button'); b.type = 'button'; b.textContent = t('games');
      b.addEventListener('click', () => showMemberGames(m).catch(fail));
      td.appendChild(b);
    });
  for (const id of ['save-black', 'save-white', 'enter-member']) {
    const sel = $(id), keep = sel.value;
    sel.replaceChildren(option('', t('choose')), ...S.members.map(m => option(m.id, `${m.name} (${m.number})`)));
    sel.value = keep;
  }
  const loanSel = document.querySelector('#loan-form [name=member]');
  loanSel.replaceChildren(option('', t('choose')), ...S.members.map(m => option(m.id, m.name)));
}

// A member's history: the games the club log holds for them, newest first.
async function showMemberGames(m) {
  const r = await api('GET', `/api/club/members/${m.id}`);
  $('member-games-title').textContent = t('gamesOf', m.name);
  fillTable($('member-games-table'), r.games, [['date', t('date')], ['black_name', t('black')], ['white_name', t('white')],
    ['winner', t('winner')], ['margin', t('margin')], ['by', t('by')]]);
  $('member-games').hidden = false;
}

async function loadCheckins() {
  const r = await api('GET', '/api/club/checkins');
  const done = new Set(r.checkins.map(c => c.member));
  $('checkin-list').replaceChildren(...r.checkins.map(c => {
    const li = document.createElement('li'); li.textContent = `${c.name} · ${c.at.slice(11)} · ${c.attendance}`; return li;
  }));
  $('checkin-buttons').replaceChildren(...S.members.map(m => {
    const b = document.createElement('button');
    b.type = 'button'; b.textContent = m.name; b.classList.toggle('done', done.has(m.id));
    b.setAttribute('aria-pressed', done.has(m.id) ? 'true' : 'false');
    b.addEventListener('click', async () => {
      if (done.has(m.id) || !window.confirm(t('confirmCheckin', m.name))) return;
      try {
        await api('POST', '/api/club/checkins', { member: m.id });
        say(t('checkedInOk', m.name));
        await loadCheckins();
      } catch (e) { fail(e); }
    });
    return b;
  }));
}

async function loadLoans() {
  const items = await api('GET', '/api/club/items');
  document.querySelector('#loan-form [name=item]').replaceChildren(option('', t('choose')),
    ...items.items.map(i => option(i.id, i.name)));
  const open = await api('GET', '/api/club/loans?open=1');
  fillTable($('loans-table'), open.loans, [['item_name', t('item')], ['borrower', t('borrower')], ['due_date', t('due')]], (loan, td) => {
    const sel = document.createElement('select');
    sel.setAttribute('aria-label', t('condition'));
    for (const c of ['good', 'worn', 'damaged', 'lost']) sel.appendChild(option(c, t(c)));
    const b = document.createElement('button'); b.type = 'button'; b.textContent = t('returnBtn');
    b.addEventListener('click', async () => {
      if (!window.confirm(t('confirmReturn'))) return;
      try { await api('POST', `/api/club/loans/${loan.id}/return`, { condition: sel.value }); say(t('done')); await loadLoans(); } catch (e) { fail(e); }
    });
    td.append(sel, ' ', b);
  });
  const late = await api('GET', '/api/club/overdue');
  fillTable($('overdue-table'), late.loans, [['item_name', t('item')], ['borrower', t('borrower')], ['due_date', t('due')]]);
}

async function loadEvents() {
  const r = await api('GET', '/api/club/events');
  S.events = r.events;
  const pick = $('event-pick'), keep = pick.value;
  pick.replaceChildren(...S.events.map(e => option(e.id, e.name)));
  if (keep) pick.value = keep;
  $('save-event').replaceChildren(option('0', t('friendly')), ...S.events.map(e => option(e.id, e.name)));
  await loadStandings();
}

async function loadStandings() {
  const id = $('event-pick').value;
  if (!id) return;
  $('print-standings').href = `/api/club/events/${id}/standings.html`;
  const s = await api('GET', `/api/club/events/${id}/standings`);
  fillTable($('standings-table'), s.standings, [['place', t('place')], ['name', t('name')], ['points', t('points')],
    ['tiebreak_sb', t('sb')], ['warnings', t('warnings')]]);
  const p = await api('GET', `/api/club/events/${id}/pairings`);
  fillTable($('pairings-table'), p.pairings, [['round', t('round')], ['board', t('board')], ['black_name', t('black')],
    ['white_name', t('white')], ['result', t('result')]]);
}

async function refreshClub() {
  const signed = !!S.user;
  $('club-need-login').hidden = signed;
  document.querySelectorAll('#page-club .sub, #page-club .subtabs').forEach(e => { e.classList.toggle('visually-hidden', !signed); });
  $('save-need-login').hidden = signed;
  $('save-form').querySelectorAll('select, button').forEach(e => { e.disabled = !signed; });
  if (!signed || !S.config || !S.config.modules.club) return;
  try { await loadMembers(); await loadCheckins(); await loadEvents(); await loadLoans(); } catch (e) { fail(e); }
}

function showSub(name) {
  document.querySelectorAll('#page-club .sub').forEach(e => { e.hidden = e.id !== 'sub-' + name; });
  document.querySelectorAll('.subtabs button').forEach(b => b.setAttribute('aria-pressed', b.dataset.sub === name ? 'true' : 'false'));
}

// --------------------------------------------------------------------------- account

async function refreshMe() {
  try {
    const me = await api('GET', '/api/me');
    S.user = me.user; S.csrf = me.csrf;
  } catch (e) { S.user = null; S.csrf = ''; }
  $('login-form').hidden = !!S.user;
  $('me').hidden = !S.user;
  $('users').hidden = !(S.user && S.user.role === 'admin');
  if (S.user) { $('me-name').textContent = S.user.name; $('me-role').textContent = t(S.user.role); }
  if (S.user && S.user.role === 'admin') {
    try {
      const u = await api('GET', '/api/users');
      fillTable($('users-table'), u.users, [['name', t('username')], ['role', t('role')], ['disabled', '×']]);
    } catch (e) { fail(e); }
  }
  await refreshClub();
}

function formObject(form) { return Object.fromEntries(new FormData(form).entries()); }

function showTab(name) {
  for (const n of ['count', 'club', 'account']) {
    $('page-' + n).hidden = n !== name;
    $('tab-' + n).setAttribute('aria-selected', n === name ? 'true' : 'false');
  }
}

function wire() {
  for (const n of ['count', 'club', 'account']) $('tab-' + n).addEventListener('click', () => showTab(n));
  $('lang').addEventListener('click', () => { S.lang = S.lang === 'zh' ? 'en' : 'zh'; localStorage.setItem('goref-lang', S.lang); applyLang(); refreshClub(); });
  $('photo').addEventListener('change', onPhoto);
  document.querySelectorAll('[data-empty]').forEach(b => b.addEventListener('click', () => {
    const n = +b.dataset.empty;
    startBoard(Array(n).fill('.'.repeat(n)), []);
    $('overlay-figure').hidden = true;
    document.querySelector('input[name=mode][value=edit]').checked = true;
    recount();
  }));
  $('suggest').addEventListener('click', suggestDead);
  $('clear-dead').addEventListener('click', () => { S.dead.clear(); drawBoard(); recount(); });
  $('rules').addEventListener('change', () => { $('komi').value = $('rules').value === '1988' ? '2.75' : '3.75'; recount(); });
  $('komi').addEventListener('input', recount);
  $('handicap').addEventListener('input', recount);
  $('save-form').addEventListener('submit', async ev => {
    ev.preventDefault();
    if (!S.count) return say(t('needBoard'), true);
    const black = +$('save-black').value, white = +$('save-white').value;
    if (!black || !white) return;
    if (black === white) return say(t('samePlayer'), true);
    const c = countBody(), event = +$('save-event').value;
    const body = { black, white, count: S.count, position: S.board, handicap: c.handicap,
      rules: c.rules === '1988' ? 'chinese-1988' : 'chinese' };
    try {
      let path = '/api/club/results';
      if (event) {
        // In an event, the result belongs to the paired game of these two players; the
        // pairing fixed the colours, so name the winner by who won, not by colour.
        const p = await api('GET', `/api/club/events/${event}/pairings`);
        const game = p.pairings.find(g => g.result === '' &&
          ((g.black === black && g.white === white) || (g.black === white && g.white === black)));
        if (game) {
          const winnerId = S.count.winner === 'B' ? black : S.count.winner === 'W' ? white : 0;
          path = `/api/club/results/${game.game}`;
          delete body.black; delete body.white;
          body.winner = winnerId === 0 ? 'draw' : winnerId === game.black ? 'B' : 'W';
        } else {
          body.event = event;
        }
      }
      await api('POST', path, body);
      say(t('saved'));
      loadStandings().catch(() => {});
    } catch (e) { fail(e); }
  });
  document.querySelectorAll('.subtabs button').forEach(b => b.addEventListener('click', () => showSub(b.dataset.sub)));
  $('start-activity').addEventListener('click', async () => {
    // Check-ins belong to an activity; a club without a weekly schedule starts one by hand.
    const d = new Date(), pad = n => String(n).padStart(2, '0');
    const start = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    try { await api('POST', '/api/club/activities', { start }); say(t('activityStarted')); await loadCheckins(); } catch (e) { fail(e); }
  });
  $('member-form').addEventListener('submit', async ev => {
    ev.preventDefault();
    try { await api('POST', '/api/club/members', formObject(ev.target)); ev.target.reset(); say(t('done')); await loadMembers(); await loadCheckins(); } catch (e) { fail(e); }
  });
  $('item-form').addEventListener('submit', async ev => {
    ev.preventDefault();
    const f = formObject(ev.target);
    try { await api('POST', '/api/club/items', { name: f.name, count: +f.count || 1, price_fen: Math.round((+f.price || 0) * 100) }); ev.target.reset(); say(t('done')); await loadLoans(); } catch (e) { fail(e); }
  });
  $('loan-form').addEventListener('submit', async ev => {
    ev.preventDefault();
    const f = formObject(ev.target);
    try { await api('POST', '/api/club/loans', { item: +f.item, member: +f.member, due: f.due }); say(t('done')); await loadLoans(); } catch (e) { fail(e); }
  });
  const due = new Date(Date.now() + 7 * 86400000);
  document.querySelector('#loan-form [name=due]').value = due.toISOString().slice(0, 10);
  $('event-form').addEventListener('submit', async ev => {
    ev.preventDefault();
    const f = formObject(ev.target);
    try { await api('POST', '/api/club/events', { name: f.name, kind: f.kind, rounds: +f.rounds || 0 }); ev.target.reset(); say(t('done')); await loadEvents(); } catch (e) { fail(e); }
  });
  $('event-pick').addEventListener('change', () => loadStandings().catch(fail));
  $('enter-form').addEventListener('submit', async ev => {
    ev.preventDefault();
    const id = $('event-pick').value, member = +$('enter-member').value;
    if (!id || !member) return;
    try { await api('POST', `/api/club/events/${id}/enter`, { member }); say(t('done')); await loadStandings(); } catch (e) { fail(e); }
  });
  $('pair').addEventListener('click', async () => {
    const id = $('event-pick').value;
    if (!id) return;
    try { await api('POST', `/api/club/events/${id}/pair`); say(t('done')); await loadStandings(); } catch (e) { fail(e); }
  });
  $('login-form').addEventListener('submit', async ev => {
    ev.preventDefault();
    try {
      const r = await api('POST', '/api/login', formObject(ev.target));
      S.user = r.user; S.csrf = r.csrf; ev.target.reset(); say(t('signedIn'));
      await refreshMe();
    } catch (e) { fail(e); }
  });
  $('logout').addEventListener('click', async () => {
    try { await api('POST', '/api/logout', {}); } catch (e) { /* the session may have expired already */ }
    S.user = null; S.csrf = ''; say(t('signedOut'));
    await refreshMe();
  });
  $('user-form').addEventListener('submit', async ev => {
    ev.preventDefault();
    try { await api('POST', '/api/users', formObject(ev.target)); ev.target.reset(); say(t('done')); await refreshMe(); } catch (e) { fail(e); }
  });
}

async function main() {
  wire();
  showSub('checkin');
  applyLang();
  try { S.config = await api('GET', '/api/config'); } catch (e) { S.config = { modules: {} }; }
  await refreshMe();
}

main();
