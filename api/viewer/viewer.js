// The replay viewer (issue 14). It draws the step views the service computes
// (GET /v1/games/<id>/views/<step>, POST /v1/views) and holds no rule of the game: every
// verdict, count, strength and name comes from the answer. Text from a log (player names)
// only ever reaches the page as text (textContent), never as markup.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const COLORS = ["#b91c1c", "#1d4ed8", "#15803d", "#a16207", "#7e22ce", "#0f766e"];  // by seat
const UI = {
  en: {
    title: "Dune Adjudicator — replay viewer", skip: "Skip to the game", open: "Open a game", sample: "Sample game",
    choose: "— choose —", stored: "Stored game id", tournament: "Tournament id (standings)",
    token: "Your token (a seat's or the uploader's)",
    paste: "Paste a log or a position (JSON)", upload: "Or upload a file", openButton: "Open",
    standings: "Standings", timeline: "Timeline", step: "Step", prev: "Previous action", next: "Next action",
    keys: "Arrow keys step through the game; the address names this game and step.", link: "Link to this moment",
    verdict: "Verdict", citations: "Citations", judged: "Judges' rulings", decidedBy: "Decided by", timingGraph: "The turn's timing graph", board: "Board",
    players: "Players", row: "Imperium Row", contracts: "CHOAM contracts", endgame: "Result",
    legal: "legal", illegal: "illegal", unverifiable: "unverifiable", conditional: "after an illegal action",
    stepOf: (n, m) => `Action ${n} of 0–${m}`, page: "p.", noMessage: "No objection: the action is legal.",
    violated: (a, b) => `Violated edge: “${b}” cannot come before “${a}” is resolved.`,
    window: (w) => `Played in the timing window “${w}”, which does not allow it.`,
    spaces: "Board spaces", agents: "Agents", spies: "Spies", control: "control", bonusSpice: "bonus spice",
    shieldWall: "Shield Wall", standing: "standing", destroyed: "destroyed", influence: "Influence",
    alliance: "Alliance", vpTrack: "Victory points", tracksLabel: "Influence and victory points", conflict: "Conflict", noConflict: "No Conflict card revealed",
    troops: "troops", sandworms: "sandworms", strength: "strength", level: "level", leader: "Leader",
    commanders: "Sardaukar Commanders (supply / garrison / Conflict)", skills: "Skills", tech: "Tech tiles",
    flipped: "used this round", commandersShort: "Commanders",
    tleilax: "Bene Tleilax board", researchTrack: "Research track", markerCol: "genetic marker",
    tleilaxuTrack: "Tleilaxu track", tanks: "Axolotl tanks", specimens: "Specimens", tleilaxuRow: "Tleilaxu Row",
    research: "Research space", geneticMarkers: "Genetic markers", tleilaxu: "Tleilaxu track", atomics: "Family Atomics",
    held: "held", spent: "spent", spiceThere: "spice on the VP space",
    vp: "VP", solari: "Solari", spice: "Spice", water: "Water", garrison: "Garrison", inConflict: "In the Conflict",
    supply: "Supply", agentsPlaced: "Agents placed", spiesLeft: "Spies in supply", hand: "Hand",
    intrigue: "Intrigue", inPlay: "In play", persuasion: "Persuasion", swords: "Swords", alliances: "Alliances",
    hidden: (n) => `${n} hidden`, none: "none", finished: "The game is over.", notFinished: "The game is not over.",
    winner: "Winner", place: "Place", player: "Player", tiebreak: "Spice / Solari / water / garrison",
    valid: "Every action is legal.", invalid: (i) => `Invalid: the first illegal action is action ${i}.`,
    points: "Points", wins: "Wins", games: "Games", rank: "Rank", invalidGames: "Invalid games",
    gameWord: "Game", firstIllegal: "First illegal action", openAt: (i) => `open at action ${i}`,
    publicView: "Public view: hidden information is not shown.", viewOf: (p) => `${p}'s view`,
    round: "Round", loading: "Loading…", noInvalid: "No invalid games.", viewAs: "View as",
    everyone: "everything the log shows", vpChart: "Victory points by round", endShort: "end",
    researchAt: (c, r) => `column ${c}, row ${r}`,
    highCouncil: "High Council", rewards: "Rewards", placeNow: "place now", controlsSpace: "the winner controls",
    shieldWallCard: "protected by the Shield Wall", dreadnoughts: "Dreadnoughts", shipping: "Shipping track",
    freighter: "Freighter", negotiators: "Negotiators on Ix", techStacks: "Tech tiles for sale",
    dreadnoughtOn: (space) => `dreadnought controls ${space}`, ix: "Rise of Ix",
    logOf: "Whose actions", allPlayers: "every player", chance: "chance (cards dealt, dice)",
    shown: (n, m) => `${n} of ${m} actions shown`, spiceChart: "Spice by round", solariChart: "Solari by round",
    winRates: "Win rates", byLeader: "Win rate by leader", bySeat: "Win rate by seat", seatWord: "Seat",
    rateOf: (w, g, lo, hi) => `${w} of ${g} won; 95% interval ${lo}–${hi} %`, noRates: "No finished valid game yet.",
    criteria: {points: "points", wins: "wins", "solo-wins": "wins alone", places: "places", opponents: "opponents",
               tied: "tied on every criterion"},
  },
  ru: {
    title: "Dune Adjudicator — просмотр партии", skip: "К партии", open: "Открыть партию", sample: "Пример партии",
    choose: "— выбрать —", stored: "Номер сохранённой партии", tournament: "Номер турнира (таблица)",
    token: "Ваш ключ (места за столом или загрузившего)",
    paste: "Вставьте запись партии или позицию (JSON)", upload: "Или загрузите файл", openButton: "Открыть",
    standings: "Турнирная таблица", timeline: "Ход партии", step: "Шаг", prev: "Предыдущее действие",
    next: "Следующее действие", keys: "Стрелки листают партию; адрес страницы называет партию и шаг.",
    link: "Ссылка на этот момент", verdict: "Решение", citations: "Ссылки на правила", judged: "Решения судей",
    decidedBy: "Решено по",
    timingGraph: "Граф порядка хода", board: "Поле", players: "Игроки", row: "Ряд Империи",
    contracts: "Контракты CHOAM", endgame: "Итог",
    legal: "допустимо", illegal: "недопустимо", unverifiable: "не проверить", conditional: "после недопустимого",
    stepOf: (n, m) => `Действие ${n} из 0–${m}`, page: "с.", noMessage: "Возражений нет: действие допустимо.",
    violated: (a, b) => `Нарушенное ребро: «${b}» не может идти раньше, чем выполнено «${a}».`,
    window: (w) => `Сыграно в окне «${w}», где это нельзя.`,
    spaces: "Области поля", agents: "Агенты", spies: "Шпионы", control: "контроль", bonusSpice: "бонусная пряность",
    shieldWall: "Щит-стена", standing: "стоит", destroyed: "разрушена", influence: "Влияние",
    alliance: "Союз", vpTrack: "Победные очки", tracksLabel: "Влияние и победные очки", conflict: "Конфликт", noConflict: "Карта конфликта не открыта",
    troops: "войска", sandworms: "черви", strength: "сила", level: "уровень", leader: "Лидер",
    commanders: "Командиры сардаукаров (запас / гарнизон / конфликт)", skills: "Навыки", tech: "Технологии",
    flipped: "использована в этом раунде", commandersShort: "командиры",
    tleilax: "Поле Бене Тлейлакс", researchTrack: "Трек исследований", markerCol: "генетический маркер",
    tleilaxuTrack: "Трек тлейлаксу", tanks: "Аксолотлевые чаны", specimens: "Образцы", tleilaxuRow: "Ряд тлейлаксу",
    research: "Клетка исследований", geneticMarkers: "Генетические маркеры", tleilaxu: "Трек тлейлаксу",
    atomics: "Семейная атомика", held: "есть", spent: "использована", spiceThere: "пряности на клетке ПО",
    vp: "ПО", solari: "Солярии", spice: "Пряность", water: "Вода", garrison: "Гарнизон", inConflict: "В конфликте",
    supply: "Запас", agentsPlaced: "Агентов на поле", spiesLeft: "Шпионов в запасе", hand: "Рука",
    intrigue: "Интриги", inPlay: "Сыграно", persuasion: "Убеждение", swords: "Мечи", alliances: "Союзы",
    hidden: (n) => `скрыто: ${n}`, none: "нет", finished: "Игра окончена.", notFinished: "Игра не окончена.",
    winner: "Победитель", place: "Место", player: "Игрок", tiebreak: "Пряность / солярии / вода / гарнизон",
    valid: "Все действия допустимы.", invalid: (i) => `Партия недействительна: первое недопустимое действие — ${i}.`,
    points: "Очки", wins: "Победы", games: "Партии", rank: "Место", invalidGames: "Недействительные партии",
    gameWord: "Партия", firstIllegal: "Первое недопустимое действие", openAt: (i) => `открыть на действии ${i}`,
    publicView: "Открытый вид: скрытые сведения не показаны.", viewOf: (p) => `Вид игрока ${p}`,
    round: "Раунд", loading: "Загрузка…", noInvalid: "Недействительных партий нет.", viewAs: "Глазами игрока",
    everyone: "всё, что есть в записи", vpChart: "Победные очки по раундам", endShort: "конец",
    researchAt: (c, r) => `столбец ${c}, ряд ${r}`,
    highCouncil: "Высший совет", rewards: "Награды", placeNow: "место сейчас", controlsSpace: "победитель контролирует",
    shieldWallCard: "под защитой Щит-стены", dreadnoughts: "Дредноуты", shipping: "Трек перевозок",
    freighter: "Грузовой корабль", negotiators: "Переговорщики на Иксе", techStacks: "Технологии на продажу",
    dreadnoughtOn: (space) => `дредноут контролирует: ${space}`, ix: "Возвышение Икса",
    logOf: "Чьи действия", allPlayers: "все игроки", chance: "случай (сдача карт, кубики)",
    shown: (n, m) => `показано действий: ${n} из ${m}`, spiceChart: "Пряность по раундам",
    solariChart: "Солярии по раундам",
    winRates: "Доля побед", byLeader: "Доля побед по лидерам", bySeat: "Доля побед по местам за столом",
    seatWord: "Место", rateOf: (w, g, lo, hi) => `побед: ${w} из ${g}; 95-процентный интервал ${lo}–${hi} %`,
    noRates: "Завершённых действительных партий пока нет.",
    criteria: {points: "очки", wins: "победы", "solo-wins": "победы без союзника", places: "места",
               opponents: "соперники", tied: "равенство по всем показателям"},
  },
};

const app = {lang: "en", viewer: "", filter: "", source: null, step: 0, steps: 0, view: null, timeline: null, groups: null,
             colors: {}, names: {}, pending: null, timer: null};
const $ = (id) => document.getElementById(id);
const t = (key) => UI[app.lang][key];

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    node.setAttribute(k, v);
    // a player's colour through the CSSOM, which the strict CSP allows (a style attribute it blocks)
    if (k === "data-swatch") node.style.setProperty("--swatch", v);
  }
  for (const c of children) node.append(c);
  return node;
}

function svgEl(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

function svgRoot(width, height, label) {
  const svg = svgEl("svg", {viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label});
  svg.append(svgEl("title", {}, label));
  return svg;
}

// --- loading -------------------------------------------------------------------------------------
function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = !message;
}

// A token typed in the form (a live game's seat token, or the uploader's) goes with every request:
// the service answers for that observer (visibility.observer_of); it is never put in the address.
async function api(url, options = {}) {
  const token = $("api-token").value.trim();
  const headers = token ? {...options.headers, Authorization: `Bearer ${token}`} : options.headers;
  const response = await fetch(url, {...options, headers});
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const where = body && body.pointer ? ` (${body.pointer})` : "";
    throw new Error(body && body.detail ? `${body.detail}${where}` : `HTTP ${response.status}`);
  }
  return body;
}

function viewRequest(step, timeline) {
  const params = new URLSearchParams({lang: app.lang, timeline: String(timeline)});
  if (app.viewer) params.set("as", app.viewer);  // that player's view: the others' hands hidden
  const src = app.source;
  if (src.kind === "game") return api(`/v1/games/${encodeURIComponent(src.id)}/views/${step}?${params}`);
  params.set("step", String(step));
  return api(`/v1/views?${params}`, {method: "POST", headers: {"Content-Type": "application/json"},
                                      body: src.body});
}

async function openSource(source, step) {
  app.source = source;
  app.step = step;
  showError("");
  $("standings").hidden = true;
  try {
    const view = await viewRequest(step, true);
    app.timeline = view.timeline;
    app.groups = view.groups;
    app.final = view.final;
    app.scores = view.scores || null;
    app.stocks = view.stocks || null;
    render(view);
    $("main").hidden = false;
    $("game").hidden = false;
    $("load").open = false;  // the board comes first; the form is one click away
    markCurrent();  // now that the timeline is shown, bring its current step into its view
    followGame(source.kind === "game" ? source.id : null);  // eslint-disable-line no-undef -- follow.js
  } catch (err) {
    showError(err.message);
  }
}

function goTo(step) {
  if (!app.view) return;
  step = Math.max(0, Math.min(app.steps - 1, step));
  if (step === app.step && app.view.step === step) return;
  app.step = step;
  markCurrent();
  clearTimeout(app.timer);  // keys held down: fetch only where the stepping stops
  app.timer = setTimeout(() => fetchStep(step), 120);
}

async function fetchStep(step) {
  const ticket = app.pending = {};
  try {
    const view = await viewRequest(step, false);
    if (ticket === app.pending) render(view);
  } catch (err) {
    if (ticket === app.pending) showError(err.message);
  }
}

// --- the address: a game (or sample) and a step ----------------------------------------------------
function updateAddress() {
  const params = new URLSearchParams();
  const src = app.source;
  if (src.kind === "game") params.set("game", src.id);
  if (src.kind === "sample") params.set("sample", src.id);
  params.set("step", String(app.step));
  if (app.lang !== "en") params.set("lang", app.lang);
  if (app.viewer) params.set("as", app.viewer);
  if (app.filter) params.set("who", app.filter);  // the timeline shows that player's log
  const url = src.kind === "body" ? `?step=${app.step}` : src.kind === "position" ? `?position=${src.id}` : `?${params}`;
  history.replaceState(null, "", url);
  $("permalink").href = url;
}

// --- drawing -------------------------------------------------------------------------------------
function render(view) {
  app.view = view;
  app.step = view.step;
  app.steps = view.steps;
  app.colors = {};
  app.names = {};
  view.game.players.forEach((p, i) => { app.colors[p.id] = COLORS[i % COLORS.length]; app.names[p.id] = p.name; });
  showError("");
  renderViewers(view);
  renderTimeline();
  renderStepper();
  renderVerdict(view);
  renderOutcome(view);
  const dune = view.game.system === "dune";  // classic Dune draws its own map (dune.js)
  $("row-panel").hidden = dune;
  if (dune) {
    $("tleilax").hidden = true;
    $("ix").hidden = true;
    drawDune(view);  // eslint-disable-line no-undef
  } else {
    renderBoard(view);
    renderTracks(view);
    renderConflict(view);
    renderTleilax(view);
    renderIx(view);
    renderPlayers(view);
    renderRow(view);
    renderEndgame(view);
  }
  updateAddress();
  editorShow(view);  // eslint-disable-line no-undef -- editor.js
}

// What the step did, in words: the action as the rule system describes it, then what it changed of
// each player's counts (the Conflict's rewards, a battle's losses, a purchase's cost).
const COUNT_WORDS = {vp: "vp", solari: "solari", spice: "spice", water: "water", "troops.garrison": "garrison",
                     "troops.conflict": "inConflict", "troops.supply": "supply", sandworms: "sandworms",
                     strength: "strength", persuasion: "persuasion", swords: "swords",
                     spies_in_supply: "spiesLeft", specimens: "specimens", research: "research",
                     reserves: "reserves", tanks: "tanks", on_map: "onMap"};

function renderOutcome(view) {
  const parts = [];
  const word = view.game.system === "dune" ? (k) => dt(k) || t(k) : t;  // eslint-disable-line no-undef
  for (const c of view.changes || []) {
    const facts = Object.entries(c.delta).filter(([k]) => k in COUNT_WORDS)
      .map(([k, d]) => `${d > 0 ? "+" : "−"}${Math.abs(d)} ${word(COUNT_WORDS[k])}`);
    if (facts.length) parts.push(`${app.names[c.player] || ""}: ${facts.join(", ")}`);
  }
  const line = $("outcome");
  line.textContent = view.action.label + (parts.length ? ` — ${parts.join("; ")}` : "");
  line.dataset.changes = String(parts.length);
  // what the step decided (who won the Conflict or the battle, the rewards, the losses), in words
  const decided = (view.outcome || {}).lines || [];
  line.dataset.decided = String(decided.length);
  if (decided.length) line.append(el("span", {class: "decided", id: "decided"}, decided.join(". ") + "."));
}

// A sample's file name read out: "uprising-4p-choam-seed7" -> "Uprising · 4 players · CHOAM · seed 7".
const SAMPLE_WORDS = {
  en: {uprising: "Dune: Imperium – Uprising", imperium: "Dune: Imperium", dune: "Dune", choam: "CHOAM",
       bloodlines: "Bloodlines", tech: "Tech", immortality: "Immortality", rivals: "House Hagal", rival: "House Hagal",
       advanced: "advanced game", ixians: "Ixians", tleilaxu: "Tleilaxu", tokens: "tokens",
       players: (n) => `${n} players`, seed: (n) => `seed ${n}`},
  ru: {uprising: "Дюна: Империя – Восстание", imperium: "Дюна: Империя", dune: "Дюна", choam: "CHOAM",
       bloodlines: "Родословные", tech: "Технологии", immortality: "Бессмертие", rivals: "Дом Хагал", rival: "Дом Хагал",
       advanced: "продвинутая игра", ixians: "иксианцы", tleilaxu: "тлейлаксу", tokens: "жетоны",
       players: (n) => `игроков: ${n}`, seed: (n) => `зерно ${n}`},
};

function sampleTitle(name) {
  const w = SAMPLE_WORDS[app.lang];
  return name.split("-").map((part) => {
    const players = /^(\d+)p$/.exec(part), seed = /^seed(\d+)$/.exec(part);
    if (players) return w.players(players[1]);
    if (seed) return w.seed(seed[1]);
    return w[part] || part;
  }).join(" · ");
}

function renderViewers(view) {
  const select = $("viewer-as");
  const ids = view.game.players.map((p) => p.id).join(" ");
  if (select.dataset.players !== ids) {
    select.replaceChildren(el("option", {value: ""}, t("everyone")));
    for (const p of view.game.players) select.append(el("option", {value: p.id}, p.name));
    select.dataset.players = ids;
  }
  select.options[0].textContent = t("everyone");
  select.value = view.viewer || "";
}

function badge(verdict) {
  return el("span", {class: `badge ${verdict}`, "data-badge": verdict}, t(verdict));
}

function renderTimeline() {
  const body = $("timeline-body");
  if (body.dataset.built === `${app.lang}:${app.timeline.length}:${app.sourceKey()}`) return markCurrent();
  body.replaceChildren();
  let list = null;
  let group = -1;
  for (const entry of app.timeline) {
    if (entry.group !== group) {
      group = entry.group;
      body.append(el("h3", {}, app.groups[group].label));
      list = el("ol", {});
      body.append(list);
    }
    const button = el("button", {type: "button", "data-step": entry.index, "data-verdict": entry.verdict, "data-by": entry.by},
                      badge(entry.verdict), el("span", {}, `${entry.index}. ${entry.label}`,
                                               ...(entry.decided ? [el("small", {class: "decided"}, `${entry.decided.join(". ")}.`)] : [])));
    button.addEventListener("click", () => goTo(entry.index));
    list.append(el("li", {}, button));
  }
  body.dataset.built = `${app.lang}:${app.timeline.length}:${app.sourceKey()}`;
  renderFilter();
  markCurrent();
}

// The log of one player (or of chance): the timeline shows only the actions it took, each in
// words, and the groups that hold none of them are folded away.
function renderFilter() {
  const select = $("timeline-filter");
  const who = [...new Set(app.timeline.map((e) => e.by))];
  const seats = app.view.game.players.map((p) => p.id).filter((p) => who.includes(p));
  select.replaceChildren(el("option", {value: ""}, t("allPlayers")),
                         ...seats.map((p) => el("option", {value: p}, app.names[p] || p)),
                         ...(who.includes("chance") ? [el("option", {value: "chance"}, t("chance"))] : []));
  select.value = who.includes(app.filter) ? app.filter : "";
  applyFilter();
}

function applyFilter() {
  app.filter = $("timeline-filter").value;
  let shown = 0;
  for (const list of document.querySelectorAll("#timeline-body ol")) {
    let any = false;
    for (const button of list.querySelectorAll("button[data-step]")) {
      const mine = !app.filter || button.dataset.by === app.filter;
      button.parentElement.hidden = !mine;
      any ||= mine;
      shown += mine ? 1 : 0;
    }
    list.hidden = !any;
    list.previousElementSibling.hidden = !any;  // the group's heading
  }
  $("timeline-body").dataset.shown = String(shown);
  $("timeline-filter").title = t("shown")(shown, app.timeline.length);
}

app.sourceKey = () => (app.source ? `${app.source.kind}:${app.source.id || app.source.body.length}` : "");

function markCurrent() {
  for (const b of document.querySelectorAll("#timeline-body button[aria-current]")) b.removeAttribute("aria-current");
  const current = document.querySelector(`#timeline-body button[data-step="${app.step}"]`);
  if (current) {
    current.setAttribute("aria-current", "step");
    // scroll the timeline alone (scrollIntoView would move the page away from the board)
    const nav = $("timeline"), box = nav.getBoundingClientRect(), at = current.getBoundingClientRect();
    if (at.top < box.top || at.bottom > box.bottom) nav.scrollTop += at.top - box.top - nav.clientHeight / 2;
  }
  $("step-range").value = String(app.step);
  $("step-out").textContent = t("stepOf")(app.step, Math.max(app.steps - 1, 0));
}

function renderStepper() {
  const range = $("step-range");
  range.max = String(Math.max(app.steps - 1, 0));
  markCurrent();
}

function citationWhere(c) {
  const page = c.page ? `, ${t("page")} ${c.page}` : "";
  const section = c.section ? ` — ${c.section}` : "";
  return `${c.source}${page}${section}`;
}

function renderVerdict(view) {
  const v = view.verdict;
  const b = $("badge");
  b.className = `badge ${v.verdict}`;
  b.dataset.badge = v.verdict;
  b.textContent = t(v.verdict) + (v.conditional ? ` (${t("conditional")})` : "");
  $("verdict").dataset.verdict = v.verdict;
  $("verdict").dataset.code = v.code;
  $("action-label").textContent = `${view.action.index}. ${view.action.label}`;
  $("message").textContent = v.message || (v.verdict === "legal" ? t("noMessage") : v.code);
  const statements = Object.fromEntries(view.rulings.map((r) => [r.ruling, r]));
  const list = $("citations");
  list.replaceChildren();
  for (const c of v.citations) {
    const r = statements[c.ruling] || {};
    list.append(el("li", {"data-ruling": c.ruling},
                   el("span", {class: "where"}, citationWhere(c)), " ",
                   el("span", {}, r.title ? `${r.title} (${c.ruling})` : c.ruling),
                   el("span", {class: "statement"}, r.statement || "")));
  }
  renderJudged(view.judged || []);
  renderTiming(view.timing);
}

// A tournament judge's rulings recorded at this step (issue 37): the question, the verdict with
// the ruling it cites, and the decision taken; all text is the organiser's, set as text.
function renderJudged(judged) {
  $("judged-box").hidden = !judged.length;
  $("judged").replaceChildren(...judged.map((j) => el("li", {"data-ruling": j.ruling},
    el("span", {class: "where"}, `${j.who}, ${j.when}`), " ",
    el("span", {}, `${j.question} — ${j.verdict} (${j.ruling})`),
    el("span", {class: "statement"}, j.decision))));
}

function renderTiming(timing) {
  const box = $("timing");
  if (!timing || (!timing.nodes.length && !timing.window)) { box.hidden = true; return; }
  box.hidden = false;
  const labels = Object.fromEntries(timing.nodes.map((n) => [n.id, n.label]));
  $("timing-note").textContent = timing.violated ? t("violated")(...timing.violated.map((n) => labels[n] || n))
    : timing.window ? t("window")(timing.window) : "";
  const graph = $("timing-graph");
  graph.replaceChildren();
  if (!timing.nodes.length) return;
  // layers by longest path from a source: drawing only, the edges are the engine's
  const layer = Object.fromEntries(timing.nodes.map((n) => [n.id, 0]));
  for (let pass = 0; pass < timing.nodes.length; pass++) {
    for (const e of timing.edges) if (e.from in layer && e.to in layer) layer[e.to] = Math.max(layer[e.to], layer[e.from] + 1);
  }
  const columns = {};
  for (const n of timing.nodes) (columns[layer[n.id]] ||= []).push(n);
  const depth = Math.max(...Object.values(layer)) + 1;
  const tallest = Math.max(...Object.values(columns).map((c) => c.length));
  const W = 190, H = 44;
  const svg = svgRoot(depth * W + 20, tallest * H + 20, t("timingGraph"));
  svg.setAttribute("id", "timing-svg");
  const defs = svgEl("defs");
  for (const [id, color] of [["arrow", "#57534e"], ["arrow-bad", "#b91c1c"]]) {
    const marker = svgEl("marker", {id, viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 9, markerHeight: 9,
                                    markerUnits: "userSpaceOnUse",
                                    orient: "auto-start-reverse"});
    marker.append(svgEl("path", {d: "M 0 0 L 10 5 L 0 10 z", fill: color}));
    defs.append(marker);
  }
  svg.append(defs);
  const at = {};
  for (const [col, nodes] of Object.entries(columns)) {
    nodes.forEach((n, i) => { at[n.id] = {x: 10 + Number(col) * W, y: 10 + i * H}; });
  }
  const bad = timing.violated || [];
  for (const e of timing.edges) {
    if (!(e.from in at) || !(e.to in at)) continue;
    const violated = e.from === bad[0] && e.to === bad[1];
    const a = at[e.from], b = at[e.to];
    const line = svgEl("line", {x1: a.x + 160, y1: a.y + 15, x2: b.x, y2: b.y + 15,
                                stroke: violated ? "#b91c1c" : "#57534e", "stroke-width": violated ? 3 : 1.2,
                                "stroke-dasharray": violated ? "6 3" : "none",
                                "marker-end": `url(#${violated ? "arrow-bad" : "arrow"})`,
                                "data-edge": `${e.from}->${e.to}`, "data-violated": String(violated)});
    line.append(svgEl("title", {}, `${labels[e.from] || e.from} → ${labels[e.to] || e.to} (${e.ruling})`));
    svg.append(line);
  }
  for (const n of timing.nodes) {
    const {x, y} = at[n.id];
    const involved = bad.includes(n.id);
    svg.append(svgEl("rect", {x, y, width: 160, height: 30, rx: 5, fill: n.done ? "#e7e5e4" : "#ffffff",
                              stroke: involved ? "#b91c1c" : "#78716c", "stroke-width": involved ? 2.5 : 1,
                              "data-node": n.id, "data-done": String(n.done)}));
    const text = svgEl("text", {x: x + 6, y: y + 19, "font-size": 11}, (n.done ? "✓ " : "") + n.label.slice(0, 26));
    text.append(svgEl("title", {}, n.label));
    svg.append(text);
  }
  graph.append(svg);
}

function marker(svg, pid, x, y, r, extra = {}) {
  const c = svgEl("circle", {cx: x, cy: y, r, fill: app.colors[pid], stroke: "#1c1917", "stroke-width": 1,
                             "data-player": pid, ...extra});
  c.append(svgEl("title", {}, app.names[pid]));
  svg.append(c);
  svg.append(svgEl("text", {x, y: y + r * 0.4, "text-anchor": "middle", "font-size": r * 1.1,
                            class: "on-dark", "aria-hidden": "true"},
                   (app.names[pid] || pid).slice(0, 1).toUpperCase()));
}

function renderBoard(view) {
  const b = view.board;
  const m = view.moment;
  const turn = m.turn ? ` · ${app.names[m.turn.player] || m.turn.player}: ${m.turn.name}` : "";
  $("moment").textContent = `${t("round")} ${m.round} · ${m.phase_name}${turn}` +
    (view.viewer ? ` · ${t("viewOf")(app.names[view.viewer])}` : view.public_view ? ` · ${t("publicView")}` : "");
  const areas = [];
  for (const s of b.spaces) {
    if (!areas.length || areas[areas.length - 1].area !== s.area) areas.push({area: s.area, spaces: []});
    areas[areas.length - 1].spaces.push(s);
  }
  const perRow = 5, W = 172, H = 62, left = 110;
  let rows = 0;
  for (const a of areas) rows += Math.ceil(a.spaces.length / perRow);
  const postRows = Math.ceil(b.posts.length / 2);
  const height = rows * (H + 8) + (postRows ? postRows * 24 + 30 : 0) + (b.shield_wall !== undefined ? 30 : 0) + 40;
  const svg = svgRoot(left + perRow * W + 10, height, t("spaces"));
  svg.setAttribute("id", "board-svg");
  const areaNames = Object.fromEntries(b.areas.map((a) => [a.id, a.name]));
  let y = 6;
  for (const a of areas) {
    svg.append(svgEl("text", {x: 4, y: y + 22, "font-size": 13, "font-weight": 700}, areaNames[a.area] || a.area));
    a.spaces.forEach((s, i) => {
      const x = left + (i % perRow) * W;
      const yy = y + Math.floor(i / perRow) * (H + 8);
      const g = svgEl("g", {"data-space": s.id, "data-agents": s.agents.length, "data-control": s.control || ""});
      g.append(svgEl("title", {}, `${s.name}: ${t("agents")} ${s.agents.map((p) => app.names[p]).join(", ") || t("none")}`));
      g.append(svgEl("rect", {x, y: yy, width: W - 8, height: H, rx: 6, fill: s.combat ? "#fff7ed" : "#ffffff",
                              stroke: "#78716c"}));
      g.append(svgEl("text", {x: x + 6, y: yy + 16, "font-size": 12, "font-weight": 600}, s.name.slice(0, 24)));
      s.agents.forEach((pid, k) => marker(g, pid, x + 16 + k * 24, yy + 40, 10, {"data-agent": "1"}));
      const ship = (b.ix ? b.ix.dreadnoughts : []).find((d) => d.space === s.id);
      if (ship) dreadnought(g, ship.player, x + W - 30, yy + 24, t("dreadnoughtOn")(s.name));
      let note = "";
      if (s.has_control) note += `${t("control")}: ${s.control ? app.names[s.control] : "—"}`;
      if (s.bonus_spice !== null) note += `${note ? " · " : ""}+${s.bonus_spice} ${t("bonusSpice")}`;
      if (note) g.append(svgEl("text", {x: x + W - 14, y: yy + H - 6, "font-size": 10, "text-anchor": "end"}, note));
      svg.append(g);
    });
    y += Math.ceil(a.spaces.length / perRow) * (H + 8);
  }
  if (b.posts.length) {
    svg.append(svgEl("text", {x: 4, y: y + 18, "font-size": 13, "font-weight": 700}, t("spies")));
    y += 26;
    const byId = Object.fromEntries(b.spaces.map((s) => [s.id, s.name]));
    b.posts.forEach((p, i) => {
      const x = 4 + (i % 2) * 480, yy = y + Math.floor(i / 2) * 24;
      const g = svgEl("g", {"data-post": p.id, "data-spies": p.spies.length});
      g.append(svgEl("text", {x: x + 4, y: yy + 14, "font-size": 11}, p.spaces.map((s) => byId[s] || s).join(" / ").slice(0, 60)));
      p.spies.forEach((pid, k) => marker(g, pid, x + 440 - k * 20, yy + 10, 8, {"data-spy": "1"}));
      svg.append(g);
    });
    y += postRows * 24;
  }
  if (b.shield_wall !== undefined) {
    svg.append(svgEl("text", {x: 4, y: y + 20, "font-size": 13, "font-weight": 700, id: "shield-wall",
                              "data-standing": String(b.shield_wall)},
                     `${t("shieldWall")}: ${b.shield_wall ? t("standing") : t("destroyed")}`));
    y += 30;
  }
  const council = svgEl("g", {id: "high-council", "data-seats": b.high_council.join(" ")});
  council.append(svgEl("text", {x: 4, y: y + 20, "font-size": 13, "font-weight": 700}, `${t("highCouncil")}:`));
  if (!b.high_council.length) council.append(svgEl("text", {x: 130, y: y + 20, "font-size": 12}, t("none")));
  b.high_council.forEach((pid, k) => {
    marker(council, pid, 140 + k * 120, y + 15, 9, {"data-council": "1"});
    council.append(svgEl("text", {x: 154 + k * 120, y: y + 20, "font-size": 12}, app.names[pid]));
  });
  svg.append(council);
  $("board").replaceChildren(svg);
}

// A dreadnought (Rise of Ix): a square in its owner's colour.
function dreadnought(svg, pid, x, y, label) {
  const r = svgEl("rect", {x: x - 9, y: y - 9, width: 18, height: 18, rx: 2, fill: app.colors[pid], stroke: "#1c1917",
                           "stroke-width": 2, "data-dreadnought": pid});
  r.append(svgEl("title", {}, `${app.names[pid]}: ${label}`));
  svg.append(r);
  svg.append(svgEl("text", {x, y: y + 4, "text-anchor": "middle", "font-size": 11, class: "on-dark", "aria-hidden": "true"}, "D"));
}

// Rise of Ix: the Shipping track with each Freighter, the Negotiators on Ix, each player's
// dreadnoughts off the board, and the Tech tiles face up for sale.
function renderIx(view) {
  const box = $("ix");
  const ix = view.board.ix;
  box.hidden = !ix;
  if (!ix) { box.replaceChildren(); return; }
  const n = view.players.length, cell = 110, rowH = 24, top = 28;
  const svg = svgRoot(Math.max(520, 140 + (ix.shipping.top + 1) * cell), top + n * rowH + 24, t("shipping"));
  svg.setAttribute("id", "shipping-svg");
  svg.append(svgEl("text", {x: 10, y: 18, "font-size": 13, "font-weight": 700}, t("shipping")));
  for (let k = 0; k <= ix.shipping.top; k++) {
    svg.append(svgEl("rect", {x: 130 + k * cell, y: top - 4, width: cell - 6, height: n * rowH + 8, fill: "#fff",
                              stroke: "#d6d3d1"}));
    svg.append(svgEl("text", {x: 134 + k * cell, y: top + n * rowH + 16, "font-size": 10}, String(k)));
  }
  view.players.forEach((p, i) => {
    const y = top + 8 + i * rowH, at = ix.shipping.freighters[p.id];
    svg.append(svgEl("text", {x: 10, y: y + 4, "font-size": 12}, app.names[p.id]));
    marker(svg, p.id, 130 + at * cell + cell / 2 - 3, y, 8, {"data-freighter": String(at)});
  });
  const facts = el("dl", {class: "rewards", id: "ix-facts"});
  for (const p of view.players) {
    const d = p.dreadnoughts || {supply: 0, garrison: 0, conflict: 0};
    facts.append(el("dt", {}, app.names[p.id]),
                 el("dd", {"data-player": p.id, "data-negotiators": ix.negotiators[p.id]},
                    `${t("negotiators")}: ${ix.negotiators[p.id]} · ${t("dreadnoughts")} (${t("supply").toLowerCase()} / ` +
                    `${t("garrison").toLowerCase()} / ${t("conflict").toLowerCase()}): ${d.supply} / ${d.garrison} / ${d.conflict}`));
  }
  const tiles = el("ul", {id: "tech-for-sale", class: "cards"}, ...ix.tech_face_up.map((c) => el("li", {"data-card": c.id}, c.name)));
  box.replaceChildren(el("h3", {}, t("ix")), svg, facts, el("h3", {}, t("techStacks")), tiles);
}

function renderTracks(view) {
  const b = view.board;
  const maxInfluence = Math.max(6, ...b.factions.flatMap((f) => Object.values(f.influence)));
  const maxVp = Math.max(b.vp_to_end + 2, ...view.players.map((p) => p.vp));
  const colW = 200, rowH = 26, top = 46;
  const infH = top + (maxInfluence + 1) * rowH;
  const svg = svgRoot(820, infH + 90, `${t("influence")} · ${t("vpTrack")}`);
  svg.setAttribute("id", "tracks-svg");
  b.factions.forEach((f, i) => {
    const x = 10 + i * colW;
    const g = svgEl("g", {"data-faction": f.id, "data-alliance": f.alliance || ""});
    g.append(svgEl("text", {x, y: 16, "font-size": 13, "font-weight": 700}, f.name));
    g.append(svgEl("text", {x, y: 34, "font-size": 11},
                    `${t("alliance")}: ${f.alliance ? app.names[f.alliance] : "—"}`));
    for (let level = 0; level <= maxInfluence; level++) {
      const y = top + (maxInfluence - level) * rowH;
      g.append(svgEl("rect", {x, y, width: colW - 20, height: rowH - 2, fill: level >= 4 ? "#f5f5f4" : "#fff",
                              stroke: "#d6d3d1"}));
      g.append(svgEl("text", {x: x + 4, y: y + 17, "font-size": 11}, String(level)));
      const here = Object.keys(f.influence).filter((pid) => f.influence[pid] === level);
      here.forEach((pid, k) => marker(g, pid, x + 36 + k * 24, y + 12, 9,
                                      {"data-influence": String(level)}));
    }
    svg.append(g);
  });
  const vpTop = infH + 24;
  svg.append(svgEl("text", {x: 10, y: vpTop - 6, "font-size": 13, "font-weight": 700}, t("vpTrack")));
  const cell = Math.min(40, 800 / (maxVp + 1));
  const track = svgEl("g", {id: "vp-track"});
  for (let vp = 0; vp <= maxVp; vp++) {
    const x = 10 + vp * cell;
    track.append(svgEl("rect", {x, y: vpTop, width: cell - 2, height: 56, fill: vp === b.vp_to_end ? "#fef3c7" : "#fff",
                                stroke: "#d6d3d1"}));
    track.append(svgEl("text", {x: x + 3, y: vpTop + 12, "font-size": 10}, String(vp)));
  }
  const at = {};
  for (const p of view.players) {
    const k = (at[p.vp] = (at[p.vp] || 0) + 1) - 1;
    marker(track, p.id, 10 + p.vp * cell + cell / 2 - 1, vpTop + 22 + k * 10, Math.min(8, cell / 3), {"data-vp": p.vp});
  }
  svg.append(track);
  $("tracks").replaceChildren(svg);
}

function renderConflict(view) {
  const c = view.board.conflict;
  const box = $("conflict");
  if (!c) { box.replaceChildren(el("p", {id: "conflict-card", "data-conflict": ""}, t("noConflict"))); return; }
  const rowH = 34;
  const svg = svgRoot(820, 40 + c.units.length * rowH, `${t("conflict")}: ${c.name}`);
  svg.setAttribute("id", "conflict-svg");
  svg.append(svgEl("text", {x: 10, y: 22, "font-size": 14, "font-weight": 700, id: "conflict-card",
                            "data-conflict": c.id},
                   `${t("conflict")}: ${c.name}${c.level ? ` (${t("level")} ${c.level})` : ""}`));
  c.units.forEach((u, i) => {
    const y = 36 + i * rowH;
    const g = svgEl("g", {"data-player": u.player, "data-troops": u.troops, "data-sandworms": u.sandworms,
                          "data-strength": u.strength});
    marker(g, u.player, 22, y + 12, 10);
    g.append(svgEl("text", {x: 40, y: y + 17, "font-size": 12}, app.names[u.player]));
    for (let k = 0; k < u.troops; k++) {
      g.append(svgEl("rect", {x: 170 + k * 14, y: y + 4, width: 11, height: 16, fill: app.colors[u.player],
                              stroke: "#1c1917"}));
    }
    const x = 180 + u.troops * 14;
    const bosses = u.commanders === undefined ? "" : `, ${u.commanders} ${t("commandersShort")}`;
    const ships = u.dreadnoughts === undefined ? "" : `, ${u.dreadnoughts} ${t("dreadnoughts").toLowerCase()}`;
    const place = c.rewards.find((r) => r.place === u.place);
    g.setAttribute("data-place", u.place || "");
    g.append(svgEl("text", {x, y: y + 17, "font-size": 12},
                   `${u.troops} ${t("troops")}${bosses}${ships}, ${u.sandworms} ${t("sandworms")} · ${t("strength")} ${u.strength}` +
                   (place ? ` · ${t("placeNow")}: ${place.place_name}` : "")));
    svg.append(g);
  });
  const notes = [c.controls ? `${t("controlsSpace")}: ${c.controls}` : "", c.shield_wall ? t("shieldWallCard") : ""]
    .filter(Boolean);
  const rewards = el("dl", {id: "conflict-rewards", class: "rewards"});
  for (const r of c.rewards) rewards.append(el("dt", {}, r.place_name), el("dd", {"data-place": r.place}, r.words));
  box.replaceChildren(svg, el("h3", {}, t("rewards") + (notes.length ? ` (${notes.join("; ")})` : "")), rewards);
}

// Immortality: the research track's hexagons by column and row, its tokens and the genetic
// markers' columns; the Tleilaxu track with its tokens; the tanks; the Tleilaxu Row.
function renderTleilax(view) {
  const box = $("tleilax");
  const tb = view.board.bene_tleilax;
  box.hidden = !tb;
  if (!tb) { box.replaceChildren(); return; }
  const r = tb.research, cw = 64, rh = 26, top = 28;
  const cols = Math.max(...r.spaces.map((s) => s.column)) + 1;
  const rows = Math.max(...r.spaces.map((s) => s.row)) + 1;
  const trackTop = top + rows * rh + 40, tanksTop = trackTop + 80;
  const svg = svgRoot(Math.max(cols * cw + 20, 600), tanksTop + 30 + view.players.length * 24 + 10, t("tleilax"));
  svg.setAttribute("id", "tleilax-svg");
  svg.append(svgEl("text", {x: 10, y: 18, "font-size": 13, "font-weight": 700}, t("researchTrack")));
  const pos = (s) => [10 + s.column * cw, top + s.row * rh];
  const byId = Object.fromEntries(r.spaces.map((s) => [s.id, s]));
  for (const s of r.spaces) {
    for (const n of s.next) {
      const [x1, y1] = pos(s), [x2, y2] = pos(byId[n]);
      svg.append(svgEl("line", {x1: x1 + 24, y1: y1 + 10, x2: x2 + 24, y2: y2 + 10, stroke: "#a8a29e"}));
    }
  }
  for (const col of r.markers) {
    const x = 10 + col * cw;
    svg.append(svgEl("rect", {x: x - 4, y: top - 6, width: 56, height: rows * rh + 10, fill: "none",
                              stroke: "#7e22ce", "stroke-dasharray": "4 3", "data-marker": String(col)}));
    svg.append(svgEl("text", {x: x, y: top + rows * rh + 16, "font-size": 10}, t("markerCol")));
  }
  for (const s of r.spaces) {
    const [x, y] = pos(s);
    const g = svgEl("g", {"data-research": s.id, "data-tokens": s.tokens.join(" ")});
    g.append(svgEl("title", {}, `${t("research")} ${s.column + 1} · ${s.row + 1}`));
    g.append(svgEl("rect", {x, y, width: 48, height: 20, rx: 8, fill: "#fff", stroke: "#78716c"}));
    s.tokens.forEach((pid, k) => marker(g, pid, x + 10 + k * 12, y + 10, 6, {"data-token": "research"}));
    svg.append(g);
  }
  const tt = tb.tleilaxu_track;
  svg.append(svgEl("text", {x: 10, y: trackTop - 8, "font-size": 13, "font-weight": 700},
                   `${t("tleilaxuTrack")} · ${tt.spice} ${t("spiceThere")}`));
  for (const s of tt.spaces) {
    const x = 10 + s.space * 70;
    const g = svgEl("g", {"data-tleilaxu": String(s.space), "data-tokens": s.tokens.join(" ")});
    g.append(svgEl("rect", {x, y: trackTop, width: 64, height: 40, fill: s.vp ? "#fef3c7" : "#fff", stroke: "#78716c"}));
    g.append(svgEl("text", {x: x + 3, y: trackTop + 11, "font-size": 10}, s.vp ? `${s.space} · +${s.vp} ${t("vp")}` : String(s.space)));
    s.tokens.forEach((pid, k) => marker(g, pid, x + 10 + k * 14, trackTop + 26, 6, {"data-token": "tleilaxu"}));
    svg.append(g);
  }
  svg.append(svgEl("text", {x: 10, y: tanksTop + 12, "font-size": 13, "font-weight": 700}, t("tanks")));
  view.players.forEach((p, i) => {
    const y = tanksTop + 24 + i * 24, n = tb.tanks[p.id] || 0;
    const g = svgEl("g", {"data-tanks": p.id, "data-specimens": String(n)});
    marker(g, p.id, 20, y + 6, 8);
    g.append(svgEl("text", {x: 34, y: y + 10, "font-size": 12}, `${app.names[p.id]}: ${n} ${t("specimens")}`));
    for (let k = 0; k < n; k++) {
      g.append(svgEl("rect", {x: 200 + k * 14, y: y - 2, width: 11, height: 16, fill: app.colors[p.id], stroke: "#1c1917"}));
    }
    svg.append(g);
  });
  const row = el("ul", {id: "tleilaxu-row", class: "cards"});
  const pile = typeof tb.row === "number" ? [] : tb.row;
  for (const c of [...pile, tb.reclaimed_forces]) row.append(el("li", {"data-card": c.id}, c.name));
  if (typeof tb.row === "number") row.prepend(el("li", {}, t("hidden")(tb.row)));
  box.replaceChildren(el("h3", {}, t("tleilax")), svg, el("h3", {}, t("tleilaxuRow")), row);
}

function cards(value) {
  if (typeof value === "number") return t("hidden")(value);
  if (!value.length) return t("none");
  return value.map((c) => c.name).join(", ");
}

// A research space by where it lies on the track (its id is the engine's, not a name).
function researchPlace(view, id) {
  const tb = view.board.bene_tleilax;
  const s = tb && tb.research.spaces.find((x) => x.id === id);
  return s ? t("researchAt")(s.column, s.row + 1) : (id ? "?" : t("none"));
}

function renderPlayers(view) {
  const box = $("players");
  box.replaceChildren();
  for (const p of view.players) {
    const facts = [
      ["leader", p.leader_name], ["vp", p.vp], ["solari", p.solari], ["spice", p.spice],
      ["water", p.water], ["garrison", p.troops.garrison], ["inConflict", p.troops.conflict],
      ["supply", p.troops.supply], ["sandworms", p.sandworms], ["strength", p.strength],
      ["agentsPlaced", `${p.agents_placed} / ${p.agents}`], ["spiesLeft", p.spies_in_supply],
      ["persuasion", p.persuasion], ["swords", p.swords],
      ["alliances", p.alliances.map((f) => view.board.factions.find((x) => x.id === f).name).join(", ") || t("none")],
      ["hand", cards(p.hand)], ["intrigue", cards(p.intrigue)], ["inPlay", cards(p.in_play)],
    ];
    if (p.commanders) {  // Bloodlines
      const c = p.commanders;
      facts.push(["commanders", `${c.supply} / ${c.garrison} / ${c.conflict}`], ["skills", cards(p.skills)]);
    }
    if (p.tech) {
      facts.push(["tech", p.tech.length ? p.tech.map((x) => x.name + (x.flipped ? ` (${t("flipped")})` : "")).join(", ")
                                        : t("none")]);
    }
    if (p.research !== undefined) {  // Immortality
      facts.push(["research", researchPlace(view, p.research)], ["geneticMarkers", p.genetic_markers], ["tleilaxu", p.tleilaxu],
                 ["specimens", p.specimens], ["atomics", p.atomics ? t("held") : t("spent")]);
    }
    const dl = el("dl", {});
    for (const [k, v] of facts) dl.append(el("dt", {}, t(k)), el("dd", {"data-fact": k}, String(v)));
    const card = el("article", {class: "player", "data-player": p.id, "data-vp": p.vp,
                                "data-garrison": p.troops.garrison, "data-swatch": app.colors[p.id]},
                    el("h3", {}, p.name + (p.first ? " ★" : "")), dl);
    box.append(card);
  }
}

function renderRow(view) {
  for (const [id, pile] of [["row", view.board.row], ["contracts", view.board.contracts]]) {
    const list = $(id);
    list.replaceChildren();
    if (typeof pile === "number") { list.append(el("li", {}, t("hidden")(pile))); continue; }
    for (const c of pile) list.append(el("li", {"data-card": c.id}, c.name));
  }
}

// The replay's verdict on the whole log, with a link to its first illegal action (both games).
function renderValidity(box) {
  if (!app.final) return;
  const valid = app.final.valid;
  const line = el("p", {id: "validity", "data-valid": String(valid)}, valid ? t("valid") : t("invalid")(app.final.first_illegal));
  if (!valid) {
    const a = el("a", {href: "#", "data-goto": app.final.first_illegal}, ` ${t("openAt")(app.final.first_illegal)}`);
    a.addEventListener("click", (e) => { e.preventDefault(); goTo(app.final.first_illegal); });
    line.append(a);
  }
  box.append(line);
}

function renderEndgame(view) {
  const result = app.final ? app.final.result : view.result;
  const box = $("endgame-body");
  box.replaceChildren();
  renderValidity(box);
  box.append(el("p", {id: "finished", "data-finished": String(!!result.finished)},
                result.finished ? t("finished") : t("notFinished")));
  // the one result shape: `ranking` gives each seat's place once the game is over
  const places = result.ranking.length ? result.ranking
    : Object.keys(result.vp).sort((a, b) => result.vp[b] - result.vp[a]).map((player, i) => ({player, place: i + 1}));
  const won = new Set(result.winners);
  const table = el("table", {id: "result-table"});
  table.append(el("caption", {class: "visually-hidden"}, t("endgame")));
  const head = el("tr", {}, el("th", {scope: "col"}, t("place")), el("th", {scope: "col"}, t("player")),
                  el("th", {scope: "col"}, t("vp")), el("th", {scope: "col"}, t("tiebreak")));
  table.append(el("thead", {}, head));
  const tbody = el("tbody", {});
  places.forEach(({player: pid, place}) => {
    const tb = (result.tiebreakers || {})[pid];
    const row = el("tr", {"data-player": pid, "data-vp": result.vp[pid], class: won.has(pid) ? "winner" : ""},
                   el("td", {}, String(place)), el("td", {}, (app.names[pid] || pid) + (won.has(pid) ? ` — ${t("winner")}` : "")),
                   el("td", {}, String(result.vp[pid])),
                   el("td", {}, tb ? `${tb.spice} / ${tb.solari} / ${tb.water} / ${tb.garrison}` : "—"));
    tbody.append(row);
  });
  table.append(tbody);
  box.append(table);
  if (app.scores) box.append(el("h3", {}, t("vpChart")), vpChart(app.scores, view.game.players));
  if (app.stocks) box.append(...stockCharts(app.stocks, view.game.players));
}

// Victory points as each round began and at the end, one line per player (plain SVG).
function vpChart(scores, players) {
  return lineChart("vp-chart", t("vpChart"), scores.map((s) => ({round: s.round, end: s.end, values: s.vp})), players);
}

// The spice and Solari charts: each player's stock as each round began and at the end.
function stockCharts(stocks, players) {
  const out = [];
  for (const [key, title] of [["spice", t("spiceChart")], ["solari", t("solariChart")]]) {
    if (!stocks.some((s) => Object.values(s.players).some((p) => key in p))) continue;
    const points = stocks.map((s) => ({round: s.round, end: s.end,
                                       values: Object.fromEntries(Object.entries(s.players).map(([id, p]) => [id, p[key] || 0]))}));
    out.push(el("h3", {}, title), lineChart(`${key}-chart`, title, points, players));
  }
  return out;
}

// One line per player over the rounds (plain SVG under the strict CSP: no script, no style attribute).
function lineChart(id, label, points, players) {
  const W = 640, H = 240, left = 36, right = 110, top = 12, bottom = 30;
  const most = Math.max(1, ...points.flatMap((s) => Object.values(s.values)));
  const x = (i) => left + i * (W - left - right) / Math.max(points.length - 1, 1);
  const y = (v) => top + (H - top - bottom) * (1 - v / most);
  const svg = svgRoot(W, H, label);
  svg.setAttribute("id", id);
  for (let v = 0; v <= most; v += Math.max(1, Math.ceil(most / 6))) {
    svg.append(svgEl("line", {x1: left, x2: W - right, y1: y(v), y2: y(v), stroke: "#e7e5e4"}));
    svg.append(svgEl("text", {x: left - 6, y: y(v) + 4, "font-size": 11, "text-anchor": "end"}, String(v)));
  }
  points.forEach((s, i) => {
    svg.append(svgEl("text", {x: x(i), y: H - 10, "font-size": 11, "text-anchor": "middle"},
                     s.end ? t("endShort") : String(s.round)));
  });
  players.forEach((p, k) => {
    const line = svgEl("polyline", {points: points.map((s, i) => `${x(i).toFixed(1)},${y(s.values[p.id] || 0).toFixed(1)}`).join(" "),
                                    fill: "none", stroke: app.colors[p.id], "stroke-width": 2.5, "data-player": p.id,
                                    "data-values": points.map((s) => s.values[p.id] || 0).join(" ")});
    line.append(svgEl("title", {}, p.name));
    svg.append(line);
    const last = points[points.length - 1].values[p.id] || 0;
    svg.append(svgEl("rect", {x: W - right + 6, y: top + 4 + k * 16, width: 10, height: 10, fill: app.colors[p.id]}));
    svg.append(svgEl("text", {x: W - right + 20, y: top + 14 + k * 16, "font-size": 12}, `${p.name}: ${last}`));
  });
  return el("div", {class: "scroll", tabindex: "0", role: "region", "aria-label": label}, svg);
}

// --- tournament standings ---------------------------------------------------------------------------
async function openStandings(id) {
  showError("");
  try {
    const path = `/v1/tournaments/${encodeURIComponent(id)}`;
    const [data, rates] = await Promise.all([api(`${path}/standings`), api(`${path}/win-rates?lang=${app.lang}`)]);
    app.standings = data;
    app.winRates = rates;
    renderStandings();
    $("main").hidden = false;
    $("game").hidden = true;
    $("standings").hidden = false;
    $("load").open = false;
    history.replaceState(null, "", `?tournament=${encodeURIComponent(id)}${app.lang !== "en" ? "&lang=" + app.lang : ""}`);
  } catch (err) {
    showError(err.message);
  }
}

function renderStandings() {
  const data = app.standings;
  const body = $("standings-body");
  body.replaceChildren(el("h3", {}, data.tournament.name));
  const table = el("table", {id: "standings-table"});
  table.append(el("thead", {}, el("tr", {}, ...[t("rank"), t("player"), t("points"), t("wins"), t("vp"), t("games"), t("decidedBy")]
    .map((h) => el("th", {scope: "col"}, h)))));
  const tbody = el("tbody", {});
  for (const e of data.standings) {
    const decided = e.tiebreak ? t("criteria")[e.tiebreak] || e.tiebreak : "";
    tbody.append(el("tr", {"data-player": e.player}, ...[e.rank, e.player, e.points, e.wins, e.vp, e.games, decided]
      .map((v) => el("td", {}, String(v)))));
  }
  table.append(tbody);
  body.append(table);
  body.append(...winRateCharts(app.winRates));
  if ((data.rulings || []).length) {  // judges' rulings on the counted games (issue 37)
    body.append(el("h3", {}, t("judged")), el("ul", {id: "judged-rulings"}, ...data.rulings.map((j) =>
      el("li", {"data-game": j.game}, el("a", {href: `?game=${encodeURIComponent(j.game)}&step=${j.step}`},
         `${t("gameWord")} ${j.game}, ${t("step")} ${j.step}`), ` — ${j.question} ${j.verdict} (${j.ruling}): ${j.decision}`))));
  }
  body.append(el("h3", {}, t("invalidGames")));
  if (!data.invalid.length) { body.append(el("p", {}, t("noInvalid"))); return; }
  const list = el("ul", {id: "invalid-games"});
  for (const bad of data.invalid) {
    const item = el("li", {"data-game": bad.game});
    const step = bad.first_illegal;
    const href = `?game=${encodeURIComponent(bad.game)}&step=${step ?? 0}`;
    item.append(el("a", {href}, `${t("gameWord")} ${bad.game}`),
                step !== null ? ` — ${t("firstIllegal")} ${step}: ` : " — ", bad.message);
    list.append(item);
  }
  body.append(list);
}

// A tournament's win rates by leader and by seat (GET .../win-rates): one bar per row, its 95%
// interval as a whisker (plain SVG under the strict CSP, colours as attributes).
function winRateCharts(rates) {
  const out = [el("h3", {}, t("winRates"))];
  if (!rates || !rates.games) return [...out, el("p", {id: "no-win-rates"}, t("noRates"))];
  out.push(el("h4", {}, t("byLeader")), rateChart("leader-rates", t("byLeader"), rates.by_leader.map((r) => [r.name, r])));
  out.push(el("h4", {}, t("bySeat")),
           rateChart("seat-rates", t("bySeat"), rates.by_seat.map((r) => [`${t("seatWord")} ${r.seat}`, r])));
  return out;
}

function rateChart(id, label, rows) {
  const W = 640, left = 190, right = 60, bar = 18, gap = 8, top = 8;
  const H = top + rows.length * (bar + gap) + 24;
  const x = (v) => left + v * (W - left - right);
  const pct = (v) => Math.round(v * 100);
  const svg = svgRoot(W, H, label);
  svg.setAttribute("id", id);
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    svg.append(svgEl("line", {x1: x(v), x2: x(v), y1: top, y2: H - 20, stroke: "#e7e5e4"}));
    svg.append(svgEl("text", {x: x(v), y: H - 6, "font-size": 11, "text-anchor": "middle"}, `${pct(v)} %`));
  }
  rows.forEach(([name, r], k) => {
    const y = top + k * (bar + gap);
    const g = svgEl("g", {"data-rate": r.win_rate, "data-games": r.games});
    g.append(svgEl("title", {}, `${name}: ${t("rateOf")(Math.round(r.wins * 100) / 100, r.games, pct(r.ci_low), pct(r.ci_high))}`));
    g.append(svgEl("text", {x: left - 8, y: y + bar - 5, "font-size": 12, "text-anchor": "end"}, name));
    g.append(svgEl("rect", {x: left, y, width: Math.max(1, x(r.win_rate) - left), height: bar, fill: COLORS[k % COLORS.length]}));
    g.append(svgEl("line", {x1: x(r.ci_low), x2: x(r.ci_high), y1: y + bar / 2, y2: y + bar / 2, stroke: "#1c1917",
                            "stroke-width": 1.5}));
    g.append(svgEl("text", {x: x(1) + 6, y: y + bar - 5, "font-size": 12}, `${pct(r.win_rate)} % (${r.games})`));
    svg.append(g);
  });
  return el("div", {class: "scroll", tabindex: "0", role: "region", "aria-label": label}, svg);
}

// --- wiring ---------------------------------------------------------------------------------------
function applyLanguage() {
  document.documentElement.lang = app.lang;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  for (const b of document.querySelectorAll("#lang-switch button")) b.setAttribute("aria-pressed", String(b.dataset.lang === app.lang));
  for (const o of document.querySelectorAll("#sample option[value]")) if (o.value) o.textContent = sampleTitle(o.value);
  document.title = t("title");
}

async function setLanguage(lang) {
  if (lang === app.lang) return;
  app.lang = lang;
  applyLanguage();
  if (app.source && !$("game").hidden) await openSource(app.source, app.step);
  else if (app.standings && !$("standings").hidden) await openStandings(app.standings.tournament.id);
}

async function readForm(event) {
  event.preventDefault();
  const sample = $("sample").value, game = $("game-id").value.trim(), tournament = $("tournament-id").value.trim();
  const file = $("upload").files[0];
  const text = file ? await file.text() : $("paste").value.trim();
  if (text) return openSource({kind: "body", body: text}, 0);
  if (game) return openSource({kind: "game", id: game}, 0);
  if (tournament) return openStandings(tournament);
  if (sample) return openSample(sample, 0);
}

async function openSample(name, step) {
  try {
    const log = await api(`/v1/samples/${encodeURIComponent(name)}`);
    await openSource({kind: "sample", id: name, body: JSON.stringify(log)}, step);
  } catch (err) {
    showError(err.message);
  }
}

async function loadSamples() {
  try {
    const data = await api("/v1/samples");
    for (const s of data.samples) $("sample").append(el("option", {value: s.name}, sampleTitle(s.name)));
  } catch (err) {
    showError(err.message);
  }
}

function onKey(event) {
  if (!app.view || $("game").hidden) return;
  const tag = (event.target.tagName || "").toLowerCase();
  if (["input", "textarea", "select"].includes(tag)) return;  // a range steps by itself
  const moves = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1};
  if (event.key in moves) {
    event.preventDefault();
    goTo(app.step + moves[event.key]);
  } else if (event.key === "Home") {
    event.preventDefault();
    goTo(0);
  } else if (event.key === "End") {
    event.preventDefault();
    goTo(app.steps - 1);
  }
}

function start() {
  const params = new URLSearchParams(location.search);
  app.lang = params.get("lang") === "ru" ? "ru" : "en";
  app.viewer = params.get("as") || "";
  app.filter = params.get("who") || "";
  applyLanguage();
  $("load-form").addEventListener("submit", readForm);
  for (const b of document.querySelectorAll("#lang-switch button")) b.addEventListener("click", () => setLanguage(b.dataset.lang));
  $("prev").addEventListener("click", () => goTo(app.step - 1));
  $("next").addEventListener("click", () => goTo(app.step + 1));
  $("step-range").addEventListener("input", (e) => goTo(Number(e.target.value)));
  $("timeline-filter").addEventListener("change", () => { applyFilter(); if (app.view) updateAddress(); });
  $("viewer-as").addEventListener("change", (e) => {
    app.viewer = e.target.value;
    if (app.source) openSource(app.source, app.step);
  });
  document.addEventListener("keydown", onKey);
  const step = Math.max(0, Number.parseInt(params.get("step") || "0", 10) || 0);
  loadSamples();
  if (params.get("game")) {
    $("game-id").value = params.get("game");
    openSource({kind: "game", id: params.get("game")}, step);
  } else if (params.get("sample")) {
    openSample(params.get("sample"), step);
  } else if (params.get("position")) {  // a position the editor linked (editor.js)
    try {
      openSource({kind: "position", id: params.get("position"), body: positionFromLink(params.get("position"))}, 0);  // eslint-disable-line no-undef
    } catch {
      showError("?position");
    }
  } else if (params.get("tournament")) {
    $("tournament-id").value = params.get("tournament");
    openStandings(params.get("tournament"));
  }
}

document.addEventListener("DOMContentLoaded", start);
