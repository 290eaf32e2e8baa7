// The position editor (issue 33): ask the referee from the board. It opens the compact position
// before the step on screen (GET /v1/games/<id>/positions/<n>, or POST /v1/positions/cut for a
// sample or a pasted log), lets a player change what the dispute is about (who acts, a player's
// cards in hand, troops, influence, spice, Solari), offers the legal actions there
// (POST /v1/positions/legal-actions) and shows the verdict on the chosen or the logged action
// (POST /v1/positions/check) with its rule. It holds no rule; names are sent as written. Classic
// Dune's map, storm and forces are edited by dune-edit.js.
"use strict";

const EDIT_UI = {
  en: {
    ask: "Ask the referee about this moment", open: "Edit the position before this action",
    loading: "Loading the position…", whoActs: "Whose turn it is", actionBy: "Contested action taken by",
    hand: "Cards in hand (one a line)", garrison: "Troops in garrison", conflict: "Troops in the Conflict",
    vp: "VP", spice: "Spice", solari: "Solari", water: "Water", reserves: "Forces in reserve", influence: "Influence",
    legal: "Show the legal actions", pick: "Contested action", logged: "the action the log records",
    check: "Ask the referee", json: "The position (compact JSON)", copy: "Copy the position", link: "Link to this position",
    copied: "Copied.", noActions: "No legal action here.", actions: (n) => `${n} legal actions`,
    legalWord: "legal", illegalWord: "illegal", unverifiableWord: "unverifiable", rule: "Rule",
    badJson: "The position is not valid JSON.",
  },
  ru: {
    ask: "Спросить судью об этом моменте", open: "Изменить позицию перед этим действием",
    loading: "Загрузка позиции…", whoActs: "Чей ход", actionBy: "Спорное действие делает",
    hand: "Карты в руке (по одной в строке)", garrison: "Войска в гарнизоне", conflict: "Войска в конфликте",
    vp: "ПО", spice: "Пряность", solari: "Солярии", water: "Вода", reserves: "Войска в резерве", influence: "Влияние",
    legal: "Показать допустимые действия", pick: "Спорное действие", logged: "действие из записи партии",
    check: "Спросить судью", json: "Позиция (компактный JSON)", copy: "Скопировать позицию",
    link: "Ссылка на эту позицию", copied: "Скопировано.", noActions: "Допустимых действий нет.",
    actions: (n) => `допустимых действий: ${n}`, legalWord: "допустимо", illegalWord: "недопустимо",
    unverifiableWord: "не проверить", rule: "Правило", badJson: "Позиция — не корректный JSON.",
  },
};
const et = (key) => EDIT_UI[app.lang][key];
const editor = {position: null, offers: []};

function editorNumber(label, value, onChange) {
  const input = el("input", {type: "number", min: "0", max: "99", value: value ?? "", placeholder: "—"});
  input.addEventListener("change", () => onChange(input.value === "" ? undefined : Number(input.value)));
  return el("label", {class: "edit-field"}, el("span", {}, label), input);
}

// The editor's fields for each player: what a dispute at the table is usually about.
function editorFields() {
  const sc = editor.position.scenario;
  const box = $("editor-fields");
  box.replaceChildren();
  const players = sc.game.players.map((p) => p.id);
  const names = (id) => app.names[id] || id;
  const seatSelect = (value, onChange) => {
    const select = el("select", {}, ...players.map((id) => el("option", {value: id}, names(id))));
    select.value = value;
    select.addEventListener("change", () => onChange(select.value));
    return select;
  };
  if (sc.decision && sc.decision.kind === "turn") {
    box.append(el("label", {class: "edit-field"}, el("span", {}, et("whoActs")),
                  seatSelect(sc.decision.player, (v) => { sc.decision.player = v; editorChanged(); })));
  }
  if (editor.position.action && players.includes(editor.position.action.by)) {
    box.append(el("label", {class: "edit-field"}, el("span", {}, et("actionBy")),
                  seatSelect(editor.position.action.by, (v) => { editor.position.action.by = v; editorChanged(); })));
  }
  const dune = sc.game.system === "dune";
  const refresh = () => { editorChanged(); editorFields(); };  // classic Dune's fields follow each change
  if (dune) box.append(duneGameFields(sc, refresh));  // dune-edit.js
  const counts = dune ? ["spice", "reserves"] : ["vp", "spice", "solari", "water"];
  const factions = dune ? [] : (app.view.board.factions || []).map((f) => f.name);
  for (const id of players) {
    const p = (sc.players ||= {})[id] ||= {};
    const set = (key) => (v) => { if (v === undefined) delete p[key]; else p[key] = v; editorChanged(); };
    const row = el("fieldset", {class: "edit-player", "data-player": id}, el("legend", {}, names(id)));
    for (const key of counts) row.append(editorNumber(et(key), p[key], set(key)));
    if (dune) row.append(...duneFactionFields(p, id, refresh));
    if (!dune) {
      const troops = p.troops || {};
      for (const key of ["garrison", "conflict"]) {
        row.append(editorNumber(et(key), troops[key], (v) => {
          p.troops ||= {};
          if (v === undefined) delete p.troops[key]; else p.troops[key] = v;
          editorChanged();
        }));
      }
      for (const f of factions) {
        row.append(editorNumber(`${et("influence")}: ${f}`, (p.influence || {})[f], (v) => {
          p.influence ||= {};
          if (v === undefined) delete p.influence[f]; else p.influence[f] = v;
          editorChanged();
        }));
      }
    }
    if (Array.isArray(p.hand) || p.hand === undefined) {
      const hand = el("textarea", {rows: "3", spellcheck: "false", "data-hand": id});
      hand.value = (p.hand || []).join("\n");
      hand.addEventListener("change", () => {
        p.hand = hand.value.split("\n").map((s) => s.trim()).filter(Boolean);
        editorChanged();
      });
      row.append(el("label", {class: "edit-field wide"}, el("span", {}, et("hand")), hand));
    }
    box.append(row);
  }
}

// The position as compact JSON, and a link that opens it.
function editorChanged() {
  const text = JSON.stringify(editor.position);
  $("editor-json").value = text;
  const bytes = new TextEncoder().encode(text);
  const packed = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  $("editor-link").href = `?position=${packed}${app.lang !== "en" ? "&lang=" + app.lang : ""}`;
  editor.offers = [];
  renderOffers();
  $("editor-verdict").replaceChildren();  // a verdict on another position no longer holds
}

function readPosition() {
  const text = $("editor-json").value;
  if (text === JSON.stringify(editor.position)) return true;  // the fields hold this very object
  try {
    editor.position = JSON.parse(text);
    editorFields();  // edited by hand: the fields follow the text
    return true;
  } catch {
    $("editor-status").textContent = et("badJson");
    return false;
  }
}

async function openEditor() {
  $("editor-status").textContent = et("loading");
  try {
    const src = app.source, step = app.view.step;
    const posted = src.kind === "game" ? null : JSON.parse(src.body);
    editor.position = src.kind === "game"
      ? await api(`/v1/games/${encodeURIComponent(src.id)}/positions/${step}${app.viewer ? `?as=${encodeURIComponent(app.viewer)}` : ""}`)
      : ["scenario", "state", "log"].some((k) => k in posted) ? posted  // a position already
        : await post(`/v1/positions/cut?at=${step}`, posted);
    $("editor-status").textContent = "";
    $("editor-body").hidden = false;
    editorFields();
    editorChanged();
  } catch (err) {
    $("editor-status").textContent = err.message;
  }
}

function post(url, body) {
  return api(url, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
}

async function showLegal() {
  if (!readPosition()) return;
  try {
    const {action, ...position} = editor.position;  // eslint-disable-line no-unused-vars
    const answer = await post(`/v1/positions/legal-actions?lang=${app.lang}`, position);
    editor.offers = answer.actions;
    renderOffers();
  } catch (err) {
    $("editor-status").textContent = err.message;
  }
}

function renderOffers() {
  const select = $("editor-pick");
  const a = editor.position && editor.position.action;
  const by = a && a.by !== app.view.action.by ? ` (${app.names[a.by] || a.by})` : "";
  const logged = a ? [el("option", {value: "logged"}, `${et("logged")}: ${app.view.action.label}${by}`)] : [];
  select.replaceChildren(...logged, ...editor.offers.map((o, i) =>
    el("option", {value: String(i)}, `${app.names[o.by] || o.by}: ${o.label}`)));
  $("editor-count").textContent = editor.offers.length ? et("actions")(editor.offers.length)
    : select.options.length ? "" : et("noActions");
}

async function askReferee() {
  if (!readPosition()) return;
  const pick = $("editor-pick").value;
  let action = editor.position.action;
  if (pick !== "logged" && editor.offers[Number(pick)]) {
    const {label, value, ...offered} = editor.offers[Number(pick)];  // eslint-disable-line no-unused-vars
    action = offered;
  }
  const {action: _, ...position} = editor.position;  // eslint-disable-line no-unused-vars
  const out = $("editor-verdict");
  out.replaceChildren();
  try {
    const answer = await post("/v1/positions/check", {...position, action});
    const v = answer.verdict;
    const rules = await Promise.all(v.citations.map((c) => api(`/v1/rulings/${encodeURIComponent(c.ruling)}`)
      .catch(() => ({}))));
    out.replaceChildren(
      el("p", {id: "editor-sentence", "data-verdict": v.verdict, "data-code": v.code},
         el("span", {class: `badge ${v.verdict}`}, et(`${v.verdict}Word`)), " ",
         v.message || t("noMessage")),
      el("ol", {class: "citations"}, ...v.citations.map((c, i) => el("li", {"data-ruling": c.ruling},
        el("span", {class: "where"}, `${et("rule")}: ${citationWhere(c)}`), " ",
        el("span", {}, rules[i].title ? `${rules[i].title} (${c.ruling})` : c.ruling),
        el("span", {class: "statement"}, rules[i].statement || "")))));
  } catch (err) {
    out.replaceChildren(el("p", {class: "error", role: "alert"}, err.message));
  }
}

async function copyPosition() {
  const box = $("editor-json");
  box.select();
  try {
    await navigator.clipboard.writeText(box.value);
    $("editor-status").textContent = et("copied");
  } catch {
    $("editor-status").textContent = "";  // the text stays selected for the reader to copy
  }
}

function editorLanguage() {
  for (const node of document.querySelectorAll("[data-edit-i18n]")) node.textContent = et(node.dataset.editI18n);
}

// A position opened from a link: its text, and the editor open on it.
// eslint-disable-next-line no-unused-vars
function positionFromLink(packed) {
  const binary = atob(packed.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
}

// eslint-disable-next-line no-unused-vars
function editorShow(view) {
  $("editor").hidden = false;
  editorLanguage();
  if (app.source && app.source.kind === "position" && !editor.position) {
    editor.position = JSON.parse(app.source.body);
  }
  if (editor.position && editor.step !== view.step && app.source.kind !== "position") {
    editor.position = null;  // another step: the editor opens that step's position when asked
    $("editor-body").hidden = true;
    $("editor-verdict").replaceChildren();
  }
  editor.step = view.step;
  if (editor.position && $("editor-body").hidden) {
    $("editor-body").hidden = false;
    editorFields();
    editorChanged();
  }
}

document.addEventListener("DOMContentLoaded", () => {
  $("editor-open").addEventListener("click", openEditor);
  $("editor-legal").addEventListener("click", showLegal);
  $("editor-check").addEventListener("click", askReferee);
  $("editor-copy").addEventListener("click", copyPosition);
  $("editor-json").addEventListener("change", () => { if (readPosition()) { editorFields(); editorChanged(); } });
});
