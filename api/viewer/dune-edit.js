// Structured editing of a classic Dune position in the position editor (issue 33): the storm's
// sector, the turn and phase, the spice on the map, and each faction's spice, reserves, Tanks and
// forces by territory and sector, so that a dispute at the table needs no JSON. It edits the
// compact scenario (schemas/dune-scenario.json) only; places are the map's sector pieces as the
// step view names them, and the referee's check says what does not hold.
"use strict";

const DUNE_EDIT_UI = {
  en: {
    storm: "Storm in sector", turn: "Turn", phase: "Phase", mapSpice: "Spice on the map", forces: "Forces on the map",
    sector: "sector", place: "place", amount: "how many", add: "Add", tanks: "Forces in the Tanks",
    phases: {setup: "setup", storm: "storm", "spice-blow": "Spice Blow and Nexus", charity: "CHOAM Charity",
             bidding: "bidding", revival: "revival", "shipment-movement": "shipment and movement", battle: "battle"},
  },
  ru: {
    storm: "Буря в секторе", turn: "Ход", phase: "Фаза", mapSpice: "Пряность на карте", forces: "Войска на карте",
    sector: "сектор", place: "место", amount: "сколько", add: "Добавить", tanks: "Войска в баках",
    phases: {setup: "подготовка", storm: "буря", "spice-blow": "выброс пряности и нексус", charity: "помощь КООАМ",
             bidding: "торги", revival: "возрождение", "shipment-movement": "доставка и передвижение",
             battle: "битвы"},
  },
};
const de = (key) => DUNE_EDIT_UI[app.lang][key];

// Every place a force or spice may be: each territory's sector pieces, and the Polar Sink.
function dunePlaces() {
  const out = [];
  for (const terr of app.view.board.territories) {
    if (!terr.sectors.length) out.push([terr.id, terr.name]);
    for (const s of terr.sectors) out.push([`${terr.id}@${s}`, `${terr.name}, ${de("sector")} ${s}`]);
  }
  return out;
}

// One number per place (`map`: place -> count), each changed in its own field, and a row to add a
// place; `set(place, n)` writes a count (0: the place is cleared).
function placeCounts(label, map, set, attrs) {
  const places = dunePlaces();
  const names = Object.fromEntries(places);
  const box = el("fieldset", {class: "edit-places", ...attrs}, el("legend", {}, label));
  for (const [place, n] of Object.entries(map).sort()) {
    box.append(editorNumber(names[place] || place, n, (v) => set(place, v || 0)));
  }
  const pick = el("select", {"aria-label": `${label}: ${de("place")}`},
                  ...places.map(([id, name]) => el("option", {value: id}, name)));
  const count = el("input", {type: "number", min: "1", max: "100", value: "1", "aria-label": `${label}: ${de("amount")}`});
  const add = el("button", {type: "button"}, de("add"));
  add.addEventListener("click", () => {
    const n = Number(count.value);
    if (n > 0) set(pick.value, (map[pick.value] || 0) + n);
  });
  box.append(el("div", {class: "edit-add"}, pick, count, add));
  return box;
}

// The game's fields: storm sector, turn, phase, the spice on the map.
function duneGameFields(sc, refresh) {
  const row = el("fieldset", {class: "edit-player", "data-dune": "game"});
  const number = (key, label, max) => {
    const field = editorNumber(label, sc[key], (v) => { if (v === undefined) delete sc[key]; else sc[key] = v; refresh(); });
    field.querySelector("input").setAttribute("max", String(max));
    field.querySelector("input").dataset.edit = key;
    return field;
  };
  row.append(number("storm", de("storm"), 17), number("turn", de("turn"), 10));
  const phase = el("select", {"data-edit": "phase"},
                   ...Object.entries(de("phases")).map(([id, name]) => el("option", {value: id}, name)));
  phase.value = sc.phase || "storm";
  phase.addEventListener("change", () => { sc.phase = phase.value; refresh(); });
  row.append(el("label", {class: "edit-field"}, el("span", {}, de("phase")), phase));
  row.append(placeCounts(de("mapSpice"), sc.spice ||= {}, (place, n) => {
    if (n) sc.spice[place] = n; else delete sc.spice[place];
    refresh();
  }, {"data-spice-map": "1"}));
  return row;
}

// A faction's Tanks and forces by place. Forces added to or taken from the map come from or go
// back to its reserves (when the position states them), so the faction keeps its 20 forces.
function duneFactionFields(p, id, refresh) {
  const tanks = editorNumber(de("tanks"), p.tanks, (v) => { if (v === undefined) delete p.tanks; else p.tanks = v; refresh(); });
  const forces = placeCounts(de("forces"), p.forces || {}, (place, n) => {
    p.forces ||= {};
    const delta = n - (p.forces[place] || 0);
    if (n) p.forces[place] = n; else delete p.forces[place];
    if (typeof p.reserves === "number") p.reserves = Math.max(0, p.reserves - delta);
    refresh();
  }, {"data-forces": id});
  return [tanks, forces];
}
