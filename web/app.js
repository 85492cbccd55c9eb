// goref web page: photo -> board -> dead stones -> count -> club log, and the club pages.
// Plain JS against goref's JSON API; Chinese by default, English on demand.
'use strict';

const T = {
  zh: {
    tabCount: '数子', tabClub: '俱乐部', tabAccount: '账号', photoTitle: '拍照数子',
    takePhoto: '拍摄或选择棋盘照片', boardSize: '棋盘', auto: '自动', orEmpty: '或空棋盘：',
    overlayAlt: '照片与识别结果', overlayCaption: '照片上识别出的棋子（橙圈：请核对）',
tapMode: '点击棋盘时', modeDead: '标记死子',
    modeEdit: '改棋子（空→黑→白）', suggest: '建议死子', clearDead: '清除死子', rules: '规则',
    rules2002: '中国规则（贴3又3/4子）', rules1988: '1988规则（贴2又3/4子）', komi: '贴子', handicap: '让子',
    unitStones: '子', unitPoints: '目', komiOther: ([s, p]) => `贴${s}子 = ${p}目`,
    komiConfirm: m => `${m}\n确定按这个贴子数吗？`, komiRefused: '贴子未确认：请改正贴子后再数。',
    saveNotFinished: '棋局未终局，这个结果只是暂定的。仍然记入成绩吗？',
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
    uncertainN: n => `有 ${n} 处需要核对（橙圈）`,
    byClassifier: '仅由识别模型单独读出（线条太淡或颜色难辨时的最后手段），请逐一核对橙圈',
    decisiveHead: '先核对这些（红圈）：换一种读法，胜负就变',
    decisivePoint: (at, read, other, v) => `${at}：识别为${read}，若是${other} → ${v}`,
    decisiveGroup: (at, n, read, other, v) => `${at} 一块（${n} 子）：判为${read}，若${other} → ${v}`,
    reading: { empty: '空点', black: '黑子', white: '白子', dead: '死棋', alive: '活棋' },
    offPointN: n => `${n} 颗棋子不在交叉点上，已记在较近的点（虚线圈）`, saved: '成绩已保存', checkedInOk: n => `${n} 已签到`,
    confirmCheckin: n => `为 ${n} 签到？`, returnBtn: '归还', confirmReturn: '确认归还？',
    condition: '状况', good: '完好', worn: '磨损', damaged: '损坏', lost: '丢失', signedIn: '已登录',
    signedOut: '已退出', done: '完成', place: '名次', points: '积分', sb: '对手分', warnings: '警告',
    round: '轮', board: '台', result: '结果', choose: '—请选择—', samePlayer: '黑白不能是同一人',
    needBoard: '先拍照或选择空棋盘', games: '对局', gamesOf: n => `${n} 的对局`, date: '日期', winner: '胜方',
    margin: '胜子数', by: '方式', startActivity: '开始今天的活动', activityStarted: '今天的活动已开始', deadN: n => `死子 ${n} 颗`, stones: '子',
    dragHint: '网格没对准？拖动四个角点，松手后重新识别。', refitting: '按新的角点重新识别…',
    placeCorners: '把四个角点拖到棋盘最外圈网格线的四个角上（先选好路数），松手后按这些角点识别。',
    cornerNames: ['左上角', '右上角', '右下角', '左下角'],
    cornerLabel: n => `${n}：拖动或用方向键移动`,
    schedule: '日程', dues: '会费', charter: '章程', showStatus: '显示', st_active: '在籍', st_all: '全部',
    st_withdrawn: '自动退出', st_revoked: '取消资格', st_left: '已离开', contact: '联系方式', saveChanges: '保存修改',
    close: '关闭', changeStatus: '改变会员状态', status: '状态', reason: '原因', edit: '修改', editing: n => `修改：${n}`,
    confirmStatus: (p) => `把 ${p.name} 的状态改为「${p.status}」？`, stocktake: '盘点', counted: '清点数', record: '记录',
    expected: '应有', difference: '差数', lastSeen: '最近清点', withdraw: '退赛', printPairings: '打印对阵表',
    resultHelp: '未赛的对局可在此录入结果。', bWins: '黑胜', wWins: '白胜', draw: '和棋', enterResult: '录入',
    confirmWithdraw: n => `${n} 退出本次比赛？`, weekly: '每周活动时间', weekday: '星期', wd1: '星期一', wd2: '星期二',
    wd3: '星期三', wd4: '星期四', wd5: '星期五', wd6: '星期六', wd7: '星期日', startTime: '开始时间', fromDate: '从哪天起',
    toDate: '到哪天', saveSchedule: '保存每周时间', generate: '生成活动', activities: '活动', created: n => `新建了 ${n} 次活动`,
    cancelBtn: '取消活动', confirmCancel: d => `取消 ${d} 的活动？`, cancelled: '已取消', present: '出勤人数', time: '时间',
    member: '会员', schoolYear: '学年', amountYuan: '金额（元）', paidOn: '缴费日期（未缴留空）', unpaidOnly: '只看未缴',
    amount: '金额', paid: '已缴', markPaid: '今天已缴', ruleWithdraw: '连续几周没有签到自动退出', weeks: '周数',
    ruleRevoke: '累计缺席几次取消资格', times: '次数', lateMinutes: '迟到多少分钟算半次出勤',
    ruleReward: '全勤且无迟到者列入奖励名单', saveRules: '保存章程', applyRules: '执行章程',
    applyHelp: '先预览会改变哪些会员的状态，确认后再执行。', asOf: '截至', preview: '预览', apply: '执行',
    previewN: n => `预览：将有 ${n} 项状态变更（尚未写入）`, appliedN: n => `已执行：${n} 项状态变更已记入历史`,
    confirmApply: n => `执行章程，改变 ${n} 名会员的状态？`, rewardList: '奖励名单（本学年全勤）',
    rule: '规则', fromTo: '变更', withdraw_weeks: '连续未签到', revoke_missed: '累计缺席',
    yes: '是', no: '否', byResign: '中盘胜', byCount: '数子', byTime: '超时', byForfeit: '弃权',
    exportCsv: '导出表格（CSV）', statusHistory: '状态变更', projector: '投影成绩表', toMove: '下一手',
    why_withdraw_weeks: r => `连续${r.withdraw_weeks}周没有签到`,
    why_revoke_missed: r => `累计缺席${r.revoke_missed}次（迟到${r.late_minutes}分钟以上算半次出勤）`,
    keptAlt: '等待上传的照片', busyCancel: '停止重试', busyRetry: '再试一次',
    busyWait: ([s, k]) => `服务器正忙，照片已保留：${s} 秒后自动重试（第 ${k} 次）`,
    busyStopped: '已停止重试，照片还在：点「再试一次」重新上传。',
    zoomAll: '全盘', zoomTL: '左上', zoomTR: '右上', zoomBL: '左下', zoomBR: '右下',
    tapDead: '现在点一下棋子：标记或取消这块死棋（在下方“点击棋盘时”可改为改棋子）',
    tapEdit: '现在点一下交叉点：空→黑→白，改正识别（在下方“点击棋盘时”可改为标记死子）',
    zoomed: r => `放大：${r}`, zoomHint: '点小了？先放大四分之一棋盘。',
    lightened: d => `照片已缩小：${d}`,
    checkinWait: '今天还没有活动：先开始今天的活动，再给孩子签到。',
    itemsEmpty: '还没有登记器材：先添加棋盘、棋子等器材，才能借出和盘点。',
    changePassword: '修改我的密码', oldPassword: '原密码', newPassword: '新密码（至少 10 个字符）',
    repeatPassword: '再输一遍新密码', passwordsDiffer: '两次输入的新密码不一样', passwordChanged: '密码已修改；其他设备上的登录已退出',
    enabled: '启用', disabledState: '已停用', disable: '停用', enable: '启用', resetPassword: '重设密码', deleteAccount: '删除',
    confirmDelete: n => `删除账号 ${n}？此操作不能撤销。`, confirmDisable: n => `停用账号 ${n}？停用后无法登录。`,
    confirmRole: p => `把 ${p.name} 的角色改为「${p.role}」？`, passwordReset: n => `${n} 的密码已重设`,
    roleChanged: n => `${n} 的角色已修改`, accountDeleted: n => `账号 ${n} 已删除`, you: '（我）',
    scorePhoto: '拍照数子', scoringConfirm: '确认为本局结果', scoringBack: '返回对阵表',
    scoringGame: g => `第 ${g.round} 轮第 ${g.board} 台：${g.black_name}（黑）对 ${g.white_name}（白）。拍下终局的棋盘，核对死子，再确认结果。`,
    roundProgress: p => `第 ${p.round} 轮：${p.done} / ${p.total} 台已有结果` + (p.left.length ? `；还剩 ${p.left.join('、')}` : '；本轮已全部完成'),
    boardLeft: g => `第 ${g.board} 台 ${g.black_name}–${g.white_name}`,
    scoredOk: g => `第 ${g.board} 台的结果已记入：${g.verdict}`,
    sheetTitle: '数子单', sheetStones: '棋子', sheetTerritory: '空点（地）', sheetShared: '公共点（各半）',
    sheetTotal: '合计（子）', komiBoth: ([s, p]) => `${s}子 = ${p}目`, summaryTotals: ([b, w]) => `黑 ${b} · 白 ${w}`,
  },
  en: {
    tabCount: 'Count', tabClub: 'Club', tabAccount: 'Account', photoTitle: 'Count from a photo',
    takePhoto: 'Take or choose a photo of the board', boardSize: 'Board', auto: 'detect',
    orEmpty: 'or an empty board:', overlayAlt: 'The photo with what was read',
    overlayCaption: 'Stones read on the photo (orange rings: please check)',
    tapMode: 'Tapping the board', modeDead: 'marks dead groups',
    modeEdit: 'changes a point (empty → black → white)', suggest: 'Suggest dead', clearDead: 'Clear dead',
    rules: 'Rules', rules2002: 'Chinese 2002 (komi 3 3/4)', rules1988: '1988 rules (komi 2 3/4)', komi: 'Komi',
    unitStones: 'stones', unitPoints: 'points', komiOther: ([s, p]) => `komi ${s} stones = ${p} points`,
    komiConfirm: m => `${m}\nCount with this komi?`, komiRefused: 'Komi not confirmed: correct it, then count again.',
    saveNotFinished: 'The game is not finished: this result is provisional. Save it anyway?',
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
    uncertainN: n => `${n} points need a look (orange rings)`,
    byClassifier: 'read by the point classifier alone (a last resort where the lines are faint or the colours alike): check the orange rings',
    decisiveHead: 'Check these first (red rings): read another way, they change the winner',
    decisivePoint: (at, read, other, v) => `${at}: read ${read}; if ${other} → ${v}`,
    decisiveGroup: (at, n, read, other, v) => `group at ${at} (${n} stone${n === 1 ? '' : 's'}): ${read}; if ${other} → ${v}`,
    reading: { empty: 'empty', black: 'black', white: 'white', dead: 'dead', alive: 'alive' },
    offPointN: n => `${n} stone${n === 1 ? '' : 's'} between points, read at the nearer one (dashed rings)`,
    saved: 'Result saved',
    checkedInOk: n => `${n} checked in`, confirmCheckin: n => `Check in ${n}?`, returnBtn: 'Return',
    confirmReturn: 'Return this item?', condition: 'Condition', good: 'good', worn: 'worn',
    damaged: 'damaged', lost: 'lost', signedIn: 'Signed in', signedOut: 'Signed out', done: 'Done',
    place: 'Place', points: 'Points', sb: 'SB', warnings: 'Warnings', round: 'Round', board: 'Board',
    result: 'Result', choose: '— choose —', samePlayer: 'Black and White must be different players',
    needBoard: 'Take a photo or pick an empty board first', games: 'Games', gamesOf: n => `Games of ${n}`,
    date: 'Date', winner: 'Winner', margin: 'Margin', by: 'By', startActivity: "Start today's activity",
    activityStarted: "Today's activity has started", deadN: n => `${n} dead stones`, stones: 'stones',
    dragHint: 'Grid off? Drag the four corners; the board is read again when you let go.',
    placeCorners: 'Drag the four handles onto the corners of the outermost grid lines (pick the board size first); the board is read through them when you let go.',
    refitting: 'Reading the board through the new corners…',
    cornerNames: ['top-left', 'top-right', 'bottom-right', 'bottom-left'],
    cornerLabel: n => `${n} corner: drag, or move with the arrow keys`,
    schedule: 'Schedule', dues: 'Dues', charter: 'Charter', showStatus: 'Show', st_active: 'active', st_all: 'all',
    st_withdrawn: 'withdrawn', st_revoked: 'revoked', st_left: 'left', contact: 'Contact', saveChanges: 'Save changes',
    close: 'Close', changeStatus: 'Change status', status: 'Status', reason: 'Reason', edit: 'Edit', editing: n => `Edit: ${n}`,
    confirmStatus: (p) => `Change the status of ${p.name} to "${p.status}"?`, stocktake: 'Stocktake', counted: 'Counted',
    record: 'Record', expected: 'Expected', difference: 'Difference', lastSeen: 'Last counted', withdraw: 'Withdraw',
    printPairings: 'Printable pairings', resultHelp: 'Enter the result of a game not played yet here.',
    bWins: 'Black wins', wWins: 'White wins', draw: 'Draw', enterResult: 'Enter',
    confirmWithdraw: n => `Withdraw ${n} from this event?`, weekly: 'Weekly activity', weekday: 'Weekday',
    wd1: 'Monday', wd2: 'Tuesday', wd3: 'Wednesday', wd4: 'Thursday', wd5: 'Friday', wd6: 'Saturday', wd7: 'Sunday',
    startTime: 'Starts at', fromDate: 'From', toDate: 'To', saveSchedule: 'Save the weekly time',
    generate: 'Create activities', activities: 'Activities', created: n => `${n} activities created`,
    cancelBtn: 'Cancel', confirmCancel: d => `Cancel the activity of ${d}?`, cancelled: 'Cancelled', present: 'Present',
    time: 'Time', member: 'Member', schoolYear: 'School year', amountYuan: 'Amount (yuan)',
    paidOn: 'Paid on (empty if unpaid)', unpaidOnly: 'Unpaid only', amount: 'Amount', paid: 'Paid',
    markPaid: 'Paid today', ruleWithdraw: 'Withdraw after weeks without a check-in', weeks: 'Weeks',
    ruleRevoke: 'Revoke after missed activities', times: 'Times', lateMinutes: 'Minutes late that make half an attendance',
    ruleReward: 'List full attendance without lateness for the reward', saveRules: 'Save the charter',
    applyRules: 'Apply the charter', applyHelp: 'Preview whose status would change first, then apply.', asOf: 'As of',
    preview: 'Preview', apply: 'Apply', previewN: n => `Preview: ${n} status changes (nothing written yet)`,
    appliedN: n => `Applied: ${n} status changes recorded in the history`,
    confirmApply: n => `Apply the charter and change the status of ${n} members?`,
    rewardList: 'Reward list (full attendance this school year)', rule: 'Rule', fromTo: 'Change',
    withdraw_weeks: 'weeks without check-in', revoke_missed: 'missed activities', yes: 'yes', no: 'no',
    byResign: 'by resignation', byCount: 'on the count', byTime: 'on time', byForfeit: 'by forfeit',
    exportCsv: 'Export tables (CSV)', statusHistory: 'Status changes', projector: 'Standings for the projector',
    toMove: 'To move',
    why_withdraw_weeks: r => `no check-in for ${r.withdraw_weeks} weeks in a row`,
    why_revoke_missed: r => `${r.revoke_missed} activities missed (${r.late_minutes}+ minutes late counts as half)`,
    keptAlt: 'The photo waiting to be sent', busyCancel: 'Stop retrying', busyRetry: 'Try again',
    busyWait: ([s, k]) => `The server is busy; the photo is kept. Retrying in ${s} s (attempt ${k})`,
    busyStopped: 'Stopped retrying; the photo is kept. Tap "Try again" to send it.',
    zoomAll: 'Whole', zoomTL: 'Top left', zoomTR: 'Top right', zoomBL: 'Bottom left', zoomBR: 'Bottom right',
    tapDead: 'A tap on a stone now marks or unmarks its group dead (switch to correcting stones under "Tapping the board")',
    tapEdit: 'A tap on a point now changes it: empty → black → white (switch to marking dead under "Tapping the board")',
    zoomed: r => `Zoomed: ${r}`, zoomHint: 'Points too small? Zoom into a quarter first.',
    lightened: d => `photo scaled down: ${d}`,
    checkinWait: 'No activity today yet: start today\'s activity, then check the children in.',
    itemsEmpty: 'No equipment recorded yet: add the boards, stones and other items first to lend and count them.',
    changePassword: 'Change my password', oldPassword: 'Current password', newPassword: 'New password (10 characters or more)',
    repeatPassword: 'New password again', passwordsDiffer: 'The two new passwords differ', passwordChanged: 'Password changed; sessions on other devices are signed out',
    enabled: 'active', disabledState: 'disabled', disable: 'Disable', enable: 'Enable', resetPassword: 'Reset password', deleteAccount: 'Delete',
    confirmDelete: n => `Delete the account ${n}? This cannot be undone.`, confirmDisable: n => `Disable the account ${n}? It can no longer sign in.`,
    confirmRole: p => `Change the role of ${p.name} to "${p.role}"?`, passwordReset: n => `Password of ${n} reset`,
    roleChanged: n => `Role of ${n} changed`, accountDeleted: n => `Account ${n} deleted`, you: ' (me)',
    scorePhoto: 'Count from a photo', scoringConfirm: 'Make this the game\'s result', scoringBack: 'Back to the pairings',
    scoringGame: g => `Round ${g.round}, board ${g.board}: ${g.black_name} (Black) v ${g.white_name} (White). Photograph the final position, check the dead stones, then confirm.`,
    roundProgress: p => `Round ${p.round}: ${p.done} of ${p.total} boards have a result` + (p.left.length ? `; left: ${p.left.join(', ')}` : '; the round is complete'),
    boardLeft: g => `board ${g.board} ${g.black_name}–${g.white_name}`,
    scoredOk: g => `Board ${g.board} recorded: ${g.verdict}`,
    sheetTitle: 'Count sheet', sheetStones: 'Stones', sheetTerritory: 'Territory', sheetShared: 'Shared (half each)',
    sheetTotal: 'Total (stones)', komiBoth: ([s, p]) => `${s} stones = ${p} points`, summaryTotals: ([b, w]) => `B ${b} · W ${w}`,
  },
};

const S = {
  lang: localStorage.getItem('goref-lang') || 'zh',
  user: null, csrf: '', config: null,
  board: null, uncertain: new Set(), offPoint: new Set(), dead: new Set(), count: null, overlay: null,
  decisive: [], // the readings of the last photo that change the winner (count.decisive.items)
  photo: null, photoUrl: '', scan: null, corners: null, view: null, reads: 0,
  members: [], events: [], editing: null, preview: null,
  zoom: -1, // the quarter of the diagram shown (0 top left .. 3 bottom right), -1 the whole board
};
const $ = id => document.getElementById(id);
const t = (key, arg) => { const v = (T[S.lang] || T.zh)[key]; return typeof v === 'function' ? v(arg) : (v || key); };
const tl = key => (T[S.lang] || T.zh)[key];

function applyLang() {
  document.documentElement.lang = S.lang === 'zh' ? 'zh-CN' : 'en';
  document.querySelectorAll('[data-i18n]').forEach(el => { el.textContent = t(el.dataset.i18n); });
  document.querySelectorAll('[data-i18n-alt]').forEach(el => { el.alt = t(el.dataset.i18nAlt); });
  $('lang').textContent = S.lang === 'zh' ? 'English' : '中文';
  const komi = stonesTyped($('komi').value);
  if ($('komi-unit').value === 'stones' && !Number.isNaN(komi)) $('komi').value = fmt(komi);
  if (S.count) showCount(S.count);
  labelCorners();
  if (S.board) captionDiagram();
}

function say(text, error) {
  const s = $('status');
  s.textContent = text || '';
  s.classList.toggle('error', !!error);
}

// ------------------------------------------------------------------------------- API

// Every API error carries "message" and "message_zh": the page shows the one of its language.
const errorText = data => data && (S.lang === 'zh' ? data.message_zh || data.message : data.message);

async function api(method, path, body) {
  const headers = {};
  if (S.csrf) headers['X-CSRF-Token'] = S.csrf;
  const init = { method, headers, credentials: 'same-origin' };
  if (body !== undefined) { headers['Content-Type'] = 'application/json'; init.body = JSON.stringify(body); }
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    const err = new Error(errorText(data) || res.statusText);
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
      else reject(Object.assign(new Error(errorText(data) || xhr.statusText), { status: xhr.status, code: data && data.error, data,
        retryAfter: parseInt(xhr.getResponseHeader('Retry-After'), 10) || 0 }));
    };
    xhr.onerror = () => reject(new Error(S.lang === 'zh' ? '网络出错：请检查连接后再试' : 'network error: check the connection and try again'));
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
  const decisiveAt = decisivePoints();
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
    // Ringed for a look (red where another reading changes the winner); dashed: a stone found
    // between points.
    if (S.uncertain.has(p) || decisiveAt.has(p))
      el('circle', Object.assign({ cx, cy, r: 14.5, fill: 'none', stroke: decisiveAt.has(p) ? '#d00' : '#ff7a00',
        'stroke-width': decisiveAt.has(p) ? 3.5 : 3, class: decisiveAt.has(p) ? 'decisive' : 'uncertain' },
        S.offPoint.has(p) ? { 'stroke-dasharray': '5 3' } : {}), svg);
    const hit = el('rect', { x: cx - cell / 2, y: cy - cell / 2, width: cell, height: cell, fill: 'transparent',
      'data-x': x, 'data-y': y }, svg);
    hit.addEventListener('click', onTap);
  }
  // A quarter of a large board (10 of 19 points a side, 7 of 13) fills the width, so a point is
  // a target of over 32 CSS px on a 360 px phone; the quarters overlap on the middle line.
  const box = $('diagram'), zoomable = n >= 13;
  $('zoom-row').hidden = !zoomable;
  if (!zoomable) S.zoom = -1;
  if (S.zoom >= 0) {
    const k = Math.ceil(n / 2), x0 = S.zoom % 2 ? n - k : 0, y0 = S.zoom >= 2 ? n - k : 0;
    svg.setAttribute('viewBox', `${pad + x0 * cell - cell / 2} ${pad + y0 * cell - cell / 2} ${k * cell} ${k * cell}`);
    S.zoomSpan = [COLS[x0] + '–' + COLS[x0 + k - 1], String(n - y0) + '–' + String(n - y0 - k + 1)];
  }
  box.classList.toggle('zoomed', S.zoom >= 0);
  document.querySelectorAll('#zoom-row button').forEach(b => b.setAttribute('aria-pressed', String(+b.dataset.zoom === S.zoom)));
  box.replaceChildren(svg);
  captionDiagram();
}

// The caption says what a tap does now, and where a zoomed view is.
function captionDiagram() {
  const dead = document.querySelector('input[name=mode]:checked').value === 'dead';
  const n = S.board ? S.board.length : 0, names = [t('zoomTL'), t('zoomTR'), t('zoomBL'), t('zoomBR')];
  let text = t(dead ? 'tapDead' : 'tapEdit');
  if (n >= 13) text += ' · ' + (S.zoom >= 0 ? t('zoomed', `${names[S.zoom]} ${S.zoomSpan.join(' ')}`) : t('zoomHint'));
  $('diagram-caption').textContent = text;
}

// The points of the decisive readings: the point itself, or every stone of the group.
function decisivePoints() {
  const at = new Set(), n = S.board ? S.board.length : 0;
  for (const d of S.decisive) {
    if (d.kind === 'point') { at.add(d.at); continue; }
    const q = fromGtp(d.at, n);
    for (const p of groupOf(q.x, q.y)) at.add(p);
  }
  return at;
}

// The decisive readings, listed first in the result; a reading a person has settled by
// correcting the point or marking the group is dropped.
function showDecisive() {
  const box = $('decisive');
  box.replaceChildren();
  box.hidden = !S.decisive.length;
  if (!S.decisive.length) return;
  const head = document.createElement('li');
  head.className = 'decisive-head';
  head.textContent = t('decisiveHead');
  box.append(head);
  const L = T[S.lang] || T.zh, words = L.reading;
  for (const d of S.decisive) {
    const li = document.createElement('li');
    const v = S.lang === 'zh' ? d.verdict_zh : d.verdict_en;
    li.textContent = d.kind === 'point'
      ? L.decisivePoint(d.at, words[d.read], words[d.other], v)
      : L.decisiveGroup(d.at, d.stones, words[d.read], words[d.other], v);
    box.append(li);
  }
}

function settleDecisive(x, y) {
  const group = new Set(groupOf(x, y)), p = gtp(x, y, S.board.length);
  S.decisive = S.decisive.filter(d => d.at !== p && !group.has(d.at));
  showDecisive();
}

function onTap(ev) {
  const x = +ev.target.getAttribute('data-x'), y = +ev.target.getAttribute('data-y');
  const mode = document.querySelector('input[name=mode]:checked').value;
  const n = S.board.length;
  settleDecisive(x, y);
  if (mode === 'edit') {
    const next = { '.': 'X', X: 'O', O: '.' }[S.board[y][x]];
    S.board[y] = S.board[y].slice(0, x) + next + S.board[y].slice(x + 1);
    S.uncertain.delete(gtp(x, y, n));
    S.offPoint.delete(gtp(x, y, n));
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

// The komi goes to the server as typed, under the key of the unit chosen beside it: 7.5 means
// 7 1/2 stones or 3 3/4 stones only by that unit, and the server parses 3又3/4, 3 3/4, 3¾ and 3.75 alike.
function komiFields() {
  const points = $('komi-unit').value === 'points';
  const text = $('komi').value.trim() || (points ? '7.5' : '3.75');
  return points ? { komi_points: text } : { komi_stones: text };
}

function warningText(w) { return S.lang === 'zh' ? w.message_zh : w.message_en; }
function warningOf(c, code) { return ((c && c.warnings) || []).find(w => w.code === code); }

// An unusual komi (over 5 stones: often points typed as stones) stops the count until the
// referee confirms it; the answer holds for that komi until it changes.
function komiAccepted(c) {
  const w = warningOf(c, 'komi_unusual');
  if (!w) return true;
  const key = JSON.stringify(komiFields());
  if (S.komiConfirmed === key) return true;
  if (!window.confirm(t('komiConfirm', warningText(w)))) {
    clearCount();
    say(t('komiRefused'), true);
    return false;
  }
  S.komiConfirmed = key;
  return true;
}

const SHEET_CELLS = ['black-stones', 'white-stones', 'black-territory', 'white-territory', 'black-shared', 'white-shared',
  'black-total', 'white-total', 'par', 'komi-out'];
function clearCount() {
  S.count = null;
  $('verdict').textContent = $('check').textContent = $('komi-other').textContent = '';
  $('warnings').replaceChildren();
  for (const id of SHEET_CELLS) $(id).textContent = '–';
  showSummary();
}

// The verdict where the eye is: a bar fixed at the foot of the screen while the count page shows
// a count; a tap brings the sheet into view.
function showSummary() {
  const c = S.count, bar = $('summary-bar');
  bar.hidden = !c || $('page-count').hidden;
  if (!c) return;
  $('summary-verdict').textContent = S.lang === 'zh' ? c.verdict_zh : c.verdict_en;
  $('summary-totals').textContent = t('summaryTotals', [fmt(c.black.total), fmt(c.white.total)]);
  bar.classList.toggle('provisional', c.finished === false && !warningOf(c, 'no_game'));
}

function countBody() {
  return { board: S.board, dead: [...S.dead], rules: $('rules').value, ...komiFields(),
    handicap: parseInt($('handicap').value, 10) || 0 };
}

async function doCount() {
  if (!S.board) return;
  const seq = ++countSeq;
  try {
    const c = await api('POST', '/api/count', countBody());
    if (seq !== countSeq) return; // a newer count is on its way
    if (!komiAccepted(c)) return;
    S.count = c;
    S.dead = new Set(c.dead);
    showCount(c);
    drawBoard();
    if ($('status').classList.contains('error')) say(''); // an earlier failure no longer holds
  } catch (e) { if (seq === countSeq) fail(e); }
}

// Stones with quarters written as the count's own texts write them (its verdict and check
// line): 182又1/2 on the Chinese page, 182 1/2 on the English one, 1/4 alone.
function fmt(q) {
  const sign = q < 0 ? '-' : '', a = Math.abs(q), whole = Math.floor(a), frac = a - whole;
  const f = { 0.25: '1/4', 0.5: '1/2', 0.75: '3/4' }[frac] || '';
  if (!f) return sign + whole;
  return sign + (whole ? whole + (S.lang === 'zh' ? '又' : ' ') : '') + f;
}

// A komi in stones typed in either style (3又3/4, 3 3/4, 3¾, 3.75), in stones; NaN otherwise.
function stonesTyped(text) {
  const m = /^\s*(-?)(\d+)?\s*(?:又|\s|\+)?\s*(1\/4|1\/2|3\/4|¼|½|¾|\.\d+)?\s*$/.exec(text);
  if (!m || (!m[2] && !m[3])) return NaN;
  const frac = { '1/4': 0.25, '1/2': 0.5, '3/4': 0.75, '¼': 0.25, '½': 0.5, '¾': 0.75 }[m[3]] ?? (m[3] ? parseFloat(m[3]) : 0);
  return (m[1] ? -1 : 1) * ((+m[2] || 0) + frac);
}

function showCount(c) {
  // The warnings first (not finished and no game in red), then the verdict, red while it is
  // provisional.
  $('warnings').replaceChildren(...(c.warnings || []).map(w => {
    const li = document.createElement('li');
    li.className = 'warn-' + w.code;
    li.textContent = warningText(w);
    return li;
  }));
  $('verdict').textContent = S.lang === 'zh' ? c.verdict_zh : c.verdict_en;
  $('verdict').classList.toggle('provisional', c.finished === false && !warningOf(c, 'no_game'));
  $('komi-other').textContent = t('komiOther', [fmt(c.komi_stones), String(c.komi_stones * 2)]);
  for (const side of ['black', 'white']) {
    const v = c[side];
    $(`${side}-stones`).textContent = String(v.stones);
    $(`${side}-territory`).textContent = String(v.territory);
    $(`${side}-shared`).textContent = fmt(v.shared);
    $(`${side}-total`).textContent = fmt(v.total);
  }
  $('par').textContent = fmt(c.par) + ' ' + t('stones');
  $('komi-out').textContent = t('komiBoth', [fmt(c.komi_stones), String(c.komi_stones * 2)]);
  $('check').textContent = (S.lang === 'zh' ? c.check_zh : c.check_en) + ' · ' + t('deadN', c.dead.length);
  showSummary();
}

function startBoard(rows, uncertain, offPoint) {
  if (!S.board || S.board.length !== rows.length) S.zoom = -1;
  S.board = rows.slice();
  S.uncertain = new Set(uncertain || []);
  S.offPoint = new Set(offPoint || []);
  S.dead = new Set();
  S.count = null;
  S.decisive = [];
  showDecisive();
  $('board-area').hidden = false;
  drawBoard();
}

// The form of a photo upload: the count settings, and the corners when a person placed them.
function photoForm(corners, byId) {
  const form = new FormData();
  form.append('size', corners ? String(S.scan.size) : $('size').value);
  if (corners) form.append('corners', JSON.stringify(corners.map(([x, y]) => [Math.round(x * 10) / 10, Math.round(y * 10) / 10])));
  form.append('rules', $('rules').value);
  for (const [key, value] of Object.entries(komiFields())) form.append(key, value);
  form.append('handicap', $('handicap').value || '0');
  form.append('to_move', $('to-move').value); // who plays next decides some groups' fate
  // A re-fit names the photo the server kept from the last reading instead of sending it
  // again (a phone photo is megabytes over the school's Wi-Fi).
  if (byId) form.append('photo_id', S.scan.photo_id);
  else form.append('photo', S.photo, S.photo.name || 'board.jpg');
  return form;
}

// A busy server (503) does not lose the photo: it is kept and sent again by itself after a
// wait that grows (2, 4, 8, 15, then 30 s, or longer when the server asks for it), counted down
// on screen with a button that stops it. Resolves true to send again, false when stopped.
const BACKOFF_S = [2, 4, 8, 15, 30];
function waitBusy(attempt, retryAfter) {
  return new Promise(resolve => {
    let left = Math.max(BACKOFF_S[Math.min(attempt, BACKOFF_S.length - 1)], retryAfter || 0);
    const box = $('busy-box'), text = $('busy-text');
    $('photo-kept').src = S.photoUrl;
    box.hidden = false; $('busy-cancel').hidden = false; $('busy-retry').hidden = true;
    const show = () => { text.textContent = t('busyWait', [left, attempt + 1]); say(text.textContent, true); };
    show();
    const timer = setInterval(() => { if (--left <= 0) finish(true); else show(); }, 1000);
    const finish = again => {
      clearInterval(timer);
      S.busyWait = null;
      $('busy-cancel').hidden = true;
      if (again) box.hidden = true;
      resolve(again);
    };
    S.busyWait = finish;
  });
}

function stopBusyWait() {
  if (S.busyWait) S.busyWait(false);
  $('busy-box').hidden = true;
}

async function uploadKept(form, progress) {
  for (let attempt = 0; ; attempt++) {
    try { return await upload('/api/score', form, progress); } catch (e) {
      if (e.status !== 503) throw e;
      $('upload-progress').hidden = true;
      if (!(await waitBusy(attempt, e.retryAfter))) throw Object.assign(new Error(t('busyStopped')), { stopped: true });
      $('upload-progress').hidden = false;
      say(t('uploading'));
    }
  }
}

// Sends the photo to /api/score and shows what came back: overlay, diagram, dead stones, count.
async function readPhoto(corners) {
  if (corners && S.scan && S.scan.placed) S.scan.corners = corners.map(p => p.slice()); // kept if refused again
  const bar = $('upload-progress');
  bar.hidden = false; bar.value = 0;
  $('photo-frame').classList.add('busy');
  say(corners ? t('refitting') : t('uploading') + (S.lightened ? ` (${t('lightened', S.lightened)})` : ''));
  try {
    const progress = f => {
      bar.value = Math.round(f * 100);
      if (f >= 1) say(corners ? t('refitting') : t('reading'));
    };
    let r;
    if (corners && S.scan && S.scan.photo_id) {
      try { r = await uploadKept(photoForm(corners, true), progress); } catch (e) {
        if (e.status !== 404) throw e; // no longer kept: send the photo itself
      }
    }
    if (!r) r = await uploadKept(photoForm(corners, false), progress);
    // The position that was counted: the reading less any group without a liberty (which
    // cannot stand on a finished board; its points are among the uncertain ones).
    startBoard(r.count.ownership.map(row => row.replace(/[xX]/g, 'X').replace(/[oO]/g, 'O').replace(/[^XO]/g, '.')),
      r.scan.uncertain, r.scan.off_point);
    S.scan = r.scan;
    showPhoto(r.scan);
    S.dead = new Set(r.count.dead);
    S.decisive = (r.count.decisive && r.count.decisive.items) || [];
    showDecisive();
    if (komiAccepted(r.count)) {
      S.count = r.count;
      showCount(r.count);
    }
    drawBoard();
    S.reads++;
    const u = r.scan.uncertain.length, off = (r.scan.off_point || []).length;
    say(t('read') + (r.scan.reader === 'classifier' ? ' · ' + t('byClassifier') : '') +
      (u ? ' · ' + t('uncertainN', u) : '') + (off ? ' · ' + t('offPointN', off) : ''));
  } catch (e) {
    fail(e);
    if (e.stopped) { // the photo stays, with a button to send it again
      $('busy-box').hidden = false; $('busy-retry').hidden = false;
      S.retryCorners = corners;
      return;
    }
    if (!corners && e.code === 'no_board' && S.photo) await offerCorners(e.message, e.data);
    else if (S.scan) placeCorners(S.scan.corners); // the handles go back to the grid last read
  } finally { bar.hidden = true; $('photo-frame').classList.remove('busy'); }
}

// No board found in the photo: the photo is shown with four handles for a person to place on
// the grid's corners, and the board is read through them (the photo is not lost). The handles
// start on the refusal's `corners` (in the photo's pixels as displayed: the board's outline as
// the reader saw it, whatever size is chosen), else a fifth of the way in. Until a reading comes
// back, the size is the one chosen above, else the refusal's (19 when neither), and the diagram
// is an empty board of that size.
async function offerCorners(why, refused) {
  const img = new Image();
  img.src = S.photoUrl;
  try { await img.decode(); } catch (e) { return; } // not an image the browser shows either
  const w = img.naturalWidth, h = img.naturalHeight;
  const near = refused && refused.refused && Array.isArray(refused.corners) &&
    refused.corners.length === 4 && refused.image_width === w && refused.image_height === h;
  const n = +$('size').value || (near ? refused.size : 19);
  // the refusal's corners, each kept a little inside the photo (a lattice can reach
  // past its edge, and a handle there, or half over it, could not be taken hold of); where that
  // brings two together (a lattice mostly past the photo's edge), one could not be told from
  // the other: a fifth of the way in instead
  const inside = (v, side) => Math.min(Math.max(v, 0.03 * side), 0.97 * side);
  let corners = near ? refused.corners.map(([x, y]) => [inside(x, w), inside(y, h)]) : null;
  if (corners && corners.some((p, i) => corners.some((q, j) => j > i &&
      Math.hypot(p[0] - q[0], p[1] - q[1]) < 0.1 * Math.min(w, h)))) corners = null;
  S.scan = {
    placed: true, size: n, image_width: w, image_height: h, uncertain: [],
    corners: corners || [[0.2 * w, 0.2 * h], [0.8 * w, 0.2 * h], [0.8 * w, 0.8 * h], [0.2 * w, 0.8 * h]],
  };
  S.view = null;
  startBoard(Array(n).fill('.'.repeat(n)), []);
  clearCount(); // no count until a board is read: the last photo's must not stand beside this one
  showPhoto(S.scan);
  say(why + ' ' + t('placeCorners'), true);
}

// A new photo (whatever it turns out to be) leaves nothing of the last one on screen: no photo,
// no corner handles, no diagram, no count.
function resetPhoto() {
  clearTimeout(refitTimer);
  stopBusyWait();
  S.scan = null; S.view = null; S.corners = null; S.board = null; S.count = null;
  S.dead = new Set(); S.uncertain = new Set(); S.offPoint = new Set(); S.decisive = [];
  showDecisive();
  clearCount();
  $('photo-frame').querySelectorAll('.corner').forEach(h => h.remove());
  $('refit-grid').replaceChildren();
  $('overlay').removeAttribute('src');
  $('overlay-figure').hidden = true;
  $('diagram').replaceChildren();
  $('board-area').hidden = true;
}

// A phone photo is megabytes, slow over a school's Wi-Fi, and the reader works at
// config.photo_side pixels on the long side: a photo at least half as long again is scaled to
// that in a canvas and sent as a JPEG. A photo barely larger goes as it is (scaling it saves
// little, and its re-encoding can change an edge point), as does a file the browser cannot draw.
async function lighten(file) {
  const side = (S.config && S.config.photo_side) || 1000;
  let bmp;
  try { bmp = await createImageBitmap(file, { imageOrientation: 'from-image' }); } catch (e) { return file; }
  const long = Math.max(bmp.width, bmp.height);
  if (long < 1.5 * side) { bmp.close(); return file; }
  const f = side / long, canvas = document.createElement('canvas');
  canvas.width = Math.round(bmp.width * f);
  canvas.height = Math.round(bmp.height * f);
  const g = canvas.getContext('2d');
  g.imageSmoothingQuality = 'high';
  g.drawImage(bmp, 0, 0, canvas.width, canvas.height);
  bmp.close();
  const blob = await new Promise(done => canvas.toBlob(done, 'image/jpeg', 0.92));
  if (!blob || blob.size >= file.size) return file;
  return new File([blob], (file.name || 'board').replace(/\.[^.]*$/, '') + '.jpg', { type: 'image/jpeg' });
}

const sizeText = b => (b >= 1e6 ? `${(b / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(b / 1e3))} KB`);

async function onPhoto() {
  const file = $('photo').files[0];
  if (!file) return;
  resetPhoto();
  S.original = file;
  S.photo = await lighten(file);
  S.lightened = S.photo !== file ? `${sizeText(file.size)} → ${sizeText(S.photo.size)}` : '';
  if (S.photoUrl) URL.revokeObjectURL(S.photoUrl);
  S.photoUrl = URL.createObjectURL(S.photo);
  await readPhoto(null);
  $('photo').value = '';
}

// ------------------------------------------------------------ corners: drag to re-fit

// The photo (with the server's overlay when it is there) and the grid's four corners as
// handles. The frame shows the board's part of the photo (the corners' box and a margin) so
// that a small board in a wide photo is large enough to place corners on a phone; the view
// stays put while corners move and re-reads come back, unless a corner leaves it.
function showPhoto(scan) {
  const img = $('overlay'), frame = $('photo-frame');
  const out = v => !v || scan.corners.some(([x, y]) => x < v.x + 0.02 * v.w || x > v.x + 0.98 * v.w || y < v.y + 0.02 * v.h || y > v.y + 0.98 * v.h);
  if (!S.view || S.view.photo !== S.photoUrl || out(S.view)) S.view = viewAround(scan);
  const v = S.view;
  frame.style.aspectRatio = `${v.w} / ${v.h}`;
  img.style.width = `${(100 * scan.image_width) / v.w}%`;
  img.style.left = `${(-100 * v.x) / v.w}%`;
  img.style.top = `${(-100 * v.y) / v.h}%`;
  // The photo at once; the overlay (drawn after the reply) replaces it when it has loaded.
  if (img.getAttribute('src') !== S.photoUrl) img.src = S.photoUrl;
  if (scan.overlay_url) {
    const pre = new Image();
    pre.onload = () => { if (S.scan === scan) img.src = scan.overlay_url; };
    pre.src = scan.overlay_url;
  }
  $('refit-grid').setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
  $('overlay-figure').hidden = false;
  placeCorners(scan.corners);
}

// The corners' bounding box with a third of its size around it, within the photo.
function viewAround(scan) {
  const xs = scan.corners.map(p => p[0]), ys = scan.corners.map(p => p[1]);
  const mx = (Math.max(...xs) - Math.min(...xs)) / 3, my = (Math.max(...ys) - Math.min(...ys)) / 3;
  const x = Math.max(0, Math.min(...xs) - mx), y = Math.max(0, Math.min(...ys) - my);
  const w = Math.min(scan.image_width, Math.max(...xs) + mx) - x, h = Math.min(scan.image_height, Math.max(...ys) + my) - y;
  return { photo: S.photoUrl, x, y, w: Math.max(w, 1), h: Math.max(h, 1) };
}

// Maps the unit square onto the quadrilateral q (top-left, top-right, bottom-right,
// bottom-left): the projective grid a photo of a flat board shows.
function squareToQuad(q) {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = q;
  const dx1 = x1 - x2, dx2 = x3 - x2, dx3 = x0 - x1 + x2 - x3;
  const dy1 = y1 - y2, dy2 = y3 - y2, dy3 = y0 - y1 + y2 - y3;
  const den = dx1 * dy2 - dx2 * dy1;
  let g = 0, h = 0;
  if (Math.abs(den) > 1e-9) { g = (dx3 * dy2 - dx2 * dy3) / den; h = (dx1 * dy3 - dx3 * dy1) / den; }
  const a = x1 - x0 + g * x1, b = x3 - x0 + h * x3, d = y1 - y0 + g * y1, e = y3 - y0 + h * y3;
  return (u, v) => { const w = g * u + h * v + 1; return [(a * u + b * v + x0) / w, (d * u + e * v + y0) / w]; };
}

function drawRefitGrid() {
  const svg = $('refit-grid'), q = S.corners, n = S.scan ? S.scan.size : 0;
  svg.replaceChildren();
  if (!q || n < 2) return;
  const at = squareToQuad(q);
  for (let i = 1; i < n - 1; i++) {
    const f = i / (n - 1);
    for (const [p, r] of [[at(f, 0), at(f, 1)], [at(0, f), at(1, f)]])
      el('line', { x1: p[0], y1: p[1], x2: r[0], y2: r[1] }, svg);
  }
  el('polygon', { points: q.map(p => p.join(',')).join(' ') }, svg);
}

function labelCorners() {
  const names = tl('cornerNames');
  document.querySelectorAll('#photo-frame .corner').forEach(h => h.setAttribute('aria-label', t('cornerLabel', names[+h.dataset.corner])));
}

function placeCorners(corners) {
  S.corners = corners.map(p => p.slice());
  const frame = $('photo-frame');
  let handles = frame.querySelectorAll('.corner');
  if (handles.length !== 4) {
    for (let c = 0; c < 4; c++) frame.appendChild(cornerHandle(c));
    handles = frame.querySelectorAll('.corner');
    labelCorners();
  }
  handles.forEach(h => positionHandle(h));
  drawRefitGrid();
}

function positionHandle(h) {
  const [x, y] = S.corners[+h.dataset.corner], v = S.view;
  h.style.left = `${(100 * (x - v.x)) / v.w}%`;
  h.style.top = `${(100 * (y - v.y)) / v.h}%`;
}

// One handle: pointer events cover mouse, touch and pen; the board is read again on release
// (or a moment after the last arrow key), never during the drag.
let refitTimer = null;
function cornerHandle(c) {
  const h = document.createElement('button');
  h.type = 'button'; h.className = 'corner'; h.dataset.corner = String(c);
  const moveTo = ev => {
    const box = $('photo-frame').getBoundingClientRect();
    const fx = Math.min(1, Math.max(0, (ev.clientX - box.left) / box.width));
    const fy = Math.min(1, Math.max(0, (ev.clientY - box.top) / box.height));
    S.corners[c] = [S.view.x + fx * S.view.w, S.view.y + fy * S.view.h];
    positionHandle(h);
    drawRefitGrid();
  };
  h.addEventListener('pointerdown', ev => {
    if (!S.scan || !S.photo) return;
    ev.preventDefault();
    h.setPointerCapture(ev.pointerId);
    h.classList.add('dragging');
  });
  h.addEventListener('pointermove', ev => { if (h.classList.contains('dragging')) moveTo(ev); });
  const release = ev => {
    if (!h.classList.contains('dragging')) return;
    h.classList.remove('dragging');
    if (ev.type === 'pointerup') { moveTo(ev); readPhoto(S.corners); } else placeCorners(S.scan.corners);
  };
  h.addEventListener('pointerup', release);
  h.addEventListener('pointercancel', release);
  h.addEventListener('keydown', ev => {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[ev.key];
    if (!step || !S.scan || !S.photo) return;
    ev.preventDefault();
    const v = S.view, px = Math.max(v.w, v.h) / 200, [x, y] = S.corners[c];
    S.corners[c] = [Math.min(v.x + v.w, Math.max(v.x, x + step[0] * px)), Math.min(v.y + v.h, Math.max(v.y, y + step[1] * px))];
    positionHandle(h);
    drawRefitGrid();
    clearTimeout(refitTimer);
    refitTimer = setTimeout(() => readPhoto(S.corners), 700);
  });
  return h;
}

async function suggestDead() {
  if (!S.board) return say(t('needBoard'), true);
  say(t('counting'));
  try {
    const s = await api('POST', '/api/suggest-dead', { board: S.board, to_move: $('to-move').value });
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
    for (const [key] of columns) {
      const td = document.createElement('td'), v = r[key] === null || r[key] === undefined ? '' : String(r[key]);
      td.textContent = v;
      // A date split at its hyphens, or a 2-character name over two lines, is hard to read.
      if (/^\d{4}-\d\d-\d\d/.test(v) || /(^|_)name$|^borrower$|^number$/.test(key)) td.className = 'nowrap';
      tr.appendChild(td);
    }
    if (extra) { const td = document.createElement('td'); extra(r, td); tr.appendChild(td); }
    return tr;
  });
  table.replaceChildren(head, ...body);
}

async function loadMembers() {
  const r = await api('GET', '/api/club/members?status=active');
  S.members = r.members;
  const shown = $('members-status').value;
  const list = shown === 'active' ? S.members : (await api('GET', `/api/club/members?status=${shown}`)).members;
  const columns = [['number', t('number')], ['name', t('name')], ['grade', t('grade')], ['rank', t('rank')]];
  if (shown !== 'active') columns.push(['status', t('status')]);
  fillTable($('members-table'), list, columns,
    (m, td) => {
      const b = document.createElement('button'); b.type = 'button'; b.textContent = t('games');
      b.addEventListener('click', () => showMemberGames(m).catch(fail));
      td.appendChild(b);
      if (mayDo('admin secretary')) {
        const e = document.createElement('button'); e.type = 'button'; e.textContent = t('edit'); e.className = 'edit';
        e.addEventListener('click', () => editMember(m));
        td.append(' ', e);
      }
    });
  for (const id of ['save-black', 'save-white', 'enter-member']) {
    const sel = $(id), keep = sel.value;
    sel.replaceChildren(option('', t('choose')), ...S.members.map(m => option(m.id, `${m.name} (${m.number})`)));
    sel.value = keep;
  }
  for (const sel of [document.querySelector('#loan-form [name=member]'), document.querySelector('#dues-form [name=member]')]) {
    const keep = sel.value;
    sel.replaceChildren(option('', t('choose')), ...S.members.map(m => option(m.id, m.name)));
    sel.value = keep;
  }
}

// The secretary's form for one member: details, and the status with its reason.
async function editMember(row) {
  const f = $('member-edit');
  // The list leaves out the contact: take the whole record, so that saving keeps it.
  let m;
  try { m = (await api('GET', `/api/club/members/${row.id}`)).member; } catch (e) { return fail(e); }
  S.editing = m;
  $('member-edit-title').textContent = t('editing', m.name);
  for (const k of ['id', 'number', 'name', 'grade', 'contact']) f.elements[k].value = m[k] || '';
  f.elements.rank.value = m.rank === '-' ? '' : (m.rank || '');
  f.elements.status.value = m.status || 'active';
  f.elements.reason.value = '';
  f.hidden = false;
  f.scrollIntoView({ block: 'nearest' });
  f.elements.name.focus();
}

// A member's history: the games the club log holds for them, newest first.
async function showMemberGames(m) {
  S.gamesOf = m;
  const r = await api('GET', `/api/club/members/${m.id}`);
  $('member-games-title').textContent = t('gamesOf', m.name);
  // margins in the count's fraction style, as on the sheet (2又3/4, not 2.75)
  const games = r.games.map(g => Object.assign({}, g, { margin: g.margin === null || g.margin === undefined || g.margin === '' ? '' : fmt(+g.margin) }));
  fillTable($('member-games-table'), games, [['date', t('date')], ['black_name', t('black')], ['white_name', t('white')],
    ['winner', t('winner')], ['margin', t('margin')], ['by', t('by')]]);
  $('member-games').hidden = false;
}

// Check-ins belong to today's activity: until there is one (not cancelled), the names wait
// and the button that starts it shows.
async function loadCheckins() {
  const today = (await api('GET', '/api/club/activities')).activities.filter(a => !a.cancelled);
  const open = today.length > 0;
  $('checkin-wait').hidden = open;
  $('start-activity').hidden = open;
  $('checkin-buttons').hidden = !open;
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
  $('items-empty').hidden = items.items.length > 0;
  document.querySelector('#loan-form [name=item]').replaceChildren(option('', t('choose')),
    ...items.items.map(i => option(i.id, i.name)));
  const open = await api('GET', '/api/club/loans?open=1');
  fillTable($('loans-table'), open.loans, [['item_name', t('item')], ['borrower', t('borrower')], ['due_date', t('due')]], (loan, td) => {
    if (!mayDo('admin secretary teacher')) return; // returns are the desk's
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
  const sel = $('stocktake-item'), keep = sel.value;
  sel.replaceChildren(option('', t('choose')), ...items.items.map(i => option(i.id, i.name)));
  sel.value = keep;
  const st = await api('GET', '/api/club/stocktake');
  fillTable($('stocktake-table'), st.stocktake, [['name', t('item')], ['date', t('date')], ['expected', t('expected')],
    ['counted', t('counted')], ['difference', t('difference')]]);
}

// ------------------------------------------------------- schedule, dues, the charter

const isoDay = d => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const dayOffset = n => isoDay(new Date(Date.now() + n * 86400000));

async function loadSchedule() {
  if (!mayDo('admin secretary')) return;
  const r = await api('GET', `/api/club/activities?from=${dayOffset(-14)}&to=${dayOffset(42)}`);
  fillTable($('activities-table'), r.activities.filter(a => !a.cancelled), [['date', t('date')], ['start_time', t('time')], ['present', t('present')]],
    (a, td) => {
      const b = document.createElement('button'); b.type = 'button'; b.textContent = t('cancelBtn');
      b.addEventListener('click', async () => {
        if (!window.confirm(t('confirmCancel', a.date))) return;
        try { await api('POST', '/api/club/activities/cancel', { date: a.date }); say(t('cancelled')); await loadSchedule(); } catch (e) { fail(e); }
      });
      td.appendChild(b);
    });
}

async function loadDues() {
  if (!mayDo('admin secretary')) return;
  const r = await api('GET', `/api/club/dues?unpaid=${$('dues-unpaid').checked ? 1 : 0}`);
  fillTable($('dues-table'), r.dues, [['name', t('name')], ['school_year', t('schoolYear')], ['amount', t('amount')], ['paid_on', t('paid')]],
    (d, td) => {
      if (d.paid_on) return;
      const b = document.createElement('button'); b.type = 'button'; b.textContent = t('markPaid');
      b.addEventListener('click', async () => {
        try {
          await api('POST', '/api/club/dues', { member: d.member, school_year: d.school_year,
            amount_fen: Math.round(parseFloat(d.amount) * 100), paid_on: isoDay(new Date()) });
          say(t('done')); await loadDues();
        } catch (e) { fail(e); }
      });
      td.appendChild(b);
    });
}

async function loadRules() {
  const r = (await api('GET', '/api/club/rules')).rules, f = $('rules-form');
  S.rules = r;
  for (const k of ['withdraw', 'revoke', 'reward']) f.elements[k].checked = !!r[k];
  for (const k of ['withdraw_weeks', 'revoke_missed', 'late_minutes']) f.elements[k].value = r[k];
  f.querySelectorAll('input').forEach(i => { i.disabled = !mayDo('admin secretary'); });
  if (!$('rules-as-of').value) $('rules-as-of').value = isoDay(new Date());
  const w = await api('GET', '/api/club/rules/reward');
  fillTable($('reward-table'), w.reward, [['name', t('name')], ['activities', t('activities')]]);
}

// One line per change (a table is too narrow on a phone): who, from → to, the rule and when
// it was broken, and the club module's reason.
function showChanges(changes) {
  const st = s => t('st_' + s);
  $('rules-changes').replaceChildren(...changes.map(c => {
    const li = document.createElement('li'), who = document.createElement('strong'), why = document.createElement('small');
    who.textContent = c.name;
    // The club log words its reasons in English; in Chinese the rule is said from its settings,
    // the log's own words follow.
    const said = S.lang === 'zh' && S.rules ? t('why_' + c.rule, S.rules) : '';
    why.textContent = said && said !== 'why_' + c.rule ? `${said}（${c.reason}）` : c.reason;
    li.append(who, ` ${st(c.from)} → ${st(c.to)} · ${t(c.rule)} · ${c.date}`, document.createElement('br'), why);
    return li;
  }));
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
  const en = S.lang === 'en' ? 'lang=en' : '';
  $('print-standings').href = `/api/club/events/${id}/standings.html${en ? '?' + en : ''}`;
  const s = await api('GET', `/api/club/events/${id}/standings`);
  fillTable($('standings-table'), s.standings, [['place', t('place')], ['name', t('name')], ['points', t('points')],
    ['tiebreak_sb', t('sb')], ['warnings', t('warnings')]]);
  $('print-pairings').href = `/api/club/events/${id}/pairings.html${en ? '?' + en : ''}`;
  $('projector-standings').href = `/api/club/events/${id}/standings.html?projector=1${en ? '&' + en : ''}`;
  const p = await api('GET', `/api/club/events/${id}/pairings`);
  S.pairings = p.pairings;
  showRoundProgress();
  // A game not played yet takes its result here (the referee's paper sheet, typed in).
  fillTable($('pairings-table'), p.pairings, [['round', t('round')], ['board', t('board')], ['black_name', t('black')],
    ['white_name', t('white')], ['result', t('result')]], (g, td) => {
    if (g.result !== '' || !g.white) return;
    const sel = document.createElement('select'), how = document.createElement('select'), margin = document.createElement('input');
    sel.className = 'winner'; how.className = 'by';
    sel.setAttribute('aria-label', t('result'));
    sel.append(option('B', t('bWins')), option('W', t('wWins')), option('draw', t('draw')));
    how.setAttribute('aria-label', t('by'));
    how.append(option('resign', t('byResign')), option('count', t('byCount')), option('time', t('byTime')), option('forfeit', t('byForfeit')));
    // A win on the count carries its margin (in stones, quarters allowed); the others do not.
    Object.assign(margin, { type: 'number', min: '0.25', step: '0.25', placeholder: t('margin'), hidden: true, className: 'margin' });
    margin.setAttribute('aria-label', t('margin'));
    margin.size = 4;
    const sync = () => { how.hidden = sel.value === 'draw'; margin.hidden = how.hidden || how.value !== 'count'; };
    sel.addEventListener('change', sync); how.addEventListener('change', sync);
    const b = document.createElement('button'); b.type = 'button'; b.className = 'enter-result'; b.textContent = t('enterResult');
    b.addEventListener('click', async () => {
      const body = sel.value === 'draw' ? { winner: 'draw', by: 'draw' } : { winner: sel.value, by: how.value };
      if (body.by === 'count') body.margin_stones = parseFloat(margin.value);
      try { await api('POST', `/api/club/results/${g.game}`, body); say(t('saved')); await loadStandings(); } catch (e) { fail(e); }
    });
    const photo = document.createElement('button');
    photo.type = 'button'; photo.className = 'score-photo'; photo.textContent = t('scorePhoto');
    photo.addEventListener('click', () => scoreFromPhoto(g));
    td.append(photo, ' ', sel, ' ', how, ' ', margin, ' ', b);
  });
}

// The round a teacher is scoring (the first with a game still pending, else the last): how many
// of its boards have a result, and which are left.
function showRoundProgress() {
  const games = (S.pairings || []).filter(g => g.white);
  const pending = games.filter(g => g.result === '');
  const round = pending.length ? Math.min(...pending.map(g => g.round)) : Math.max(0, ...games.map(g => g.round));
  const inRound = games.filter(g => g.round === round);
  $('round-progress').textContent = inRound.length ? t('roundProgress', { round, done: inRound.filter(g => g.result !== '').length,
    total: inRound.length, left: inRound.filter(g => g.result === '').map(g => t('boardLeft', g)) }) : '';
}

// ------------------------------------------------------- a round scored from photos

// One pending game of a round counted from a photo: the count page, told which game it is;
// confirming makes the count that game's result (with the count and the photo's SHA-256).
function scoreFromPhoto(g) {
  S.scoring = Object.assign({ event: +$('event-pick').value }, g);
  resetPhoto();
  S.photo = null; S.original = null;
  $('size').value = '0'; // each game's board found afresh, whatever the last photo needed
  $('scoring-game').textContent = t('scoringGame', g);
  $('scoring').hidden = false;
  $('save-form').hidden = true;
  showTab('count');
  window.scrollTo(0, 0);
  $('photo').click(); // the camera at once (a tap's own gesture)
}

function endScoring() {
  S.scoring = null;
  $('scoring').hidden = true;
  $('save-form').hidden = false;
}

// SHA-256 of a file as hex: the browser's own where the page is a secure context, else sha256js.
async function sha256Hex(file) {
  const data = new Uint8Array(await file.arrayBuffer());
  const bytes = window.crypto && crypto.subtle ? new Uint8Array(await crypto.subtle.digest('SHA-256', data)) : sha256js(data);
  return [...bytes].map(b => b.toString(16).padStart(2, '0')).join('');
}

// FIPS 180-4 SHA-256, for a page served over plain HTTP on the club's network (crypto.subtle
// exists only in secure contexts).
function sha256js(data) {
  const K = [], H = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  const frac = x => ((x - Math.floor(x)) * 0x100000000) >>> 0;
  for (let n = 2; K.length < 64; n++) {
    let prime = true;
    for (let d = 2; d * d <= n; d++) if (n % d === 0) { prime = false; break; }
    if (prime) K.push(frac(Math.cbrt(n)));
  }
  const len = data.length, total = ((len + 9 + 63) >> 6) << 6, m = new Uint8Array(total);
  m.set(data); m[len] = 0x80;
  const dv = new DataView(m.buffer);
  dv.setUint32(total - 8, Math.floor(len / 0x20000000)); dv.setUint32(total - 4, (len * 8) >>> 0);
  const w = new Uint32Array(64), rot = (x, r) => (x >>> r) | (x << (32 - r));
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = dv.getUint32(off + 4 * i);
    for (let i = 16; i < 64; i++) {
      const s0 = rot(w[i - 15], 7) ^ rot(w[i - 15], 18) ^ (w[i - 15] >>> 3), s1 = rot(w[i - 2], 17) ^ rot(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, h] = H;
    for (let i = 0; i < 64; i++) {
      const t1 = (h + (rot(e, 6) ^ rot(e, 11) ^ rot(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
      const t2 = ((rot(a, 2) ^ rot(a, 13) ^ rot(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      h = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
    }
    [a, b, c, d, e, f, g, h].forEach((v, i) => { H[i] = (H[i] + v) >>> 0; });
  }
  const out = new Uint8Array(32);
  H.forEach((v, i) => { out[4 * i] = v >>> 24; out[4 * i + 1] = (v >>> 16) & 255; out[4 * i + 2] = (v >>> 8) & 255; out[4 * i + 3] = v & 255; });
  return out;
}

async function confirmScored() {
  const g = S.scoring;
  if (!g) return;
  if (!S.count) return say(t('needBoard'), true);
  const noGame = warningOf(S.count, 'no_game');
  if (noGame) return say(warningText(noGame), true);
  if (S.count.finished === false && !window.confirm(t('saveNotFinished'))) return;
  const c = countBody();
  // The pairing fixed the colours: the photo's Black is the pairing's Black, so the count's
  // winner and margin are the result as they stand.
  const body = { count: S.count, position: S.board, handicap: c.handicap, rules: c.rules === '1988' ? 'chinese-1988' : 'chinese' };
  try {
    if (S.original && S.scan && !S.scan.placed) body.photo_sha256 = await sha256Hex(S.original);
    await api('POST', `/api/club/results/${g.game}`, body);
    const verdict = S.lang === 'zh' ? S.count.verdict_zh : S.count.verdict_en;
    endScoring();
    showTab('club');
    showSub('events');
    $('event-pick').value = String(g.event);
    await loadStandings();
    say(t('scoredOk', Object.assign({ verdict }, g)));
  } catch (e) { fail(e); }
}

async function refreshClub() {
  const signed = !!S.user;
  $('club-need-login').hidden = signed;
  document.querySelectorAll('#page-club .sub, #page-club .subtabs').forEach(e => { e.classList.toggle('visually-hidden', !signed); });
  $('save-need-login').hidden = signed;
  $('save-form').querySelectorAll('select, button').forEach(e => { e.disabled = !signed; });
  applyRoles();
  if (!signed || !S.config || !S.config.modules.club) return;
  try {
    await loadMembers(); await loadCheckins(); await loadEvents(); await loadLoans();
    await loadSchedule(); await loadDues(); await loadRules();
  } catch (e) { fail(e); }
}

// What the signed-in role may do (the server checks every call; this only hides the forms).
function mayDo(roles) { return !!S.user && roles.split(' ').includes(S.user.role); }
function applyRoles() {
  document.querySelectorAll('[data-roles]').forEach(e => e.classList.toggle('role-hidden', !mayDo(e.dataset.roles)));
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
  if (S.user && S.user.role === 'admin') await loadUsers().catch(fail);
  await refreshClub();
}

// The administrator's accounts: one block per account (a table of buttons is too wide for a
// phone) with its role and state in words, and what may be done to it. The server refuses
// what would leave no administrator.
const ROLES = ['teacher', 'referee', 'secretary', 'admin'];
async function loadUsers() {
  const u = await api('GET', '/api/users');
  $('users-list').replaceChildren(...u.users.map(user => {
    const li = document.createElement('li'), head = document.createElement('p'), tools = document.createElement('div');
    li.dataset.name = user.name;
    const me = S.user && user.id === S.user.id;
    const name = document.createElement('strong');
    name.textContent = user.name + (me ? t('you') : '');
    const state = document.createElement('span');
    state.className = 'state' + (user.disabled ? ' off' : '');
    state.textContent = `${t(user.role)} · ${user.disabled ? t('disabledState') : t('enabled')}`;
    head.append(name, ' ', state);
    tools.className = 'row';
    const role = document.createElement('select');
    role.className = 'role'; role.setAttribute('aria-label', t('role'));
    role.append(...ROLES.map(r => option(r, t(r))));
    role.value = user.role;
    role.addEventListener('change', async () => {
      if (!window.confirm(t('confirmRole', { name: user.name, role: t(role.value) }))) { role.value = user.role; return; }
      await changeUser(user, { role: role.value }, t('roleChanged', user.name));
    });
    const toggle = document.createElement('button');
    toggle.type = 'button'; toggle.className = 'toggle secondary';
    toggle.textContent = user.disabled ? t('enable') : t('disable');
    toggle.addEventListener('click', async () => {
      if (!user.disabled && !window.confirm(t('confirmDisable', user.name))) return;
      await changeUser(user, { disabled: !user.disabled }, t('done'));
    });
    const reset = document.createElement('form');
    reset.className = 'reset-pw row';
    const pw = Object.assign(document.createElement('input'), { type: 'password', name: 'password', minLength: 10, required: true,
      autocomplete: 'new-password', placeholder: t('newPassword') });
    pw.setAttribute('aria-label', t('newPassword'));
    const go = Object.assign(document.createElement('button'), { type: 'submit', textContent: t('resetPassword') });
    reset.append(pw, go);
    reset.addEventListener('submit', async ev => {
      ev.preventDefault();
      await changeUser(user, { password: pw.value }, t('passwordReset', user.name));
    });
    tools.append(role, toggle);
    if (!me) {
      const del = Object.assign(document.createElement('button'), { type: 'button', className: 'delete secondary', textContent: t('deleteAccount') });
      del.addEventListener('click', async () => {
        if (!window.confirm(t('confirmDelete', user.name))) return;
        try { await api('DELETE', `/api/users/${user.id}`); say(t('accountDeleted', user.name)); await loadUsers(); } catch (e) { fail(e); }
      });
      tools.append(del);
    }
    li.append(head, tools, reset);
    return li;
  }));
}

async function changeUser(user, body, done) {
  try {
    await api('POST', `/api/users/${user.id}`, body);
    say(done);
    // a change to one's own account signs it out everywhere, this page too
    if (S.user && user.id === S.user.id) await refreshMe(); else await loadUsers();
  } catch (e) { fail(e); await loadUsers().catch(() => {}); }
}

function formObject(form) { return Object.fromEntries(new FormData(form).entries()); }

function showTab(name) {
  for (const n of ['count', 'club', 'account']) {
    $('page-' + n).hidden = n !== name;
    $('tab-' + n).setAttribute('aria-selected', n === name ? 'true' : 'false');
  }
  showSummary();
}

function wire() {
  for (const n of ['count', 'club', 'account']) $('tab-' + n).addEventListener('click', () => showTab(n));
  $('lang').addEventListener('click', async () => {
    S.lang = S.lang === 'zh' ? 'en' : 'zh'; localStorage.setItem('goref-lang', S.lang); applyLang();
    showDecisive();
    await refreshClub();
    if (S.gamesOf && !$('member-games').hidden) showMemberGames(S.gamesOf).catch(fail); // its headings too
  });
  $('photo').addEventListener('change', onPhoto);
  document.querySelectorAll('#zoom-row button').forEach(b => b.addEventListener('click', () => {
    S.zoom = +b.dataset.zoom;
    if (S.board) drawBoard();
  }));
  document.querySelectorAll('input[name=mode]').forEach(r => r.addEventListener('change', () => { if (S.board) captionDiagram(); }));
  $('scoring-confirm').addEventListener('click', confirmScored);
  $('scoring-back').addEventListener('click', () => { endScoring(); showTab('club'); showSub('events'); });
  $('summary-bar').addEventListener('click', () => $('result').scrollIntoView({ block: 'start', behavior: 'smooth' }));
  $('busy-cancel').addEventListener('click', () => { if (S.busyWait) S.busyWait(false); });
  $('busy-retry').addEventListener('click', () => {
    $('busy-box').hidden = true;
    if (S.photo) readPhoto(S.retryCorners || null);
  });
  $('size').addEventListener('change', () => { // corners being placed: the grid drawn follows the size
    if (!S.scan || !S.scan.placed || !+$('size').value) return;
    S.scan.size = +$('size').value;
    startBoard(Array(S.scan.size).fill('.'.repeat(S.scan.size)), []);
    drawRefitGrid();
  });
  document.querySelectorAll('[data-empty]').forEach(b => b.addEventListener('click', () => {
    const n = +b.dataset.empty;
    startBoard(Array(n).fill('.'.repeat(n)), []);
    $('overlay-figure').hidden = true;
    S.scan = null;
    document.querySelector('input[name=mode][value=edit]').checked = true;
    captionDiagram();
    recount();
  }));
  $('suggest').addEventListener('click', suggestDead);
  $('clear-dead').addEventListener('click', () => { S.dead.clear(); drawBoard(); recount(); });
  $('rules').addEventListener('change', () => {
    const quarters = $('rules').value === '1988' ? 11 : 15;
    $('komi').value = $('komi-unit').value === 'points' ? String(quarters / 2) : fmt(quarters / 4);
    recount();
  });
  $('komi').addEventListener('input', recount);
  // Switching the unit keeps the komi: the value last counted, written in the other unit.
  $('komi-unit').addEventListener('change', () => {
    if (S.count) $('komi').value = $('komi-unit').value === 'points' ? String(S.count.komi_stones * 2) : fmt(S.count.komi_stones);
    recount();
  });
  $('handicap').addEventListener('input', recount);
  $('save-form').addEventListener('submit', async ev => {
    ev.preventDefault();
    if (!S.count) return say(t('needBoard'), true);
    const noGame = warningOf(S.count, 'no_game');
    if (noGame) return say(warningText(noGame), true);
    const black = +$('save-black').value, white = +$('save-white').value;
    if (!black || !white) return;
    if (black === white) return say(t('samePlayer'), true);
    if (S.count.finished === false && !window.confirm(t('saveNotFinished'))) return;
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
  $('items-empty-add').addEventListener('click', () => {
    const box = $('add-item-box');
    box.open = true;
    box.scrollIntoView({ block: 'start' });
    box.querySelector('[name=name]').focus();
  });
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
  $('members-status').addEventListener('change', () => loadMembers().catch(fail));
  $('member-edit-close').addEventListener('click', () => { $('member-edit').hidden = true; });
  $('member-edit').addEventListener('submit', async ev => {
    ev.preventDefault();
    const f = formObject(ev.target);
    try {
      await api('POST', `/api/club/members/${f.id}`, { number: f.number, name: f.name, grade: f.grade, rank: f.rank, contact: f.contact });
      say(t('done')); ev.target.hidden = true; await loadMembers();
    } catch (e) { fail(e); }
  });
  $('member-status-save').addEventListener('click', async () => {
    const f = $('member-edit').elements, m = S.editing;
    if (!m || !window.confirm(t('confirmStatus', { name: m.name, status: t('st_' + f.status.value) }))) return;
    try {
      await api('POST', `/api/club/members/${m.id}/status`, { status: f.status.value, reason: f.reason.value });
      say(t('done')); $('member-edit').hidden = true; await loadMembers(); await loadCheckins();
    } catch (e) { fail(e); }
  });
  $('stocktake-form').addEventListener('submit', async ev => {
    ev.preventDefault();
    const f = formObject(ev.target);
    try { await api('POST', '/api/club/stocktake', { item: +f.item, counted: +f.counted }); ev.target.reset(); say(t('done')); await loadLoans(); } catch (e) { fail(e); }
  });
  $('withdraw').addEventListener('click', async () => {
    const id = $('event-pick').value, member = +$('enter-member').value;
    const m = S.members.find(x => x.id === member);
    if (!id || !m || !window.confirm(t('confirmWithdraw', m.name))) return;
    // After the last round whose results are all in (Article 29: later games are forfeits).
    const rounds = new Map();
    for (const g of S.pairings || []) rounds.set(g.round, (rounds.get(g.round) ?? true) && g.result !== '');
    let after = 0;
    for (const [r, done] of [...rounds].sort((a, b) => a[0] - b[0])) { if (!done) break; after = r; }
    try { await api('POST', `/api/club/events/${id}/withdraw`, { member, after_round: after }); say(t('done')); await loadStandings(); } catch (e) { fail(e); }
  });
  $('schedule-form').addEventListener('submit', async ev => {
    ev.preventDefault();
    const f = formObject(ev.target);
    try { await api('POST', '/api/club/schedule', { weekday: +f.weekday, start: f.start, from: f.from }); say(t('done')); } catch (e) { fail(e); }
  });
  $('generate-form').addEventListener('submit', async ev => {
    ev.preventDefault();
    const f = formObject(ev.target);
    try { const r = await api('POST', '/api/club/schedule/generate', { from: f.from, to: f.to }); say(t('created', r.created)); await loadSchedule(); } catch (e) { fail(e); }
  });
  for (const f of ['#schedule-form [name=from]', '#generate-form [name=from]']) document.querySelector(f).value = isoDay(new Date());
  document.querySelector('#generate-form [name=to]').value = dayOffset(28);
  $('dues-form').addEventListener('submit', async ev => {
    ev.preventDefault();
    const f = formObject(ev.target);
    const body = { member: +f.member, school_year: f.school_year, amount_fen: Math.round((+f.amount || 0) * 100) };
    if (f.paid_on) body.paid_on = f.paid_on;
    try { await api('POST', '/api/club/dues', body); say(t('done')); await loadDues(); } catch (e) { fail(e); }
  });
  $('dues-unpaid').addEventListener('change', () => loadDues().catch(fail));
  $('rules-form').addEventListener('submit', async ev => {
    ev.preventDefault();
    const f = ev.target.elements;
    try {
      await api('POST', '/api/club/rules', { withdraw: f.withdraw.checked, revoke: f.revoke.checked, reward: f.reward.checked,
        withdraw_weeks: +f.withdraw_weeks.value, revoke_missed: +f.revoke_missed.value, late_minutes: +f.late_minutes.value });
      say(t('done')); await loadRules();
    } catch (e) { fail(e); }
  });
  // The charter in two steps: a preview that writes nothing, then the same as-of date applied.
  $('rules-preview').addEventListener('click', async () => {
    try {
      const r = await api('POST', '/api/club/rules/apply', { as_of: $('rules-as-of').value, dry_run: true });
      S.preview = r;
      showChanges(r.changes);
      $('rules-summary').textContent = t('previewN', r.changes.length);
      $('rules-apply').disabled = r.changes.length === 0;
    } catch (e) { fail(e); }
  });
  $('rules-as-of').addEventListener('change', () => { $('rules-apply').disabled = true; S.preview = null; });
  $('rules-apply').addEventListener('click', async () => {
    const p = S.preview;
    if (!p || !window.confirm(t('confirmApply', p.changes.length))) return;
    try {
      const r = await api('POST', '/api/club/rules/apply', { as_of: p.as_of, dry_run: false });
      showChanges(r.changes);
      $('rules-summary').textContent = t('appliedN', r.changes.length);
      $('rules-apply').disabled = true; S.preview = null;
      await loadMembers(); await loadCheckins();
    } catch (e) { fail(e); }
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
  $('password-form').addEventListener('submit', async ev => {
    ev.preventDefault();
    const f = formObject(ev.target);
    if (f.new !== f.again) return say(t('passwordsDiffer'), true);
    try {
      await api('POST', '/api/me/password', { old: f.old, new: f.new });
      ev.target.reset(); $('password-box').open = false; say(t('passwordChanged'));
    } catch (e) { fail(e); }
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
