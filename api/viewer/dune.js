// The classic Dune drawing of the replay viewer (issue 15). viewer.js calls drawDune(view) for a
// game whose system is "dune"; everything drawn comes from the step view (schemas/view.json,
// $defs dune_board / dune_players / dune_result): no rule of the game is here. The map is a
// schematic: the 18 sectors as a ring, each territory drawn as one piece per sector it spans,
// stacked outwards inside its sector's wedge, the Polar Sink in the middle.
"use strict";

const DUNE_UI = {
  en: {
    map: "The map of Arrakis", turn: "Turn", storm: "Storm in sector", sector: "sector", bank: "Bank",
    deck: "Treachery deck", discard: "Treachery discard", faction: "Faction", spice: "Spice", reserves: "Reserves",
    tanks: "Tleilaxu Tanks", onMap: "On the map", ally: "Ally", stormOrder: "Storm order", leaders: "Leaders",
    hand: "Treachery cards", traitors: "Traitors", none: "none", hidden: (n) => `${n} face down`,
    strongholds: "Strongholds", forces: "forces", advisors: "advisors", inStorm: "in the storm", finished: "The game is over.",
    notFinished: "The game is not over.", winners: "Winners", how: "How", endTurn: "Turn",
    status: {alive: "alive", tanks: "in the Tanks", battle: "in battle", used: "used", captured: "captured"},
    ways: {strongholds: "strongholds held at the Mentat Pause", "fremen-default": "the Fremen's own victory",
           "guild-default": "the Spacing Guild's default victory", "no-winner": "nobody won",
           prediction: "the Bene Gesserit prediction came true"},
  },
  ru: {
    map: "Карта Арракиса", turn: "Ход", storm: "Буря в секторе", sector: "сектор", bank: "Банк",
    deck: "Колода предательства", discard: "Сброс предательства", faction: "Фракция", spice: "Пряность",
    reserves: "Резерв", tanks: "Баки тлейлаксу", onMap: "На карте", ally: "Союзник", stormOrder: "Порядок бури",
    leaders: "Лидеры", hand: "Карты предательства", traitors: "Предатели", none: "нет",
    hidden: (n) => `рубашкой вверх: ${n}`, strongholds: "Крепости", forces: "войска", advisors: "советницы", inStorm: "в буре",
    finished: "Игра окончена.", notFinished: "Игра не окончена.", winners: "Победители", how: "Как",
    endTurn: "Ход",
    status: {alive: "жив", tanks: "в баках", battle: "в битве", used: "сражался", captured: "в плену"},
    ways: {strongholds: "крепости удержаны к паузе ментата", "fremen-default": "особая победа фрименов",
           "guild-default": "победа Космической гильдии по умолчанию", "no-winner": "победителя нет",
           prediction: "сбылось предсказание Бене Гессерит"},
  },
};
const KIND_FILL = {sand: "#fde68a", rock: "#d6b98c", stronghold: "#fef3c7", "polar-sink": "#e0f2fe"};
const dt = (key) => DUNE_UI[app.lang][key];

// --- the ring ----------------------------------------------------------------------------------
const R = {size: 1040, inner: 170, outer: 510};

function polar(angle, radius) {
  const c = R.size / 2;
  return [c + radius * Math.cos(angle), c + radius * Math.sin(angle)];
}

function sectorAngle(s, sectors) {
  // sector 0 at the top, numbers growing clockwise: a drawing convention only
  return -Math.PI / 2 + (s + 0.5) * (2 * Math.PI / sectors);
}

function wedge(s, sectors, storm) {
  const half = Math.PI / sectors;
  const mid = sectorAngle(s, sectors);
  const [x1, y1] = polar(mid - half, R.inner - 20), [x2, y2] = polar(mid + half, R.inner - 20);
  const [x3, y3] = polar(mid + half, R.outer), [x4, y4] = polar(mid - half, R.outer);
  const d = `M ${x1} ${y1} A ${R.inner - 20} ${R.inner - 20} 0 0 1 ${x2} ${y2} L ${x3} ${y3} ` +
            `A ${R.outer} ${R.outer} 0 0 0 ${x4} ${y4} Z`;
  const g = svgEl("g", {"data-wedge": s, "data-storm": String(s === storm)});
  g.append(svgEl("path", {d, fill: s === storm ? "#a8a29e" : "#fffbeb", stroke: "#a16207", "stroke-width": 1,
                          "fill-opacity": s === storm ? 0.85 : 1}));
  const [lx, ly] = polar(mid, R.outer + 16);
  g.append(svgEl("text", {x: lx, y: ly + 4, "font-size": 13, "text-anchor": "middle",
                          "font-weight": s === storm ? 700 : 400}, s === storm ? `⚡${s}` : String(s)));
  return g;
}

// every piece (territory, sector) in map order, stacked outwards in its sector
function pieces(territories) {
  const bySector = {};
  for (const terr of territories) {
    for (const s of terr.sectors) (bySector[s] ||= []).push(terr);
  }
  return bySector;
}

function forcesLine(g, forces, x, y, label) {
  forces.forEach((f, k) => {
    const cx = x + k * 22;
    // Bene Gesserit advisors (advanced game): a dashed ring, and named so in the title
    const dot = svgEl("circle", {cx, cy: y, r: 8, fill: app.colors[f.player], stroke: "#1c1917",
                                 "data-force": "1", "data-player": f.player, "data-count": f.count,
                                 "data-sector": f.sector === null ? "" : f.sector,
                                 ...(f.advisors ? {"data-advisors": "1", "stroke-dasharray": "3 2"} : {})});
    const what = f.advisors ? dt("advisors") : dt("forces");
    dot.append(svgEl("title", {}, `${app.names[f.player] || f.player}: ${f.count} ${what} (${label})`));
    g.append(dot);
    g.append(svgEl("text", {x: cx, y: y + 4, "font-size": 10, "text-anchor": "middle", "aria-hidden": "true",
                            class: "on-dark"}, String(f.count)));
  });
}

function spiceBadge(g, amount, x, y) {
  if (!amount) return;
  g.append(svgEl("rect", {x: x - 2, y: y - 9, width: 26, height: 14, rx: 7, fill: "#ea580c", "data-spice": amount}));
  g.append(svgEl("text", {x: x + 11, y: y + 2, "font-size": 10, "text-anchor": "middle",
                          class: "on-dark"}, String(amount)));
}

function drawPiece(g, terr, s, sectors, slot, slots) {
  const band = (R.outer - R.inner) / Math.max(slots, 1);
  const radius = R.inner + band * (slot + 0.5);
  const angle = sectorAngle(s, sectors);
  const [x, y] = polar(angle, radius);
  const here = terr.forces.filter((f) => f.sector === s);
  const spice = terr.spice.filter((p) => p.sector === s).reduce((n, p) => n + p.amount, 0);
  // the piece lies across its wedge (tangent to the ring), turned so that its text is never upside down
  let turn = angle * 180 / Math.PI + 90;
  turn = ((turn % 360) + 360) % 360;
  if (turn > 90 && turn < 270) turn -= 180;
  const piece = svgEl("g", {"data-piece": `${terr.id}@${s}`, transform: `rotate(${turn.toFixed(1)} ${x} ${y})`});
  const w = Math.min(120, radius * 2 * Math.PI / sectors - 6), h = Math.min(band - 3, 38);
  piece.append(svgEl("rect", {x: x - w / 2, y: y - h / 2, width: w, height: h, rx: 4, fill: KIND_FILL[terr.kind],
                              stroke: terr.stronghold ? "#7c2d12" : "#a16207",
                              "stroke-width": terr.stronghold ? 2.5 : 0.8}));
  const room = Math.max(4, Math.floor(w / 5));
  const name = terr.name.length > room ? `${terr.name.slice(0, room - 1)}…` : terr.name;
  piece.append(svgEl("text", {x: x - w / 2 + 3, y: y - h / 2 + 10, "font-size": 9,
                              "font-weight": terr.stronghold ? 700 : 400}, name));
  forcesLine(piece, here, x - w / 2 + 10, y + h / 2 - 10, `${terr.name}, ${dt("sector")} ${s}`);
  spiceBadge(piece, spice, x + w / 2 - 26, y + h / 2 - 8);
  piece.append(svgEl("title", {}, `${terr.name} (${dt("sector")} ${s})`));
  g.append(piece);
}

function territoryGroup(terr) {
  const total = terr.forces.reduce((n, f) => n + f.count, 0);
  const spice = terr.spice.reduce((n, p) => n + p.amount, 0);
  return svgEl("g", {"data-territory": terr.id, "data-kind": terr.kind, "data-stronghold": String(terr.stronghold),
                     "data-in-storm": String(terr.in_storm), "data-forces": total, "data-spice": spice,
                     "data-name": terr.name});
}

function drawDuneMap(view) {
  const b = view.board;
  const svg = svgRoot(R.size, R.size, dt("map"));
  svg.setAttribute("id", "dune-map");
  svg.dataset.storm = String(b.storm);
  for (let s = 0; s < b.sectors; s++) svg.append(wedge(s, b.sectors, b.storm));
  const groups = {};
  for (const terr of b.territories) {
    groups[terr.id] = territoryGroup(terr);
    svg.append(groups[terr.id]);
  }
  const bySector = pieces(b.territories.filter((x) => x.sectors.length));
  for (const [s, list] of Object.entries(bySector)) {
    list.forEach((terr, slot) => drawPiece(groups[terr.id], terr, Number(s), b.sectors, slot, list.length));
  }
  const sink = b.territories.find((x) => !x.sectors.length);
  if (sink) {
    const c = R.size / 2;
    const g = groups[sink.id];
    g.append(svgEl("circle", {cx: c, cy: c, r: R.inner - 40, fill: KIND_FILL[sink.kind], stroke: "#0369a1"}));
    g.append(svgEl("text", {x: c, y: c - 30, "font-size": 14, "text-anchor": "middle", "font-weight": 700}, sink.name));
    forcesLine(g, sink.forces, c - 10 * (sink.forces.length - 1), c, sink.name);
    spiceBadge(g, sink.spice.reduce((n, p) => n + p.amount, 0), c - 12, c + 30);
  }
  return svg;
}

// --- the panels --------------------------------------------------------------------------------
function duneCards(value) {
  if (typeof value === "number") return dt("hidden")(value);
  if (!value.length) return dt("none");
  return value.map((c) => c.name).join(", ");
}

function drawDunePlayers(view) {
  const box = $("players");
  box.replaceChildren();
  for (const p of view.players) {
    const status = DUNE_UI[app.lang].status;
    const leaders = p.leaders.map((l) => l.status === "alive" ? l.name : `${l.name} (${status[l.status] || l.status})`);
    const facts = [
      ["faction", p.faction_name], ["spice", p.spice], ["reserves", p.reserves], ["tanks", p.tanks],
      ["onMap", p.on_map], ["ally", p.ally ? app.names[p.ally] || p.ally : dt("none")],
      ["stormOrder", p.storm_order === null || p.storm_order === undefined ? "—" : p.storm_order + 1],
      ["leaders", leaders.join(", ") || dt("none")], ["hand", duneCards(p.hand)], ["traitors", duneCards(p.traitors)],
    ];
    const dl = el("dl", {});
    for (const [k, v] of facts) dl.append(el("dt", {}, dt(k)), el("dd", {"data-fact": k}, String(v)));
    box.append(el("article", {class: "player", "data-player": p.id, "data-faction": p.faction, "data-spice": p.spice,
                              "data-reserves": p.reserves, "data-hand": typeof p.hand === "number" ? p.hand : p.hand.length,
                              "data-swatch": app.colors[p.id]},
                  el("h3", {}, p.name === p.faction_name ? p.name : `${p.name} — ${p.faction_name}`), dl));
  }
}

function drawDuneEnd(view) {
  const result = app.final ? app.final.result : view.result;
  const box = $("endgame-body");
  box.replaceChildren();
  renderValidity(box);
  box.append(el("p", {id: "finished", "data-finished": String(!!result.finished)},
                result.finished ? dt("finished") : dt("notFinished")));
  const winners = (result.winners || []).map((w) => app.names[w] || w).join(", ") || "—";
  const dl = el("dl", {id: "dune-result", "data-winners": (result.winners || []).join(" ")},
                el("dt", {}, dt("winners")), el("dd", {}, winners),
                el("dt", {}, dt("endTurn")), el("dd", {}, String(result.turn ?? "—")));
  if (result.how) dl.append(el("dt", {}, dt("how")), el("dd", {"data-how": result.how}, dt("ways")[result.how] || result.how));
  box.append(dl);
}

// eslint-disable-next-line no-unused-vars
function drawDune(view) {
  const b = view.board;
  const m = view.moment;
  $("moment").textContent = `${dt("turn")} ${m.round} · ${m.phase_name} · ${dt("storm")} ${b.storm}` +
    (view.viewer ? ` · ${t("viewOf")(app.names[view.viewer])}` : view.public_view ? ` · ${t("publicView")}` : "");
  $("moment").dataset.turn = String(m.round);
  $("moment").dataset.phase = m.phase;
  $("board").replaceChildren(drawDuneMap(view));
  const piles = el("p", {id: "dune-piles", "data-bank": b.bank ?? "", "data-deck": b.treachery_deck},
                   `${dt("bank")}: ${b.bank ?? "—"} · ${dt("deck")}: ${b.treachery_deck} · ${dt("discard")}: ` +
                   (b.treachery_discard.map((c) => c.name).join(", ") || dt("none")));
  $("tracks").replaceChildren(piles);
  $("conflict").replaceChildren();
  drawDunePlayers(view);
  drawDuneEnd(view);
}
