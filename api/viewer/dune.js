// The classic Dune drawing of the replay viewer (issue 15). viewer.js calls drawDune(view) for a
// game whose system is "dune"; everything drawn comes from the step view (schemas/view.json,
// $defs dune_board / dune_players / dune_result): no rule of the game is here. The map is our own
// drawing of Arrakis: every territory as one shape per storm sector it spans, the Polar Sink in
// the middle, the storm's sector shaded.
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
    battle: "Battle", battlePlans: "Battle plans", aggressor: "aggressor", defender: "defender", planLeader: "Leader",
    weapon: "Weapon", defense: "Defence", dial: "Dial", support: "Spice support", kwisatz: "Kwisatz Haderach",
    cheapHero: "Cheap Hero", yes: "yes", no: "no", faceDown: "face down until both plans are set",
    battleForces: "Forces there", traitorCalled: "Traitor called", outcome: "Outcome", winner: "winner",
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
    battle: "Битва", battlePlans: "Планы битвы", aggressor: "нападающий", defender: "защитник", planLeader: "Лидер",
    weapon: "Оружие", defense: "Защита", dial: "Диск", support: "Поддержка пряностью", kwisatz: "Квизац Хадерах",
    cheapHero: "Дешёвый герой", yes: "да", no: "нет", faceDown: "скрыт, пока не заданы оба плана",
    battleForces: "Войск там", traitorCalled: "Раскрыт предатель", outcome: "Итог", winner: "победитель",
    ways: {strongholds: "крепости удержаны к паузе ментата", "fremen-default": "особая победа фрименов",
           "guild-default": "победа Космической гильдии по умолчанию", "no-winner": "победителя нет",
           prediction: "сбылось предсказание Бене Гессерит"},
  },
};
const KIND_FILL = {sand: "#fde68a", rock: "#d6b98c", stronghold: "#fef3c7", "polar-sink": "#e0f2fe"};
const dt = (key) => DUNE_UI[app.lang][key];

// --- the map -----------------------------------------------------------------------------------
// The shapes are our own drawing of Arrakis (/arrakis.json, adjudicator/dune/data/map-geometry.json):
// one path per sector piece, the Polar Sink, the 18 storm sectors; its shared edges are the
// engine's adjacency (tests/test_arrakis_geometry.py).
let arrakis = null;
const arrakisReady = fetch("/arrakis.json").then((r) => r.json()).then((g) => { arrakis = g; });
let duneDrawing = 0;

function wedge(s, storm) {
  const g = svgEl("g", {"data-wedge": s, "data-storm": String(s === storm)});
  const w = arrakis.sectors[String(s)];
  g.append(svgEl("path", {d: w.d, fill: s === storm ? "#78716c" : "none", "fill-opacity": 0.55,
                          stroke: "#a16207", "stroke-width": s === storm ? 2 : 0.6, "pointer-events": "none"}));
  const [lx, ly] = w.label;
  g.append(svgEl("text", {x: lx, y: ly + 4, "font-size": 13, "text-anchor": "middle",
                          "font-weight": s === storm ? 700 : 400}, s === storm ? `⚡${s}` : String(s)));
  return g;
}

function forcesLine(g, forces, x, y, label) {
  const start = x - (forces.length - 1) * 9;
  forces.forEach((f, k) => {
    const cx = start + k * 18;
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
  g.append(svgEl("rect", {x: x - 11, y: y - 7, width: 22, height: 14, rx: 7, fill: "#ea580c", "data-spice": amount}));
  g.append(svgEl("text", {x, y: y + 4, "font-size": 10, "text-anchor": "middle", class: "on-dark"}, String(amount)));
}

function drawPiece(g, terr, s) {
  const shape = arrakis.pieces[`${terr.id}@${s}`];
  const piece = svgEl("g", {"data-piece": `${terr.id}@${s}`});
  piece.append(svgEl("path", {d: shape.d, fill: KIND_FILL[terr.kind], stroke: terr.stronghold ? "#7c2d12" : "#a16207",
                              "stroke-width": terr.stronghold ? 2.5 : 0.8, "stroke-linejoin": "round"}));
  piece.append(svgEl("title", {}, `${terr.name} (${dt("sector")} ${s})`));
  const [x, y] = shape.at;
  const here = terr.forces.filter((f) => f.sector === s);
  forcesLine(piece, here, x, y, `${terr.name}, ${dt("sector")} ${s}`);
  spiceBadge(piece, terr.spice.filter((p) => p.sector === s).reduce((n, p) => n + p.amount, 0), x, y + (here.length ? 16 : 0));
  g.append(piece);
}

function territoryLabel(terr) {
  // one name per territory, at its middle sector piece (the strongholds' names in bold)
  const s = terr.sectors[Math.floor(terr.sectors.length / 2)];
  const [x, y] = arrakis.pieces[`${terr.id}@${s}`].at;
  return svgEl("text", {x, y: y - 11, "font-size": 9, "text-anchor": "middle", "font-weight": terr.stronghold ? 700 : 400,
                        class: "map-name", "aria-hidden": "true"}, terr.name);
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
  const svg = svgRoot(arrakis.size, arrakis.size, dt("map"));
  svg.setAttribute("id", "dune-map");
  svg.dataset.storm = String(b.storm);
  const groups = {}, names = svgEl("g", {"data-names": "1"});
  for (const terr of b.territories) {
    const g = groups[terr.id] = territoryGroup(terr);
    svg.append(g);
    if (!terr.sectors.length) {  // the Polar Sink, in no sector
      const [cx, cy] = arrakis.polar_sink.at;
      g.append(svgEl("path", {d: arrakis.polar_sink.d, fill: KIND_FILL[terr.kind], stroke: "#0369a1"}));
      g.append(svgEl("text", {x: cx, y: cy - 24, "font-size": 13, "text-anchor": "middle", "font-weight": 700}, terr.name));
      forcesLine(g, terr.forces, cx, cy, terr.name);
      spiceBadge(g, terr.spice.reduce((n, p) => n + p.amount, 0), cx, cy + 24);
      continue;
    }
    for (const s of terr.sectors) drawPiece(g, terr, s);
    names.append(territoryLabel(terr));
  }
  for (let s = 0; s < b.sectors; s++) svg.append(wedge(s, b.storm));
  svg.append(names);
  return svg;
}

function drawDuneBoard(view) {
  const token = ++duneDrawing;
  const draw = () => { if (token === duneDrawing) $("board").replaceChildren(drawDuneMap(view)); };
  if (arrakis) draw(); else arrakisReady.then(draw);
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
  if (app.stocks) box.append(...stockCharts(app.stocks, view.game.players));  // eslint-disable-line no-undef
}

// A battle: both sides' plans side by side (the one in progress, or the one this step resolved
// with its winner); a plan this view may not see yet is shown face down.
function drawBattle(view) {
  const resolved = (view.outcome || {}).battle;
  const b = resolved || view.board.battle;
  if (!b) return null;
  const rows = [["planLeader", (p) => p.leader || dt("none")], ["weapon", (p) => p.weapon || dt("none")],
                ["defense", (p) => p.defense || dt("none")], ["dial", (p) => String(p.dial)],
                ["support", (p) => String(p.spice)], ["kwisatz", (p) => p.kwisatz ? dt("yes") : dt("no")],
                ["cheapHero", (p) => p.cheap_hero ? dt("yes") : dt("no")]];
  const table = el("table", {id: "battle-plans", "data-territory": b.territory, "data-winner": (resolved && b.winner) || ""});
  table.append(el("caption", {}, `${dt("battle")}: ${b.name}`));
  table.append(el("thead", {}, el("tr", {}, el("td", {}), ...b.sides.map((s) => {
    const won = resolved && s.player === b.winner;
    return el("th", {scope: "col", "data-player": s.player, class: won ? "winner" : ""},
              `${app.names[s.player] || s.player} (${dt(s.role)})${won ? ` — ${dt("winner")}` : ""}`);
  }))));
  const body = el("tbody", {});
  for (const [key, show] of [...rows, ["battleForces", null]]) {
    body.append(el("tr", {"data-row": key}, el("th", {scope: "row"}, dt(key)), ...b.sides.map((s) => (show
      ? el("td", {"data-player": s.player, "data-plan": s.plan ? "shown" : "hidden"}, s.plan ? show(s.plan) : dt("faceDown"))
      : el("td", {"data-player": s.player}, String(s.forces))))));
  }
  if (b.traitors.length) {
    body.append(el("tr", {"data-row": "traitors"}, el("th", {scope: "row"}, dt("traitorCalled")),
                   ...b.sides.map((s) => el("td", {}, b.traitors.includes(s.player) ? dt("yes") : dt("no")))));
  }
  table.append(body);
  const box = el("div", {class: "battle", id: "battle"}, table);
  if (resolved) box.append(el("p", {id: "battle-outcome"}, `${dt("outcome")}: ${view.outcome.lines.join(". ")}.`));
  return box;
}

// eslint-disable-next-line no-unused-vars
function drawDune(view) {
  const b = view.board;
  const m = view.moment;
  $("moment").textContent = `${dt("turn")} ${m.round} · ${m.phase_name} · ${dt("storm")} ${b.storm}` +
    (view.viewer ? ` · ${t("viewOf")(app.names[view.viewer])}` : view.public_view ? ` · ${t("publicView")}` : "");
  $("moment").dataset.turn = String(m.round);
  $("moment").dataset.phase = m.phase;
  drawDuneBoard(view);
  const piles = el("p", {id: "dune-piles", "data-bank": b.bank ?? "", "data-deck": b.treachery_deck},
                   `${dt("bank")}: ${b.bank ?? "—"} · ${dt("deck")}: ${b.treachery_deck} · ${dt("discard")}: ` +
                   (b.treachery_discard.map((c) => c.name).join(", ") || dt("none")));
  $("tracks").replaceChildren(piles);
  const fight = drawBattle(view);
  $("conflict").replaceChildren(...(fight ? [fight] : []));
  drawDunePlayers(view);
  drawDuneEnd(view);
}
